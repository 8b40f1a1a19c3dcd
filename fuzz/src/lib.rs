//! The fuzz targets' checks, shared with the game's corpus test.

pub mod checks;
