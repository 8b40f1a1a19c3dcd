//! Per-game evaluation: how good a position looks without searching further, used to cut
//! playouts short. Kept apart from the rules and from the search (Game / Evaluator / Strategy).

mod cash_in_hand;

pub use cash_in_hand::CashInHandEval;

use crate::rules::{
    Action, ActionList, AnyGame, ByPlayer, Game, Grabber, Intermedium, Player, Splay, Support,
    splay::WINNING_CAPTURES, support::CENTRE_MAJORITY,
};

/// Judges positions of one game.
pub trait Evaluator<G: Game>: Send + Sync {
    /// How good `position` is for Black, from -1 (lost) to 1 (won).
    fn evaluate(&self, position: &G) -> f32;

    /// The decisions among `legal` that a playout must choose from because anything else loses
    /// at once (an answer to a threat), written to `urgent`; left empty when any decision will
    /// do, or when none saves the game.
    fn urgent(&self, _position: &G, _legal: &ActionList, _urgent: &mut ActionList) {}

    /// The decisions among `legal` that a playout going for material prefers (captures, or the
    /// first decision of a turn that can capture), written to `out`; left empty when the game
    /// names none or none is open.
    fn tactical(&self, _position: &G, _legal: &ActionList, _out: &mut ActionList) {}

    /// Whether the side to move at `position` (between turns, the game still on) has a turn
    /// that wins at once, known exactly, so that the search counts the position as lost for
    /// its opponent without looking at that turn; false whenever it is not certain.
    fn wins_at_once(&self, _position: &G) -> bool {
        false
    }

    /// Whether the opponent of the side to move at `position` (between turns) may have a turn
    /// that wins at once, were it its turn: only then can every turn of the side to move lose
    /// at once, which the search then checks turn by turn with [`Evaluator::wins_at_once`].
    /// True when unsure; false only when certain.
    fn threatened(&self, _position: &G) -> bool {
        false
    }

    /// Whether, where [`Evaluator::threatened`] holds at `position`, only a turn that captures
    /// can stop the opponent's win: then every other turn is known to leave it open without
    /// checking with [`Evaluator::wins_at_once`].
    fn only_captures_stop(&self, _position: &G) -> bool {
        false
    }

    /// Whether the side to move at `position` (between turns) is close enough to a turn that
    /// wins at once for the search to look for a turn of it that sets one up which the
    /// opponent cannot stop. A gate on what it costs, not a certainty: false where such a
    /// set-up is rare.
    fn may_set_up(&self, _position: &G) -> bool {
        false
    }

    /// Whether the walk for a set-up that [`Evaluator::may_set_up`] lets through tries the
    /// turns that begin with `first` at `position`: all of them unless the game bounds the walk.
    fn set_up_turn(&self, _position: &G, _first: Action) -> bool {
        true
    }

    /// Whether the set-up walk goes on from `mid`, a turn under way from `position` that
    /// [`Evaluator::set_up_turn`] let through: a walk may keep only the sowings that can still
    /// make what let the turn through.
    fn set_up_within(&self, _position: &G, _mid: &G) -> bool {
        true
    }

    /// Whether the turn from `position` to `end` may have set up a win (checked before the
    /// dearer walk of the answers): always unless the game can rule it out cheaply.
    fn set_up_end(&self, _position: &G, _end: &G) -> bool {
        true
    }

    /// Whether the opponent of the side to move at `position` (between turns) is close enough
    /// to such a set-up, whatever the side to move does first, for the search to check every
    /// turn of the side to move against it. A gate on what it costs, as
    /// [`Evaluator::may_set_up`], and narrower: every turn of the side to move is walked.
    fn may_be_set_up(&self, _position: &G) -> bool {
        false
    }
}

/// Splay: captured stones decide the game, so material is most of it. Enemy stones a side
/// holds (under its top stone, so it can carry them home) count nearly as much as captured ones
/// when they are close to its back rank, and never as much, so taking them always looks better;
/// stones merely standing near the enemy's back rank count a little against their owner.
/// Playouts take a capture when one is open.
#[derive(Clone, Copy, Debug, Default)]
pub struct SplayEval;

