//! Fuzzes move notation: a position (its string on the first line) and move text (the rest);
//! checked play never panics, and an accepted move writes back to notation that replays to the
//! same position.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stackyard_fuzz::checks::moves(data));
