//! Runs the worked examples that the specs write in their own line forms (`position`, `apply` and
//! `result`, `illegal`, `moves`, `count`, `perft`, `status`, `steps`, `badpos`), copied verbatim
//! into `tests/cases/*.spec`, through the referee's code and the action model.

use std::path::Path;

use stackyard::rules::{
    Action, Game, GameId, GameOptions, Grabber, Intermedium, Setup, Splay, Support, play_prefix,
};

/// Runs the referee with these arguments: exit status and stdout lines.
fn referee(args: &[&str]) -> (i32, Vec<String>, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let args = std::iter::once("stackyard").chain(args.iter().copied());
    let status = stackyard::cli::run(args.map(String::from), &mut out, &mut err);
    let out = String::from_utf8(out).expect("utf-8 stdout");
    (
        status,
        out.lines().map(String::from).collect(),
        String::from_utf8(err).expect("utf-8 stderr"),
    )
}

/// The cells offered for the next decision after a partial turn (`-`: none taken yet).
fn offered<G: Game>(setup: &Setup, partial: &str) -> Result<Vec<String>, String> {
    let g = G::from_setup(setup, G::Options::default()).map_err(|e| e.to_string())?;
    let text = if partial == "-" { "" } else { partial };
    let turn = play_prefix(&g, text).map_err(|e| format!("partial '{partial}': {e}"))?;
    let mut cells: Vec<String> = turn
        .legal_actions()
        .iter()
        .map(|a| match a {
            Action::Cell(c) => c.to_string(),
            other => other.to_string(),
        })
        .collect();
    cells.sort();
    Ok(cells)
}

fn steps(position: &str, partial: &str) -> Result<Vec<String>, String> {
    let setup = Setup::parse(position).map_err(|e| e.to_string())?;
    match setup.game {
        GameId::Splay => offered::<Splay>(&setup, partial),
        GameId::Intermedium => offered::<Intermedium>(&setup, partial),
        GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => {
            offered::<Grabber>(&setup, partial)
        }
        GameId::Support => offered::<Support>(&setup, partial),
        other => Err(format!("steps: {other} is not built")),
    }
}

fn sorted(words: &str) -> Vec<String> {
    let mut v: Vec<String> = words.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

/// Checks one line against the position under test; `Ok(Some(new))` moves the position on.
fn check_line(
    current: &mut Option<String>,
    pending: &mut Option<String>,
    line: &str,
) -> Result<(), String> {
    let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
    let here = || current.clone().ok_or("no position yet".to_string());
    match verb {
        "position" => *current = Some(rest.to_string()),
        "apply" => {
            // Several `apply` lines before a `result` play on from each other.
            let from = pending.clone().map_or_else(here, Ok)?;
            let (code, out, err) = referee(&["apply", &from, rest]);
            if code != 0 {
                return Err(format!("exit {code}: {err}"));
            }
            *pending = out.into_iter().next();
            *current = pending.clone();
        }
        "result" => {
            let got = pending.take().ok_or("result without apply")?;
            *current = Some(got.clone());
            if got != rest {
                return Err(format!("got {got}"));
            }
            *current = Some(got);
        }
        "illegal" => {
            let (code, out, err) = referee(&["apply", &here()?, rest]);
            if code != 3 || !out.is_empty() || err.is_empty() {
                return Err(format!("exit {code}, stdout {out:?}, stderr {err}"));
            }
        }
        "badpos" => {
            let (code, out, err) = referee(&["status", rest]);
            if code != 2 || !out.is_empty() || err.is_empty() {
                return Err(format!("exit {code}, stdout {out:?}, stderr {err}"));
            }
        }
        "moves" => {
            let (code, out, err) = referee(&["moves", &here()?]);
            let want: Vec<String> = rest.split_whitespace().map(String::from).collect();
            if code != 0 || out != want {
                return Err(format!("exit {code} {err}, got {}", out.join(" ")));
            }
        }
        "count" => {
            let (code, out, err) = referee(&["moves", &here()?]);
            if code != 0 || out.len().to_string() != rest {
                return Err(format!("exit {code} {err}, got {} moves", out.len()));
            }
        }
        "perft" => {
            let (depth, n) = rest
                .split_once(' ')
                .ok_or("perft needs a depth and a count")?;
            let (code, out, err) = referee(&["perft", &here()?, depth]);
            if code != 0 || out != [n] {
                return Err(format!("exit {code} {err}, got {out:?}"));
            }
        }
        "status" => {
            let (code, out, err) = referee(&["status", &here()?]);
            if code != 0 || out != [rest] {
                return Err(format!("exit {code} {err}, got {out:?}"));
            }
        }
        "prefix" => {
            let (start, list) = rest.split_once(" : ").ok_or("prefix P : moves")?;
            let (code, out, err) = referee(&["moves", &here()?]);
            let got: Vec<String> = out.into_iter().filter(|m| m.starts_with(start)).collect();
            let want: Vec<String> = list.split_whitespace().map(String::from).collect();
            if code != 0 || got != want {
                return Err(format!("exit {code} {err}, got {}", got.join(" ")));
            }
        }
        "steps" => {
            let (partial, cells) = rest.split_once(" : ").ok_or("steps P : cells")?;
            let got = steps(&here()?, partial)?;
            if got != sorted(cells) {
                return Err(format!("got {}", got.join(" ")));
            }
        }
        other => return Err(format!("unknown line form '{other}'")),
    }
    Ok(())
}

#[test]
fn every_worked_example_of_the_specs_holds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/cases")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "spec"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let (mut total, mut failures) = (0, Vec::new());
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("readable spec file");
        let (mut current, mut pending) = (None, None);
        for (n, line) in text.lines().enumerate() {
            if line.is_empty() {
                (current, pending) = (None, None);
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            total += 1;
            if let Err(e) = check_line(&mut current, &mut pending, line) {
                failures.push(format!("{name}:{} `{line}`: {e}", n + 1));
            }
        }
    }
    assert!(total > 100, "only {total} lines");
    assert!(
        failures.is_empty(),
        "{} of {total} lines failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn an_option_changes_what_the_examples_allow() {
    // The opening rule off: the start position offers all 500 paths (example 5 at ply 4).
    let start = "intermedium 7/w4,1,w4,1,w4,1,w4/1,w4,1,w4,1,w4,1/w4,1,w4,1,w4,1,w4/7/7/b4,1,b4,1,b4,1,b4/1,b4,1,b4,1,b4,1/b4,1,b4,1,b4,1,b4/7 b 0";
    let (_, on, _) = referee(&["moves", start]);
    let (_, off, _) = referee(&["moves", "--opt", "opening_rule=off", start]);
    assert_eq!((on.len(), off.len()), (250, 500));
    let (code, _, err) = referee(&["moves", "--opt", "opening_rule=maybe", start]);
    assert_eq!(code, 2);
    assert!(err.contains("on or off"), "{err}");
    assert!(stackyard::rules::IntermediumOptions::DESCRIPTIONS.len() == 3);
}
