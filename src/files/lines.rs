//! A game tree as a save holds it: the main line's moves, then each variation as the line it
//! branches from, after how many of that line's moves, and its own moves (flat lists, so a long
//! game nests no deeper than its variations do).

use serde::{Deserialize, Serialize};

use crate::rules::{AnyGame, Game, History, TurnActions, play_move};

use super::tree::{GameTree, ROOT};

/// Why a save's variation was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// It branches from a line or a move that is not there, or has no moves.
    Branch {
        /// The variation's number, from 1.
        variation: usize,
        /// Why.
        why: String,
    },
    /// One of its moves cannot be played.
    Move {
        /// The variation's number, from 1.
        variation: usize,
        /// The move's number in the game, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        why: String,
    },
}

/// A variation as saved: the line it branches from (0 the main line, `k` the `k`-th
/// variation, which comes before it in the file), after how many of that line's moves, and its
/// own moves in notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedVariation {
    /// The line it branches from: 0 the main line, `k` the `k`-th variation.
    pub from: usize,
    /// The moves of that line played before it branches (0: at that line's start).
    pub after: usize,
    /// Its moves, in the game's notation.
    pub moves: Vec<String>,
}

/// Plays `moves` (notation) from `from`, the position `history` ends at; each move's decisions and canonical notation, or the index of the first move that
/// cannot be played and why (a move after the history's draw is refused too).
pub(crate) fn replay_moves(
    from: &AnyGame,
    history: &History,
    moves: &[String],
) -> Result<Vec<(TurnActions, String)>, (usize, String)> {
    let mut now = from.clone();
    let mut record = history.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        if let Some(reason) = record.drawn_by() {
            return Err((
                i,
                format!(
                    "the game was already drawn: {}",
                    drawn_because(reason, record.no_capture_turns())
                ),
            ));
        }
        let (after, actions) = play_move(&now, text).map_err(|e| (i, e.to_string()))?;
        let mut turn = crate::rules::Turn::new(now.clone());
        for &a in &actions {
            let _ = turn.play(a);
        }
        out.push((actions, turn.notation()));
        now = after;
        record.push(&now);
    }
    Ok(out)
}

/// Why a game's history drew it, for a refusal.
fn drawn_because(reason: crate::rules::Reason, no_capture_turns: u32) -> String {
    if reason == crate::rules::Reason::NoCapture {
        format!("no stone had been captured for {no_capture_turns} turns")
    } else {
        "its position had occurred for the third time".to_owned()
    }
}

/// Where in a saved game the player left it: after how many moves of which line (0 the main
/// line, `k` the `k`-th variation), counted as a variation's `after` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedPlace {
    /// The line: 0 the main line, `k` the `k`-th variation.
    pub line: usize,
    /// The moves of that line played (0: at the line's start).
    pub after: usize,
}

/// A line of the tree: the node it branches from and its own nodes.
struct Line {
    from: usize,
    nodes: Vec<usize>,
}

/// A tree's lines as a save numbers them: the main line, then each variation.
pub struct Lines(Vec<Line>);

impl Lines {
    /// The main line's moves in notation.
    #[must_use]
    pub fn main_moves(&self, tree: &GameTree) -> Vec<String> {
        let main = self.0.first().map_or(&[][..], |l| &l.nodes[..]);
        main.iter()
            .map(|&n| tree.node(n).notation.clone())
            .collect()
    }

    /// The node at `place`.
    ///
    /// # Errors
    /// Why the place is not in the game: no such line, or a line shorter than its `after`.
    pub fn node_at(&self, place: SavedPlace) -> Result<usize, String> {
        let line = self.0.get(place.line).ok_or_else(|| {
            format!(
                "the game was left in line {}, and it has {} lines",
                place.line,
                self.0.len()
            )
        })?;
        match place.after {
            0 => Ok(line.from),
            n => line.nodes.get(n - 1).copied().ok_or_else(|| {
                format!(
                    "the game was left after move {n} of a line of {} moves",
                    line.nodes.len()
                )
            }),
        }
    }

    /// Where node `n` is: the line holding it and how far along (the start is the main line's
    /// start).
    #[must_use]
    pub fn place_of(&self, n: usize) -> SavedPlace {
        self.0
            .iter()
            .enumerate()
            .find_map(|(line, l)| {
                let i = l.nodes.iter().position(|&k| k == n)?;
                Some(SavedPlace { line, after: i + 1 })
            })
            .unwrap_or(SavedPlace { line: 0, after: 0 })
    }
}

/// The main line's notation and the variations, in the order a save writes them: each
/// variation after the line it branches from.
#[must_use]
pub fn saved_lines(tree: &GameTree) -> (Vec<String>, Vec<SavedVariation>) {
    let (lines, variations) = lines_of(tree);
    (lines.main_moves(tree), variations)
}

