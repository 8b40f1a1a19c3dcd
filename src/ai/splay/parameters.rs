//! Splay's weights, kept together: what the evaluation counts and how much.

/// What a stone standing next to the enemy's capture rank counts against its owner, as a share
/// of a captured stone (less the further it stands).
pub const EXPOSED_WEIGHT: f32 = 0.15;

/// The ranks over which an exposed stone's weight falls to nothing (squared: it counts mostly
/// on the last ranks).
pub const EXPOSED_FALLOFF: f32 = 7.0;

/// The ranks over which a held enemy stone's weight falls from a whole capture to nothing: held
/// next to home it counts nearly as taken, never quite.
pub const HELD_FALLOFF: f32 = 8.0;

/// The share of the captures that win at which the value is tanh(1): half of them.
pub const VALUE_SCALE: f32 = 0.5;
