//! Any built game behind one type, for the parts that choose the game at run time (the app, save
//! files): [`AnyGame`] is itself a [`Game`], dispatching each call to the game it holds.

use serde::{Deserialize, Serialize};

use super::action::{Action, ActionList, TurnActions};
use super::cash_in_hand::{CashInHand, CashInHandOptions};
use super::cell::Cell;
use super::game::{Game, GameOptions, OptionError, Outcome};
use super::game_id::GameId;
use super::grabber::{Grabber, GrabberOptions};
use super::intermedium::{Intermedium, IntermediumOptions};
use super::notation::NotationError;
use super::player::Player;
use super::setup::{PositionError, Setup};
use super::splay::{Splay, SplayOptions};
use super::stack::Stack;
use super::support::{Support, SupportOptions};
use super::travel::Travel;

/// The position of one of the built games.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGame {
    /// A Cash In Hand position.
    CashInHand(CashInHand),
    /// A Splay position.
    Splay(Splay),
    /// An Intermedium position.
    Intermedium(Intermedium),
    /// A Grabber position, on any of its boards.
    Grabber(Grabber),
    /// A Support position.
    Support(Support),
}

/// The options of one of the built games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnyOptions {
    /// Cash In Hand's options.
    CashInHand(CashInHandOptions),
    /// Splay's options.
    Splay(SplayOptions),
    /// Intermedium's options.
    Intermedium(IntermediumOptions),
    /// Grabber's options, with the board (`grabber-6`, `grabber`, `grabber-10`).
    Grabber(GameId, GrabberOptions),
    /// Support's options.
    Support(SupportOptions),
}

/// Calls the same expression on whichever game an `AnyGame` holds: `each_game!(position, g =>
/// g.to_move())`. The one dispatch over the games; the app's views use it too.
macro_rules! each_game {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            $crate::rules::AnyGame::CashInHand($g) => $body,
            $crate::rules::AnyGame::Splay($g) => $body,
            $crate::rules::AnyGame::Intermedium($g) => $body,
            $crate::rules::AnyGame::Grabber($g) => $body,
            $crate::rules::AnyGame::Support($g) => $body,
        }
    };
}
pub(crate) use each_game;

/// Every game id, in menu order.
pub const BUILT: [GameId; 7] = [
    GameId::CashInHand,
    GameId::Intermedium,
    GameId::Grabber8,
    GameId::Grabber6,
    GameId::Grabber10,
    GameId::Support,
    GameId::Splay,
];

impl AnyOptions {
    /// The default options of a game.
    #[must_use]
    pub fn for_game(id: GameId) -> AnyOptions {
        match id {
            GameId::Splay => AnyOptions::Splay(SplayOptions::default()),
            GameId::Intermedium => AnyOptions::Intermedium(IntermediumOptions::default()),
            GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => {
                AnyOptions::Grabber(id, GrabberOptions::default())
            }
            GameId::Support => AnyOptions::Support(SupportOptions::default()),
            GameId::CashInHand => AnyOptions::CashInHand(CashInHandOptions::default()),
        }
    }

    /// The game these options are for.
    #[must_use]
    pub fn game(&self) -> GameId {
        match self {
            AnyOptions::CashInHand(_) => GameId::CashInHand,
            AnyOptions::Splay(_) => GameId::Splay,
            AnyOptions::Intermedium(_) => GameId::Intermedium,
            AnyOptions::Grabber(id, _) => *id,
            AnyOptions::Support(_) => GameId::Support,
        }
    }

    /// The no-progress draw's number of turns where the game has that house rule (Cash In
    /// Hand and Splay; 0 while it is off), with the game's default: what the options panel
    /// switches on and off.
    pub fn no_capture_draw(&mut self) -> Option<(&mut u32, u32)> {
        match self {
            AnyOptions::CashInHand(o) => Some((
                &mut o.no_capture_turns,
                super::cash_in_hand::DEFAULT_NO_CAPTURE_TURNS,
            )),
            AnyOptions::Splay(o) => Some((
                &mut o.no_capture_turns,
                super::splay::DEFAULT_NO_CAPTURE_TURNS,
            )),
            AnyOptions::Intermedium(_) | AnyOptions::Grabber(..) | AnyOptions::Support(_) => None,
        }
    }

    /// The game's options, by name, with what each takes.
    #[must_use]
    pub fn descriptions(&self) -> &'static [(&'static str, &'static str)] {
        match self {
            AnyOptions::CashInHand(_) => CashInHandOptions::DESCRIPTIONS,
            AnyOptions::Splay(_) => SplayOptions::DESCRIPTIONS,
            AnyOptions::Intermedium(_) => IntermediumOptions::DESCRIPTIONS,
            AnyOptions::Grabber(..) => GrabberOptions::DESCRIPTIONS,
            AnyOptions::Support(_) => SupportOptions::DESCRIPTIONS,
        }
    }
}

impl Default for AnyOptions {
    fn default() -> Self {
        AnyOptions::Splay(SplayOptions::default())
    }
}

impl GameOptions for AnyOptions {
    /// Empty: the options depend on the game held; see [`AnyOptions::descriptions`].
    const DESCRIPTIONS: &'static [(&'static str, &'static str)] = &[];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        match self {
            AnyOptions::CashInHand(o) => o.set(name, value),
            AnyOptions::Splay(o) => o.set(name, value),
            AnyOptions::Intermedium(o) => o.set(name, value),
            AnyOptions::Grabber(_, o) => o.set(name, value),
            AnyOptions::Support(o) => o.set(name, value),
        }
    }

    fn ply_cap(&self) -> u32 {
        match self {
            AnyOptions::CashInHand(o) => o.ply_cap,
            AnyOptions::Splay(o) => o.ply_cap,
            AnyOptions::Intermedium(o) => o.ply_cap,
            AnyOptions::Grabber(_, o) => o.ply_cap,
            AnyOptions::Support(o) => o.ply_cap,
        }
    }

    fn no_capture_turns(&self) -> u32 {
        match self {
            AnyOptions::CashInHand(o) => o.no_capture_turns(),
            AnyOptions::Splay(o) => o.no_capture_turns(),
            AnyOptions::Intermedium(o) => o.no_capture_turns(),
            AnyOptions::Grabber(_, o) => o.no_capture_turns(),
            AnyOptions::Support(o) => o.no_capture_turns(),
        }
    }
}

