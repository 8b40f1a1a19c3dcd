//! How to play each game, in our own words: the game's card (designer, year, one line), its rules
//! in short sections, and scripted demonstrations on real positions (a move, a capture, a win)
//! that the app plays on the 3D board. Plain data, no Bevy; tests play every demonstration
//! through the rules and check that it shows what its caption says. Every text is a key into
//! the string tables (`assets/i18n/<language>.ron`), so the guide reads in every language.

mod cash_in_hand;
mod grabber;
mod intermedium;
mod splay;
mod support;

use crate::rules::{GameId, Reason};

/// What a game's card on the title screen says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card {
    /// The game's name (a text key, as every text here).
    pub name: &'static str,
    /// Who designed it, and when, as far as is known.
    pub credit: &'static str,
    /// One line on what the game is about.
    pub line: &'static str,
}

/// One scripted demonstration: a position, moves played on it in turn (animated), and a turn
/// in progress to leave on the board with its choices lit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Demo {
    /// A short title ("A capture").
    pub title: &'static str,
    /// What to look at, in a few sentences.
    pub text: &'static str,
    /// The position string; empty for the game's start position.
    pub position: &'static str,
    /// Whole moves played one after another, in the game's notation.
    pub moves: &'static [&'static str],
    /// A partial turn (docs/notation.md's prefix) shown after the moves; empty for none.
    pub partial: &'static str,
    /// What the demonstration shows, checked by the tests.
    pub shows: Shows,
}

/// What a demonstration shows: the tests hold each caption to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shows {
    /// The board and the choices of a turn.
    Setup,
    /// Moves that change the board without capturing.
    Moves,
    /// The last move captures (the mover's count of captured stones grows).
    Capture,
    /// The last move wins the game, for this reason.
    Win(Reason),
}

/// How to play one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guide {
    /// The game (Grabber's guide is the 8x8 board's).
    pub game: GameId,
    /// The title screen's card.
    pub card: Card,
    /// The rules: (heading, text) in the order to read them.
    pub rules: &'static [(&'static str, &'static str)],
    /// The demonstrations, in order.
    pub demos: &'static [Demo],
}

/// The games as the title screen shows them, one card each (Grabber's board size is an option).
pub const GAMES: [GameId; 5] = [
    GameId::CashInHand,
    GameId::Intermedium,
    GameId::Grabber8,
    GameId::Support,
    GameId::Splay,
];

/// How to play a game (any Grabber board gives Grabber's guide).
#[must_use]
pub fn guide(id: GameId) -> &'static Guide {
    match id {
        GameId::CashInHand => &cash_in_hand::GUIDE,
        GameId::Intermedium => &intermedium::GUIDE,
        GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => &grabber::GUIDE,
        GameId::Support => &support::GUIDE,
        GameId::Splay => &splay::GUIDE,
    }
}

#[cfg(test)]
mod tests;
