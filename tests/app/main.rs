//! The game's app in the test's own process, without a window: Bevy's schedule driven frame by
//! frame, clicks, touches and requests sent as messages, and what the app then holds; and the
//! commands that draw with the app off-screen (`gif`, `bench-frames`).

#[path = "../common/mod.rs"]
mod common;

mod access;
mod app_headless;
mod bench_frames;
mod coach;
mod colour_vision;
mod editor;
mod effects;
mod exhibition;
mod first_hour;
mod gif;
mod i18n;
mod layout_languages;
mod puzzles;
mod scene;
mod screen_reader;
mod screens;
mod settings;
mod stone_colours;
mod thinking;
mod touch;
mod visits;
