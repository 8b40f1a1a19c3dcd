//! Grabber's weights, kept together: what the evaluation counts and how much.

/// The weight of a side's mobility, the square root of the jumps open to it: whoever cannot
/// capture loses, so this is most of the value.
pub const MOBILITY: f32 = 0.25;

/// What a side with no jump open loses: it is lost at its turn unless the board changes first.
pub const STUCK: f32 = -1.5;

/// The weight of each man held in a side's columns, its own and prisoners alike.
pub const MEN: f32 = 0.03;
