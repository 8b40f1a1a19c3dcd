//! `stackyard puzzles` as a person runs it: generated puzzles are legal, their solutions win by
//! the rules, and each first move is the only one that does (checked here by the referee's own
//! moves for wins in one); `check` proves a file again and names a wrong puzzle by its number.

use stackyard::files::puzzles::PuzzleFile;
use stackyard::files::scratch::Scratch;
use stackyard::rules::{Game, legal_moves, play_move};

use crate::common::run_cli as run;

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("puzzles-{name}"))
}

#[test]
fn generated_puzzles_are_proved_and_checked() {
    let dir = scratch("generate");
    let out = dir.join("grabber.ron");
    let out_s = out.to_str().unwrap();
    let args = [
        "puzzles", "generate", "--game", "grabber", "--count", "6", "--seed", "1",
    ];
    let (code, said, err) = run(&[&args[..], &["--out", out_s]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(said.contains("6 puzzles of grabber"), "{said}");
    let file = PuzzleFile::load(&out).unwrap();
    let (good, bad) = file.puzzles();
    assert!(bad.is_empty(), "{bad:?}");
    assert_eq!(good.len(), 6);
    for p in &good {
        assert!(
            p.entry.choices >= 3,
            "puzzle {}: {} choices",
            p.number,
            p.entry.choices
        );
        if p.entry.turns == 1 {
            // Independently of the prover: the solution alone wins at once.
            for m in legal_moves(&p.start) {
                let (after, _) = play_move(&p.start, &m.notation).unwrap();
                let wins = after.outcome().and_then(|o| o.winner()) == Some(p.start.to_move());
                assert_eq!(
                    wins,
                    m.notation == p.entry.solution[0],
                    "puzzle {}",
                    p.number
                );
            }
        }
    }
    let (code, said, err) = run(&["puzzles", "check", out_s]);
    assert_eq!(code, 0, "{err}");
    assert!(said.contains("6 puzzles proved"), "{said}");

    // A wrong first move is refused by number; the file's other puzzles still prove.
    let mut broken = file.clone();
    let good_first = broken.puzzles[1].solution[0].clone();
    let other = legal_moves(&good[1].start)
        .into_iter()
        .map(|m| m.notation)
        .find(|m| *m != good_first)
        .unwrap();
    broken.puzzles[1].solution[0] = other;
    let path = dir.join("broken.ron");
    broken.store(&path).unwrap();
    let (code, _, err) = run(&["puzzles", "check", path.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("puzzle 2:"), "{err}");
    assert!(err.contains("puzzle 1: proved"), "{err}");
    assert!(err.contains("1 of 6 puzzles failed"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_requests_are_refused() {
    let (code, _, err) = run(&["puzzles", "check", "/nonexistent/puzzles.ron"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be read"), "{err}");
    let (code, _, err) = run(&[
        "puzzles",
        "generate",
        "--game",
        "chess",
        "--out",
        "/tmp/x.ron",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown game"), "{err}");
}

#[test]
fn the_shipped_puzzles_prove_again() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/puzzles");
    let mut files = 0;
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        let (code, said, err) = run(&["puzzles", "check", path.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {err}", path.display());
        let file = PuzzleFile::load(&path).unwrap();
        assert!(
            file.puzzles.len() >= 30,
            "{}: {}",
            path.display(),
            file.puzzles.len()
        );
        assert!(said.contains(&format!("{} puzzles proved", file.puzzles.len())));
        files += 1;
    }
    assert!(files > 0, "no puzzle files in {}", folder.display());
}
