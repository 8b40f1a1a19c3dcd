//! The kiosk's wall clock, in local time: what the visitor log stamps and the opening hours
//! follow. Tests put a fake clock in its place.

use bevy::prelude::*;
use jiff::civil::DateTime;

/// Where the kiosk reads the local time.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KioskClock {
    /// The system's clock in the system's time zone.
    #[default]
    System,
    /// A fixed time (tests move it by hand).
    Fake(DateTime),
}

impl KioskClock {
    /// The local time now, to the second.
    #[must_use]
    pub fn now(&self) -> DateTime {
        let now = match self {
            KioskClock::System => jiff::ZonedDateTime::now().datetime(),
            KioskClock::Fake(at) => *at,
        };
        now.with().subsec_nanosecond(0).build().unwrap_or(now)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KioskClock>();
}
