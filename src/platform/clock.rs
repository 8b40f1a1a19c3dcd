//! The one clock: the `web-time` crate's `Instant` and `SystemTime`, which are std's own on a
//! desktop and the browser's `performance.now()` and `Date.now()` on the web, where std's panic.

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
