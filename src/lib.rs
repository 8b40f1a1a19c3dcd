//! Stackyard: five abstract stacking games (Cash In Hand, Intermedium, Grabber, Support, Splay).
//!
//! `rules` is the Bevy-free core every other part goes through; `ai` searches it (also Bevy-free); `game` shows it in 3D with Bevy;
//! `app` sets up the window; `cli` is the command line (the referee, and options for the app).

pub mod ai;
#[cfg(feature = "app")]
pub mod app;
pub mod cli;
pub mod files;
#[cfg(feature = "app")]
pub mod game;
pub mod guide;
pub mod platform;
pub mod rules;
