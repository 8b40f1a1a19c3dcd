//! The game record a player copies to share a game: the game and its options, the start position,
//! every move in the game's notation with its variations indented below the move they replace,
//! and the position the main line reaches (what `stackyard apply` gives from the start and the
//! main line). Plain text, one item per line; `files::import` reads it back.

use crate::rules::{AnyGame, Game, Outcome};

use super::tree::{GameTree, ROOT};

/// The spaces that indent a variation one level deeper than its line.
pub const INDENT: usize = 2;

/// The record of a game and its variations, with the main line's `result` (`None` while it
/// goes on).
#[must_use]
pub fn tree_record(start: &AnyGame, tree: &GameTree, result: Option<Outcome>) -> String {
    let (now, _) = super::lines::position_at(tree, start, tree.line_end(ROOT));
    let mut text = head(start);
    write_moves(tree, ROOT, 0, &mut text);
    text.push_str(&tail(&now, result));
    text
}

/// Writes the line from node `at` on, each variation indented below the move it replaces.
fn write_moves(tree: &GameTree, at: usize, level: usize, out: &mut String) {
    let indent = " ".repeat(level * INDENT);
    let mut p = at;
    while let Some((&first, others)) = tree.node(p).children.split_first() {
        let node = tree.node(first);
        out.push_str(&format!("{indent}{}. {}\n", node.depth, node.notation));
        for &v in others {
            let deeper = " ".repeat((level + 1) * INDENT);
            let n = tree.node(v);
            out.push_str(&format!("{deeper}{}. {}\n", n.depth, n.notation));
            write_moves(tree, v, level + 1, out);
        }
        p = first;
    }
}

/// The record of a game: `start` and the `moves` played from it, reaching `now`, with the
/// game's `result` (`None` while it goes on), which may be more than `now` alone says (a
/// resignation, a draw by repetition).
#[must_use]
pub fn game_record(
    start: &AnyGame,
    moves: &[String],
    now: &AnyGame,
    result: Option<Outcome>,
) -> String {
    let mut text = head(start);
    for (i, m) in moves.iter().enumerate() {
        text.push_str(&format!("{}. {m}\n", i + 1));
    }
    text.push_str(&tail(now, result));
    text
}

/// The lines before the moves: the header, the game, its options and its start.
fn head(start: &AnyGame) -> String {
    let options = ron::to_string(&start.options()).unwrap_or_else(|e| format!("({e})"));
    format!(
        "Stackyard game record\nGame: {}\nOptions: {options}\nStart: {}\n",
        start.id().title(),
        start.to_setup()
    )
}

/// The lines after the moves: the position reached and the result.
fn tail(now: &AnyGame, result: Option<Outcome>) -> String {
    format!(
        "Position: {}\nResult: {}\n",
        now.to_setup(),
        result.map_or_else(|| "ongoing".to_owned(), |o| o.to_string())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyOptions, GameId, Setup, play_move};

    #[test]
    fn the_record_replays_from_its_start_to_its_position() {
        let start = AnyGame::start_with(GameId::Intermedium, ["opening_rule=off"]).unwrap();
        let moves = ["a2-b3-c4-d5-e6".to_owned(), "g9-f8-e7-d6-c5".to_owned()];
        let mut now = start.clone();
        for m in &moves {
            now = play_move(&now, m).unwrap().0;
        }
        let record = game_record(&start, &moves, &now, now.outcome());
        // Read it back as a person would: the start, the numbered moves, the position.
        let field = |name: &str| {
            record
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .unwrap_or_else(|| panic!("no {name} in {record}"))
        };
        assert_eq!(field("Game: "), "Intermedium");
        let options: AnyOptions = ron::from_str(field("Options: ")).unwrap();
        assert_eq!(options, start.options());
        let mut replayed =
            AnyGame::from_setup(&Setup::parse(field("Start: ")).unwrap(), options).unwrap();
        for (i, m) in moves.iter().enumerate() {
            let line = field(&format!("{}. ", i + 1));
            assert_eq!(line, m);
            replayed = play_move(&replayed, line).unwrap().0;
        }
        assert_eq!(replayed.to_setup().to_string(), field("Position: "));
        assert_eq!(field("Result: "), "ongoing");
    }

    #[test]
    fn the_record_states_a_result_the_position_cannot_show() {
        let start = AnyGame::start_with(GameId::Splay, []).unwrap();
        let drawn = Outcome::Draw(crate::rules::Reason::Repetition);
        let record = game_record(&start, &[], &start, Some(drawn));
        assert!(record.ends_with("Result: draw repetition\n"), "{record}");
    }
}