/// A side's stones weighed by how near they are to being captured: all of them (how exposed
/// they are) and those the enemy holds.
fn splay_exposure(p: &Splay, side: Player) -> (f32, f32) {
    let exposure = p.exposure(side);
    let (mut exposed, mut held) = (0.0, 0.0);
    for d in 0..8 {
        let near = 1.0 - d as f32 / 7.0;
        exposed += f32::from(exposure.stones[d]) * near * near;
        held += f32::from(exposure.held[d]) * (1.0 - d as f32 / 8.0);
    }
    (exposed, held)
}

impl Evaluator<Splay> for SplayEval {
    fn evaluate(&self, p: &Splay) -> f32 {
        let caps = p.captured_by(Player::Black) as f32 - p.captured_by(Player::White) as f32;
        let (white_exposed, white_held) = splay_exposure(p, Player::White);
        let (black_exposed, black_held) = splay_exposure(p, Player::Black);
        let exposed = white_exposed - black_exposed;
        let held = white_held - black_held;
        let target = f32::from(WINNING_CAPTURES);
        ((caps + 0.15 * exposed + held) / (target * 0.5)).tanh()
    }

    fn tactical(&self, p: &Splay, legal: &ActionList, out: &mut ActionList) {
        p.capturing_decisions(legal, out);
    }
}

/// Intermedium: stones taken, stacks left that can still move (a player without one loses), how
/// many neighbours of the enemy City are held (holding all three sets up the City win), a stack
/// one feed short of sowing round the ring into the City ([`ONCE_FED`]), and the strikes each
/// side's sowing could make next: a City the side to move can take has fallen.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntermediumEval;

impl Evaluator<Intermedium> for IntermediumEval {
    fn evaluate(&self, p: &Intermedium) -> f32 {
        let mover = p.to_move();
        let strikes = if p.in_turn() {
            ByPlayer::default()
        } else {
            ByPlayer::new(p.open_strikes(Player::Black), p.open_strikes(Player::White))
        };
        if strikes[mover].city {
            let won = 0.98;
            return if mover == Player::Black { won } else { -won };
        }
        let side = |who: Player| {
            let mobile = p.movable_stacks(who) as f32;
            let stuck = if mobile == 0.0 { -4.0 } else { 0.0 };
            let threat = match (who == mover, strikes[who]) {
                (true, s) if s.capture => 0.2,
                (false, s) if s.city => 0.6,
                (false, s) if s.capture => 0.05,
                _ => 0.0,
            };
            let once_fed = if p.in_turn() || !p.takes_city_once_fed(who) {
                0.0
            } else {
                ONCE_FED
            };
            p.captured_by(who) as f32 / 4.0
                + 0.15 * mobile.min(8.0)
                + once_fed
                + 0.35 * (p.city_pressure(who) as f32).powi(2) / 3.0
                + threat
                + stuck
        };
        (side(Player::Black) - side(Player::White)).tanh()
    }

    /// Random sowings almost never end on a single stone beside a stack closed in: playouts
    /// that take the City or a capture when a turn can make one play far more like people do.
    fn tactical(&self, p: &Intermedium, legal: &ActionList, out: &mut ActionList) {
        p.striking_decisions(legal, out);
    }

    /// The City walk is exact ([`Intermedium::open_strikes`]): a City the side to move can
    /// take is a won game, which lets the search prove every turn that leaves the enemy one
    /// lost and find the few that do not (BENCHMARKS.md, "Intermedium's City").
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

    /// A side that holds a cell around the enemy City, or has a stack within as many diagonal
    /// steps of an empty cell of that ring as it has stones ([`Intermedium::near_empty_ring`]),
    /// and whose moves are few enough to walk (tall stacks sow along thousands of paths):
    /// set-ups are rare elsewhere, and the walk costs the search about a fifth of its speed in
    /// the middle game even so (BENCHMARKS.md, "A City set up two turns ahead"; "A plan proven
    /// once, tried everywhere" for the stacks near the ring). Or a side with a sower, a tall
    /// stack that may sow round the ring by itself once a turn feeds it: then the turns of its
    /// stacks of up to [`SHORT`] stones, and its sowers' own sowings that can end on the ring,
    /// are walked when all of them are too many (BENCHMARKS.md, "A City sown by one tall stack",
    /// "A sower's own turn onto the ring"). Or a side with a stack that can sow round the whole ring
    /// now ([`Intermedium::may_close_ring`]; BENCHMARKS.md, "A stack that sows round the ring").
    /// Or a side ahead in an endgame that may set the City up from afar
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

