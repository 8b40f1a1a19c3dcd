//! A whole move typed in the notation (`c3-c4`, a Cash In Hand sowing), read against the
//! position the turn started from: its decisions, or the rules' reason for refusing it.

use crate::rules::{Action, TurnActions, play_move};

use crate::game::core::i18n::Tr;
use crate::game::core::seats::{Seat, Seats};
use crate::game::core::session::Session;

/// The decisions of the move `text` for the player to move, or why it cannot be played, in
/// words (the rules' own reason for a move they refuse).
///
/// # Errors
/// An earlier position is looked at, the computer is to move, or the rules refuse the text.
pub fn typed_move(
    tr: &Tr,
    session: &Session,
    seats: Option<&Seats>,
    text: &str,
) -> Result<TurnActions, String> {
    if session.viewing().is_some() {
        return Err(tr.t("move_field.viewing").to_owned());
    }
    let mover = crate::rules::Game::to_move(session.turn().start());
    if seats.is_some_and(|s| s.of(mover) != Seat::Human) {
        return Err(tr.t("move_field.computer").to_owned());
    }
    let text = text.trim();
    match play_move(session.turn().start(), text) {
        Ok((_, actions)) => Ok(actions),
        Err(e) => Err(tr.tf("move_field.refused", &[("move", &text), ("reason", &e)])),
    }
}

/// The requests that play `actions` as the turn: the decisions of the turn under way are
/// taken back first.
#[must_use]
pub fn requests_for(actions: &[Action]) -> Vec<crate::game::core::session::SessionRequest> {
    use crate::game::core::session::SessionRequest;
    std::iter::once(SessionRequest::CancelSelection)
        .chain(actions.iter().map(|&a| SessionRequest::Play(a)))
        .collect()
}
