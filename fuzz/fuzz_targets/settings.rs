//! Fuzzes settings, theme and exhibition profile files: reading never panics, and what is accepted writes back the
//! same.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| stackyard_fuzz::checks::settings(data));
