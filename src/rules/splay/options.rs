//! Splay's options: who moves first, the common turn cap and the no-progress draw.

use serde::{Deserialize, Serialize};

use crate::rules::common_options::{BLACK_FIRST, Common, Description, NO_CAPTURE_TURNS, PLY_CAP};
use crate::rules::game::{DEFAULT_PLY_CAP, GameOptions, OptionError};
use crate::rules::player::Player;

/// Splay's options (the spec's table plus docs/notation.md's `ply_cap`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SplayOptions {
    /// The player to move in the start position.
    pub first_player: Player,
    /// The game is a draw once the ply reaches this.
    pub ply_cap: u32,
    /// The no-progress draw (the spec's decision 17): a game in which no stone was captured
    /// for this many turns is drawn; 0 turns it off. A file that does not name it was written
    /// before the rule, for a game played without it, so it reads as off there.
    #[serde(default)]
    pub no_capture_turns: u32,
}

/// The no-progress draw's default: longer than every capture-free stretch of the decisive games
/// between the computer's levels (measured at 80aeeba).
pub const DEFAULT_NO_CAPTURE_TURNS: u32 = 300;

impl Default for SplayOptions {
    fn default() -> Self {
        SplayOptions {
            first_player: Player::Black,
            ply_cap: DEFAULT_PLY_CAP,
            no_capture_turns: DEFAULT_NO_CAPTURE_TURNS,
        }
    }
}

impl GameOptions for SplayOptions {
    const DESCRIPTIONS: &'static [Description] = &[BLACK_FIRST, PLY_CAP, NO_CAPTURE_TURNS];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let turns = Some(&mut self.no_capture_turns);
        let common = Common::of(&mut self.first_player, &mut self.ply_cap, turns);
        if let Some(set) = common.set(name, value) {
            return set;
        }
        Err(OptionError::unknown(name, Self::DESCRIPTIONS))
    }

    fn ply_cap(&self) -> u32 {
        self.ply_cap
    }

    fn no_capture_turns(&self) -> u32 {
        self.no_capture_turns
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_set_by_name_and_checked() {
        let o = SplayOptions::default()
            .with_settings(["first_player=white", "ply_cap=50", "no_capture_turns=0"])
            .unwrap();
        assert_eq!(o.first_player, Player::White);
        assert_eq!(o.ply_cap, 50);
        assert_eq!(o.no_capture_turns(), 0);
        assert_eq!(
            SplayOptions::default().no_capture_turns(),
            DEFAULT_NO_CAPTURE_TURNS
        );
        let d = SplayOptions::default();
        assert!(matches!(
            d.with_settings(["opening_rule=off"]),
            Err(OptionError::Unknown { .. })
        ));
        assert!(matches!(
            d.with_settings(["first_player=red"]),
            Err(OptionError::Value { .. })
        ));
        for bad in [
            "no_capture_turns=-1",
            "no_capture_turns=+5",
            "no_capture_turns=many",
        ] {
            assert!(
                matches!(d.with_settings([bad]), Err(OptionError::Value { .. })),
                "{bad}"
            );
        }
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
            no_capture_turns: 120,
        };
        let text = ron::to_string(&o).unwrap();
        assert_eq!(ron::from_str::<SplayOptions>(&text).unwrap(), o);
        assert!(ron::from_str::<SplayOptions>("(colour: white)").is_err());
        let before_the_rule = ron::from_str::<SplayOptions>("(first_player: black, ply_cap: 1000)");
        assert_eq!(
            before_the_rule.unwrap().no_capture_turns,
            0,
            "played without it"
        );
        let written = ron::to_string(&SplayOptions::default()).unwrap();
        assert_eq!(
            ron::from_str::<SplayOptions>(&written).unwrap(),
            SplayOptions::default()
        );
    }
}
