//! The rules, the computer, the notation, the command line and the source's own rules: tests
//! that need no app in their process, so that this binary also builds without the app
//! (`--no-default-features`, as CI's release run of the search's slow tests does).

#[path = "../common/mod.rs"]
mod common;

mod action_model;
mod ai_search;
mod analyse_cli;
mod architecture;
mod arena_cli;
mod crash;
mod doc_links;
mod fuzz_inputs;
mod kiosk_reports;
mod perft;
mod properties;
mod puzzles_cli;
mod referee;
mod share_links;
mod spec_examples;
mod splay_oracle;