    /// Only a turn that opens the City can set it up, and whether it does is worked out from
    /// the stacks it changed ([`Intermedium::opens_city`]): walking every stack of every end
    /// took three quarters of the search's time in cramped positions (BENCHMARKS.md, "The
    /// set-up walk judges what a turn changed").
    fn set_up_end(&self, p: &Intermedium, end: &Intermedium) -> bool {
        p.opens_city(end, p.to_move())
    }

    /// Where only a sower lets the walk through, the turns of stacks that can reach the ring or
    /// a sower (of at most [`SHORT`] stones where all of them have too many moves), those of
    /// a stack of at most [`CLOSER`] stones that can sow round the whole ring by itself, and
    /// those of a stack of [`SOWER`] to [`CLOSER`] stones whose sowing can end on the ring
    /// ([`Intermedium::sows_onto_ring`]): a sower's own turn that lands on the ring, as White's
    /// c9 sowing to e1 did in six of 32 seeds of the search test of a City set up a turn ahead
    /// (BENCHMARKS.md, "A sower's own turn onto the ring"). Every turn where the side holds part
    /// of the ring, or may set the City up from afar.
    fn set_up_turn(&self, p: &Intermedium, first: Action) -> bool {
        let mover = p.to_move();
        let few = p.moves_at_most(mover) <= SET_UP_WALK_MOVES;
        if few && p.city_pressure(mover) >= 1 || may_set_up_from_afar(p, mover) {
            return true;
        }
        matches!(first, Action::Cell(c)
            if (few || p.height(c) <= usize::from(SHORT)) && p.may_feed_sower(c, SOWER)
                || p.height(c) <= usize::from(CLOSER) && p.closes_ring(c)
                || (usize::from(SOWER)..=usize::from(CLOSER)).contains(&p.height(c))
                && p.sows_onto_ring(c))
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
            || p.height(origin) >= usize::from(SOWER) && mid.may_still_end_on_ring()
            || p.moves_at_most(p.to_move()) <= SET_UP_WALK_MOVES
    }

    /// An enemy that holds two cells or more around the City of the side to move, where both
    /// sides' moves are few enough to walk: the side to move can only capture, so the enemy's
    /// hold on the ring does not grow before its turn (BENCHMARKS.md, "A City set up three turns
    /// ahead"). Or an enemy ahead in an endgame that may set the City up from afar
    /// ([`may_set_up_from_afar`]), where the side to move has few moves too.
    fn may_be_set_up(&self, p: &Intermedium) -> bool {
        let (mover, enemy) = (p.to_move(), !p.to_move());
        let ours = p.moves_at_most(mover);
        !p.in_turn()
            && (p.city_pressure(enemy) >= 2
                && ours <= SET_UP_WALK_MOVES
                && p.moves_at_most(enemy) <= SET_UP_WALK_MOVES
                || ours <= ENDGAME_MOVES && may_set_up_from_afar(p, enemy))
    }
}

/// Whether `attacker`, in an endgame of at most [`ENDGAME_MOVES`] moves of its own, has taken
/// more stones than the enemy and has a stone near an empty cell of the ring it attacks
/// ([`Intermedium::near_empty_ring`]): then Intermedium's search looks for a City that it sets up
/// two or three turns ahead wherever the ring stands, as it does for a side that holds part of
/// the ring. A side far ahead may gather its stones round the ring from afar; the walks cost a
/// search that is behind, not the one ahead (BENCHMARKS.md, "A City set up from afar").
fn may_set_up_from_afar(p: &Intermedium, attacker: Player) -> bool {
    p.moves_at_most(attacker) <= ENDGAME_MOVES
        && p.captured_by(attacker) > p.captured_by(!attacker)
        && p.near_empty_ring(attacker, NEAR)
}

/// What Intermedium's evaluation adds for a side with a stack that sows round the enemy City's
/// ring and would take the City with one or two stones more ([`Intermedium::takes_city_once_fed`]):
/// a turn that feeds it sets the City up. In the records of 80 games at 200 ms the side facing
/// one lost by the City in 1,074 of 1,249 positions, and an open City is worth 0.6 (BENCHMARKS.md,
/// "A stack one feed short of the City").
const ONCE_FED: f32 = 0.5;

