//! Fuzzes save files: reading and replaying never panics, and an accepted file writes back to
//! one that loads the same game.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stackyard_fuzz::checks::save_file(data));