impl AnyGame {
    /// The legal position of a parsed string, under the default options of its game with these
    /// `name=value` settings.
    ///
    /// # Errors
    /// A message for a bad setting or a position that breaks the rules.
    pub fn from_setup_with<'a>(
        setup: &Setup,
        settings: impl IntoIterator<Item = &'a str>,
    ) -> Result<AnyGame, String> {
        let options = AnyOptions::for_game(setup.game)
            .with_settings(settings)
            .map_err(|e| e.to_string())?;
        AnyGame::from_setup(setup, options).map_err(|e| e.to_string())
    }

    /// The start position of a game under its default options with these settings.
    ///
    /// # Errors
    /// A message for a bad setting.
    pub fn start_with<'a>(
        id: GameId,
        settings: impl IntoIterator<Item = &'a str>,
    ) -> Result<AnyGame, String> {
        let options = AnyOptions::for_game(id)
            .with_settings(settings)
            .map_err(|e| e.to_string())?;
        Ok(AnyGame::start(options))
    }
}

impl Game for AnyGame {
    type Options = AnyOptions;

    fn start(options: AnyOptions) -> AnyGame {
        match options {
            AnyOptions::CashInHand(o) => AnyGame::CashInHand(CashInHand::start(o)),
            AnyOptions::Splay(o) => AnyGame::Splay(Splay::start(o)),
            AnyOptions::Intermedium(o) => AnyGame::Intermedium(Intermedium::start(o)),
            AnyOptions::Grabber(id, o) => AnyGame::Grabber(Grabber::start_on(id, o)),
            AnyOptions::Support(o) => AnyGame::Support(Support::start(o)),
        }
    }

    fn from_setup(setup: &Setup, options: AnyOptions) -> Result<AnyGame, PositionError> {
        if setup.game != options.game() {
            return Err(PositionError::Rule(format!(
                "a {} position cannot be played with {}'s options",
                setup.game,
                options.game()
            )));
        }
        Ok(match options {
            AnyOptions::CashInHand(o) => AnyGame::CashInHand(CashInHand::from_setup(setup, o)?),
            AnyOptions::Splay(o) => AnyGame::Splay(Splay::from_setup(setup, o)?),
            AnyOptions::Intermedium(o) => AnyGame::Intermedium(Intermedium::from_setup(setup, o)?),
            AnyOptions::Grabber(_, o) => AnyGame::Grabber(Grabber::from_setup(setup, o)?),
            AnyOptions::Support(o) => AnyGame::Support(Support::from_setup(setup, o)?),
        })
    }

    fn to_setup(&self) -> Setup {
        each_game!(self, g => g.to_setup())
    }

    fn id(&self) -> GameId {
        each_game!(self, g => g.id())
    }

    fn options(&self) -> AnyOptions {
        match self {
            AnyGame::CashInHand(g) => AnyOptions::CashInHand(g.options()),
            AnyGame::Splay(g) => AnyOptions::Splay(g.options()),
            AnyGame::Intermedium(g) => AnyOptions::Intermedium(g.options()),
            AnyGame::Grabber(g) => AnyOptions::Grabber(g.id(), g.options()),
            AnyGame::Support(g) => AnyOptions::Support(g.options()),
        }
    }

    fn to_move(&self) -> Player {
        each_game!(self, g => g.to_move())
    }

    fn ply(&self) -> u32 {
        each_game!(self, g => g.ply())
    }

    fn hash(&self) -> u64 {
        each_game!(self, g => g.hash())
    }

    fn in_turn(&self) -> bool {
        each_game!(self, g => g.in_turn())
    }

    fn outcome(&self) -> Option<Outcome> {
        each_game!(self, g => g.outcome())
    }

    fn stack(&self, c: Cell) -> Stack {
        each_game!(self, g => g.stack(c))
    }

    fn hand(&self) -> Option<(Cell, Stack)> {
        each_game!(self, g => g.hand())
    }

    fn captured_by(&self, p: Player) -> usize {
        each_game!(self, g => g.captured_by(p))
    }

    fn stones_captured(&self) -> usize {
        each_game!(self, g => g.stones_captured())
    }

    fn removed(&self, p: Player) -> usize {
        each_game!(self, g => g.removed(p))
    }

    fn implied_end(&self) -> Option<Action> {
        each_game!(self, g => g.implied_end())
    }

    fn legal_actions(&self, out: &mut ActionList) {
        each_game!(self, g => g.legal_actions(out));
    }

    fn next_completes_turn(&self) -> bool {
        each_game!(self, g => g.next_completes_turn())
    }

    fn play(&mut self, action: Action) {
        each_game!(self, g => g.play(action));
    }

    fn travels(&self, action: Action) -> Vec<Travel> {
        each_game!(self, g => g.travels(action))
    }

    fn parse_actions(&self, text: &str) -> Result<TurnActions, NotationError> {
        each_game!(self, g => g.parse_actions(text))
    }

    fn write_notation(&self, actions: &[Action], out: &mut String) {
        each_game!(self, g => g.write_notation(actions, out));
    }
}
