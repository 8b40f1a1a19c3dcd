//! The games' rules in plain Rust: the single source of truth for positions, legal actions,
//! applying them, outcomes and notation. Nothing here may import Bevy; the AI and the app both
//! go through this module.
//!
//! ```
//! use stackyard::rules::{Game, Splay, SplayOptions, Setup, legal_moves, play_move};
//!
//! // Generate moves, play one, detect the end.
//! let start = Splay::start(SplayOptions::default());
//! assert_eq!(legal_moves(&start).len(), 122);
//! let (after, _) = play_move(&start, "b2-b1").unwrap();
//! assert_eq!(after.to_setup().to_string(),
//!     "splay 8/1,w2,w2,w2,w2,w2,w2,1/1,w,w,w,w,w,w,1/8/8/1,b,b,b,b,b,b,1/2,b2,b2,b2,b2,b2,1/1,b2,6 w 1 0 0");
//! let setup = Setup::parse("splay 8/8/8/8/8/8/1,w3b,6/8 b 60 2 6").unwrap();
//! let won = Splay::from_setup(&setup, SplayOptions::default()).unwrap();
//! let (end, _) = play_move(&won, "b2-b1").unwrap();
//! assert_eq!(end.outcome().unwrap().to_string(), "win b captures");
//! ```

mod action;
mod any;
pub(crate) mod bits;
pub mod cash_in_hand;
mod cell;
pub mod common_options;
mod edit;
mod game;
mod game_id;
pub mod grabber;
mod history;
pub mod intermedium;
mod notation;
mod player;
mod setup;
pub mod splay;
mod stack;
pub mod support;
mod travel;
mod turn;
pub mod zobrist;

pub use action::{Action, ActionList, MAX_ACTIONS, TurnActions};
// The app's views dispatch with it too.
#[cfg_attr(not(feature = "app"), allow(unused_imports))]
pub(crate) use any::each_game;
pub use any::{AnyGame, AnyOptions, BUILT};
pub use cash_in_hand::{CashInHand, CashInHandOptions};
pub use cell::{Cell, CellError, Dir, Geometry, MAX_SIDE};
pub use edit::{Brush, ExtraField};
pub use game::{
    DEFAULT_PLY_CAP, Game, GameOptions, OptionError, Outcome, Reason, parse_colour, parse_ply_cap,
    parse_switch, parse_turns,
};
pub use game_id::{GameId, UnknownGame};
pub use grabber::{Grabber, GrabberOptions};
pub use history::{History, REPETITIONS_TO_DRAW};
pub use intermedium::{Intermedium, IntermediumOptions};
pub use notation::{NotationError, read_cell, read_dir};
pub use player::{ByPlayer, Player};
pub use setup::{PositionError, Setup, TokenProblem, parse_count, write_board};
pub use splay::{Splay, SplayOptions};
pub use stack::{MAX_STACK, Stack, StackError};
pub use support::{Support, SupportOptions};
pub use travel::{Place, Travel};
pub use turn::{
    IllegalAction, Move, MoveError, Turn, any_turn, any_turn_among, find_turn, for_each_turn,
    legal_moves, perft, play_move, play_prefix, replay_turn, status_line,
};
