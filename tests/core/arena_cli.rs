//! `stackyard match` and `stackyard bench` as a person runs them: the JSON fields the AI issue
//! names, progress on standard error, the same games on several threads as on one, and clear
//! refusals of bad players and counts.

use crate::common::run_cli as run;

/// A number field of a one-line JSON object.
fn field(json: &str, name: &str) -> f64 {
    let key = format!("\"{name}\":");
    let at = json
        .find(&key)
        .unwrap_or_else(|| panic!("{name} in {json}"))
        + key.len();
    let rest = &json[at..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end]
        .parse()
        .unwrap_or_else(|e| panic!("{name}: {e} in {json}"))
}

fn match_json(jobs: &str) -> (String, String) {
    let (code, out, err) = run(&[
        "match",
        "--game",
        "grabber-6",
        "mcts:iters=40",
        "random",
        "--games",
        "6",
        "--seed",
        "5",
        "--jobs",
        jobs,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    (out, err)
}

#[test]
fn a_match_reports_every_field_and_is_the_same_on_several_threads() {
    let (one, progress) = match_json("1");
    for name in [
        "games",
        "a_wins",
        "draws",
        "b_wins",
        "a_score",
        "score_low",
        "score_high",
        "elo",
        "elo_low",
        "elo_high",
        "mean_plies",
        "mean_ms_per_move",
        "max_ms_over_budget",
    ] {
        field(&one, name);
    }
    assert_eq!(field(&one, "games"), 6.0);
    let (w, d, l) = (
        field(&one, "a_wins"),
        field(&one, "draws"),
        field(&one, "b_wins"),
    );
    assert_eq!(w + d + l, 6.0);
    assert!(((w + d / 2.0) / 6.0 - field(&one, "a_score")).abs() < 1e-3);
    assert!(field(&one, "score_low") <= field(&one, "a_score"));
    assert!(field(&one, "a_score") <= field(&one, "score_high"));
    assert!(field(&one, "score_low") < field(&one, "score_high"));
    assert!(field(&one, "elo_low") <= field(&one, "elo"));
    assert!(field(&one, "elo") <= field(&one, "elo_high"));
    // Iteration-limited players: no time budget to run past.
    assert_eq!(field(&one, "max_ms_over_budget"), 0.0);
    assert_eq!(progress.lines().count(), 6, "{progress}");
    assert!(progress.contains("game 6 of 6"), "{progress}");
    // Each game says how it ended, in the referee's words.
    for line in progress.lines() {
        let reason = line
            .split_once("): A ")
            .and_then(|(_, rest)| rest.split_once(" ("))
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(word, _)| word);
        assert!(
            matches!(
                reason,
                Some(
                    "no-moves"
                        | "eliminated"
                        | "captures"
                        | "ply-cap"
                        | "repetition"
                        | "no-capture"
                )
            ),
            "{line}"
        );
    }
    let (three, _) = match_json("3");
    for name in ["a_wins", "draws", "b_wins", "mean_plies"] {
        assert_eq!(field(&one, name), field(&three, name), "{name}");
    }
}

/// The time per decision and the most past a time budget that a progress line reports.
fn progress_times(line: &str) -> (f64, f64) {
    let (_, times) = line
        .split_once("so far; ")
        .unwrap_or_else(|| panic!("{line}"));
    let number = |text: &str| -> f64 { text.parse().unwrap_or_else(|e| panic!("{e}: {line}")) };
    let (per_decision, rest) = times.split_once(" ms a decision, at most ").unwrap();
    let (over, _) = rest.split_once(" ms past a time budget").unwrap();
    (number(per_decision), number(over))
}

#[test]
fn each_game_of_a_match_reports_its_time_per_decision_and_overrun_as_it_ends() {
    // A time-limited player against an instant one: every game spends time, and the match's
    // overrun is the most of its games'.
    let (code, out, err) = run(&[
        "match",
        "--game",
        "grabber-6",
        "mcts:ms=5",
        "random",
        "--games",
        "2",
        "--seed",
        "4",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let times: Vec<(f64, f64)> = err.lines().map(progress_times).collect();
    assert_eq!(times.len(), 2, "{err}");
    assert!(times.iter().all(|&(ms, _)| ms > 0.0), "{err}");
    let most = times.iter().map(|&(_, over)| over).fold(0.0, f64::max);
    assert!(
        (most - field(&out, "max_ms_over_budget")).abs() < 0.051,
        "{err}\n{out}"
    );
    // Iteration-limited players have no time budget to run past.
    let (_, progress) = match_json("1");
    for line in progress.lines() {
        assert_eq!(progress_times(line).1, 0.0, "{line}");
    }
}

#[test]
fn a_match_for_people_prints_the_score_and_its_interval() {
    let (code, out, _) = run(&[
        "match",
        "--game",
        "grabber-6",
        "random",
        "random",
        "--games",
        "2",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("A's score") && out.contains("Elo A − B"),
        "{out}"
    );
}

#[test]
fn a_match_can_start_every_game_from_a_given_position() {
    // Cash In Hand at turn 900, Black's one stack on h8 against three of White's: the 1,000-turn
    // cap is 100 turns away, and turns are counted from the given position.
    let from = "cash-in-hand 7,b3/8/w4,1,w4,1,w4,3/8/8/8/8/8 b 900";
    let args = [
        "match",
        "--game",
        "cash-in-hand",
        "mcts:iters=40",
        "random",
        "--games",
        "4",
        "--seed",
        "3",
        "--from",
        from,
        "--json",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert_eq!(field(&out, "games"), 4.0);
    let plies = field(&out, "mean_plies");
    assert!((1.0..=100.0).contains(&plies), "{out}");
    let progress_turns: Vec<u32> = err
        .lines()
        .filter_map(|l| l.split(" turns, ").next()?.rsplit(' ').next()?.parse().ok())
        .collect();
    assert_eq!(progress_turns.len(), 4, "{err}");
    assert!(
        (f64::from(progress_turns.iter().sum::<u32>()) / 4.0 - plies).abs() < 0.01,
        "{err}\n{out}"
    );
    // Seeded, with no time limit: the same games again.
    let (_, again, _) = run(&args);
    let results = |json: &str| json.split(",\"mean_ms").next().unwrap().to_string();
    assert_eq!(results(&out), results(&again));
}

#[test]
fn bad_players_and_counts_are_refused_by_name() {
    for (args, says) in [
        (
            vec!["match", "--game", "splay", "mcts:godlike", "random"],
            "mcts:godlike",
        ),
        (
            vec!["match", "--game", "chess", "random", "random"],
            "chess",
        ),
        (
            vec![
                "match", "--game", "splay", "random", "random", "--games", "0",
            ],
            "--games",
        ),
        (
            vec![
                "match", "--game", "splay", "random", "random", "--jobs", "0",
            ],
            "--jobs",
        ),
        (vec!["bench", "--seconds", "0"], "--seconds"),
        (
            vec!["bench", "--threads", "0"],
            "bad --threads '0': '0' is not a count from 1 to 1024",
        ),
        (
            vec!["bench", "--threads", "4-2"],
            "the range 4-2 runs backwards",
        ),
        (vec!["bench", "--threads", "1,two"], "'two' is not a count"),
        (
            vec!["bench", "--rounds", "0"],
            "--rounds must be a count from 1 to 1000, not 0",
        ),
        (
            vec![
                "match",
                "--game",
                "splay",
                "random",
                "random",
                "--from",
                "cash-in-hand 7,b12/8/8/8/8/8/8/6,w,1 w 0",
            ],
            "a cash-in-hand position, but the match is splay",
        ),
        (
            vec![
                "match",
                "--game",
                "cash-in-hand",
                "random",
                "random",
                "--from",
                "cash-in-hand 8/8 b 0",
            ],
            "ranks",
        ),
        (
            vec![
                "match",
                "--game",
                "cash-in-hand",
                "random",
                "random",
                "--from",
                "cash-in-hand 7,b12/8/8/8/8/8/8/8 w 0",
            ],
            "already over (win b eliminated)",
        ),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `bench` of Grabber 6x6 for 50 ms a measure, with `extra` arguments: its standard output.
fn bench_grabber_6(extra: &[&str]) -> String {
    let mut args = vec!["bench", "--game", "grabber-6", "--seconds", "0.05"];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

#[test]
fn bench_reports_the_speeds_of_a_game_on_one_thread_and_on_every_core() {
    let out = bench_grabber_6(&["--json"]);
    let game = &out[out.find("\"grabber-6\"").expect("the game's object")..];
    for name in [
        "playouts_per_s",
        "actions_per_s",
        "mcts_iters_per_s",
        "mcts_nodes",
        "threads",
        "mcts_iters_per_s_all_threads",
        "mcts_iters_per_s_shared_tree",
    ] {
        assert!(field(game, name) > 0.0, "{name}: {out}");
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    assert_eq!(field(game, "threads"), cores as f64, "{out}");
}

#[test]
fn bench_sweeps_the_numbers_of_threads_asked_for() {
    let out = bench_grabber_6(&["--threads", "1-2,4"]);
    for on in ["1 thread", "2 threads", "4 threads"] {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("grabber-6 on {on}: ")))
            .unwrap_or_else(|| panic!("no line for {on}: {out}"));
        assert!(line.contains("iterations/s with a tree each"), "{line}");
        assert!(line.contains("on one shared tree"), "{line}");
    }
    let out = bench_grabber_6(&["--threads", "3", "--json"]);
    let sweep = &out[out.find("\"sweep\":[").expect("the sweep")..];
    assert_eq!(field(sweep, "threads"), 3.0, "{out}");
    assert!(field(sweep, "iters_per_s") > 0.0, "{out}");
    assert!(field(sweep, "shared_tree_iters_per_s") > 0.0, "{out}");
}

#[test]
fn bench_rounds_report_each_round_s_ratio_and_their_median() {
    let out = bench_grabber_6(&["--rounds", "3", "--json"]);
    assert_eq!(field(&out, "rounds"), 3.0, "{out}");
    let listed = &out[out.find("\"all_threads_ratios\":[").expect("the ratios") + 22..];
    let mut ratios: Vec<f64> = listed[..listed.find(']').expect("the list's end")]
        .split(',')
        .map(|r| r.parse().expect("a ratio"))
        .collect();
    assert_eq!(ratios.len(), 3, "{out}");
    assert!(ratios.iter().all(|&r| r > 0.0), "{out}");
    ratios.sort_by(f64::total_cmp);
    let middle = field(&out, "all_threads_ratio_median");
    assert!(
        (middle - ratios[1]).abs() < 0.002,
        "{middle} is not the middle of {ratios:?}"
    );
    let lines = bench_grabber_6(&["--rounds", "2"]);
    assert!(
        lines.contains("measured back to back 2 times"),
        "no line for the rounds: {lines}"
    );
    assert!(
        !bench_grabber_6(&[]).contains("back to back"),
        "one round has no such line"
    );
}

#[test]
fn match_records_are_save_files_that_replay_to_the_same_result() {
    use stackyard::files::save::SaveFile;
    use stackyard::rules::{Game, Player};
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-records");
    let _ = std::fs::remove_dir_all(&dir);
    let (code, _, err) = run(&[
        "match",
        "--game",
        "grabber-6",
        "greedy",
        "random",
        "--games",
        "3",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    // Game 0: A (greedy) had Black; game 1: White.
    assert!(names[0].starts_with("0000-greedy-vs-random-"), "{names:?}");
    assert!(names[1].starts_with("0001-random-vs-greedy-"), "{names:?}");
    for name in &names {
        let (file, game) = SaveFile::load(&dir.join(name)).unwrap();
        assert!(!file.moves.is_empty());
        let mut end = game.start.clone();
        for turn in &game.moves {
            for &a in turn {
                end.play(a);
            }
        }
        let winner = end.outcome().and_then(|o| o.winner());
        let said = match winner {
            Some(Player::Black) => "black-won",
            Some(Player::White) => "white-won",
            None => "drawn",
        };
        assert!(
            name.ends_with(&format!("-{said}.ron")),
            "{name}: {winner:?}"
        );
    }
}

#[test]
fn a_sequential_match_stops_once_its_result_is_clear() {
    // One-ply search against random moves: far stronger, so H1 (at least 100 Elo) is accepted
    // long before the 200 games.
    let (code, out, progress) = run(&[
        "match",
        "--game",
        "grabber-6",
        "greedy",
        "random",
        "--games",
        "200",
        "--sprt",
        "0,100",
        "--json",
    ]);
    assert_eq!(code, 0, "{progress}");
    assert!(out.contains("\"decision\":\"H1\""), "{out}");
    assert!(field(&out, "games") < 40.0, "{out}");
    assert!(progress.contains("pair 0 (games #0 and #1)"), "{progress}");
    // Random against random is no 50 Elo apart: H0.
    let (code, out, _) = run(&[
        "match", "--game", "splay", "random", "random", "--games", "400", "--sprt", "0,50",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("H0 accepted after"), "{out}");
}

#[test]
fn a_player_searches_on_the_threads_it_is_given_and_bad_counts_are_refused() {
    let (code, out, err) = run(&[
        "match",
        "--game",
        "grabber-6",
        "mcts:iters=300,threads=2",
        "mcts:iters=300",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(field(&out, "games"), 2.0, "{out}");
    for bad in [
        "mcts:ms=100,threads=0",
        "random,threads=2",
        "mcts:strong,threads=x",
    ] {
        let (code, _, err) = run(&["match", "--game", "splay", bad, "random"]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains(bad), "{bad}: {err}");
    }
}

#[test]
fn a_match_plays_under_the_options_given_and_reports_its_stretches_without_a_capture() {
    let splay = |opt: &str| {
        let (code, out, progress) = run(&[
            "match", "--game", "splay", "random", "random", "--games", "6", "--seed", "3", "--opt",
            opt, "--json",
        ]);
        assert_eq!(code, 0, "{progress}");
        (out, progress)
    };
    // Random play goes 5 turns without a capture long before anybody wins.
    let (out, progress) = splay("no_capture_turns=5");
    assert_eq!(field(&out, "draws"), 6.0, "{out}");
    assert_eq!(field(&out, "longest_quiet"), 5.0, "{out}");
    assert_eq!(
        progress.matches("drew (no-capture)").count(),
        6,
        "{progress}"
    );
    assert!(
        progress.contains("at most 5 in a row without a capture"),
        "{progress}"
    );
    let (out, _) = splay("no_capture_turns=0");
    assert!(field(&out, "longest_quiet") > 5.0, "{out}");
    assert!(field(&out, "draws") < 6.0, "{out}");
    assert!(
        field(&out, "longest_quiet_decisive") <= field(&out, "longest_quiet"),
        "{out}"
    );
    let (code, _, err) = run(&[
        "match",
        "--game",
        "splay",
        "random",
        "random",
        "--opt",
        "no_capture_turns=soon",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no_capture_turns"), "{err}");
}

#[test]
fn a_stopped_match_resumes_from_its_journal_and_ends_as_if_played_at_once() {
    let journal = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-journal.tsv");
    let _ = std::fs::remove_file(&journal);
    let path = journal.to_str().unwrap();
    let games = |n: &str, resume: Option<&str>| {
        let mut args = vec![
            "match",
            "--game",
            "grabber-6",
            "mcts:iters=30",
            "random",
            "--seed",
            "4",
            "--json",
            "--games",
            n,
        ];
        if let Some(p) = resume {
            args.extend(["--resume", p]);
        }
        let (code, out, progress) = run(&args);
        assert_eq!(code, 0, "{progress}");
        (out, progress)
    };
    let (_, first) = games("4", Some(path));
    assert!(first.contains("0 games resumed"), "{first}");
    let (resumed, progress) = games("6", Some(path));
    assert!(progress.contains("4 games resumed"), "{progress}");
    assert_eq!(
        progress.matches("ms a decision").count(),
        6,
        "the 4 recorded games are reported, 2 more played: {progress}"
    );
    let (at_once, _) = games("6", None);
    let results = |json: &str| json.split(",\"mean_ms").next().unwrap().to_string();
    assert_eq!(results(&resumed), results(&at_once));
    // Nothing is left to play: the journal alone gives the result.
    let (again, _) = games("6", Some(path));
    assert_eq!(results(&again), results(&at_once));
    // Another match's journal is refused, and the file is left as it was.
    let before = std::fs::read_to_string(&journal).unwrap();
    let (code, _, err) = run(&[
        "match",
        "--game",
        "grabber-6",
        "greedy",
        "random",
        "--resume",
        path,
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("another match"), "{err}");
    assert_eq!(std::fs::read_to_string(&journal).unwrap(), before);
}
