//! Whether the stones on the board are moving: the board's animation says so each frame, and the
//! computer's driver, the demonstrations and the stones' own check wait until they are still.

use bevy::prelude::*;

/// Whether any stone is still on its way.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardMotion {
    /// Some stone is moving.
    pub moving: bool,
}

impl BoardMotion {
    /// No stone is moving.
    #[must_use]
    pub fn still(self) -> bool {
        !self.moving
    }
}
