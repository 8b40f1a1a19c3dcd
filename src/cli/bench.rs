//! `stackyard bench`: random playouts, actions and search iterations per second for each game,
//! on one thread and on every core (`--rounds` times, back to back, for a steadier ratio), and
//! with `--threads` at each number of threads asked for.

use crate::platform::clock::Instant;
use std::time::Duration;

use crate::ai::eval::AnyEval;
use crate::ai::{Level, Search};
use crate::rules::{ActionList, AnyGame, BUILT, Game, GameId, zobrist};

use super::arena::game_id;
use super::referee::Failure;

/// The most threads one count of `--threads` may ask for.
const MOST_THREADS: usize = 1024;
/// The most rounds `--rounds` may ask for.
const MOST_ROUNDS: usize = 1000;

/// What `bench [--game G] [--seconds S] [--threads LIST] [--rounds K] [--json]` asks for.
pub struct BenchRequest<'a> {
    /// One game, or every game.
    pub game: Option<&'a str>,
    /// Seconds for each measure.
    pub seconds: f64,
    /// The thread counts to sweep, as typed (`1-15`, `1,2,4,8`), if any.
    pub threads: Option<&'a str>,
    /// How many times one thread and every core are measured, one right after the other.
    pub rounds: usize,
    /// One JSON object instead of lines for people.
    pub json: bool,
}

/// One game's speeds: search iterations per second on one thread, on every core and at each
/// count of the sweep. `one_thread` and `all_threads` are the medians over the rounds.
struct GameSpeeds {
    id: GameId,
    playouts_per_s: f64,
    actions_per_s: f64,
    one_thread: f64,
    nodes: usize,
    cores: usize,
    all_threads: f64,
    /// Every core's speed over one thread's, a ratio per round of the two measured back to back.
    round_ratios: Vec<f64>,
    /// The median of `round_ratios`.
    ratio_median: f64,
    shared_tree: f64,
    sweep: Vec<SweepPoint>,
}

/// Search iterations per second on `threads` threads, a tree each and on one shared tree.
struct SweepPoint {
    threads: usize,
    tree_each: f64,
    shared_tree: f64,
}

/// Runs `bench` and returns its lines (or its one JSON line).
pub fn run_bench(request: &BenchRequest) -> Result<Vec<String>, Failure> {
    let ids: Vec<GameId> = match request.game {
        Some(name) => vec![game_id(name)?],
        None => BUILT.to_vec(),
    };
    if !(request.seconds > 0.0 && request.seconds.is_finite()) {
        return Err(Failure::usage("--seconds must be a positive number"));
    }
    if !(1..=MOST_ROUNDS).contains(&request.rounds) {
        return Err(Failure::usage(format!(
            "--rounds must be a count from 1 to {MOST_ROUNDS}, not {}",
            request.rounds
        )));
    }
    let sweep = request.threads.map_or(Ok(Vec::new()), thread_counts)?;
    let budget = Duration::from_secs_f64(request.seconds);
    let mut games = Vec::new();
    for id in ids {
        let start = AnyGame::start_with(id, []).map_err(Failure::usage)?;
        games.push(measure(id, &start, budget, request.rounds, &sweep));
    }
    if request.json {
        let objects: Vec<String> = games.iter().map(GameSpeeds::json).collect();
        return Ok(vec![format!("{{{}}}", objects.join(","))]);
    }
    Ok(games.iter().flat_map(GameSpeeds::lines).collect())
}

/// The counts of `--threads`: numbers and ranges joined by commas (`1-15`, `1,2,4,8`, `2`).
fn thread_counts(text: &str) -> Result<Vec<usize>, Failure> {
    let bad = |why: &str| {
        Failure::usage(format!(
            "bad --threads '{text}': {why} (give counts such as 1-15 or 1,2,4,8)"
        ))
    };
    let count = |t: &str| {
        t.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MOST_THREADS).contains(n))
            .ok_or_else(|| bad(&format!("'{t}' is not a count from 1 to {MOST_THREADS}")))
    };
    let mut counts = Vec::new();
    for part in text.split(',') {
        match part.split_once('-') {
            Some((low, high)) => {
                let (low, high) = (count(low)?, count(high)?);
                if low > high {
                    return Err(bad(&format!("the range {low}-{high} runs backwards")));
                }
                counts.extend(low..=high);
            }
            None => counts.push(count(part)?),
        }
    }
    Ok(counts)
}

fn measure(
    id: GameId,
    start: &AnyGame,
    budget: Duration,
    rounds: usize,
    sweep: &[usize],
) -> GameSpeeds {
    let (playouts, actions, took) = random_playouts(start, budget);
    let secs = took.as_secs_f64();
    let cores = crate::platform::compute::cores();
    let mut rounds = back_to_back(start, budget, cores, rounds);
    let sweep = sweep
        .iter()
        .map(|&threads| SweepPoint {
            threads,
            tree_each: search_speed(start, budget, threads, false).0,
            shared_tree: search_speed(start, budget, threads, true).0,
        })
        .collect();
    GameSpeeds {
        id,
        playouts_per_s: playouts as f64 / secs,
        actions_per_s: actions as f64 / secs,
        one_thread: median(&mut rounds.ones),
        nodes: rounds.nodes,
        cores,
        all_threads: median(&mut rounds.alls),
        ratio_median: median(&mut rounds.ratios.clone()),
        round_ratios: rounds.ratios,
        shared_tree: search_speed(start, budget, cores, true).0,
        sweep,
    }
}

impl GameSpeeds {
    /// `speed` as a multiple of the search's speed on one thread.
    fn ratio(&self, speed: f64) -> f64 {
        speed / self.one_thread.max(1e-9)
    }

