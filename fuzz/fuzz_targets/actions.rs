//! Fuzzes sequences of decisions: the first byte picks a game, each later byte one of the legal
//! actions; nothing panics, and at every turn boundary the position string reads back to the
//! same position.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stackyard_fuzz::checks::actions(data));
