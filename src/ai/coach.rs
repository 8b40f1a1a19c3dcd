//! The coach: whether a person's turn gives away the game or stones at once while another turn
//! would not. While the person decides, [`study`] looks for a turn that keeps both (the best it
//! finds within its budget); once the turn is chosen, [`judge`] weighs it against that. Both ask
//! exact questions of the [`Prover`] (can the reply win, can it take k stones), never a guess:
//! what the budget cannot answer leaves the coach silent.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::rules::{Action, ActionList, Cell, Game, Player, TurnActions, any_turn};

use super::forced::{Goal, Prover};

/// Positions the study of a turn's alternatives may visit (a few tenths of a second).
pub const STUDY_BUDGET: u64 = 60_000;

/// Positions weighing the chosen turn may visit.
pub const JUDGING_BUDGET: u64 = 20_000;

/// The most stones a reply is asked to take (a larger threat counts as this many).
const MOST_THREAT: u8 = 12;

/// What a turn leads to once the other side has replied at its best: whether the reply can
/// win, and the stones the turn takes less those the reply takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outlook {
    /// The reply wins the game.
    pub loses_game: bool,
    /// Stones won over the turn and the reply (negative: stones lost).
    pub net: i32,
}

impl Outlook {
    /// Keeps the game and loses no stones.
    #[must_use]
    pub fn is_sound(self) -> bool {
        !self.loses_game && self.net >= 0
    }

    fn rank(self) -> (bool, i32) {
        (!self.loses_game, self.net)
    }
}

/// What the study of a position found: the best outlook of a turn from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Study {
    /// The position studied.
    pub position: u64,
    /// The best outlook found among its turns, if any was weighed.
    pub best: Option<Outlook>,
}

/// What a warned turn gives away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blunder {
    /// The reply wins the game.
    LosesGame,
    /// The reply takes this many stones (the turn loses material on balance).
    LosesStones(u8),
}

/// The coach's warning about a turn: what it gives away and the reply that shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// What is lost.
    pub blunder: Blunder,
    /// The reply, in notation from the position after the turn.
    pub reply: String,
    /// The cells of the stones at risk: the mover's stacks the reply takes from, else the cells
    /// the reply plays on.
    pub at_risk: Vec<Cell>,
}

/// A node budget shared by several proofs.
struct Budget(u64);

impl Budget {
    /// Runs `ask` on a prover with what is left, spending what it used.
    fn ask<G: Game>(
        &mut self,
        goal: Goal,
        at: &G,
        ask: impl FnOnce(&mut Prover) -> Option<bool>,
    ) -> Option<bool> {
        let mut prover = Prover::for_goal(self.0, goal, at).own_turns_only();
        let answer = ask(&mut prover);
        self.0 = self.0.saturating_sub(prover.nodes());
        answer
    }
}

/// Stones `p` has taken in `position` (where captured stones return to the board, the count of
/// both sides', which only the mover adds to).
fn taken<G: Game>(position: &G, p: Player) -> usize {
    if position.id() == crate::rules::GameId::CashInHand {
        position.stones_captured()
    } else {
        position.captured_by(p)
    }
}

/// Whether the game takes stones off the board (Grabber keeps its prisoners in play).
fn material_counts<G: Game>(position: &G) -> bool {
    !position.id().is_grabber()
}

/// Whether the side to move in `after` can reach `goal` in its one turn.
fn reply_reaches<G: Game>(budget: &mut Budget, after: &G, goal: Goal) -> Option<bool> {
    let replier = after.to_move();
    budget.ask(goal, after, |p| p.wins(after, replier, 1))
}

/// The most stones the side to move in `after` can take in its turn, up to [`MOST_THREAT`].
fn threat<G: Game>(budget: &mut Budget, after: &G) -> Option<u8> {
    if !material_counts(after) {
        return Some(0);
    }
    for k in 1..=MOST_THREAT {
        if !reply_reaches(budget, after, Goal::Take(k))? {
            return Some(k - 1);
        }
    }
    Some(MOST_THREAT)
}

/// The stones `mover` won by the turn from `before` to `after`, less any it lost in it (none
/// counted where stones do not decide).
fn gained<G: Game>(before: &G, after: &G, mover: Player) -> i32 {
    if !material_counts(after) {
        return 0;
    }
    let delta = |p: Player| taken(after, p) as i32 - taken(before, p) as i32;
    if after.id() == crate::rules::GameId::CashInHand {
        delta(mover)
    } else {
        delta(mover) - delta(!mover)
    }
}

/// The outlook of the turn from `before` to `after`; `None` when the budget cannot tell.
fn outlook<G: Game>(budget: &mut Budget, before: &G, after: &G) -> Option<Outlook> {
    let mover = before.to_move();
    if let Some(o) = after.outcome() {
        let lost = o.winner() == Some(!mover);
        let net = if o.winner() == Some(mover) {
            i32::MAX
        } else {
            0
        };
        return Some(Outlook {
            loses_game: lost,
            net,
        });
    }
    let loses_game = reply_reaches(budget, after, Goal::Win)?;
    let threat = if loses_game {
        0
    } else {
        threat(budget, after)?
    };
    Some(Outlook {
        loses_game,
        net: gained(before, after, mover) - i32::from(threat),
    })
}