    /// `speed` as a multiple of the sweep's own speed on one thread where it has one (measured
    /// among its other points, so warmed up alike), else of the first measure's.
    fn sweep_ratio(&self, speed: f64) -> f64 {
        let one = self.sweep.iter().find(|p| p.threads == 1);
        speed / one.map_or(self.one_thread, |p| p.tree_each).max(1e-9)
    }

    fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "{}: {:.0} random playouts/s, {:.2} M actions/s; search {:.0} iterations/s from the \
             start on one thread ({} nodes in the tree), {:.0} on {} threads with a tree each \
             ({:.2}x), {:.0} on one shared tree ({:.2}x)",
            self.id,
            self.playouts_per_s,
            self.actions_per_s / 1e6,
            self.one_thread,
            self.nodes,
            self.all_threads,
            self.cores,
            self.ratio(self.all_threads),
            self.shared_tree,
            self.ratio(self.shared_tree)
        )];
        if self.round_ratios.len() > 1 {
            let least = self
                .round_ratios
                .iter()
                .copied()
                .fold(f64::INFINITY, f64::min);
            let most = self.round_ratios.iter().copied().fold(0.0, f64::max);
            lines.push(format!(
                "{}: {} threads with a tree each against one thread, measured back to back {} \
                 times: {:.2}x the median round, from {least:.2}x to {most:.2}x",
                self.id,
                self.cores,
                self.round_ratios.len(),
                self.ratio_median
            ));
        }
        lines.extend(self.sweep.iter().map(|p| {
            format!(
                "{} on {} thread{}: {:.0} iterations/s with a tree each ({:.2}x one thread), \
                 {:.0} on one shared tree ({:.2}x)",
                self.id,
                p.threads,
                if p.threads == 1 { "" } else { "s" },
                p.tree_each,
                self.sweep_ratio(p.tree_each),
                p.shared_tree,
                self.sweep_ratio(p.shared_tree)
            )
        }));
        lines
    }

    fn json(&self) -> String {
        let sweep = if self.sweep.is_empty() {
            String::new()
        } else {
            let points: Vec<String> = self
                .sweep
                .iter()
                .map(|p| {
                    format!(
                        "{{\"threads\":{},\"iters_per_s\":{:.1},\"shared_tree_iters_per_s\":{:.1}}}",
                        p.threads, p.tree_each, p.shared_tree
                    )
                })
                .collect();
            format!(",\"sweep\":[{}]", points.join(","))
        };
        let listed: Vec<String> = self
            .round_ratios
            .iter()
            .map(|r| format!("{r:.3}"))
            .collect();
        let rounds = format!(
            ",\"rounds\":{},\"all_threads_ratio_median\":{:.3},\"all_threads_ratios\":[{}]",
            listed.len(),
            self.ratio_median,
            listed.join(",")
        );
        format!(
            "\"{}\":{{\"playouts_per_s\":{:.1},\"actions_per_s\":{:.0},\
             \"mcts_iters_per_s\":{:.1},\"mcts_nodes\":{},\"threads\":{},\
             \"mcts_iters_per_s_all_threads\":{:.1},\
             \"mcts_iters_per_s_shared_tree\":{:.1}{rounds}{sweep}}}",
            self.id,
            self.playouts_per_s,
            self.actions_per_s,
            self.one_thread,
            self.nodes,
            self.cores,
            self.all_threads,
            self.shared_tree
        )
    }
}

/// One thread's and every core's search speeds, measured one right after the other each round.
struct Rounds {
    ones: Vec<f64>,
    alls: Vec<f64>,
    /// Each round's every-core speed over its one-thread speed.
    ratios: Vec<f64>,
    /// The one-thread tree's nodes in the last round.
    nodes: usize,
}

/// Measures one thread and then `cores` threads (a tree each), `rounds` times.
fn back_to_back(start: &AnyGame, budget: Duration, cores: usize, rounds: usize) -> Rounds {
    let mut measured = Rounds {
        ones: Vec::new(),
        alls: Vec::new(),
        ratios: Vec::new(),
        nodes: 0,
    };
    for _ in 0..rounds {
        let (one, nodes) = search_speed(start, budget, 1, false);
        let all = search_speed(start, budget, cores, false).0;
        measured.ratios.push(all / one.max(1e-9));
        measured.ones.push(one);
        measured.alls.push(all);
        measured.nodes = nodes;
    }
    measured
}

/// The middle of `values` (the mean of the two middle ones of an even count), sorting them.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

/// Master's search from `start` for `budget` on `threads` threads (a tree each, or one
/// `shared_tree`): iterations per second and the kept tree's nodes.
fn search_speed(
    start: &AnyGame,
    budget: Duration,
    threads: usize,
    shared_tree: bool,
) -> (f64, usize) {
    let mut search = Search::new(start.clone(), 1);
    let settings = crate::ai::Settings {
        time: Some(budget),
        threads,
        shared_tree,
        ..Level::Master.settings(budget)
    };
    let t = Instant::now();
    let (iterations, nodes) = search
        .run(&AnyEval, &settings, None)
        .map_or((0, 0), |r| (r.iterations, r.nodes));
    (f64::from(iterations) / t.elapsed().as_secs_f64(), nodes)
}

fn random_playouts(start: &AnyGame, budget: Duration) -> (u64, u64, Duration) {
    let t = Instant::now();
    let mut seed = 99u64;
    let (mut games, mut actions) = (0u64, 0u64);
    let mut list = ActionList::new();
    while games == 0 || t.elapsed() < budget {
        let mut g = start.clone();
        loop {
            list.clear();
            g.legal_actions(&mut list);
            if list.is_empty() {
                break;
            }
            seed = zobrist::key(seed);
            g.play(list[(seed % list.len() as u64) as usize]);
            actions += 1;
        }
        games += 1;
    }
    (games, actions, t.elapsed())
}
