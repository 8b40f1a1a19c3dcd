//! Grabber's move notation: a removal is the cell (`d4`); a capture the start and every landing
//! cell (`b2-d2-d4`). `stop` ends a capture and is never written.

use std::fmt::Write;

use crate::rules::action::{Action, TurnActions};
use crate::rules::cell::Geometry;
use crate::rules::notation::{NotationError, read_cell};

const FORMS: &str = "d4 (a removal) or b2-d2-d4 (a capture: start and landing cells)";

/// Reads a move or a partial turn into its decisions, without the final `stop`.
pub(super) fn parse(g: Geometry, text: &str) -> Result<TurnActions, NotationError> {
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let form = || NotationError::Form {
        text: text.to_string(),
        expected: FORMS,
    };
    let mut actions = TurnActions::new();
    let mut previous: Option<crate::rules::cell::Cell> = None;
    for piece in text.split('-') {
        if piece.is_empty() {
            return Err(form());
        }
        let c = read_cell(g, piece).map_err(|e| match e {
            NotationError::BadCell(_) => form(),
            other => other,
        })?;
        if let Some(p) = previous {
            let (dx, dy) = (p.x().abs_diff(c.x()), p.y().abs_diff(c.y()));
            let jump = (dx, dy) == (2, 0) || (dx, dy) == (0, 2);
            if !jump {
                return Err(NotationError::NotAMove {
                    text: text.to_string(),
                    why: format!(
                        "a jump goes exactly two cells along a line, and {p} to {c} does not"
                    ),
                });
            }
        }
        actions.try_push(Action::Cell(c)).map_err(|_| form())?;
        previous = Some(c);
    }
    Ok(actions)
}

/// Writes the notation of a whole move or a partial turn (`stop` leaves no trace).
pub(super) fn write(actions: &[Action], out: &mut String) {
    let mut first = true;
    for a in actions {
        if let Action::Cell(c) = a {
            if !first {
                out.push('-');
            }
            first = false;
            let _ = write!(out, "{c}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_read_and_write_back() {
        let g = Geometry::new(10, 10);
        let a = parse(g, "A10-c10-C8").unwrap();
        let mut s = String::new();
        write(&a, &mut s);
        assert_eq!(s, "a10-c10-c8");
        assert_eq!(parse(g, "d4").unwrap().len(), 1);
    }

    #[test]
    fn malformed_moves_say_why() {
        let g = Geometry::new(8, 8);
        for bad in [
            "b2d2", "b2-", "b2-c3", "b2-f2", "i1", "pass", "", "b2--d2", "b2-d4",
        ] {
            assert!(parse(g, bad).is_err(), "{bad}");
        }
        assert!(
            parse(g, "b2-c3")
                .unwrap_err()
                .to_string()
                .contains("two cells")
        );
    }
}
