//! Support's move notation: `e1` (insertion on an empty cell), `e1:n` (insertion that pushes),
//! `c6-a8` (support move); the partial turn is the chosen cell alone.

use std::fmt::Write;

use crate::rules::action::{Action, TurnActions};
use crate::rules::notation::{NotationError, read_cell, read_dir};

use super::GEOMETRY;

const FORMS: &str = "e1 (an insertion), e1:n (an insertion that pushes) or c6-a8 (a support move)";

/// Reads a move or a partial turn into its decisions (syntax only).
pub(super) fn parse(text: &str) -> Result<TurnActions, NotationError> {
    if text.is_empty() {
        return Err(NotationError::Empty);
    }
    let form = || NotationError::Form {
        text: text.to_string(),
        expected: FORMS,
    };
    let cell = |s: &str| {
        read_cell(GEOMETRY, s).map_err(|e| match e {
            NotationError::BadCell(_) => form(),
            other => other,
        })
    };
    let mut actions = TurnActions::new();
    if let Some((from, dir)) = text.split_once(':') {
        actions.push(Action::Cell(cell(from)?));
        actions.push(Action::Dir(read_dir(dir)?));
    } else if let Some((from, to)) = text.split_once('-') {
        actions.push(Action::Cell(cell(from)?));
        actions.push(Action::Cell(cell(to)?));
    } else {
        actions.push(Action::Cell(cell(text)?));
    }
    Ok(actions)
}

/// Writes a whole move or a partial turn.
pub(super) fn write(actions: &[Action], out: &mut String) {
    match actions {
        [Action::Cell(c)] => {
            let _ = write!(out, "{c}");
        }
        [Action::Cell(c), Action::Dir(d)] => {
            let _ = write!(out, "{c}:{d}");
        }
        [Action::Cell(c), Action::Cell(to)] => {
            let _ = write!(out, "{c}-{to}");
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_forms_read_and_write_back() {
        for text in ["e1", "e1:n", "c6-a8", "h9:sw"] {
            let mut s = String::new();
            write(&parse(text).unwrap(), &mut s);
            assert_eq!(s, text);
        }
        let mut s = String::new();
        write(&parse("E1:N").unwrap(), &mut s);
        assert_eq!(s, "e1:n");
        for bad in ["e1:x", "e1:", "-e1", "j1", "e1-", "e1-e2-e3", ""] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