/// Whether the turn to `after` is sound: the reply neither wins nor takes more than the turn
/// took (a cheaper question than its whole outlook).
fn is_sound<G: Game>(budget: &mut Budget, before: &G, after: &G) -> Option<bool> {
    if after.outcome().is_some() {
        return Some(outlook(budget, before, after)?.is_sound());
    }
    let gain = gained(before, after, before.to_move());
    if gain < 0 || reply_reaches(budget, after, Goal::Win)? {
        return Some(false);
    }
    if !material_counts(after) {
        return Some(true);
    }
    let more = u8::try_from(gain + 1).unwrap_or(MOST_THREAT);
    Some(!reply_reaches(budget, after, Goal::Take(more))?)
}

/// Studies the turns of the side to move in `position` (at a turn boundary) until one is sound,
/// the budget is spent or `cancel` is set; the best outlook found.
pub fn study<G: Game>(position: &G, budget: u64, cancel: Option<&AtomicBool>) -> Study {
    let mut budget = Budget(budget);
    let mut best: Option<Outlook> = None;
    any_turn(position, |after| {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) || budget.0 == 0 {
            return true;
        }
        let found = match is_sound(&mut budget, position, after) {
            Some(true) => Some(Outlook {
                loses_game: false,
                net: gained(position, after, position.to_move()),
            }),
            Some(false) => outlook(&mut budget, position, after),
            None => None,
        };
        if let Some(o) = found
            && best.is_none_or(|b| o.rank() > b.rank())
        {
            best = Some(o);
        }
        best.is_some_and(Outlook::is_sound)
    });
    Study {
        position: position.hash(),
        best,
    }
}

/// Whether the turn from `before` to `after` gives away the game or stones at once while the
/// studied alternative would not; the warning, with the reply that shows it.
#[must_use]
pub fn judge<G: Game>(study: &Study, before: &G, after: &G, budget: u64) -> Option<Warning> {
    let better = study.best.filter(|_| study.position == before.hash())?;
    let mut budget = Budget(budget);
    let chosen = outlook(&mut budget, before, after)?;
    if chosen.is_sound() || chosen.rank() >= better.rank() {
        return None;
    }
    let (blunder, goal) = if chosen.loses_game {
        (Blunder::LosesGame, Goal::Win)
    } else {
        let lost = gained(before, after, before.to_move()) - chosen.net;
        let lost = u8::try_from(lost).ok()?;
        (Blunder::LosesStones(lost), Goal::Take(lost))
    };
    let reply = winning_turn(&mut budget, after, goal)?;
    let mut text = String::new();
    after.write_notation(&reply, &mut text);
    Some(Warning {
        blunder,
        reply: text,
        at_risk: at_risk(after, &reply, before.to_move()),
    })
}

/// A turn of the side to move in `after` that reaches `goal`, a decision at a time.
fn winning_turn<G: Game>(budget: &mut Budget, after: &G, goal: Goal) -> Option<TurnActions> {
    let replier = after.to_move();
    let mut prover = Prover::for_goal(budget.0, goal, after).own_turns_only();
    let mut now = after.clone();
    let mut path = TurnActions::new();
    let mut list = ActionList::new();
    while path.is_empty() || now.in_turn() {
        list.clear();
        now.legal_actions(&mut list);
        let a = list.as_slice().iter().copied().find(|&a| {
            let mut next = now.clone();
            next.play(a);
            let left = u8::from(next.in_turn());
            prover.wins(&next, replier, left) == Some(true)
        })?;
        now.play(a);
        path.push(a);
    }
    budget.0 = budget.0.saturating_sub(prover.nodes());
    Some(path)
}

