//! The seams to what a desktop has and a browser lacks: the clock ([`clock`]), threads
//! ([`compute`]), the service manager ([`service`]) and the web page ([`page`]); the fourth, the file system, is
//! [`crate::files`]. Code elsewhere asks these seams (`tests/core/architecture.rs` checks it),
//! so a target without threads, std's clock or systemd changes them alone.

pub mod clock;
pub mod compute;
pub mod page;
#[cfg(feature = "app")]
pub mod service;
