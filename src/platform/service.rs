//! The seam to the service manager that runs a kiosk (systemd): that the app is ready, and the
//! watchdog's pings. A browser's page has no service manager: there each call does nothing.

use std::time::Duration;

/// How often systemd wants a watchdog ping, when it asked for one.
#[must_use]
pub fn watchdog_every() -> Option<Duration> {
    #[cfg(not(target_arch = "wasm32"))]
    return sd_notify::watchdog_enabled();
    #[cfg(target_arch = "wasm32")]
    None
}

/// Tells systemd the app is ready.
pub fn tell_ready() {
    #[cfg(not(target_arch = "wasm32"))]
    let _ = sd_notify::notify(&[sd_notify::NotifyState::Ready]);
}

/// Pings systemd's watchdog.
pub fn ping_watchdog() {
    #[cfg(not(target_arch = "wasm32"))]
    let _ = sd_notify::notify(&[sd_notify::NotifyState::Watchdog]);
}
