//! The seams to what a desktop has and a browser lacks: the clock ([`clock`]), threads
//! ([`compute`]), the service manager ([`service`]), the web page ([`page`]) and its downloads and
//! file picker ([`browser_files`]), speech through a program of its own ([`speech`]); the file system is
//! [`crate::files`]. Code elsewhere asks these seams (`tests/core/architecture.rs` checks it),
//! so a target without threads, std's clock or systemd changes them alone.

pub mod browser_files;
pub mod clock;
pub mod compute;
pub mod page;
#[cfg(feature = "app")]
pub mod service;
#[cfg(feature = "app")]
pub mod speech;
