//! The game in words, for the announcements and the keyboard's reading commands: a whole move,
//! a stack, a rank or a file, the last move, the score, the decisions open now, the result.
//! The same strings are shown under the board, given to screen readers and spoken.

use crate::rules::{
    Action, AnyGame, Cell, Game, GameOptions, Outcome, Player, Reason, TurnActions,
};

use crate::game::core::i18n::Tr;
use crate::game::core::session::Session;
use crate::game::core::view::BoardView;

/// A whole move with who played it and what it took: `White: c7 to c6, captures 2`.
#[must_use]
pub fn move_line(tr: &Tr, before: &AnyGame, actions: &[Action]) -> String {
    let player = tr.player(before.to_move());
    let words = before.move_words(actions, tr);
    let captures = captured_stones(before, actions);
    if captures == 0 {
        tr.tf("say.move", &[("player", &player), ("move", &words)])
    } else {
        tr.tf(
            "say.move_captures",
            &[("player", &player), ("move", &words), ("n", &captures)],
        )
    }
}

/// The stones a whole move captures, as the rules mark its travels.
fn captured_stones(before: &AnyGame, actions: &[Action]) -> usize {
    let mut g = before.clone();
    let mut taken = 0;
    for &a in actions {
        taken += g.travels(a).iter().filter(|t| t.taken).count();
        g.play(a);
    }
    taken
}

/// The last `n` whole moves of the line played, each with the position it was played from,
/// oldest first.
#[must_use]
pub fn last_moves(session: &Session, n: usize) -> Vec<(AnyGame, TurnActions)> {
    let tree = session.tree();
    let path = tree.path_to(session.live_node());
    let first_kept = path.len().saturating_sub(n);
    let mut position = session.initial().clone();
    let mut kept = Vec::new();
    for (k, &node) in path.iter().enumerate() {
        let actions = &tree.node(node).actions;
        if k >= first_kept {
            kept.push((position.clone(), actions.clone()));
        }
        for &a in actions {
            position.play(a);
        }
    }
    kept
}

/// The last move in words, or that none was played yet.
#[must_use]
pub fn last_move_line(tr: &Tr, session: &Session) -> String {
    match last_moves(session, 1).pop() {
        Some((before, actions)) => tr.tf(
            "say.last_move",
            &[("move", &move_line(tr, &before, &actions))],
        ),
        None => tr.t("say.no_move_yet").to_owned(),
    }
}

