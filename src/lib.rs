//! Stackyard: five abstract stacking games (Cash In Hand, Intermedium, Grabber, Support, Splay).
//!
//! `rules` is the Bevy-free core every other part goes through; `cli` is the command-line referee.

pub mod cli;
pub mod rules;
