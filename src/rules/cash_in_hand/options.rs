//! Cash In Hand's options: who moves first, the common turn cap and the no-progress draw.

use serde::{Deserialize, Serialize};

use crate::rules::common_options::{BLACK_FIRST, Common, Description, NO_CAPTURE_TURNS, PLY_CAP};
use crate::rules::game::{DEFAULT_PLY_CAP, GameOptions, OptionError};
use crate::rules::player::Player;

/// Cash In Hand's options (the spec's table plus docs/notation.md's `ply_cap`, and our house rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CashInHandOptions {
    /// The player to move in the start position.
    pub first_player: Player,
    /// The game is a draw once the ply reaches this.
    pub ply_cap: u32,
    /// The no-progress draw (a house rule, as Splay's): a game in which no stone was captured
    /// for this many turns is drawn; 0 turns it off. Captured stones count though they go back
    /// on the board. A file that does not name it was written before the rule, for a game
    /// played without it, so it reads as off there.
    #[serde(default)]
    pub no_capture_turns: u32,
}

/// The no-progress draw's default: longer than every capture-free stretch of the decisive games
/// between the computer's levels (measured at 261736b).
pub const DEFAULT_NO_CAPTURE_TURNS: u32 = 300;

impl Default for CashInHandOptions {
    fn default() -> Self {
        CashInHandOptions {
            first_player: Player::Black,
            ply_cap: DEFAULT_PLY_CAP,
            no_capture_turns: DEFAULT_NO_CAPTURE_TURNS,
        }
    }
}

impl GameOptions for CashInHandOptions {
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
        let o = CashInHandOptions::default()
            .with_settings(["first_player=white", "no_capture_turns=0"])
            .unwrap();
        assert_eq!(o.first_player, Player::White);
        assert_eq!(o.no_capture_turns(), 0);
        assert!(
            CashInHandOptions::default()
                .with_settings(["opening_rule=on"])
                .is_err()
        );
        for bad in [
            "no_capture_turns=-1",
            "no_capture_turns=+5",
            "no_capture_turns=x",
        ] {
            let e = CashInHandOptions::default()
                .with_settings([bad])
                .unwrap_err()
                .to_string();
            assert!(e.contains("no_capture_turns"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_no_progress_draw_is_on_by_default_at_the_length_its_description_gives() {
        assert_eq!(
            CashInHandOptions::default().no_capture_turns(),
            DEFAULT_NO_CAPTURE_TURNS
        );
        let (_, said) = CashInHandOptions::DESCRIPTIONS
            .iter()
            .find(|(name, _)| *name == "no_capture_turns")
            .unwrap();
        assert!(
            said.contains(&format!("{DEFAULT_NO_CAPTURE_TURNS} by default")),
            "{said}"
        );
    }
}
