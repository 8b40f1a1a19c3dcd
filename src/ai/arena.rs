//! Players that can be pitted against each other, and matches between them: what
//! `stackyard match` and `stackyard bench` run (no Bevy). Every player decides through the rules'
//! actions, so every game works the same way.

use crate::platform::clock::Instant;
use std::fmt;
use std::time::Duration;

use crate::rules::{Action, ActionList, AnyGame, Game, History, Outcome, Player, Turn};

use super::eval::{AnyEval, Evaluator, Playouts, ThreatProofs};
use super::rng::Rng;
use super::{Level, Search, Settings};

/// A kind of player, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// Uniformly random decisions.
    Random,
    /// One ply of evaluation: each decision is tried, the turn finished at random a few times,
    /// and the evaluator's average decides.
    Greedy,
    /// Plain UCT as general game systems ship it: UCB1 with c = √2, uniformly random playouts
    /// to the end of the game, the most visited child, no evaluation; this much time per decision.
    Uct(Duration),
    /// Our search at a level.
    Level(Level),
    /// Our search with this many playouts per decision.
    Iterations(u32),
    /// Our search with this much time per decision.
    Time(Duration),
    /// One of our searching players (a level, `iters=` or `ms=`) on this many threads
    /// (`mcts:master,threads=4`), each with a tree of its own, or all on one shared tree
    /// (`mcts:ms=250,threads=2,tree`); the others search on one.
    Threads(Box<PlayerSpec>, usize, Parallel),
}

/// How a player on several threads shares out the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Parallel {
    /// A tree per thread, the root's statistics merged (root parallelism).
    Root,
    /// One tree grown by every thread (tree parallelism with virtual loss; `,tree`).
    Tree,
}

/// A player spec that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(pub String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown player '{}' (players: random, greedy, uct:ms=<n>, mcts:<level>, \
             mcts:iters=<n>, mcts:ms=<n>, each mcts player optionally followed by ,threads=<n> \
             and then ,tree for one shared tree; \
             levels: beginner, casual, strong, master)",
            self.0
        )
    }
}

impl std::error::Error for SpecError {}

impl std::str::FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<PlayerSpec, SpecError> {
        let bad = || SpecError(s.to_string());
        if let Some((player, threads)) = s.split_once(",threads=") {
            let (threads, parallel) = match threads.strip_suffix(",tree") {
                Some(n) => (n, Parallel::Tree),
                None => (threads, Parallel::Root),
            };
            let n = threads
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=256).contains(n) && threads.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(bad)?;
            return match player.parse::<PlayerSpec>().map_err(|_| bad())? {
                spec @ (PlayerSpec::Level(_) | PlayerSpec::Iterations(_) | PlayerSpec::Time(_)) => {
                    Ok(PlayerSpec::Threads(Box::new(spec), n, parallel))
                }
                _ => Err(bad()),
            };
        }
        let number = |v: &str| {
            v.parse::<u32>()
                .ok()
                .filter(|&n| n > 0 && v.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(bad)
        };
        let ms = |v: &str| number(v).map(|n| Duration::from_millis(u64::from(n)));
        match s {
            "random" => return Ok(PlayerSpec::Random),
            "greedy" => return Ok(PlayerSpec::Greedy),
            _ => {}
        }
        if let Some(v) = s.strip_prefix("uct:ms=") {
            return Ok(PlayerSpec::Uct(ms(v)?));
        }
        if let Some(v) = s.strip_prefix("mcts:iters=") {
            return Ok(PlayerSpec::Iterations(number(v)?));
        }
        if let Some(v) = s.strip_prefix("mcts:ms=") {
            return Ok(PlayerSpec::Time(ms(v)?));
        }
        if let Some(name) = s.strip_prefix("mcts:") {
            return Level::ALL
                .into_iter()
                .find(|l| l.name().eq_ignore_ascii_case(name))
                .map(PlayerSpec::Level)
                .ok_or_else(bad);
        }
        Err(bad())
    }
}

/// Judges nothing: plain UCT's playouts run to the end of the game.
struct NoEval;

impl Evaluator<AnyGame> for NoEval {
    fn evaluate(&self, _position: &AnyGame) -> f32 {
        0.0
    }
}

impl Playouts<AnyGame> for NoEval {}

