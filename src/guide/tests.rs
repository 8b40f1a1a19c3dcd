//! Every demonstration is played through the rules and shows what its caption says.

use super::{GAMES, Shows, guide};
use crate::rules::{AnyGame, AnyOptions, Game, Outcome, Player, Setup, play_move, play_prefix};

/// The stones of `p`'s opponent that are free: in stacks the opponent tops. Where captured
/// stones are not counted (Grabber's prisoners, Cash In Hand's supply) a capture lowers it.
fn free_enemy_stones(g: &AnyGame, p: Player) -> usize {
    let enemy = !p;
    g.id()
        .geometry()
        .cells()
        .map(|c| g.stack(c))
        .filter(|s| s.top() == Some(enemy))
        .map(|s| s.count(enemy))
        .sum()
}

fn start_of(position: &str, id: crate::rules::GameId) -> AnyGame {
    if position.is_empty() {
        return AnyGame::start(AnyOptions::for_game(id));
    }
    let setup = Setup::parse(position).unwrap_or_else(|e| panic!("{position}: {e}"));
    assert_eq!(setup.game, id, "{position} is another game's");
    AnyGame::from_setup_with(&setup, []).unwrap_or_else(|e| panic!("{position}: {e}"))
}

#[test]
fn every_demonstration_plays_and_shows_its_caption() {
    for id in GAMES {
        let guide = guide(id);
        assert_eq!(guide.game, id);
        assert!(
            guide.demos.len() >= 3,
            "{id}: a move, a capture and a win at least"
        );
        for demo in guide.demos {
            let mut g = start_of(demo.position, id);
            let mut before = g.clone();
            for text in demo.moves {
                before = g.clone();
                g = play_move(&g, text)
                    .unwrap_or_else(|e| panic!("{id} '{}': {text}: {e}", demo.title))
                    .0;
            }
            if !demo.partial.is_empty() {
                let turn = play_prefix(&g, demo.partial)
                    .unwrap_or_else(|e| panic!("{id} '{}': {e}", demo.title));
                assert!(
                    !turn.is_complete(),
                    "{id} '{}' shows a whole move",
                    demo.title
                );
            }
            let mover = before.to_move();
            match demo.shows {
                Shows::Setup => assert!(
                    demo.moves.is_empty() && g.outcome().is_none(),
                    "{id} {}",
                    demo.title
                ),
                Shows::Moves => {
                    assert!(!demo.moves.is_empty() && g.outcome().is_none());
                }
                Shows::Capture => assert!(
                    g.captured_by(mover) > before.captured_by(mover)
                        || free_enemy_stones(&g, mover) < free_enemy_stones(&before, mover),
                    "{id} '{}' captures nothing",
                    demo.title
                ),
                Shows::Win(reason) => {
                    assert!(
                        matches!(g.outcome(), Some(Outcome::Win(p, r)) if r == reason
                            && (p == mover || reason == crate::rules::Reason::Centre)),
                        "{id} '{}' ends {:?}",
                        demo.title,
                        g.outcome()
                    );
                }
            }
        }
    }
}

#[test]
fn every_demonstration_of_a_capture_or_win_is_there() {
    for id in GAMES {
        let shows: Vec<Shows> = guide(id).demos.iter().map(|d| d.shows).collect();
        assert!(shows.contains(&Shows::Capture), "{id} has no capture");
        assert!(
            shows.iter().any(|s| matches!(s, Shows::Win(_))),
            "{id} has no win"
        );
        assert!(!guide(id).rules.is_empty());
    }
}

#[test]
fn the_guides_state_the_no_progress_draw_at_its_default_length() {
    use crate::files::i18n::StringTable;
    let german = StringTable::from_ron(include_str!("../../assets/i18n/de.ron")).unwrap();
    for (key, turns) in [
        (
            "guide.splay.rule.6.text",
            crate::rules::splay::DEFAULT_NO_CAPTURE_TURNS,
        ),
        (
            "guide.cash-in-hand.rule.5.text",
            crate::rules::cash_in_hand::DEFAULT_NO_CAPTURE_TURNS,
        ),
    ] {
        for table in [StringTable::english(), german.clone()] {
            let text = table.get(key).unwrap();
            assert!(text.contains(&format!("{turns} ")), "{key}: {text}");
        }
    }
}
