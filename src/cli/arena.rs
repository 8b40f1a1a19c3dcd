//! `stackyard match` and `stackyard soak`: players against each other, printed for people or as
//! JSON, and memory over many games.

use crate::platform::clock::Instant;
use crate::platform::compute;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use crate::ai::arena::{Contestant, PlayerSpec, play_game, summarise};
use crate::ai::sprt::Sprt;
use crate::rules::{AnyGame, BUILT, Game, GameId, Player, Setup, zobrist};

use super::match_journal::Journal;
use super::match_tally::{Records, SprtResult, Tally};
use super::referee::Failure;

pub(super) fn game_id(name: &str) -> Result<GameId, Failure> {
    name.parse().map_err(|e| Failure::usage(format!("{e}")))
}

fn spec(text: &str) -> Result<PlayerSpec, Failure> {
    text.parse().map_err(|e| Failure::usage(format!("{e}")))
}

/// The position every game of a match starts from, under the game options `options`
/// (`name=value`): the game's start, or `from` (a position string of that game, between turns,
/// not over).
fn match_start(id: GameId, from: Option<&str>, options: &[String]) -> Result<AnyGame, Failure> {
    let options = options.iter().map(String::as_str);
    let Some(text) = from else {
        return AnyGame::start_with(id, options).map_err(Failure::usage);
    };
    let setup = Setup::parse(text)?;
    if setup.game != id {
        return Err(Failure::usage(format!(
            "--from: a {} position, but the match is {id}",
            setup.game
        )));
    }
    let start = AnyGame::from_setup_with(&setup, options).map_err(Failure::usage)?;
    if let Some(outcome) = start.outcome() {
        return Err(Failure::usage(format!(
            "--from: the game is already over ({outcome})"
        )));
    }
    Ok(start)
}

/// Opens the match's journal, if it keeps one, and notes the games it holds (those within the
/// match's games); the journal, and whether the match may already stop (its test decided).
fn open_journal(
    resume: Option<&std::path::Path>,
    identity: &str,
    tally: &mut Tally,
    progress: &mut dyn Write,
) -> Result<(Option<Journal>, bool), Failure> {
    let Some(path) = resume else {
        return Ok((None, false));
    };
    let (journal, mut resumed) = Journal::open(path, identity).map_err(Failure::usage)?;
    resumed.sort_by_key(|(k, _)| *k);
    let mut stop = false;
    let mut count = 0;
    for (k, record) in resumed {
        if !tally.has_ended(k) && k < tally.games() {
            stop |= tally.resume(k, record, progress);
            count += 1;
        }
    }
    let _ = writeln!(progress, "{count} games resumed from {}", path.display());
    Ok((Some(journal), stop))
}

/// What `stackyard match` was asked for.
pub struct MatchRequest<'a> {
    /// The game id.
    pub game: &'a str,
    /// Players A and B, as written on the command line.
    pub players: (&'a str, &'a str),
    /// How many games.
    pub games: u32,
    /// The seed of the whole match.
    pub seed: u64,
    /// Games played at once.
    pub jobs: u32,
    /// The position every game starts from, if not the game's start.
    pub from: Option<&'a str>,
    /// One JSON object rather than lines for people.
    pub json: bool,
    /// Stop once this sequential test decides (`--games` is then the most played).
    pub sprt: Option<Sprt>,
    /// Write each game as a save file in this folder.
    pub records: Option<&'a std::path::Path>,
    /// Game options (`name=value`) every game is played under.
    pub options: &'a [String],
    /// The match's journal, to go on from the games it holds.
    pub resume: Option<&'a std::path::Path>,
}