impl ThreatProofs<AnyGame> for NoEval {}

/// A player in a match: its spec, its generator and, for searching players, the tree it keeps
/// from decision to decision.
pub struct Contestant {
    spec: PlayerSpec,
    rng: Rng,
    seed: u64,
    search: Option<Search<AnyGame>>,
    /// The most a decision took past its time budget (players with one).
    overrun: Duration,
}

impl Contestant {
    /// A player of this kind, seeded.
    #[must_use]
    pub fn new(spec: PlayerSpec, seed: u64) -> Contestant {
        Contestant {
            spec,
            rng: Rng::new(seed),
            seed,
            search: None,
            overrun: Duration::ZERO,
        }
    }

    /// The most a decision of this player took past its time budget so far.
    #[must_use]
    pub fn overrun(&self) -> Duration {
        self.overrun
    }

    /// The settings for a decision in `position`: a level shares its budget over a turn's
    /// decisions as the app does; the other searching players get theirs per decision.
    fn settings(&self, position: &AnyGame) -> Settings {
        Self::settings_of(&self.spec, position)
    }

    fn settings_of(spec: &PlayerSpec, position: &AnyGame) -> Settings {
        let master_time = Duration::from_secs(3);
        let base = Level::Master.settings(master_time);
        match spec {
            PlayerSpec::Threads(spec, threads, parallel) => Settings {
                threads: *threads,
                shared_tree: *parallel == Parallel::Tree,
                ..Self::settings_of(spec, position)
            },
            PlayerSpec::Level(l) => l.decision_settings(master_time, position.in_turn()),
            PlayerSpec::Iterations(n) => Settings {
                iterations: *n,
                time: None,
                ..base
            },
            PlayerSpec::Time(t) => Settings {
                time: Some(*t),
                ..base
            },
            PlayerSpec::Uct(t) => Settings {
                time: Some(*t),
                exploration: std::f32::consts::SQRT_2,
                playout_turns: u32::MAX,
                mast_greed: 0.0,
                tactic_greed: 0.0,
                mistake: 0.0,
                contempt: 0.0,
                ..base
            },
            PlayerSpec::Random | PlayerSpec::Greedy => base,
        }
    }

    /// The decision this player takes in `position` (whose game is not over), in a game that
    /// has reached the positions of `record` (which searching players must know to see a
    /// repetition coming).
    pub fn decide(&mut self, position: &AnyGame, record: &History) -> Action {
        let started = Instant::now();
        let mut list = ActionList::new();
        position.legal_actions(&mut list);
        match self.spec {
            PlayerSpec::Random => list[self.rng.below(list.len())],
            PlayerSpec::Greedy => self.greedy(position, &list),
            _ => {
                let settings = self.settings(position);
                let keep = self
                    .search
                    .as_ref()
                    .is_some_and(|s| s.position().hash() == position.hash());
                if !keep {
                    self.seed = crate::rules::zobrist::key(self.seed);
                    self.search = Some(Search::new(position.clone(), self.seed));
                }
                let search = self.search.as_mut().expect("a search was just made");
                search.set_game_history(record);
                let report = if matches!(self.spec, PlayerSpec::Uct(_)) {
                    search.run(&NoEval, &settings, None)
                } else {
                    search.run(&AnyEval, &settings, None)
                };
                if let Some(budget) = settings.time {
                    self.overrun = self.overrun.max(started.elapsed().saturating_sub(budget));
                }
                report.map_or(list[0], |r| r.action)
            }
        }
    }

    /// Follows a decision taken by anyone, keeping the search tree in step.
    pub fn observe(&mut self, action: Action) {
        if let Some(search) = &mut self.search {
            search.advance(action);
        }
    }

    fn greedy(&mut self, position: &AnyGame, list: &ActionList) -> Action {
        let me = position.to_move();
        let mut best = (f32::NEG_INFINITY, list[0]);
        for &a in list {
            let mut total = 0.0;
            let samples = 3;
            for _ in 0..samples {
                let mut g = position.clone();
                g.play(a);
                let mut more = ActionList::new();
                while g.in_turn() {
                    more.clear();
                    g.legal_actions(&mut more);
                    g.play(more[self.rng.below(more.len())]);
                }
                let v = match g.outcome() {
                    Some(o) => match o.winner() {
                        Some(Player::Black) => 1.0,
                        Some(Player::White) => -1.0,
                        None => 0.0,
                    },
                    None => AnyEval.evaluate(&g),
                };
                total += if me == Player::Black { v } else { -v };
            }
            let score = total / samples as f32 + self.rng.unit() * 1e-4;
            if score > best.0 {
                best = (score, a);
            }
        }
        best.1
    }
}

