//! Splay's move notation: `b2-c3` (step), `b2>ne` (splay), `pass`, and the partial `b2`.

use crate::rules::action::{Action, TurnActions};
use crate::rules::notation::{NotationError, read_cell, read_dir};

use super::{GEOMETRY, Splay};

const FORMS: &str = "b2-c3 (a step), b2>ne (a splay) or pass";

/// Reads a move or a partial turn into its decisions (syntax and the one-stone rule only).
pub(super) fn parse(position: &Splay, text: &str) -> Result<TurnActions, NotationError> {
    let mut actions = TurnActions::new();
    let lower = text.to_ascii_lowercase();
    if lower.is_empty() {
        return Err(NotationError::Empty);
    }
    if lower == "pass" {
        actions.push(Action::Pass);
        return Ok(actions);
    }
    if let Some((from, to)) = lower.split_once('-') {
        let from = read_cell(GEOMETRY, from)?;
        let to = read_cell(GEOMETRY, to)?;
        if GEOMETRY.direction_to(from, to).is_none() {
            return Err(NotationError::NotAdjacent(from, to));
        }
        actions.extend([Action::Cell(from), Action::Cell(to)]);
    } else if let Some((from, dir)) = lower.split_once('>') {
        let from = read_cell(GEOMETRY, from)?;
        let dir = read_dir(dir)?;
        if position.stack_height(from) == 1 {
            let to = GEOMETRY
                .neighbour(from, dir)
                .map_or_else(|| "a neighbour".to_string(), |c| c.to_string());
            return Err(NotationError::NotAMove {
                text: text.to_string(),
                why: format!("a one-stone stack is only ever written as a step ({from}-{to})"),
            });
        }
        actions.extend([Action::Cell(from), Action::Dir(dir)]);
    } else {
        let from = read_cell(GEOMETRY, &lower).map_err(|e| match e {
            NotationError::BadCell(_) => NotationError::Form {
                text: text.to_string(),
                expected: FORMS,
            },
            other => other,
        })?;
        actions.push(Action::Cell(from));
    }
    Ok(actions)
}

/// Writes the canonical notation of a whole move or a partial turn.
pub(super) fn write(actions: &[Action], out: &mut String) {
    use std::fmt::Write;
    match actions {
        [Action::Pass] => out.push_str("pass"),
        [Action::Cell(from), rest @ ..] => {
            let _ = write!(out, "{from}");
            match rest {
                [Action::Cell(to)] => {
                    let _ = write!(out, "-{to}");
                }
                [Action::Dir(d)] => {
                    let _ = write!(out, ">{d}");
                }
                _ => {}
            }
        }
        _ => {}
    }
}
