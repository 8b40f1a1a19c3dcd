//! The one clock: the `web-time` crate's `Instant` and `SystemTime`, which are std's own on a
//! desktop and the browser's `performance.now()` and `Date.now()` on the web, where std's panic.
//! A file's times are std's on every target ([`FileTime`]): only a desktop has files.

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};

/// When a file was changed, as the file system says (std's `SystemTime`).
pub type FileTime = std::time::SystemTime;

/// The earliest [`FileTime`], for a file whose time cannot be read.
pub const FILE_EPOCH: FileTime = std::time::UNIX_EPOCH;
