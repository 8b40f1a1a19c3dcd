//! Support's weights, kept together: what the evaluation counts and how much.

/// The value of a centre that the reply cannot break: as good as won.
pub const CENTRE_WON: f32 = 0.98;

/// Captures worth one point of the value (18 win).
pub const CAPTURES_PER_POINT: f32 = 6.0;

/// The weight of each stone on the centre.
pub const CENTRE_STONE: f32 = 0.22;

/// The weight of each centre cell a side's support moves can reach.
pub const CENTRE_REACH: f32 = 0.04;

/// The weight of each enemy stone a side could capture next, counted up to
/// [`CAPTURABLE_CAP`].
pub const CAPTURABLE: f32 = 0.04;

/// The most capturable stones that count.
pub const CAPTURABLE_CAP: u32 = 6;

/// What the side to move gains when it can capture now (it moves first).
pub const TEMPO: f32 = 0.12;

/// What the pending centre holder gains.
pub const PENDING: f32 = 0.3;