/// A stack's stones from the bottom, a run of one colour at a time: `2 black, 1 white`.
fn stones_words(tr: &Tr, stack: &crate::rules::Stack) -> String {
    stack
        .runs()
        .iter()
        .map(|&(p, n)| tr.count(run_key(p), n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The counted text of a run of stones of `p`'s colour ("3 white").
fn run_key(p: Player) -> &'static str {
    match p {
        Player::Black => "say.run.black",
        Player::White => "say.run.white",
    }
}

/// The stack on `cell`: its height and owner first, then its stones from the bottom.
#[must_use]
pub fn stack_line(tr: &Tr, position: &AnyGame, cell: Cell) -> String {
    let stack = position.stack(cell);
    let Some(top) = stack.top() else {
        return tr.tf("say.stack.empty", &[("cell", &cell)]);
    };
    let height = stack.stones().count();
    if height == 1 {
        return tr.tf(
            "say.stack.single",
            &[("cell", &cell), ("owner", &tr.player(top))],
        );
    }
    tr.tn(
        "say.stack",
        height,
        &[
            ("cell", &cell),
            ("owner", &tr.player(top)),
            ("stones", &stones_words(tr, &stack)),
        ],
    )
}

/// A stack in a few words, for a rank or a file: `b3 White 2`.
fn short_stack(tr: &Tr, position: &AnyGame, cell: Cell) -> Option<String> {
    let stack = position.stack(cell);
    let top = stack.top()?;
    Some(tr.tf(
        "say.stack.short",
        &[
            ("cell", &cell),
            ("owner", &tr.player(top)),
            ("n", &stack.stones().count()),
        ],
    ))
}

/// The occupied cells of a line in short, and how many are empty.
fn line_words(tr: &Tr, position: &AnyGame, cells: impl Iterator<Item = Cell>) -> String {
    let mut empty = 0;
    let mut stacks = Vec::new();
    for cell in cells {
        match short_stack(tr, position, cell) {
            Some(words) => stacks.push(words),
            None => empty += 1,
        }
    }
    if stacks.is_empty() {
        return tr.t("say.line.all_empty").to_owned();
    }
    let mut words = stacks.join(", ");
    if empty > 0 {
        words.push_str(&tr.count("say.line.empty", empty));
    }
    words
}

/// The rank (row) through `cell`, from file `a` on.
#[must_use]
pub fn rank_line(tr: &Tr, position: &AnyGame, cell: Cell) -> String {
    let g = position.id().geometry();
    let cells = (0..g.width).map(|x| Cell::new(x, cell.y()));
    tr.tf(
        "say.rank",
        &[
            ("rank", &(cell.y() + 1)),
            ("cells", &line_words(tr, position, cells)),
        ],
    )
}

/// The file (column) through `cell`, from rank 1 up.
#[must_use]
pub fn file_line(tr: &Tr, position: &AnyGame, cell: Cell) -> String {
    let g = position.id().geometry();
    let cells = (0..g.height).map(|y| Cell::new(cell.x(), y));
    tr.tf(
        "say.file",
        &[
            ("file", &cell.file_char()),
            ("cells", &line_words(tr, position, cells)),
        ],
    )
}

/// What each side has captured, in each game's own words, and whose turn it is.
#[must_use]
pub fn score_line(tr: &Tr, session: &Session) -> String {
    let position = session.position();
    let sides = Player::ALL
        .into_iter()
        .map(|p| position.captures_line(tr, p))
        .collect::<Vec<_>>()
        .join("; ");
    format!("{sides}. {}", turn_line(tr, session))
}

/// Whose turn it is and what to decide, or the result once the game is over.
#[must_use]
pub fn turn_line(tr: &Tr, session: &Session) -> String {
    match session.outcome() {
        Some(o) => describe_outcome(tr, o, session.position()),
        None => session.position().prompt(tr),
    }
}

/// The decisions open now: the cells to click, then the other choices (a count, stop, pass).
#[must_use]
pub fn decisions_line(tr: &Tr, session: &Session) -> String {
    let legal = session.legal_actions();
    if legal.is_empty() {
        return tr.t("say.no_decisions").to_owned();
    }
    let position = session.position();
    let mut cells: Vec<Cell> = legal
        .iter()
        .filter_map(|&a| position.action_cell(a))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    let mut words: Vec<String> = cells.iter().map(ToString::to_string).collect();
    let counts: Vec<u8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Count(n) => Some(*n),
            _ => None,
        })
        .collect();
    if let (Some(low), Some(high)) = (counts.iter().min(), counts.iter().max()) {
        words.push(tr.tf("say.counts", &[("low", low), ("high", high)]));
    }
    for &a in &legal {
        if matches!(a, Action::Stop | Action::Pass) && position.action_cell(a).is_none() {
            words.push(a.to_string());
        }
    }
    tr.tf("say.decisions", &[("list", &words.join(", "))])
}

/// The result of the game at `position` in words.
#[must_use]
pub fn describe_outcome(tr: &Tr, o: Outcome, position: &AnyGame) -> String {
    let (winner, loser) = match o {
        Outcome::Win(p, _) => (tr.player(p), tr.player(!p)),
        Outcome::Draw(_) => ("", ""),
    };
    let reason = match o {
        Outcome::Win(_, r) | Outcome::Draw(r) => r.word(),
    };
    let args: [(&str, &dyn std::fmt::Display); 3] =
        [("winner", &winner), ("loser", &loser), ("reason", &reason)];
    match o {
        Outcome::Win(p, Reason::Captures) => {
            let captured = position.captured_by(p);
            tr.tn("outcome.win.captures", captured, &args)
        }
        Outcome::Draw(Reason::NoCapture) => {
            let turns = position.options().no_capture_turns() as usize;
            tr.tn("outcome.draw.no_capture", turns, &args)
        }
        _ => tr.tf(outcome_key(o), &args),
    }
}

/// The text of a result that counts nothing.
fn outcome_key(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(_, Reason::Centre) => "outcome.win.centre",
        Outcome::Win(_, Reason::City) => "outcome.win.city",
        Outcome::Win(_, Reason::Resignation) => "outcome.win.resignation",
        Outcome::Win(_, Reason::NoMoves) => "outcome.win.no_moves",
        Outcome::Win(_, Reason::Eliminated) => "outcome.win.eliminated",
        Outcome::Win(_, _) => "outcome.win.other",
        Outcome::Draw(Reason::PlyCap) => "outcome.draw.ply_cap",
        Outcome::Draw(Reason::Passes) => "outcome.draw.passes",
        Outcome::Draw(Reason::Repetition) => "outcome.draw.repetition",
        Outcome::Draw(_) => "outcome.draw.other",
    }
}
