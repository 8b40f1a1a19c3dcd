//! Helpers shared by the integration tests: the perft file reader, the action model's checks,
//! the command line run in-process, a headless app and its input (`headless`), and an X
//! server of a test's own (`xvfb`).

#![allow(
    dead_code,
    reason = "each test binary uses its own part of these helpers"
)]

#[cfg(feature = "app")]
pub mod headless;
#[cfg(feature = "app")]
pub mod layout_checks;
#[cfg(feature = "app")]
pub mod xvfb;

use std::path::{Path, PathBuf};

/// One entry of a `.perft` file.
#[derive(Debug, Default)]
pub struct PerftEntry {
    pub id: String,
    pub position: String,
    pub options: Vec<String>,
    pub counts: Vec<(u32, u64)>,
}

/// The path of `tests/perft/<name>.perft`.
pub fn perft_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/perft/{name}.perft"))
}

/// Reads a `.perft` file: `id`, `position`, `opt` and `perft D N` lines; `#` comments.
pub fn read_perft(path: &Path) -> Vec<PerftEntry> {
    let text = std::fs::read_to_string(path).expect("perft file");
    let mut entries: Vec<PerftEntry> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').expect("key and value");
        if key == "id" {
            entries.push(PerftEntry {
                id: rest.to_string(),
                ..PerftEntry::default()
            });
            continue;
        }
        let e = entries.last_mut().expect("an id first");
        match key {
            "position" => e.position = rest.to_string(),
            "opt" => e.options.push(rest.to_string()),
            "perft" => {
                let (d, c) = rest.split_once(' ').expect("depth and count");
                e.counts.push((d.parse().unwrap(), c.parse().unwrap()));
            }
            _ => panic!("{}:{}: unknown key {key}", path.display(), n + 1),
        }
    }
    entries
}

use stackyard::rules::{Action, ActionList, Game, Turn, play_move, play_prefix, zobrist};

/// Checks the action model's promises on one position at a turn boundary:
/// every offered decision leads to a whole turn (no dead ends), each whole move is one sequence
/// of decisions with its own notation, that notation plays back to the same position, and every
/// prefix prints as a partial turn that parses back to the same decisions.
pub fn assert_action_model<G: Game>(g: &G) {
    fn walk<G: Game>(start: &G, turn: &mut Turn<G>, seen: &mut std::collections::HashSet<String>) {
        let list = turn.legal_actions();
        if turn.is_complete() {
            let text = turn.notation();
            assert!(
                seen.insert(text.clone()),
                "two decision sequences print as {text}"
            );
            let (after, actions) = play_move(start, &text).unwrap();
            assert_eq!(&after, turn.now(), "{text} replays differently");
            assert_eq!(actions.as_slice(), turn.actions());
            return;
        }
        assert!(
            !list.is_empty() || turn.actions().is_empty(),
            "dead end after '{}'",
            turn.notation()
        );
        if !turn.actions().is_empty() {
            let partial = turn.notation();
            let back = play_prefix(start, &partial).unwrap();
            assert_eq!(back.actions(), turn.actions(), "partial '{partial}'");
        }
        let mut sorted = list.clone();
        sorted.sort();
        let before = sorted.len();
        let mut dedup: Vec<Action> = sorted.to_vec();
        dedup.dedup();
        assert_eq!(dedup.len(), before, "an action is offered twice");
        for a in list {
            turn.play(a).unwrap();
            walk(start, turn, seen);
            turn.undo();
        }
    }
    let mut seen = std::collections::HashSet::new();
    walk(g, &mut Turn::new(g.clone()), &mut seen);
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    assert_eq!(
        list.is_empty(),
        g.outcome().is_some(),
        "actions only while the game goes on"
    );
}

/// Positions along random games from `start`, at turn boundaries (seeded, reproducible).
pub fn random_positions<G: Game>(start: &G, games: usize, plies: usize, seed: u64) -> Vec<G> {
    let mut out = Vec::new();
    let mut seed = seed;
    for _ in 0..games {
        let mut g = start.clone();
        for _ in 0..plies {
            out.push(g.clone());
            let mut list = ActionList::new();
            loop {
                list.clear();
                g.legal_actions(&mut list);
                if list.is_empty() {
                    break;
                }
                seed = zobrist::key(seed);
                g.play(list[(seed % list.len() as u64) as usize]);
                if !g.in_turn() {
                    break;
                }
            }
            if list.is_empty() {
                break;
            }
        }
    }
    out
}

/// Runs the command line in-process; (exit status, standard output, standard error).
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = stackyard::cli::run(
        std::iter::once("stackyard").chain(args.iter().copied()),
        &mut out,
        &mut err,
    );
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// Runs `check` on every item, two apps at a time (one waits on the software renderer while
/// the other starts), and gathers what each found.
pub fn two_at_a_time<T: Sync>(
    items: &[T],
    check: impl Fn(&T, usize) -> Vec<String> + Sync,
) -> Vec<String> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let mut found = Vec::new();
                    loop {
                        let number = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(number) else {
                            return found;
                        };
                        found.extend(check(item, number));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a check panicked"))
            .collect()
    })
}
