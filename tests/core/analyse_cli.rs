//! `stackyard analyse` as a person runs it: one entry per position of a saved game, values in
//! range, best moves the referee accepts, the same figures twice, and clear refusals.

use stackyard::files::save::SaveFile;
use stackyard::files::scratch::Scratch;
use stackyard::rules::{Game, play_move};

use crate::common::run_cli as run;

/// A short recorded game of `game` (computer against random play), in its own folder.
/// (The folder goes when its guard, returned first, is dropped.)
fn recorded_game(game: &str) -> (Scratch, std::path::PathBuf) {
    let dir = Scratch::new(&format!("analyse-{game}"));
    let records = dir.to_str().unwrap();
    let args = [
        "match",
        "--game",
        game,
        "mcts:iters=60",
        "random",
        "--games",
        "1",
        "--seed",
        "3",
    ];
    let (code, _, err) = run(&[&args[..], &["--records", records]].concat());
    assert_eq!(code, 0, "{err}");
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    (dir, file)
}

#[test]
fn every_position_gets_a_value_in_range_and_a_legal_best_move_in_every_game() {
    for game in [
        "cash-in-hand",
        "intermedium",
        "grabber-6",
        "support",
        "splay",
    ] {
        let (_dir, file) = recorded_game(game);
        let path = file.to_str().unwrap();
        let (code, out, err) = run(&["analyse", "--load", path, "--iters", "80", "--json"]);
        assert_eq!(code, 0, "{game}: {err}");
        let json: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let (save, loaded) = SaveFile::load(&file).unwrap();
        let positions = json["positions"].as_array().unwrap();
        assert_eq!(positions.len(), save.moves.len() + 1, "{game}");
        let mut now = loaded.start.clone();
        for (i, p) in positions.iter().enumerate() {
            if i > 0 {
                assert_eq!(p["played"], save.moves[i - 1].as_str(), "{game}");
                now = play_move(&now, &save.moves[i - 1]).unwrap().0;
            }
            if i == save.moves.len() {
                assert!(
                    p["over"].as_str().unwrap().starts_with("win"),
                    "{game}: {p}"
                );
                continue;
            }
            let value = p["value"].as_f64().unwrap();
            let chance = p["black_chance"].as_f64().unwrap();
            assert!(
                (-1.0..=1.0).contains(&value) && (0.0..=1.0).contains(&chance),
                "{p}"
            );
            let best = p["best"].as_str().unwrap();
            assert!(
                play_move(&now, best).is_ok(),
                "{game} {i}: {best} in {}",
                now.to_setup()
            );
            assert_eq!(
                p["line"][0], best,
                "{game} {i}: the line starts with the best move"
            );
            assert_eq!(p["to_move"], now.to_move().letter().to_string(), "{game}");
        }
        let (_, again, _) = run(&["analyse", "--load", path, "--iters", "80", "--json"]);
        assert_eq!(again, out, "{game}: the same budget gives the same figures");
        let _ = std::fs::remove_dir_all(file.parent().unwrap());
    }
}

#[test]
fn the_text_report_has_a_line_per_position() {
    let (_dir, file) = recorded_game("grabber-6");
    let (code, out, _) = run(&["analyse", "--load", file.to_str().unwrap(), "--iters", "50"]);
    assert_eq!(code, 0);
    let save = SaveFile::load(&file).unwrap().0;
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), save.moves.len() + 2, "{out}");
    assert!(
        lines[0].starts_with("Grabber from grabber-6 "),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("start  ") && lines[1].contains(" best "),
        "{}",
        lines[1]
    );
    assert!(lines.last().unwrap().contains("over: win"), "{out}");
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

#[test]
fn bad_budgets_and_files_are_refused_with_their_reason() {
    let (_dir, file) = recorded_game("splay");
    let path = file.to_str().unwrap();
    for (args, expected) in [
        (vec!["--iters", "0"], "bad --iters 0"),
        (vec!["--ms", "0"], "bad --ms 0"),
        (vec!["--iters", "5", "--ms", "5"], "cannot be used with"),
    ] {
        let (code, _, err) = run(&[&["analyse", "--load", path][..], &args].concat());
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let save = SaveFile::from_ron(&text).unwrap();
    let broken = file.with_file_name("broken.ron");
    let wrong = &save.moves[2];
    let number = save.moves.iter().position(|m| m == wrong).unwrap() + 1;
    std::fs::write(
        &broken,
        text.replacen(&format!("\"{wrong}\""), "\"a1-a9\"", 1),
    )
    .unwrap();
    let (code, _, err) = run(&["analyse", "--load", broken.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("move {number} 'a1-a9' cannot be played")),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}
