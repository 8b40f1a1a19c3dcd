//! The seams to what a desktop has and a browser lacks: the clock ([`clock`]) and threads
//! ([`compute`]). The third seam, the file system, is [`crate::files`]. Code elsewhere asks these
//! seams (`tests/core/architecture.rs` checks it), so a target without threads or std's clock changes
//! them alone.

pub mod clock;
pub mod compute;
