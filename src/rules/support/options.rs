//! Support's options: who moves first, whether a push may end on the outer ring, the turn cap.

use serde::{Deserialize, Serialize};

use crate::rules::common_options::{Common, Description, PLY_CAP, WHITE_FIRST};
use crate::rules::game::{DEFAULT_PLY_CAP, GameOptions, OptionError, parse_switch};
use crate::rules::player::Player;

/// Support's options (the spec's table plus docs/notation.md's `ply_cap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SupportOptions {
    /// The player to move in the start position.
    pub first_player: Player,
    /// Whether the cell at the head of a push may lie on the outer ring.
    pub push_to_edge: bool,
    /// The game is a draw once the ply reaches this.
    pub ply_cap: u32,
}

impl Default for SupportOptions {
    fn default() -> Self {
        SupportOptions {
            first_player: Player::White,
            push_to_edge: true,
            ply_cap: DEFAULT_PLY_CAP,
        }
    }
}

impl GameOptions for SupportOptions {
    const DESCRIPTIONS: &'static [Description] = &[
        WHITE_FIRST,
        (
            "push_to_edge",
            "allowed (default) or forbidden: may a push end on the outer ring",
        ),
        PLY_CAP,
    ];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let common = Common::of(&mut self.first_player, &mut self.ply_cap, None);
        if let Some(set) = common.set(name, value) {
            return set;
        }
        if name != "push_to_edge" {
            return Err(OptionError::unknown(name, Self::DESCRIPTIONS));
        }
        let words = ("allowed", "forbidden");
        self.push_to_edge = parse_switch(name, value, words, "allowed or forbidden")?;
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
        let o = SupportOptions::default()
            .with_settings(["push_to_edge=forbidden", "first_player=black"])
            .unwrap();
        assert!(!o.push_to_edge);
        assert_eq!(o.first_player, Player::Black);
        assert!(SupportOptions::default().push_to_edge);
        assert!(
            SupportOptions::default()
                .with_settings(["push_to_edge=maybe"])
                .is_err()
        );
    }
}
