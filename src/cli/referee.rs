//! The referee's subcommands, generic over the game that the position or id names.

use crate::rules::{
    CashInHand, Game, GameId, GameOptions, Grabber, Intermedium, OptionError, PositionError, Setup,
    Splay, Support, legal_moves, perft as count_perft, play_move, status_line,
};

/// Exit status of a usage error or a bad position.
pub const USAGE: i32 = 2;
/// Exit status of an illegal or malformed move.
pub const BAD_MOVE: i32 = 3;

/// A refused command: its exit status and the message for stderr.
#[derive(Debug)]
pub struct Failure {
    pub code: i32,
    pub message: String,
}

impl Failure {
    pub(super) fn usage(message: impl Into<String>) -> Failure {
        Failure {
            code: USAGE,
            message: message.into(),
        }
    }
}

impl From<PositionError> for Failure {
    fn from(e: PositionError) -> Failure {
        Failure::usage(format!("bad position: {e}"))
    }
}

impl From<OptionError> for Failure {
    fn from(e: OptionError) -> Failure {
        Failure::usage(e.to_string())
    }
}

type Output = Result<Vec<String>, Failure>;

/// Calls `$f::<G>(args)` with the rules type of a game id.
macro_rules! with_game {
    ($id:expr, $f:ident($($arg:expr),*)) => {
        match $id {
            GameId::CashInHand => $f::<CashInHand>($($arg),*),
            GameId::Splay => $f::<Splay>($($arg),*),
            GameId::Intermedium => $f::<Intermedium>($($arg),*),
            GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => $f::<Grabber>($($arg),*),
            GameId::Support => $f::<Support>($($arg),*),
        }
    };
}

pub(super) fn options<G: Game>(settings: &[String]) -> Result<G::Options, Failure> {
    Ok(G::Options::default().with_settings(settings.iter().map(String::as_str))?)
}

pub(super) fn position<G: Game>(setup: &Setup, settings: &[String]) -> Result<G, Failure> {
    let options = options::<G>(settings)?;
    Ok(G::from_setup(setup, options)?)
}

/// `new <game>`: the start position.
pub fn new(game: &str, settings: &[String]) -> Output {
    fn start<G: Game>(id: GameId, settings: &[String]) -> Output {
        Ok(vec![
            G::start_on_board(id, options::<G>(settings)?)
                .to_setup()
                .to_string(),
        ])
    }
    let id: GameId = game.parse().map_err(|e| Failure::usage(format!("{e}")))?;
    with_game!(id, start(id, settings))
}

/// `moves <position>`: every legal move in byte order.
pub fn moves(text: &str, settings: &[String]) -> Output {
    fn list<G: Game>(setup: &Setup, settings: &[String]) -> Output {
        let g: G = position(setup, settings)?;
        Ok(legal_moves(&g).into_iter().map(|m| m.notation).collect())
    }
    let setup = Setup::parse(text)?;
    with_game!(setup.game, list(&setup, settings))
}

/// `apply <position> <move>...`: the position after the moves.
pub fn apply(text: &str, moves: &[String], settings: &[String]) -> Output {
    fn play<G: Game>(setup: &Setup, moves: &[String], settings: &[String]) -> Output {
        let mut g: G = position(setup, settings)?;
        for (i, m) in moves.iter().enumerate() {
            g = play_move(&g, m)
                .map_err(|e| Failure {
                    code: BAD_MOVE,
                    message: format!("move {} of {} '{m}' is refused: {e}", i + 1, moves.len()),
                })?
                .0;
        }
        Ok(vec![g.to_setup().to_string()])
    }
    let setup = Setup::parse(text)?;
    with_game!(setup.game, play(&setup, moves, settings))
}

/// `perft <position> <depth>`: the number of move sequences of that many turns.
pub fn perft(text: &str, depth: u32, settings: &[String]) -> Output {
    fn count<G: Game>(setup: &Setup, depth: u32, settings: &[String]) -> Output {
        let g: G = position(setup, settings)?;
        Ok(vec![count_perft(&g, depth).to_string()])
    }
    let setup = Setup::parse(text)?;
    with_game!(setup.game, count(&setup, depth, settings))
}

/// `status <position>`: `ongoing` or the result.
pub fn status(text: &str, settings: &[String]) -> Output {
    fn show<G: Game>(setup: &Setup, settings: &[String]) -> Output {
        let g: G = position(setup, settings)?;
        Ok(vec![status_line(&g)])
    }
    let setup = Setup::parse(text)?;
    with_game!(setup.game, show(&setup, settings))
}