/// `match --game G A B --games N [--seed S] [--jobs J] [--from POSITION] [--json]
/// [--sprt ELO0,ELO1]`: A's results against B, colours alternating between games, every game
/// from the start (or from `--from`). Game `k` has its own seeds, so a match played on `J`
/// threads has the same games as on one (time-limited players aside, whose playouts depend on
/// the machine). Each finished game is reported on `progress` as it ends, with its time per
/// decision and the most a decision ran past its time budget, so a match stopped part-way still
/// shows both. With `--sprt`, each complete pair's LLR is reported too, and no new game starts
/// once the test has decided (the games under way finish and count). With `--resume FILE` each
/// game is also appended to a journal, and the games a journal of the same match already holds
/// count without being played again.
pub fn run_match(
    request: &MatchRequest<'_>,
    progress: &mut dyn Write,
) -> Result<Vec<String>, Failure> {
    let &MatchRequest {
        game,
        players: (a, b),
        games,
        seed,
        jobs,
        from,
        options,
        ..
    } = request;
    let id = game_id(game)?;
    let (a_spec, b_spec) = (spec(a)?, spec(b)?);
    if games == 0 {
        return Err(Failure::usage("--games must be at least 1"));
    }
    if jobs == 0 {
        return Err(Failure::usage("--jobs must be at least 1"));
    }
    let start = match_start(id, from, options)?;
    let play = |k: u32| {
        let game_seed = zobrist::key(seed ^ u64::from(k));
        let mut pa = Contestant::new(a_spec.clone(), game_seed);
        let mut pb = Contestant::new(b_spec.clone(), zobrist::key(game_seed));
        let a_colour = if k.is_multiple_of(2) {
            Player::Black
        } else {
            Player::White
        };
        play_game(&start, &mut pa, &mut pb, a_colour)
    };
    let records = match_records(request, &start)?;
    let mut tally = Tally::new(games, request.sprt, records);
    let identity = format!(
        "game={id} a={a} b={b} seed={seed} from={} options={}",
        from.unwrap_or("start"),
        options.join(",")
    );
    let (mut journal, stop_now) = open_journal(request.resume, &identity, &mut tally, progress)?;
    let pending: Vec<u32> = (0..games).filter(|&k| !tally.has_ended(k)).collect();
    let threads = pending.len().min(jobs as usize);
    play_pending(&pending, threads, &play, stop_now, |k, record| {
        if let (Some(j), Some(r)) = (journal.as_mut(), record.as_ref())
            && let Err(e) = j.note(k, r)
        {
            let _ = writeln!(progress, "game #{k}: not written to the journal: {e}");
        }
        tally.note(k, record, progress)
    });
    if tally.unplayable() {
        return Err(Failure::usage(format!("{id} cannot be played")));
    }
    let records = tally.records();
    let s = summarise(&records);
    if request.json {
        return Ok(vec![json_summary(&s, tally.sprt())]);
    }
    let mut lines = summary_lines(request, id, &s);
    if let (Some(r), Some(test)) = (tally.sprt(), request.sprt) {
        lines.push(sprt_line(&test, &r, records.len()));
    }
    Ok(lines)
}

/// The sequential test's result as a line for people, after `games` games.
fn sprt_line(test: &Sprt, r: &SprtResult, games: usize) -> String {
    format!(
        "SPRT Elo {} against {} (alpha {}, beta {}): LLR {:.3} ({:.3}, {:.3}) over {} pairs: {}",
        test.elo0,
        test.elo1,
        test.alpha,
        test.beta,
        r.llr,
        r.bounds.0,
        r.bounds.1,
        r.pairs,
        r.verdict(games)
    )
}

/// Where `--records` keeps the match's games, the folder made, if it names one.
fn match_records(request: &MatchRequest<'_>, start: &AnyGame) -> Result<Option<Records>, Failure> {
    let Some(dir) = request.records else {
        return Ok(None);
    };
    crate::files::folders::make_folder(dir)
        .map_err(|e| Failure::usage(format!("--records {e} (cannot make it)")))?;
    let (a, b) = request.players;
    Ok(Some(Records {
        dir: dir.to_path_buf(),
        start: start.clone(),
        players: (a.to_owned(), b.to_owned()),
    }))
}

/// Plays the `pending` games on `threads` threads, each game as `play` plays it, and hands
/// each result to `noted` on this thread as it ends, in the order they end; once `noted` says
/// stop (or `stop_now`), no new game starts and those under way finish.
fn play_pending<R: Send>(
    pending: &[u32],
    threads: usize,
    play: &(impl Fn(u32) -> R + Sync),
    stop_now: bool,
    mut noted: impl FnMut(u32, R) -> bool,
) {
    let (next, stop) = (AtomicUsize::new(0), AtomicBool::new(stop_now));
    let (done, finished) = mpsc::channel();
    let players = (0..threads).map(|_| {
        let done = done.clone();
        let (next, stop) = (&next, &stop);
        move || {
            // Each game's result is noted before this thread takes another, so no game
            // starts on a thread after its own last game decided the test.
            let (told, wait) = mpsc::channel();
            while !stop.load(Ordering::Relaxed) {
                let Some(&k) = pending.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                if done.send((k, play(k), told.clone())).is_err() || wait.recv().is_err() {
                    break;
                }
            }
        }
    });
    let players: Vec<_> = players.collect();
    drop(done);
    compute::beside(players, || {
        for (k, record, told) in finished {
            if noted(k, record) {
                stop.store(true, Ordering::Relaxed);
            }
            let _ = told.send(());
        }
    });
}

