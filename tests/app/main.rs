//! The game's app in this process, without a window: Bevy's schedule driven frame by frame,
//! clicks, touches and requests sent as messages, and what the app then holds.

#[path = "../common/mod.rs"]
mod common;

mod app_headless;
mod coach;
mod editor;
mod effects;
mod exhibition;
mod first_hour;
mod i18n;
mod puzzles;
mod scene;
mod screens;
mod settings;
mod stone_colours;
mod thinking;
mod touch;
mod visits;
