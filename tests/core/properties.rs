//! Properties of every game over random games (proptest chooses the game, the seed and the
//! length): every listed decision plays without panic; after every whole turn the position string
//! parses back (so the game's invariants hold: parity, heights, column shapes) and prints the
//! same; each move's notation replays to the same position; the stones are conserved as each
//! spec says; and a game is over exactly when no decision is listed.

use proptest::prelude::*;
use stackyard::rules::{
    ActionList, AnyGame, Game, GameId, Player, Setup, TurnActions, play_move, zobrist,
};

const GAMES: [GameId; 7] = [
    GameId::CashInHand,
    GameId::Intermedium,
    GameId::Grabber6,
    GameId::Grabber8,
    GameId::Grabber10,
    GameId::Support,
    GameId::Splay,
];

/// Stones of a colour on the board (Support's supply is unlimited, so its count only grows).
fn on_board(g: &AnyGame, p: Player) -> usize {
    g.id().geometry().cells().map(|c| g.stack(c).count(p)).sum()
}

/// What each spec keeps constant, checked after a whole turn.
fn conserved(g: &AnyGame, before: &AnyGame) -> Result<(), String> {
    let both = |x: &AnyGame| on_board(x, Player::Black) + on_board(x, Player::White);
    match g {
        AnyGame::CashInHand(_) if both(g) != both(before) => Err(format!(
            "stones on the board {} → {}",
            both(before),
            both(g)
        )),
        AnyGame::Splay(_) | AnyGame::Intermedium(_) => {
            for p in Player::ALL {
                // Stones of a colour: on the board plus those the other side captured.
                let count = |x: &AnyGame| on_board(x, p) + x.captured_by(!p);
                if count(g) != count(before) {
                    return Err(format!("{p} stones {} → {}", count(before), count(g)));
                }
            }
            Ok(())
        }
        AnyGame::Grabber(x)
            if !x.removal_phase() && before.ply() >= 4 && both(g) != both(before) =>
        {
            Err("men left the board in the capture phase".into())
        }
        _ => Ok(()),
    }
}

fn check_game(id: GameId, seed: u64, turns: u32) -> Result<(), String> {
    let mut g = AnyGame::start_with(id, []).map_err(|e| e.to_string())?;
    let mut rng = seed;
    let mut list = ActionList::new();
    for _ in 0..turns {
        list.clear();
        g.legal_actions(&mut list);
        if list.is_empty() {
            return match g.outcome() {
                Some(_) => Ok(()),
                None => Err(format!("no decision but no result: {}", g.to_setup())),
            };
        }
        if g.outcome().is_some() {
            return Err(format!("decisions listed after the end: {}", g.to_setup()));
        }
        let before = g.clone();
        let mut actions = TurnActions::new();
        loop {
            rng = zobrist::key(rng);
            let a = list[(rng % list.len() as u64) as usize];
            g.play(a);
            actions.push(a);
            if !g.in_turn() {
                break;
            }
            list.clear();
            g.legal_actions(&mut list);
            if list.is_empty() {
                return Err(format!(
                    "a dead end after {actions:?} from {}",
                    before.to_setup()
                ));
            }
        }
        // The position string parses back (the game's checks pass) and prints the same.
        let text = g.to_setup().to_string();
        let back = AnyGame::from_setup(
            &Setup::parse(&text).map_err(|e| format!("{text}: {e}"))?,
            g.options(),
        )
        .map_err(|e| format!("{text}: {e}"))?;
        if back.to_setup().to_string() != text || back.hash() != g.hash() {
            return Err(format!("{text} does not round-trip"));
        }
        // The move's notation replays to the same position.
        let mut notation = String::new();
        before.write_notation(&actions, &mut notation);
        let (replayed, again) =
            play_move(&before, &notation).map_err(|e| format!("{notation}: {e}"))?;
        if replayed.to_setup().to_string() != text || again.as_slice() != actions.as_slice() {
            return Err(format!("{notation} replays differently"));
        }
        conserved(&g, &before).map_err(|e| format!("{e} after {notation}"))?;
        list.clear();
        g.legal_actions(&mut list);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_promise(game in 0..GAMES.len(), seed in any::<u64>(), turns in 1u32..120) {
        let id = GAMES[game];
        prop_assert_eq!(check_game(id, seed, turns), Ok(()), "{} seed {} turns {}", id, seed, turns);
    }

    #[test]
    fn position_strings_never_panic_the_parser(text in "[a-z0-9 ,/-]{0,80}") {
        // Anything at all is either a position of some game or a clear error.
        if let Ok(setup) = Setup::parse(&text) {
            let _ = AnyGame::from_setup_with(&setup, []);
        }
    }

    #[test]
    fn move_texts_never_panic_the_games(game in 0..GAMES.len(), text in "[a-jA-J0-9 :()>-]{0,40}") {
        let g = AnyGame::start_with(GAMES[game], []).unwrap();
        let _ = play_move(&g, &text);
    }
}
