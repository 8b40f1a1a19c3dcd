//! Fuzzes position strings: parsing never panics, and an accepted position writes back to a
//! string that parses to the same position.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stackyard_fuzz::checks::position(data));
