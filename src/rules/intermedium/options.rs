//! Intermedium's options: who moves first, the opening rule, and the common turn cap.

use serde::{Deserialize, Serialize};

use crate::rules::common_options::{BLACK_FIRST, Common, Description, PLY_CAP};
use crate::rules::game::{DEFAULT_PLY_CAP, GameOptions, OptionError, parse_switch};
use crate::rules::player::Player;

/// Intermedium's options (the spec's table plus docs/notation.md's `ply_cap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IntermediumOptions {
    /// The player to move in the start position.
    pub first_player: Player,
    /// Rule 7: advance and occupy an empty cell at plies 0 to 3, with its fallback.
    pub opening_rule: bool,
    /// The game is a draw once the ply reaches this.
    pub ply_cap: u32,
}

impl Default for IntermediumOptions {
    fn default() -> Self {
        IntermediumOptions {
            first_player: Player::Black,
            opening_rule: true,
            ply_cap: DEFAULT_PLY_CAP,
        }
    }
}

impl GameOptions for IntermediumOptions {
    const DESCRIPTIONS: &'static [Description] = &[
        BLACK_FIRST,
        (
            "opening_rule",
            "on (default) or off: the first two turns of each player advance and occupy",
        ),
        PLY_CAP,
    ];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let common = Common::of(&mut self.first_player, &mut self.ply_cap, None);
        if let Some(set) = common.set(name, value) {
            return set;
        }
        if name != "opening_rule" {
            return Err(OptionError::unknown(name, Self::DESCRIPTIONS));
        }
        self.opening_rule = parse_switch(name, value, ("on", "off"), "on or off")?;
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
        let o = IntermediumOptions::default()
            .with_settings(["opening_rule=off", "first_player=white"])
            .unwrap();
        assert!(!o.opening_rule);
        assert_eq!(o.first_player, Player::White);
        let d = IntermediumOptions::default();
        assert!(d.opening_rule);
        assert!(matches!(
            d.with_settings(["opening_rule=maybe"]),
            Err(OptionError::Value { .. })
        ));
        assert!(matches!(
            d.with_settings(["board=6"]),
            Err(OptionError::Unknown { .. })
        ));
    }
}
