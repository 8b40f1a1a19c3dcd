//! What differs per game on screen: which cell or marker each decision is, the texts that
//! describe a game's turn, one file per game, and the dispatch over them (`any_view`). Each
//! implements `core::view::BoardView`, the vocabulary the session and the board speak.

mod any_view;
mod cash_in_hand_view;
mod grabber_view;
mod intermedium_view;
mod splay_view;
mod support_view;
