//! Splay's options: who moves first, and the common turn cap.

use serde::{Deserialize, Serialize};

use crate::rules::game::{DEFAULT_PLY_CAP, GameOptions, OptionError, parse_colour, parse_ply_cap};
use crate::rules::player::Player;

/// Splay's options (the spec's table plus NOTATION.md's `ply_cap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SplayOptions {
    /// The player to move in the start position.
    pub first_player: Player,
    /// The game is a draw once the ply reaches this.
    pub ply_cap: u32,
}

impl Default for SplayOptions {
    fn default() -> Self {
        SplayOptions {
            first_player: Player::Black,
            ply_cap: DEFAULT_PLY_CAP,
        }
    }
}

impl GameOptions for SplayOptions {
    const DESCRIPTIONS: &'static [(&'static str, &'static str)] = &[
        ("first_player", "black (default) or white"),
        ("ply_cap", "turns before a draw, 1000 by default"),
    ];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        match name {
            "first_player" => {
                self.first_player = parse_colour(name, value)?;
            }
            "ply_cap" => self.ply_cap = parse_ply_cap(value)?,
            _ => {
                return Err(OptionError::unknown(name, Self::DESCRIPTIONS));
            }
        }
        Ok(())
    }

    fn ply_cap(&self) -> u32 {
        self.ply_cap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_set_by_name_and_checked() {
        let o = SplayOptions::default()
            .with_settings(["first_player=white", "ply_cap=50"])
            .unwrap();
        assert_eq!(o.first_player, Player::White);
        assert_eq!(o.ply_cap, 50);
        let d = SplayOptions::default();
        assert!(matches!(
            d.with_settings(["opening_rule=off"]),
            Err(OptionError::Unknown { .. })
        ));
        assert!(matches!(
            d.with_settings(["first_player=red"]),
            Err(OptionError::Value { .. })
        ));
        assert!(matches!(
            d.with_settings(["first_player"]),
            Err(OptionError::Syntax(_))
        ));
    }

    #[test]
    fn options_round_trip_through_ron() {
        let o = SplayOptions {
            first_player: Player::White,
            ply_cap: 77,
        };
        let text = ron::to_string(&o).unwrap();
        assert_eq!(ron::from_str::<SplayOptions>(&text).unwrap(), o);
        assert!(ron::from_str::<SplayOptions>("(colour: white)").is_err());
    }
}
