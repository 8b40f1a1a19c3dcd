//! Runs the referee transcripts of `tests/cases/*.cases` through the command line's code,
//! and a few through the real binary to check exit statuses end to end.

use std::path::Path;
use std::process::Command;

/// Splits a command line as a shell would for these files: spaces separate words, single
/// quotes group (and may be empty).
fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                in_word = true;
            }
            ' ' if !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            _ => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quote in: {line}");
    if in_word {
        words.push(word);
    }
    words
}

#[derive(Default)]
struct Case {
    line: usize,
    args: Vec<String>,
    stdout: Option<Vec<String>>,
    count: Option<usize>,
    status: i32,
    stderr: Vec<String>,
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (tag, rest) = line.split_once(' ').unwrap_or((line, ""));
        if tag == "$" {
            cases.push(Case {
                line: n + 1,
                args: split_words(rest),
                ..Case::default()
            });
            continue;
        }
        let case = cases
            .last_mut()
            .unwrap_or_else(|| panic!("line {}: expectation before any command", n + 1));
        match tag {
            ">" => case
                .stdout
                .get_or_insert_with(Vec::new)
                .push(rest.to_string()),
            ">>" => case
                .stdout
                .get_or_insert_with(Vec::new)
                .extend(rest.split(' ').map(String::from)),
            "=" => case.count = Some(rest.parse().expect("a line count")),
            "?" => case.status = rest.parse().expect("an exit status"),
            "!" => case.stderr.push(rest.to_string()),
            _ => panic!("line {}: unknown tag '{tag}'", n + 1),
        }
    }
    cases
}

fn run_case(file: &str, case: &Case) -> Result<(), String> {
    let mut out = Vec::new();
    let mut err = Vec::new();
    let args = std::iter::once("stackyard".to_string()).chain(case.args.iter().cloned());
    let status = stackyard::cli::run(args, &mut out, &mut err);
    let out = String::from_utf8(out).expect("utf-8 stdout");
    let err = String::from_utf8(err).expect("utf-8 stderr");
    let lines: Vec<&str> = out.lines().collect();
    let here = format!("{file}:{} `{}`", case.line, case.args.join(" "));
    if status != case.status {
        return Err(format!(
            "{here}: exit status {status}, expected {}\nstdout: {out}\nstderr: {err}",
            case.status
        ));
    }
    if status != 0 && !out.is_empty() {
        return Err(format!(
            "{here}: printed on stdout although it failed: {out}"
        ));
    }
    if let Some(expected) = &case.stdout
        && lines != *expected
    {
        return Err(format!("{here}:\n got: {lines:?}\nwant: {expected:?}"));
    }
    if let Some(count) = case.count
        && lines.len() != count
    {
        return Err(format!("{here}: {} lines, expected {count}", lines.len()));
    }
    if !out.is_empty() && !out.ends_with('\n') {
        return Err(format!("{here}: output does not end with a newline"));
    }
    for piece in &case.stderr {
        if !err.contains(piece.as_str()) {
            return Err(format!("{here}: stderr lacks '{piece}': {err}"));
        }
    }
    if status != 0 && err.trim().is_empty() {
        return Err(format!("{here}: failed without a message"));
    }
    Ok(())
}

#[test]
fn referee_transcripts_hold() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut failures = Vec::new();
    let mut total = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/cases")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cases"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files in {}", dir.display());
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("readable case file");
        for case in parse_cases(&text) {
            total += 1;
            if let Err(e) = run_case(&name, &case) {
                failures.push(e);
            }
        }
    }
    assert!(total > 0);
    assert!(
        failures.is_empty(),
        "{} of {total} cases failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn the_binary_prints_and_exits_as_notation_says() {
    let bin = env!("CARGO_BIN_EXE_stackyard");
    let run = |args: &[&str]| {
        let o = Command::new(bin)
            .args(args)
            .output()
            .expect("the binary runs");
        (
            o.status.code(),
            String::from_utf8(o.stdout).unwrap(),
            String::from_utf8(o.stderr).unwrap(),
        )
    };
    let (code, out, _) = run(&["new", "splay"]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/1,b2,b2,b2,b2,b2,b2,1/8 b 0 0 0\n"
    );
    let x = "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 b 0 0 0";
    let (code, out, err) = run(&["apply", x, "f3>se", "b2>ne"]);
    assert_eq!((code, out.as_str()), (Some(3), ""));
    assert!(err.contains("move 2 of 2 'b2>ne'"), "{err}");
    let (code, out, err) = run(&["moves", "splay 8/8/8/8/8/8/8/9 b 0 0 0"]);
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert!(err.contains("rank 1"), "{err}");
    let (code, _, _) = run(&["perft", x, "many"]);
    assert_eq!(code, Some(2));
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("perft"));
}

#[test]
fn words_split_like_a_shell() {
    assert_eq!(
        split_words("apply 'splay 8 b' f3>se ''"),
        ["apply", "splay 8 b", "f3>se", ""]
    );
}

#[test]
fn the_app_without_a_display_says_so_instead_of_crashing() {
    let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no display") && !err.contains("panicked"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}