/// The most moves of the side to move for which Intermedium's search looks for a City set up
/// two turns ahead: each is played and its end judged, and every answer of the other side is
/// walked where it opens the City.
const SET_UP_WALK_MOVES: u64 = 3000;

/// The most moves of the attacker (and, for a City set up three turns ahead, of the defender)
/// for which Intermedium's search looks for a City set up from afar ([`may_set_up_from_afar`]):
/// a stack of five sows along at most 324 paths.
const ENDGAME_MOVES: u64 = 500;

/// How many diagonal steps more than its stack's height a stone may stand from an empty cell of
/// the enemy ring for [`may_set_up_from_afar`]: a turn may feed a stack before it sows.
const NEAR: u8 = 2;

/// The shortest stack that Intermedium's search counts as a sower, one that may sow round the
/// enemy City's ring by itself once a turn feeds it (`Intermedium::has_sower`).
const SOWER: u8 = 7;

/// The tallest stack whose turns the search walks for a set-up where a sower stands and the
/// side's taller stacks have too many moves to walk (a stack of six sows along at most 972
/// paths).
const SHORT: u8 = 6;

/// The tallest stack whose turns the search walks for a set-up because it can sow round the
/// enemy City's ring by itself (`Intermedium::closes_ring`). A stack of eleven sows along up to
/// 236,196 paths, of which only those that can still close the ring are walked: searches over
/// positions from real games took about 5 % longer with it (BENCHMARKS.md, "A stack that sows
/// round the ring").
const CLOSER: u8 = 11;

/// Grabber: whoever cannot capture loses, so mobility (jumps available) is most of it; men held
/// in one's columns (own and prisoners) count a little.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrabberEval;

impl Evaluator<Grabber> for GrabberEval {
    fn evaluate(&self, p: &Grabber) -> f32 {
        let side = |who: Player| {
            let jumps = p.jumps_available(who) as f32;
            let stuck = if jumps == 0.0 { -1.5 } else { 0.0 };
            0.25 * jumps.sqrt() + 0.03 * p.men_controlled(who) as f32 + stuck
        };
        (side(Player::Black) - side(Player::White)).tanh()
    }
}

/// Support: captures towards 18, stones on the centre and support moves that reach it, and the
/// stones each side could capture next (the side to move takes one). Five centre stones that
/// the reply cannot break (six, or none of them within the mover's reach) have won.
#[derive(Clone, Copy, Debug, Default)]
pub struct SupportEval;

impl Evaluator<Support> for SupportEval {
    fn evaluate(&self, p: &Support) -> f32 {
        let mover = p.to_move();
        let threats = ByPlayer::new(p.threats(Player::Black), p.threats(Player::White));
        if let Some(holder) = p.pending_holder()
            && holder != mover
            && (p.centre_stones(holder) > CENTRE_MAJORITY || threats[mover].capturable_centre == 0)
        {
            let won = 0.98;
            return if holder == Player::Black { won } else { -won };
        }
        let side = |who: Player| {
            let t = threats[who];
            let tempo = if who == mover && t.capturable > 0 {
                0.12
            } else {
                0.0
            };
            let pending = if p.pending_holder() == Some(who) {
                0.3
            } else {
                0.0
            };
            p.captures(who) as f32 / 6.0
                + 0.22 * p.centre_stones(who) as f32
                + 0.04 * t.centre_reach as f32
                + 0.04 * t.capturable.min(6) as f32
                + tempo
                + pending
        };
        (side(Player::Black) - side(Player::White)).tanh()
    }

    /// When the opponent holds exactly five centre stones pending, only a decision that can
    /// still capture one of them avoids losing at once.
    fn urgent(&self, p: &Support, legal: &ActionList, urgent: &mut ActionList) {
        let holder = !p.to_move();
        if p.pending_holder() != Some(holder) || p.centre_stones(holder) != CENTRE_MAJORITY {
            return;
        }
        for &a in legal {
            if p.capture_targets(a).any(Support::is_centre) {
                urgent.push(a);
            }
        }
    }

