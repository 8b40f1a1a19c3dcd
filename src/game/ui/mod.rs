//! Shared egui widgets and the panels' palette, used by every screen.

pub mod choices;
pub mod named;
pub mod palette;
pub mod viewport;
