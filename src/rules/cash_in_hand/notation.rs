//! Cash In Hand's move notation:
//! `<origin>:<k> <cell>:<d>... [(:<captured>...) <cell>:<n>...]`, and its prefixes for partial
//! turns (`c3`, `c3:8`, `c3:8 d4`, …). The captured cells are not decisions: they are read for
//! syntax only, and the canonical re-print (written from the actual play) must match the text.

use std::fmt::Write;

use crate::rules::action::{Action, TurnActions};
use crate::rules::game::Game;
use crate::rules::notation::{NotationError, read_cell};

use super::{CashInHand, GEOMETRY};

const FORMS: &str = "c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4 (origin:taken, cell:dropped..., \
                     then captures and placements)";

fn count(text: &str, piece: &str) -> Result<u8, NotationError> {
    let bad = || NotationError::NotAMove {
        text: text.to_string(),
        why: format!("'{piece}' is not a count of stones from 1 to 128"),
    };
    if piece.is_empty() || !piece.bytes().all(|b| b.is_ascii_digit()) || piece.starts_with('0') {
        return Err(bad());
    }
    piece
        .parse::<u8>()
        .ok()
        .filter(|&n| (1..=128).contains(&n))
        .ok_or_else(bad)
}

/// Reads a move or a partial turn into its decisions.
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
    let mut push = |a: Action| actions.try_push(a).map_err(|_| form());
    let (path, rest) = match text.split_once(" (:") {
        Some((path, rest)) => (path, Some(rest)),
        None => (text, None),
    };
    for piece in path.split(' ') {
        match piece.split_once(':') {
            Some((c, n)) => {
                push(Action::Cell(cell(c)?))?;
                push(Action::Count(count(text, n)?))?;
            }
            None => push(Action::Cell(cell(piece)?))?,
        }
    }
    if let Some(rest) = rest {
        let (captured, placements) = rest.split_once(')').ok_or_else(form)?;
        for c in captured.split(' ') {
            cell(c)?;
        }
        let placements = placements.strip_prefix(' ').unwrap_or(placements);
        if !placements.is_empty() {
            for piece in placements.split(' ') {
                let (c, n) = piece.split_once(':').ok_or_else(form)?;
                let c = cell(c)?;
                for _ in 0..count(text, n)? {
                    push(Action::Cell(c))?;
                }
            }
        }
    }
    Ok(actions)
}

/// Writes the canonical notation of `actions` played from `start` (a turn boundary).
pub(super) fn write(start: &CashInHand, actions: &[Action], out: &mut String) {
    let mut g = start.clone();
    let mut placing: Option<(crate::rules::Cell, u32)> = None;
    let flush = |out: &mut String, placing: &mut Option<(crate::rules::Cell, u32)>| {
        if let Some((c, n)) = placing.take() {
            let _ = write!(out, " {c}:{n}");
        }
    };
    for (i, &a) in actions.iter().enumerate() {
        let placing_now = g.placing();
        match a {
            Action::Cell(c) if placing_now => match &mut placing {
                Some((p, n)) if *p == c => *n += 1,
                _ => {
                    flush(out, &mut placing);
                    placing = Some((c, 1));
                }
            },
            Action::Cell(c) => {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{c}");
            }
            Action::Count(n) => {
                let _ = write!(out, ":{n}");
            }
            _ => {}
        }
        let was_placing = g.placing();
        g.play(a);
        if !was_placing && g.placing() {
            out.push_str(" (:");
            let mut first = true;
            for c in g.captured_cells() {
                if !std::mem::take(&mut first) {
                    out.push(' ');
                }
                let _ = write!(out, "{c}");
            }
            out.push(')');
        }
    }
    flush(out, &mut placing);
}