/// The match's summary as lines for people.
fn summary_lines(
    request: &MatchRequest<'_>,
    id: GameId,
    s: &crate::ai::arena::MatchSummary,
) -> Vec<String> {
    let (a, b) = request.players;
    vec![
        format!(
            "{id}: {a} (A) against {b} (B), {} games, seed {}",
            s.games, request.seed
        ),
        format!(
            "A wins {}, draws {}, B wins {}",
            s.a_wins, s.draws, s.b_wins
        ),
        format!(
            "A's score {:.1}% ({:.1}% to {:.1}%, 95%)",
            s.a_score * 100.0,
            s.score_low * 100.0,
            s.score_high * 100.0
        ),
        format!(
            "Elo A − B {:+.0} ({:+.0} to {:+.0})",
            s.elo, s.elo_low, s.elo_high
        ),
        format!(
            "mean game {:.1} turns; mean time per decision {:.2} ms; at most {:.1} ms past a \
             time budget",
            s.mean_plies, s.mean_ms_per_move, s.max_ms_over_budget
        ),
        format!(
            "longest stretch without a capture: {} turns in any game, {} in a won or lost one",
            s.longest_quiet, s.longest_quiet_decisive
        ),
    ]
}

/// The match as one JSON object (with the test's result under `sprt` when one ran).
fn json_summary(s: &crate::ai::arena::MatchSummary, sprt: Option<SprtResult>) -> String {
    let sprt = sprt.map_or_else(String::new, |r| format!(",\"sprt\":{}", r.json()));
    format!(
        "{{\"games\":{},\"a_wins\":{},\"draws\":{},\"b_wins\":{},\"a_score\":{:.4},\
         \"score_low\":{:.4},\"score_high\":{:.4},\
         \"elo\":{:.1},\"elo_low\":{:.1},\"elo_high\":{:.1},\"mean_plies\":{:.1},\
         \"mean_ms_per_move\":{:.3},\"max_ms_over_budget\":{:.1},\"longest_quiet\":{},\
         \"longest_quiet_decisive\":{}{sprt}}}",
        s.games,
        s.a_wins,
        s.draws,
        s.b_wins,
        s.a_score,
        s.score_low,
        s.score_high,
        s.elo,
        s.elo_low,
        s.elo_high,
        s.mean_plies,
        s.mean_ms_per_move,
        s.max_ms_over_budget,
        s.longest_quiet,
        s.longest_quiet_decisive
    )
}

/// Resident and peak memory of this process in KiB, where the system tells (Linux).
fn memory_kib() -> Option<(u64, u64)> {
    let status = crate::files::folders::read_text("/proc/self/status".as_ref()).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))?
            .split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// `soak --games N [--seed S]`: computer against computer across every game, without a window;
/// memory after each hundred games and at the end.
pub fn run_soak(games: u32, seed: u64) -> Result<Vec<String>, Failure> {
    if games == 0 {
        return Err(Failure::usage("--games must be at least 1"));
    }
    let mut lines = Vec::new();
    let mut plies = 0u64;
    let started = Instant::now();
    let memory = |lines: &mut Vec<String>, done: u32, plies: u64| {
        let (rss, peak) = memory_kib().unwrap_or((0, 0));
        lines.push(format!(
            "after {done} games ({plies} turns, {:.0} s): resident {rss} KiB, peak {peak} KiB",
            started.elapsed().as_secs_f64()
        ));
    };
    for k in 0..games {
        let id = BUILT[k as usize % BUILT.len()];
        let game_seed = zobrist::key(seed ^ u64::from(k));
        let mut a = Contestant::new(PlayerSpec::Iterations(30), game_seed);
        let mut b = Contestant::new(PlayerSpec::Iterations(30), zobrist::key(game_seed));
        let colour = if k % 2 == 0 {
            Player::Black
        } else {
            Player::White
        };
        let start = AnyGame::start_with(id, []).map_err(Failure::usage)?;
        let record = play_game(&start, &mut a, &mut b, colour)
            .ok_or_else(|| Failure::usage(format!("{id} cannot be played")))?;
        plies += u64::from(record.plies);
        if (k + 1).is_multiple_of(100) {
            memory(&mut lines, k + 1, plies);
        }
    }
    if !games.is_multiple_of(100) {
        memory(&mut lines, games, plies);
    }
    Ok(lines)
}