/// The tree's lines in a save's order, and its variations as a save writes them.
#[must_use]
pub fn lines_of(tree: &GameTree) -> (Lines, Vec<SavedVariation>) {
    let notation = |nodes: &[usize]| -> Vec<String> {
        nodes
            .iter()
            .map(|&n| tree.node(n).notation.clone())
            .collect()
    };
    let mut lines = vec![Line {
        from: ROOT,
        nodes: tree.main_line(),
    }];
    let mut variations = Vec::new();
    let mut k = 0;
    while k < lines.len() {
        let branch_points: Vec<usize> = if k == 0 {
            std::iter::once(ROOT)
                .chain(lines[0].nodes.iter().copied())
                .collect()
        } else {
            lines[k].nodes.clone()
        };
        for (j, &at) in branch_points.iter().enumerate() {
            for &c in tree.node(at).children.iter().skip(1) {
                let nodes = tree.line_through(c).split_off(tree.node(at).depth);
                variations.push(SavedVariation {
                    from: k,
                    after: if k == 0 { j } else { j + 1 },
                    moves: notation(&nodes),
                });
                lines.push(Line { from: at, nodes });
            }
        }
        k += 1;
    }
    (Lines(lines), variations)
}

/// Adds a save's variations to the tree of its main line, replaying each through the rules from
/// its branching position.
///
/// # Errors
/// [`LineError::Branch`] for a variation that names a line or move that is not there, or that
/// has no moves; [`LineError::Move`] for a move that cannot be played.
pub fn add_variations(
    tree: &mut GameTree,
    start: &AnyGame,
    variations: &[SavedVariation],
) -> Result<Lines, LineError> {
    let mut lines = vec![Line {
        from: ROOT,
        nodes: tree.main_line(),
    }];
    for (k, v) in variations.iter().enumerate() {
        let branch = |why: String| LineError::Branch {
            variation: k + 1,
            why,
        };
        let Some(line) = lines.get(v.from) else {
            return Err(branch(format!(
                "it branches from line {}, which does not come before it",
                v.from
            )));
        };
        if v.after > line.nodes.len() {
            return Err(branch(format!(
                "it branches after move {} of a line of {} moves",
                v.after,
                line.nodes.len()
            )));
        }
        if v.moves.is_empty() {
            return Err(branch("it has no moves".to_owned()));
        }
        let at = if v.after == 0 {
            line.from
        } else {
            line.nodes[v.after - 1]
        };
        let (position, history) = position_at(tree, start, at);
        let depth = tree.node(at).depth;
        let played =
            replay_moves(&position, &history, &v.moves).map_err(|(i, why)| LineError::Move {
                variation: k + 1,
                number: depth + i + 1,
                text: v.moves[i].clone(),
                why,
            })?;
        let mut node = at;
        let mut nodes = Vec::with_capacity(played.len());
        for (actions, notation) in played {
            node = tree.play(node, actions, notation);
            nodes.push(node);
        }
        lines.push(Line { from: at, nodes });
    }
    Ok(Lines(lines))
}

/// The position at node `n` of the tree, and the history of the game that reaches it.
#[must_use]
pub fn position_at(tree: &GameTree, start: &AnyGame, n: usize) -> (AnyGame, History) {
    let mut now = start.clone();
    let mut history = History::new(&now);
    for k in tree.path_to(n) {
        for &a in &tree.node(k).actions {
            now.play(a);
        }
        history.push(&now);
    }
    (now, history)
}