    /// Support at short budgets is a capture race: playouts that take what they can play it
    /// more like people do than random ones, which almost never find a capture.
    fn tactical(&self, p: &Support, legal: &ActionList, out: &mut ActionList) {
        p.capturing_decisions(legal, out);
    }
}

/// Any built game: the evaluator of the game held.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnyEval;

impl Evaluator<AnyGame> for AnyEval {
    fn evaluate(&self, position: &AnyGame) -> f32 {
        match position {
            AnyGame::CashInHand(g) => CashInHandEval.evaluate(g),
            AnyGame::Splay(g) => SplayEval.evaluate(g),
            AnyGame::Intermedium(g) => IntermediumEval.evaluate(g),
            AnyGame::Grabber(g) => GrabberEval.evaluate(g),
            AnyGame::Support(g) => SupportEval.evaluate(g),
        }
    }

    fn urgent(&self, position: &AnyGame, legal: &ActionList, urgent: &mut ActionList) {
        if let AnyGame::Support(g) = position {
            SupportEval.urgent(g, legal, urgent);
        }
    }

    fn tactical(&self, position: &AnyGame, legal: &ActionList, out: &mut ActionList) {
        match position {
            AnyGame::Support(g) => SupportEval.tactical(g, legal, out),
            AnyGame::Intermedium(g) => IntermediumEval.tactical(g, legal, out),
            AnyGame::Splay(g) => SplayEval.tactical(g, legal, out),
            _ => {}
        }
    }

