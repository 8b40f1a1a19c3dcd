//! What Intermedium teaches the search's proofs: a City open to the side to move is a won game
//! (the City walk is exact), only a capture stops one, and the gates on the walks for a City set
//! up one, two or three turns ahead, which cost too much to run everywhere.

use super::evaluation::IntermediumEval;
use super::parameters::{CLOSER, ENDGAME_MOVES, NEAR, SET_UP_WALK_MOVES, SHORT, SOWER};
use crate::ai::eval::ThreatProofs;
use crate::rules::{Action, Game, Intermedium, Player};

impl ThreatProofs<Intermedium> for IntermediumEval {
    /// The City walk is exact ([`Intermedium::open_strikes`]): a City the side to move can
    /// take is a won game, which lets the search prove every turn that leaves the enemy one
    /// lost and find the few that do not (measured at 80aeeba).
    fn wins_at_once(&self, p: &Intermedium) -> bool {
        !p.in_turn() && p.open_strikes(p.to_move()).city
    }

    /// The defender's stones never stand in the attacker's way (the armies keep to their own
    /// colours), so only a turn that captures can stop a City that is open now.
    fn threatened(&self, p: &Intermedium) -> bool {
        !p.in_turn() && p.open_strikes(!p.to_move()).city
    }

    /// As [`IntermediumEval::threatened`] says: the defender's stones never stand in the
    /// attacker's way.
    fn only_captures_stop(&self, _p: &Intermedium) -> bool {
        true
    }

    /// A side that holds a cell around the enemy City, or has a stack within as many diagonal steps
    /// of an empty cell of that ring as it has stones ([`Intermedium::near_empty_ring`]), and whose
    /// moves are few enough to walk (tall stacks sow along thousands of paths): set-ups are rare
    /// elsewhere, and the walk costs the search about a fifth of its speed in the middle game even
    /// so (measured at 00c7d51, and at 2846823 for the stacks near the ring). Or a side with a
    /// sower, a tall stack that may sow round the ring by itself once a turn feeds it: then the
    /// turns of its stacks of up to [`SHORT`] stones, and its sowers' own sowings that can end on
    /// the ring, are walked when all of them are too many (measured at da0c847 and e10d18e). Or a
    /// side with a stack that can sow round the whole ring now ([`Intermedium::may_close_ring`];
    /// measured at fb390cd). Or a side ahead in an endgame that may set the City up from afar
    /// ([`may_set_up_from_afar`]).
    fn may_set_up(&self, p: &Intermedium) -> bool {
        let mover = p.to_move();
        if p.in_turn() {
            return false;
        }
        let walked = if p.moves_at_most(mover) <= SET_UP_WALK_MOVES {
            p.city_pressure(mover) >= 1 || p.has_sower(mover, SOWER) || p.near_empty_ring(mover, 0)
        } else {
            p.has_sower(mover, SOWER) && p.moves_at_most_up_to(mover, SHORT) <= SET_UP_WALK_MOVES
        };
        walked || p.may_close_ring(mover) || may_set_up_from_afar(p, mover)
    }

    /// Only a turn that opens the City can set it up, and whether it does is worked out from the
    /// stacks it changed ([`Intermedium::opens_city`]): walking every stack of every end took three
    /// quarters of the search's time in cramped positions (measured at f3edf31).
    fn set_up_end(&self, p: &Intermedium, end: &Intermedium) -> bool {
        p.opens_city(end, p.to_move())
    }

    /// Where only a sower lets the walk through, the turns of stacks that can reach the ring or a
    /// sower (of at most [`SHORT`] stones where all of them have too many moves), those of a stack
    /// of at most [`CLOSER`] stones that can sow round the whole ring by itself, and those of a
    /// stack of [`SOWER`] to [`CLOSER`] stones whose sowing can end on the ring
    /// ([`Intermedium::sows_onto_ring`]): a sower's own turn that lands on the ring, as White's c9
    /// sowing to e1 did in six of 32 seeds of the search test of a City set up a turn ahead
    /// (measured at e10d18e). Every turn where the side holds part of the ring, or may set the City
    /// up from afar.
    fn set_up_turn(&self, p: &Intermedium, first: Action) -> bool {
        let mover = p.to_move();
        let few = p.moves_at_most(mover) <= SET_UP_WALK_MOVES;
        if (few && p.city_pressure(mover) >= 1) || may_set_up_from_afar(p, mover) {
            return true;
        }
        matches!(first, Action::Cell(c)
            if ((few || p.height(c) <= usize::from(SHORT)) && p.may_feed_sower(c, SOWER))
                || (p.height(c) <= usize::from(CLOSER) && p.closes_ring(c))
                || ((usize::from(SOWER)..=usize::from(CLOSER)).contains(&p.height(c))
                    && p.sows_onto_ring(c)))
    }

    /// A stack taller than [`SHORT`] among too many moves to walk was let through only because it
    /// can sow round the ring by itself or end its sowing on the ring: only its sowings that can
    /// still do one of them are walked ([`Intermedium::may_still_close_ring`],
    /// [`Intermedium::may_still_end_on_ring`]), not every path of the stack.
    fn set_up_within(&self, p: &Intermedium, mid: &Intermedium) -> bool {
        let Some(origin) = mid.origin() else {
            return true;
        };
        p.height(origin) <= usize::from(SHORT)
            || mid.may_still_close_ring()
            || (p.height(origin) >= usize::from(SOWER) && mid.may_still_end_on_ring())
            || p.moves_at_most(p.to_move()) <= SET_UP_WALK_MOVES
    }

    /// An enemy that holds two cells or more around the City of the side to move, where both sides'
    /// moves are few enough to walk: the side to move can only capture, so the enemy's hold on the
    /// ring does not grow before its turn (measured at 55075f3). Or an enemy ahead in an endgame
    /// that may set the City up from afar ([`may_set_up_from_afar`]), where the side to move has
    /// few moves too.
    fn may_be_set_up(&self, p: &Intermedium) -> bool {
        let (mover, enemy) = (p.to_move(), !p.to_move());
        let ours = p.moves_at_most(mover);
        !p.in_turn()
            && ((p.city_pressure(enemy) >= 2
                && ours <= SET_UP_WALK_MOVES
                && p.moves_at_most(enemy) <= SET_UP_WALK_MOVES)
                || (ours <= ENDGAME_MOVES && may_set_up_from_afar(p, enemy)))
    }
}

/// Whether `attacker`, in an endgame of at most [`ENDGAME_MOVES`] moves of its own, has taken
/// more stones than the enemy and has a stone near an empty cell of the ring it attacks
/// ([`Intermedium::near_empty_ring`]): then Intermedium's search looks for a City that it sets up
/// two or three turns ahead wherever the ring stands, as it does for a side that holds part of
/// the ring. A side far ahead may gather its stones round the ring from afar; the walks cost a
/// search that is behind, not the one ahead (measured at 3b37690).
fn may_set_up_from_afar(p: &Intermedium, attacker: Player) -> bool {
    p.moves_at_most(attacker) <= ENDGAME_MOVES
        && p.captured_by(attacker) > p.captured_by(!attacker)
        && p.near_empty_ring(attacker, NEAR)
}
