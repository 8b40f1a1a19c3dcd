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

/// What moves on screen besides the board's stones and the camera: a how-to-play demonstration
/// playing, a GIF being drawn. The screens that run them say so each frame; the frames' pacing
/// (`view::pacing`) reads it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShownWork {
    /// A demonstration plays on the board.
    pub demonstrating: bool,
    /// A GIF of the game is being drawn.
    pub drawing_gif: bool,
}

impl ShownWork {
    /// Something of it is under way.
    #[must_use]
    pub fn any(self) -> bool {
        self.demonstrating || self.drawing_gif
    }
}
