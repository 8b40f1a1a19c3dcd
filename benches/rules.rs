//! Speed of the rules core: actions per second in random playouts (list the legal actions, pick
//! one, play it: what a Monte Carlo search does) and perft throughput. Run with `cargo bench`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use stackyard::ai::eval::SplayEval;
use stackyard::ai::{Level, Search};
use stackyard::rules::{
    ActionList, AnyGame, Game, GameId, Player, Setup, Splay, SplayOptions, perft, play_prefix,
    zobrist,
};

/// Plays random games from `start` for about `budget`; returns (actions, games, elapsed).
fn playouts<G: Game>(start: &G, budget: Duration) -> (u64, u64, Duration) {
    let t = Instant::now();
    let mut seed = 12345u64;
    let (mut actions, mut games) = (0u64, 0u64);
    let mut list = ActionList::new();
    while t.elapsed() < budget {
        for _ in 0..100 {
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
            black_box(g.hash());
            games += 1;
        }
    }
    (actions, games, t.elapsed())
}

fn main() {
    // `cargo bench` passes `--bench`; any other argument filters by name.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with("--"));
    let wanted = |name: &str| filter.as_ref().is_none_or(|f| name.contains(f.as_str()));

    let splay = Splay::start(SplayOptions::default());
    if wanted("splay-playouts") {
        let (actions, games, took) = playouts(&splay, Duration::from_secs(5));
        let secs = took.as_secs_f64();
        println!(
            "splay-playouts: {actions} actions in {games} random games, {secs:.2} s: \
             {:.1} M actions/s, {:.0} games/s, {:.0} actions/game (one core)",
            actions as f64 / secs / 1e6,
            games as f64 / secs,
            actions as f64 / games as f64
        );
    }
    if wanted("all-playouts") {
        // Every game from its start, through the same trait the search uses (`AnyGame`, so the
        // figures include the dispatch the app pays for).
        for id in [
            GameId::CashInHand,
            GameId::Intermedium,
            GameId::Grabber8,
            GameId::Support,
            GameId::Splay,
        ] {
            let start = AnyGame::start_with(id, []).expect("a built game");
            let (actions, games, took) = playouts(&start, Duration::from_secs(3));
            let secs = took.as_secs_f64();
            println!(
                "all-playouts {id}: {:.1} M actions/s, {:.0} games/s, {:.0} actions/game",
                actions as f64 / secs / 1e6,
                games as f64 / secs,
                actions as f64 / games as f64
            );
        }
    }
    if wanted("decision-latency") {
        // Listing the next decisions where whole turns explode: Cash In Hand's start (32-stone
        // stacks) mid-turn, and Intermedium's opening with a 40-stone stack.
        for (position, partial) in [
            ("cash-in-hand w32,6,b32/8/8/8/8/8/8/b32,6,w32 b 0", "a1"),
            (
                "cash-in-hand w32,6,b32/8/8/8/8/8/8/b32,6,w32 b 0",
                "a1:32 b2",
            ),
            (
                "cash-in-hand w32,6,b32/8/8/8/8/8/8/b32,6,w32 b 0",
                "a1:32 b2:1 c3",
            ),
            ("intermedium 7/7/7/7/7/3,b,3/2,b40,4/7/5,w2,1/7 b 0", ""),
            ("intermedium 7/7/7/7/7/3,b,3/2,b40,4/7/5,w2,1/7 b 0", "c4"),
        ] {
            let g = AnyGame::from_setup_with(&Setup::parse(position).unwrap(), []).unwrap();
            let turn = play_prefix(&g, partial).expect("a legal prefix");
            let now = turn.now().clone();
            let mut list = ActionList::new();
            let n = 20_000;
            let t = Instant::now();
            for _ in 0..n {
                list.clear();
                black_box(&now).legal_actions(&mut list);
            }
            let each = t.elapsed().as_secs_f64() / f64::from(n);
            println!(
                "decision-latency {} after '{partial}': {} decisions listed in {:.2} µs",
                g.id(),
                list.len(),
                each * 1e6
            );
        }
    }
    if wanted("ai-iterations") {
        let mut search = Search::new(splay.clone(), 1);
        let settings = Level::Master.settings(Duration::from_secs(3));
        let report = search.run(&SplayEval, &settings, None).expect("a decision");
        println!(
            "ai-iterations: Master level, 3 s on Splay's first decision: {} playouts \
             ({:.0}/s), {} nodes",
            report.iterations,
            f64::from(report.iterations) / 3.0,
            report.nodes
        );
    }
    if wanted("ai-levels") {
        let games = 6;
        let mut casual_wins = 0;
        let mut draws = 0;
        for game in 0..games {
            let casual = if game % 2 == 0 {
                Player::Black
            } else {
                Player::White
            };
            let mut g = splay.clone();
            let mut seed = game as u64;
            while g.outcome().is_none() {
                let level = if g.to_move() == casual {
                    Level::Casual
                } else {
                    Level::Beginner
                };
                seed += 1;
                let mut search = Search::new(g.clone(), seed);
                let r = search
                    .run(&SplayEval, &level.settings(Duration::from_secs(3)), None)
                    .expect("a decision");
                g.play(r.action);
            }
            match g.outcome().and_then(|o| o.winner()) {
                Some(p) if p == casual => casual_wins += 1,
                None => draws += 1,
                _ => {}
            }
        }
        println!(
            "ai-levels: Casual against Beginner, {games} games: Casual won {casual_wins}, {draws} drawn"
        );
    }
    if wanted("splay-perft") {
        let t = Instant::now();
        let n = perft(&splay, 4);
        let secs = t.elapsed().as_secs_f64();
        assert_eq!(n, 203_917_234);
        println!(
            "splay-perft: perft 4 from the start = {n} in {secs:.2} s: {:.1} M leaves/s",
            n as f64 / secs / 1e6
        );
    }
}