/// The cells whose stones of `mover` the reply takes, else the cells it plays on.
fn at_risk<G: Game>(after: &G, reply: &[Action], mover: Player) -> Vec<Cell> {
    let mut end = after.clone();
    for &a in reply {
        end.play(a);
    }
    let lost: Vec<Cell> = after
        .id()
        .geometry()
        .cells()
        .filter(|&c| end.stack(c).count(mover) < after.stack(c).count(mover))
        .collect();
    if !lost.is_empty() {
        return lost;
    }
    reply
        .iter()
        .filter_map(|a| match a {
            Action::Cell(c) => Some(*c),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyGame, Setup, play_move};

    fn position(s: &str) -> AnyGame {
        AnyGame::from_setup_with(&Setup::parse(s).unwrap(), []).unwrap()
    }

    /// A blunder found along a random game of each game (by a walk like the study's over
    /// random games: a position with a sound turn, and the first turn the coach warns of).
    const BLUNDERS: [(&str, &str); 5] = [
        (
            "cash-in-hand w,1,w2,1,w6,1,w,b14/1,w2,1,w4,1,w,b2,1/w4,b3,w,2,b5,1,b4/b4,1,b6,w6,1,w,b3,w/1,b4,1,b7,w2,1,w2,1/2,b3,2,w3,1,w5/1,b3,1,b2,2,w7,1/b2,1,b4,1,b4,w3,1,w6 b 104",
            "c1:2 d2:1 e3:1",
        ),
        (
            "intermedium 1,w,5/1,b,w7,3,w2/b2,w,b2,w,1,w2,1/2,w2,b,w10,2/1,w,b,w,1,w2,1/1,b2,1,b3,w3,b2,1/b,1,b2,2,w,b2/1,b2,1,b,1,b3,1/b,1,b4,1,b3,1,b2/1,b2,1,b2,1,b2,1 w 37",
            "e5-f6-g7-f8",
        ),
        (
            "grabber wb,1,w,b2w,1,b,w2b,bw/3,wb,b,w2b,2/wb,1,b,3,wb,b/1,b,wb,5/wb,1,b2w,bw,1,w,b4w,bw/1,w,w3,w,b2w,2,w2/1,b2w,3,w,2/w,2,wb,3,b w 50",
            "d8-d6-b6",
        ),
        (
            "support 3,w,2,w,w,1/9/8,b/w,7,w/9/b,8/9/8,b/1,b,7 b 9 0 0 -",
            "a4-a5",
        ),
        (
            "splay 8/1,w2,w3,w4,4/2,w,1,w2,w2,w,1/5,b,w,w/2,wb2,1,b,b,2/3,b3,1,b2,b,1/2,b4,2,b2,2/2,b,5 w 21 0 0",
            "g5-g6",
        ),
    ];

    /// What `reply` does from `after` to the side that played before it, by the rules.
    fn reply_does(after: &AnyGame, reply: &str) -> (bool, usize) {
        let (end, _) = play_move(after, reply).unwrap();
        let mover = !after.to_move();
        let wins = end.outcome().is_some_and(|o| o.winner() == Some(!mover));
        let lost: usize = after
            .id()
            .geometry()
            .cells()
            .map(|c| {
                after
                    .stack(c)
                    .count(mover)
                    .saturating_sub(end.stack(c).count(mover))
            })
            .sum();
        (wins, lost)
    }

    #[test]
    fn the_coach_warns_before_a_blunder_in_every_game() {
        for (setup, blunder) in BLUNDERS {
            let before = position(setup);
            let studied = study(&before, STUDY_BUDGET, None);
            assert!(studied.best.is_some_and(Outlook::is_sound), "{setup}");
            let (after, _) = play_move(&before, blunder).unwrap();
            let warning = judge(&studied, &before, &after, JUDGING_BUDGET)
                .unwrap_or_else(|| panic!("no warning for {blunder} in {setup}"));
            // The reply it names does what the warning says, by the rules alone.
            let (wins, lost) = reply_does(&after, &warning.reply);
            match warning.blunder {
                Blunder::LosesGame => assert!(wins, "{setup}: {}", warning.reply),
                Blunder::LosesStones(n) => {
                    assert!(
                        !wins && lost >= usize::from(n) && n > 0,
                        "{setup}: {warning:?} {wins} {lost}"
                    );
                }
            }
            assert!(!warning.at_risk.is_empty(), "{setup}");
        }
    }

    #[test]
    fn the_coach_is_silent_for_a_sound_move() {
        for (setup, _) in BLUNDERS {
            let before = position(setup);
            let studied = study(&before, STUDY_BUDGET, None);
            let mut path = TurnActions::new();
            let mut budget = Budget(STUDY_BUDGET);
            // A sound turn, as the study's own question finds it.
            assert!(crate::rules::find_turn(&before, &mut path, |after| {
                is_sound(&mut budget, &before, after) == Some(true)
            }));
            let mut after = before.clone();
            for &a in &path {
                after.play(a);
            }
            assert_eq!(
                judge(&studied, &before, &after, JUDGING_BUDGET),
                None,
                "{setup}"
            );
            // By the rules: the strongest reply among those weighed neither wins nor takes
            // more than the turn took (Grabber's prisoners stay in play: no stones are lost).
            if let Some((reply, _, _)) = super::super::puzzle::refutation(&after) {
                let (wins, lost) = reply_does(&after, &reply);
                let lost = if material_counts(&after) { lost } else { 0 };
                let took = gained(&before, &after, before.to_move());
                assert!(
                    !wins && lost as i32 <= took.max(0),
                    "{setup}: {reply} {wins} {lost} {took}"
                );
            }
        }
    }

    #[test]
    fn a_study_of_another_position_warns_of_nothing() {
        let (setup, blunder) = BLUNDERS[3];
        let before = position(setup);
        let other = study(
            &AnyGame::start_with(before.id(), []).unwrap(),
            STUDY_BUDGET,
            None,
        );
        let (after, _) = play_move(&before, blunder).unwrap();
        assert_eq!(judge(&other, &before, &after, JUDGING_BUDGET), None);
    }
}
