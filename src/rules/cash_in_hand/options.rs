//! Cash In Hand's options: who moves first, and the common turn cap.

use serde::{Deserialize, Serialize};

use crate::rules::game::{DEFAULT_PLY_CAP, GameOptions, OptionError, parse_colour, parse_ply_cap};
use crate::rules::player::Player;

/// Cash In Hand's options (the spec's table plus NOTATION.md's `ply_cap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CashInHandOptions {
    /// The player to move in the start position.
    pub first_player: Player,
    /// The game is a draw once the ply reaches this.
    pub ply_cap: u32,
}

impl Default for CashInHandOptions {
    fn default() -> Self {
        CashInHandOptions {
            first_player: Player::Black,
            ply_cap: DEFAULT_PLY_CAP,
        }
    }
}

impl GameOptions for CashInHandOptions {
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
        let o = CashInHandOptions::default()
            .with_settings(["first_player=white"])
            .unwrap();
        assert_eq!(o.first_player, Player::White);
        assert!(
            CashInHandOptions::default()
                .with_settings(["opening_rule=on"])
                .is_err()
        );
    }
}
