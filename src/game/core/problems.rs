//! Problems the app meets and plays on through (a file it cannot write, such as the autosave or
//! the visitor log on a full disk): the first of each kind is logged once, the last is kept for
//! the kiosk's heartbeat.

use bevy::prelude::*;

/// What went wrong lately.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems {
    /// The last problem met, in words.
    pub last: Option<String>,
    /// The kinds already logged.
    noticed: Vec<&'static str>,
}

impl Problems {
    /// Notes a problem of `kind`: the first of its kind is logged as a warning, every one
    /// becomes the last problem. Returns whether this was the first of its kind.
    pub fn note(&mut self, kind: &'static str, what: impl Into<String>) -> bool {
        let what = what.into();
        let first = !self.noticed.contains(&kind);
        if first {
            warn!("{what} (play goes on; further {kind} problems are not logged)");
            self.noticed.push(kind);
        }
        self.last = Some(what);
        first
    }

    /// How many kinds of problem have been noticed.
    #[must_use]
    pub fn kinds(&self) -> usize {
        self.noticed.len()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Problems>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_is_noticed_once_and_the_last_is_kept() {
        let mut problems = Problems::default();
        assert!(problems.note("autosave", "disk full 1"));
        assert!(!problems.note("autosave", "disk full 2"));
        assert!(problems.note("visitor log", "disk full 3"));
        assert_eq!(problems.kinds(), 2);
        assert_eq!(problems.last.as_deref(), Some("disk full 3"));
    }
}
