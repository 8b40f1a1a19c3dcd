//! Intermedium's move notation: the cells of the path joined by `-` (`a6-b5-c4-d5`); a cell alone
//! is the partial turn with the stack chosen.

use std::fmt::Write;

use crate::rules::action::{Action, TurnActions};
use crate::rules::notation::{NotationError, read_cell};

use super::GEOMETRY;

const FORMS: &str = "a6-b5-c4-d5 (the cells of the path, start first)";

/// Reads a path or a partial path into its decisions (syntax only: cells on the board, each
/// step diagonal).
pub(super) fn parse(text: &str) -> Result<TurnActions, NotationError> {
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let mut actions = TurnActions::new();
    let mut previous = None;
    for piece in text.split('-') {
        if piece.is_empty() {
            return Err(NotationError::Form {
                text: text.to_string(),
                expected: FORMS,
            });
        }
        let c = read_cell(GEOMETRY, piece).map_err(|e| match e {
            NotationError::BadCell(_) => NotationError::Form {
                text: text.to_string(),
                expected: FORMS,
            },
            other => other,
        })?;
        if let Some(p) = previous
            && !GEOMETRY.direction_to(p, c).is_some_and(|d| d.is_diagonal())
        {
            return Err(NotationError::NotAMove {
                text: text.to_string(),
                why: format!("every step is diagonal, and {p} to {c} is not"),
            });
        }
        if actions.try_push(Action::Cell(c)).is_err() {
            return Err(NotationError::NotAMove {
                text: text.to_string(),
                why: "no stack is that tall".into(),
            });
        }
        previous = Some(c);
    }
    Ok(actions)
}

/// Writes the path of a whole move or a partial turn.
pub(super) fn write(actions: &[Action], out: &mut String) {
    for (i, a) in actions.iter().enumerate() {
        if let Action::Cell(c) = a {
            if i > 0 {
                out.push('-');
            }
            let _ = write!(out, "{c}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_read_and_write_back() {
        let a = parse("A6-b5-C4-d5").unwrap();
        assert_eq!(a.len(), 4);
        let mut s = String::new();
        write(&a, &mut s);
        assert_eq!(s, "a6-b5-c4-d5");
        assert_eq!(parse("c8").unwrap().len(), 1);
    }

    #[test]
    fn malformed_paths_say_why() {
        for bad in [
            "a6b5c4d5",
            "a6-b5-c4-",
            "a6-b5--c4-d5",
            "g4-h5-g6",
            "a6-a6-b5",
            "a6-b7-c8-c9",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        assert!(parse("").is_err());
        assert!(parse("a6-a7").unwrap_err().to_string().contains("diagonal"));
        assert!(parse("g4-h5").unwrap_err().to_string().contains("h5"));
    }
}