    fn wins_at_once(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.wins_at_once(g),
            _ => false,
        }
    }

    fn threatened(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.threatened(g),
            _ => false,
        }
    }

    fn only_captures_stop(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.only_captures_stop(g),
            _ => false,
        }
    }

    fn may_set_up(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.may_set_up(g),
            _ => false,
        }
    }

    fn set_up_end(&self, position: &AnyGame, end: &AnyGame) -> bool {
        match (position, end) {
            (AnyGame::Intermedium(g), AnyGame::Intermedium(e)) => IntermediumEval.set_up_end(g, e),
            _ => true,
        }
    }

    fn set_up_turn(&self, position: &AnyGame, first: Action) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.set_up_turn(g, first),
            _ => true,
        }
    }

    fn set_up_within(&self, position: &AnyGame, mid: &AnyGame) -> bool {
        match (position, mid) {
            (AnyGame::Intermedium(g), AnyGame::Intermedium(m)) => {
                IntermediumEval.set_up_within(g, m)
            }
            _ => true,
        }
    }

    fn may_be_set_up(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.may_be_set_up(g),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Setup, SplayOptions};

    fn eval(s: &str) -> f32 {
        let g = Splay::from_setup(&Setup::parse(s).unwrap(), SplayOptions::default()).unwrap();
        SplayEval.evaluate(&g)
    }

    #[test]
    fn the_start_is_even_and_captures_count() {
        let start = Splay::start(SplayOptions::default());
        assert!(SplayEval.evaluate(&start).abs() < 1e-5);
        let ahead = eval("splay 8/8/3,w,4/8/8/8/1,b,6/8 b 60 2 6");
        assert!(ahead > 0.5, "Black has 6 captures to 2: {ahead}");
        assert!(eval("splay 8/8/3,w,4/8/8/8/1,b,6/8 b 60 6 2") < -0.5);
    }

    #[test]
    fn splay_values_the_enemy_stones_a_side_holds_and_taking_them_more() {
        // Black's c2 holds two white stones one step from rank 1; White's f7 holds two black
        // stones one step from rank 8: the same, mirrored.
        assert!(eval("splay 8/8/8/8/8/8/2,w2b,5/8 b 10 0 0") > 0.1);
        assert!(eval("splay 8/5,b2w,2/8/8/8/8/8/8 b 10 0 0") < -0.1);
        let even = eval("splay 8/5,b2w,2/8/8/8/8/2,w2b,5/8 b 10 0 0");
        assert!(even.abs() < 1e-5, "{even}");
        // Held further from home, the same stones are worth less.
        let far = eval("splay 8/8/8/2,w2b,5/8/8/8/8 b 10 0 0");
        assert!(far < eval("splay 8/8/8/8/8/8/2,w2b,5/8 b 10 0 0") && far > 0.0);
        // Taking them (the step c2-c1) is worth more than holding them.
        let held = eval("splay 8/8/3,w,4/8/8/8/2,w2b,5/8 b 10 0 0");
        let taken = eval("splay 8/8/3,w,4/8/8/8/8/2,b,5 w 11 0 2");
        assert!(taken > held, "taken {taken}, held {held}");
    }

    #[test]
    fn intermedium_values_captures_mobility_and_the_city() {
        use crate::rules::IntermediumOptions;
        let at = |s: &str| {
            let g =
                Intermedium::from_setup(&Setup::parse(s).unwrap(), IntermediumOptions::default())
                    .unwrap();
            IntermediumEval.evaluate(&g)
        };
        let start = Intermedium::start(IntermediumOptions::default());
        assert!(IntermediumEval.evaluate(&start).abs() < 1e-5);
        // Example 14's position before the City move: Black holds two City neighbours.
        assert!(at("intermedium 2,b,w3,b,2/7/7/w2,4,b2,1/7/7/7/1,b2,5/7/7 b 20") > 0.2);
        // Black can sow b7 onto d9 and take White's City (the position of the strikes tests).
        let city = "intermedium 2,b,1,b,2/w4,2,b,3/7/1,b2,1,b,3/2,b,w2,b,2/3,b,3/7/1,b2,5/7/7";
        assert!(at(&format!("{city} b 20")) > 0.95);
        assert!(
            at(&format!("{city} w 20")) > 0.5,
            "White to move still faces it"
        );
        // White's e3 can sow d2 and end on the single c1, holding e1: the sowing closes Black's
        // City in itself, and White to move has won.
        let sown_closed = "intermedium 7/1,b4,5/6,b4/7/7/7/7/4,w2,2/2,b,4/1,b,w,b,w,b2,1";
        assert!(at(&format!("{sown_closed} w 21")) < -0.95);
        // White has only single stones: lost at its turn.
        assert!(at("intermedium 7/6,w/7/7/2,b2,4/1,b5,1,b2,3/2,b,4/7/7/7 w 21") > 0.9);
    }

    #[test]
    fn support_sees_whether_a_pending_centre_can_be_broken() {
        use crate::rules::{Action, Cell, SupportOptions};
        let at = |s: &str| {
            Support::from_setup(&Setup::parse(s).unwrap(), SupportOptions::default()).unwrap()
        };
        let cell = |s: &str| -> Cell { s.parse().unwrap() };
        // White holds d4, e4, f4, d5 and f5, pending; Black has no stone that reaches them.
        let lost = at("support 9/9/9/9/3,w,1,w,3/3,w,w,w,3/9/9/9 b 20 0 0 w");
        assert!(SupportEval.evaluate(&lost) < -0.9);
        let mut urgent = ActionList::new();
        let mut legal = ActionList::new();
        lost.legal_actions(&mut legal);
        SupportEval.urgent(&lost, &legal, &mut urgent);
        assert!(urgent.is_empty(), "nothing saves Black");
        // Black's g6 stands beside its base h7 and reaches f5: the centre can be broken, and
        // only that stone, then only f5, answers the threat.
        let saved = at("support 9/9/9/6,b,2/3,w,1,w,3/3,w,w,w,3/9/9/9 b 20 0 0 w");
        let value = SupportEval.evaluate(&saved);
        assert!(value > SupportEval.evaluate(&lost) + 0.1, "{value}");
        legal.clear();
        saved.legal_actions(&mut legal);
        assert!(legal.len() > 20);
        SupportEval.urgent(&saved, &legal, &mut urgent);
        assert_eq!(urgent.as_slice(), &[Action::Cell(cell("g6"))]);
        let mut chosen = saved.clone();
        chosen.play(Action::Cell(cell("g6")));
        legal.clear();
        urgent.clear();
        chosen.legal_actions(&mut legal);
        SupportEval.urgent(&chosen, &legal, &mut urgent);
        assert_eq!(urgent.as_slice(), &[Action::Cell(cell("f5"))]);
        // Without a pending holder nothing is urgent.
        let calm = at("support 9/9/9/6,b,2/3,w,1,w,3/3,w,w,4/9/9/9 b 20 0 0 -");
        legal.clear();
        urgent.clear();
        calm.legal_actions(&mut legal);
        SupportEval.urgent(&calm, &legal, &mut urgent);
        assert!(urgent.is_empty());
    }
}