/// How one game of a match ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The result.
    pub outcome: Outcome,
    /// The colour player A had.
    pub a_colour: Player,
    /// Whole turns played (from the game's start position).
    pub plies: u32,
    /// Decisions taken and the time they took, all players together.
    pub decisions: u64,
    /// Time spent deciding.
    pub thinking: Duration,
    /// The most a time-limited decision took past its budget, either player.
    pub overrun: Duration,
    /// The whole moves, in the game's notation (what a save file keeps).
    pub moves: Vec<String>,
    /// The longest run of turns in which no stone was captured.
    pub longest_quiet: u32,
}

impl GameRecord {
    /// Player A's score in this game: 1, ½ or 0.
    #[must_use]
    pub fn a_score(&self) -> f64 {
        match self.outcome.winner() {
            Some(p) if p == self.a_colour => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// The mean time a decision of this game took, in milliseconds.
    #[must_use]
    pub fn ms_per_decision(&self) -> f64 {
        self.thinking.as_secs_f64() * 1000.0 / self.decisions.max(1) as f64
    }
}

/// Plays one game from `start` (a position whose game is not over, between turns), A taking
/// `a_colour`, until it ends by its rules or by a draw of its history (docs/notation.md's game
/// records: the third occurrence of a position, the no-progress draw of the game's options),
/// which both players see coming.
#[must_use]
pub fn play_game(
    start: &AnyGame,
    a: &mut Contestant,
    b: &mut Contestant,
    a_colour: Player,
) -> Option<GameRecord> {
    let mut g = start.clone();
    let mut record = History::new(&g);
    let (mut decisions, mut thinking) = (0u64, Duration::ZERO);
    let (mut turn, mut moves) = (Turn::new(g.clone()), Vec::new());
    loop {
        if let Some(outcome) = record.outcome(&g) {
            return Some(GameRecord {
                outcome,
                a_colour,
                plies: g.ply() - start.ply(),
                decisions,
                thinking,
                overrun: a.overrun().max(b.overrun()),
                moves,
                longest_quiet: record.longest_quiet(),
            });
        }
        let t = Instant::now();
        let action = if g.to_move() == a_colour {
            a.decide(&g, &record)
        } else {
            b.decide(&g, &record)
        };
        thinking += t.elapsed();
        decisions += 1;
        g.play(action);
        a.observe(action);
        b.observe(action);
        // The turn's notation, for the record; the rules above have already played it.
        let _ = turn.play(action);
        if !g.in_turn() {
            record.push(&g);
            moves.push(turn.notation());
            turn = Turn::new(g.clone());
        }
    }
}

/// The summary of a match, from A's side.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchSummary {
    /// Games played.
    pub games: u32,
    /// Won by A.
    pub a_wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Won by B.
    pub b_wins: u32,
    /// A's mean score.
    pub a_score: f64,
    /// The 95% interval of A's score: its low end.
    pub score_low: f64,
    /// Its high end.
    pub score_high: f64,
    /// The Elo difference A − B, and its 95% interval.
    pub elo: f64,
    /// Low end of the interval.
    pub elo_low: f64,
    /// High end of the interval.
    pub elo_high: f64,
    /// Mean whole turns per game.
    pub mean_plies: f64,
    /// Mean time per decision, in milliseconds.
    pub mean_ms_per_move: f64,
    /// The most a time-limited decision took past its budget, in milliseconds.
    pub max_ms_over_budget: f64,
    /// The longest run of turns without a capture in any game.
    pub longest_quiet: u32,
    /// The same over the games somebody won.
    pub longest_quiet_decisive: u32,
}

/// The Elo difference that a score corresponds to (clamped away from 0 and 1).
#[must_use]
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(0.001, 0.999);
    // Adding 0 turns the -0 of an even score into 0, which prints as "+0", not "-0".
    -400.0 * (1.0 / s - 1.0).log10() + 0.0
}