/// Plays the move `text` at node `from` of a tree of a game from `start` (for tests).
///
/// # Panics
/// If the move cannot be played there.
#[cfg(test)]
pub(crate) fn play_text(tree: &mut GameTree, start: &AnyGame, from: usize, text: &str) -> usize {
    let (position, _) = position_at(tree, start, from);
    let (_, actions) = play_move(&position, text).expect("a legal move");
    tree.play(from, actions, text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::save::{SaveFile, SavedSeats};
    use crate::rules::GameId;

    /// Splay's start, a main line of four moves, a variation at move 2 with a variation of its
    /// own at its second move, and a second variation at the start.
    fn branching() -> (AnyGame, GameTree) {
        let start = AnyGame::start_with(GameId::Splay, []).unwrap();
        let mut tree = GameTree::new();
        let add =
            |tree: &mut GameTree, from: usize, text: &str| play_text(tree, &start, from, text);
        let mut at = ROOT;
        let mut main = Vec::new();
        for m in ["c3-c4", "c6-c5", "d3-d4", "d6-d5"] {
            at = add(&mut tree, at, m);
            main.push(at);
        }
        let v1 = add(&mut tree, main[0], "f6-f5");
        let v1b = add(&mut tree, v1, "e3-e4");
        add(&mut tree, v1, "b2-b1");
        add(&mut tree, v1b, "e6-e5");
        add(&mut tree, ROOT, "b2-b1");
        (start, tree)
    }

    #[test]
    fn a_tree_with_nested_variations_survives_a_save_and_a_load() {
        let (start, tree) = branching();
        let file = SaveFile::of_tree(&start, &tree, SavedSeats::default());
        assert_eq!(file.moves, ["c3-c4", "c6-c5", "d3-d4", "d6-d5"]);
        assert_eq!(file.variations.len(), 3, "{:?}", file.variations);
        let text = file.to_ron();
        assert!(
            text.contains("version: 3") && text.contains("variations:"),
            "{text}"
        );
        let loaded = SaveFile::from_ron(&text).unwrap().replay().unwrap();
        assert_eq!(saved_lines(&loaded.tree), saved_lines(&tree));
        assert_eq!(loaded.tree.len(), tree.len());
        assert_eq!(loaded.moves.len(), 4);
    }

    #[test]
    fn a_version_1_file_still_loads_and_a_file_of_one_line_writes_no_variations() {
        let start = AnyGame::start_with(GameId::Splay, []).unwrap();
        let file = SaveFile::of(&start, &["c3-c4".to_owned()], SavedSeats::default());
        let text = file.to_ron();
        assert!(!text.contains("variations"), "{text}");
        let old = text.replace("version: 3", "version: 1");
        let loaded = SaveFile::from_ron(&old).unwrap().replay().unwrap();
        assert_eq!(loaded.tree.main_line().len(), 1);
        let (start, tree) = branching();
        let with = SaveFile::of_tree(&start, &tree, SavedSeats::default()).to_ron();
        let e = SaveFile::from_ron(&with.replace("version: 3", "version: 1")).unwrap_err();
        assert!(
            e.to_string().contains("version-1 file has no variations"),
            "{e}"
        );
    }

    #[test]
    fn a_broken_variation_is_refused_by_its_number_and_move() {
        let (start, tree) = branching();
        let file = SaveFile::of_tree(&start, &tree, SavedSeats::default());
        let broken = |change: &dyn Fn(&mut SaveFile)| {
            let mut f = file.clone();
            change(&mut f);
            f.replay().unwrap_err().to_string()
        };
        let e = broken(&|f| f.variations[1].moves[0] = "h8-h1".into());
        assert!(e.starts_with("variation 2, move "), "{e}");
        assert!(e.contains("'h8-h1' cannot be played"), "{e}");
        let e = broken(&|f| f.variations[0].from = 3);
        assert!(e.contains("variation 1: it branches from line 3"), "{e}");
        let e = broken(&|f| f.variations[0].after = 9);
        assert!(e.contains("after move 9 of a line of 4 moves"), "{e}");
        let e = broken(&|f| f.variations[0].moves.clear());
        assert!(e.contains("no moves"), "{e}");
        let e = broken(&|f| f.left_at = Some(SavedPlace { line: 4, after: 1 }));
        assert!(e.contains("`left_at` is not in the game: "), "{e}");
        assert!(e.contains("left in line 4, and it has 4 lines"), "{e}");
        let e = broken(&|f| f.left_at = Some(SavedPlace { line: 2, after: 4 }));
        assert!(e.contains("after move 4 of a line of 3 moves"), "{e}");
    }

    #[test]
    fn every_node_has_a_place_that_leads_back_to_it() {
        let (start, tree) = branching();
        let (lines, _) = lines_of(&tree);
        for n in 0..tree.len() {
            let file = SaveFile::of_tree_left_at(&start, &tree, n, SavedSeats::default());
            let loaded = SaveFile::from_ron(&file.to_ron())
                .unwrap()
                .replay()
                .unwrap();
            let moves = |tree: &GameTree, n: usize| -> Vec<String> {
                let path = tree.path_to(n).into_iter();
                path.map(|k| tree.node(k).notation.clone()).collect()
            };
            let place = lines.place_of(n);
            assert_eq!(
                moves(&loaded.tree, loaded.left_at),
                moves(&tree, n),
                "{place:?}"
            );
            assert_eq!(lines.node_at(place), Ok(n));
        }
        let file = SaveFile::of_tree_left_at(&start, &tree, 3, SavedSeats::default());
        let text = file.to_ron().replace("version: 3", "version: 2");
        let e = SaveFile::from_ron(&text).unwrap_err().to_string();
        assert!(e.contains("a version-2 file has no `left_at`"), "{e}");
    }
}
