//! Cash In Hand's weights, kept together: what the evaluation counts and how much.

/// The weight of the stones the side to move could take now (counted twice, since they change
/// hands): less than one, since their owner may free them first.
pub const THREAT_WEIGHT: f32 = 0.8;

/// The stone difference at which material alone is worth tanh(1) of a win.
pub const MATERIAL_SCALE: f32 = 24.0;

/// The stone lead from which the losing side's safety starts to count.
pub const DECIDED_FROM: f32 = 32.0;

/// The share of the value that presses a decided game to its end.
pub const PRESS_WEIGHT: f32 = 0.1;

/// Safe stones at which the pressing part has fallen to 1/e.
pub const SAFE_SCALE: f32 = 16.0;

/// How much an empty neighbour counts towards hemming a stack when an attacking stack stands
/// next to it (one step from filling it).
pub const REACH: f32 = 0.3;