/// The 95% interval of a mean score, Agresti and Coull's way: two won and two lost games are
/// added to the scores before the normal interval is taken around their mean. A match that A has
/// won every game of so far then gets an interval below 100% that narrows as the games go on,
/// where the plain interval would be 100% to 100% (a spread of nothing); over many games the two
/// agree. The interval always holds `mean`, the scores' own, and lies within 0 and 1.
fn score_interval(scores: &[f64], mean: f64) -> (f64, f64) {
    let padded = || scores.iter().copied().chain([0.0, 0.0, 1.0, 1.0]);
    let n = scores.len() as f64 + 4.0;
    let centre = padded().sum::<f64>() / n;
    let variance = padded().map(|s| (s - centre).powi(2)).sum::<f64>() / n;
    let margin = 1.96 * (variance / n).sqrt();
    (
        (centre - margin).clamp(0.0, 1.0).min(mean),
        (centre + margin).clamp(0.0, 1.0).max(mean),
    )
}

/// Sums up a match.
#[must_use]
pub fn summarise(records: &[GameRecord]) -> MatchSummary {
    let n = records.len().max(1) as f64;
    let scores: Vec<f64> = records.iter().map(GameRecord::a_score).collect();
    let mean = scores.iter().sum::<f64>() / n;
    let (low, high) = score_interval(&scores, mean);
    let decisions: u64 = records.iter().map(|r| r.decisions).sum();
    let thinking: f64 = records.iter().map(|r| r.thinking.as_secs_f64()).sum();
    MatchSummary {
        games: records.len() as u32,
        a_wins: scores.iter().filter(|&&s| s == 1.0).count() as u32,
        draws: scores.iter().filter(|&&s| s == 0.5).count() as u32,
        b_wins: scores.iter().filter(|&&s| s == 0.0).count() as u32,
        a_score: mean,
        score_low: low,
        score_high: high,
        elo: elo_of(mean),
        elo_low: elo_of(low),
        elo_high: elo_of(high),
        mean_plies: records.iter().map(|r| f64::from(r.plies)).sum::<f64>() / n,
        mean_ms_per_move: thinking * 1000.0 / decisions.max(1) as f64,
        max_ms_over_budget: records
            .iter()
            .map(|r| r.overrun.as_secs_f64() * 1000.0)
            .fold(0.0, f64::max),
        longest_quiet: records.iter().map(|r| r.longest_quiet).max().unwrap_or(0),
        longest_quiet_decisive: records
            .iter()
            .filter(|r| r.outcome.winner().is_some())
            .map(|r| r.longest_quiet)
            .max()
            .unwrap_or(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn specs_read_as_the_command_line_writes_them() {
        assert_eq!("random".parse(), Ok(PlayerSpec::Random));
        assert_eq!(
            "uct:ms=1000".parse(),
            Ok(PlayerSpec::Uct(Duration::from_millis(1000)))
        );
        assert_eq!("mcts:casual".parse(), Ok(PlayerSpec::Level(Level::Casual)));
        assert_eq!("mcts:iters=50".parse(), Ok(PlayerSpec::Iterations(50)));
        assert_eq!(
            "mcts:master,threads=4".parse(),
            Ok(PlayerSpec::Threads(
                Box::new(PlayerSpec::Level(Level::Master)),
                4,
                Parallel::Root
            ))
        );
        assert_eq!(
            "mcts:ms=1000,threads=2".parse(),
            Ok(PlayerSpec::Threads(
                Box::new(PlayerSpec::Time(Duration::from_millis(1000))),
                2,
                Parallel::Root
            ))
        );
        assert_eq!(
            "mcts:ms=250,threads=2,tree".parse(),
            Ok(PlayerSpec::Threads(
                Box::new(PlayerSpec::Time(Duration::from_millis(250))),
                2,
                Parallel::Tree
            ))
        );
        for bad in [
            "mcts:ms=250,threads=0",
            "mcts:ms=250,threads=",
            "mcts:ms=250,threads=+2",
            "mcts:ms=250,threads=2,forest",
            "mcts:ms=250,tree",
            "uct:ms=250,threads=2",
            "random,threads=2",
            "mcts:godlike",
            "uct:ms=0",
            "uct:ms=-3",
            "mcts:iters=",
            "alpha",
        ] {
            let e = bad.parse::<PlayerSpec>().unwrap_err();
            assert!(e.to_string().contains(bad), "{e}");
        }
    }

    #[test]
    fn scores_and_elo_are_summed_up_from_a_side() {
        let record = |winner: Option<Player>, a_colour| GameRecord {
            outcome: winner.map_or(Outcome::Draw(crate::rules::Reason::PlyCap), |p| {
                Outcome::Win(p, crate::rules::Reason::NoMoves)
            }),
            a_colour,
            plies: 10,
            decisions: 20,
            thinking: Duration::from_millis(40),
            overrun: Duration::from_millis(u64::from(a_colour == Player::White)),
            moves: Vec::new(),
            longest_quiet: if winner.is_some() { 7 } else { 9 },
        };
        let s = summarise(&[
            record(Some(Player::Black), Player::Black),
            record(Some(Player::Black), Player::White),
            record(None, Player::Black),
            record(Some(Player::White), Player::White),
        ]);
        assert_eq!((s.a_wins, s.draws, s.b_wins), (2, 1, 1));
        assert!((s.a_score - 0.625).abs() < 1e-9);
        assert!(s.elo > 0.0 && s.elo_low < s.elo && s.elo < s.elo_high);
        assert!(s.score_low < 0.625 && 0.625 < s.score_high);
        assert!((s.mean_ms_per_move - 2.0).abs() < 1e-9);
        assert!((s.max_ms_over_budget - 1.0).abs() < 1e-9);
        assert_eq!((s.longest_quiet, s.longest_quiet_decisive), (9, 7));
        assert!(elo_of(0.5).abs() < 1e-9);
        assert_eq!(format!("{:+.0}", elo_of(0.5)), "+0");
    }

    #[test]
    fn a_clean_sweep_has_an_interval_below_all_that_narrows_with_the_games() {
        let (few_low, few_high) = score_interval(&[1.0; 4], 1.0);
        let (many_low, many_high) = score_interval(&[1.0; 23], 1.0);
        assert_eq!((few_high, many_high), (1.0, 1.0));
        assert!(few_low < many_low && many_low < 0.9, "{few_low} {many_low}");
        assert!((score_interval(&[0.0; 23], 0.0).1 - (1.0 - many_low)).abs() < 1e-12);
        // Over many games it is the plain normal interval, give or take a little.
        let mixed: Vec<f64> = (0..400).map(|i| [1.0, 0.5, 0.0, 1.0][i % 4]).collect();
        let plain = 1.96 * (0.171_875_f64 / 400.0).sqrt();
        let (low, high) = score_interval(&mixed, 0.625);
        assert!((low - (0.625 - plain)).abs() < 0.005, "{low}");
        assert!((high - (0.625 + plain)).abs() < 0.005, "{high}");
    }

    #[test]
    fn a_seeded_match_game_is_reproducible() {
        let play = || {
            let mut a = Contestant::new(PlayerSpec::Iterations(30), 1);
            let mut b = Contestant::new(PlayerSpec::Random, 2);
            let start = AnyGame::start_with(GameId::Grabber6, []).unwrap();
            play_game(&start, &mut a, &mut b, Player::White).unwrap()
        };
        let (x, y) = (play(), play());
        assert_eq!((x.outcome, x.plies), (y.outcome, y.plies));
    }

    #[test]
    fn a_game_that_only_shuffles_ends_drawn_by_repetition_long_before_the_turn_cap() {
        // One stone each, far apart: neither side can capture without walking a stone onto the
        // enemy's back rank, so one-ply players (blind to cycles, unlike the search) shuffle
        // and the position comes round again.
        let setup = crate::rules::Setup::parse("splay 8/8/5,w,2/8/8/2,b,5/8/8 b 0 0 0").unwrap();
        let start = AnyGame::from_setup_with(&setup, []).unwrap();
        let mut a = Contestant::new(PlayerSpec::Greedy, 1);
        let mut b = Contestant::new(PlayerSpec::Greedy, 2);
        let game = play_game(&start, &mut a, &mut b, Player::Black).unwrap();
        assert_eq!(
            game.outcome,
            Outcome::Draw(crate::rules::Reason::Repetition),
            "{game:?}"
        );
        assert!(game.plies < 200, "{game:?}");
    }
}
