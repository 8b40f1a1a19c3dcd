//! What the coach's check costs a turn, on one core: along each game's recorded game in
//! `assets/replays/`, the study of every position a turn starts from and the judgement of the
//! move played there, timed together; the median, the 95th percentile, the worst and the share
//! of turns within half a second. Run with `cargo bench --bench coach`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use stackyard::ai::coach::{JUDGING_BUDGET, STUDY_BUDGET, judge, study};
use stackyard::files::save::SaveFile;
use stackyard::rules::Game;

/// The check's goal per turn.
const GOAL: Duration = Duration::from_millis(500);

fn main() {
    let replays = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/replays");
    println!("coach check per turn (study + judgement), one core");
    println!("game          turns  median     p95        worst      within 0.5 s  warnings");
    let mut all = Vec::new();
    let mut all_warnings = 0;
    for name in ["cash-in-hand", "intermedium", "grabber", "support", "splay"] {
        let (_, game) = SaveFile::load(&replays.join(format!("{name}.ron"))).expect("a replay");
        let mut now = game.start.clone();
        let mut times = Vec::new();
        let mut warnings = 0;
        for turn in &game.moves {
            let mut after = now.clone();
            for &a in turn {
                after.play(a);
            }
            let t = Instant::now();
            let studied = study(&now, STUDY_BUDGET, None);
            let warned = judge(&studied, &now, &after, JUDGING_BUDGET).is_some();
            times.push(t.elapsed());
            warnings += usize::from(warned);
            now = after;
        }
        all.extend_from_slice(&times);
        all_warnings += warnings;
        report(name, &mut times, warnings);
    }
    report("all", &mut all, all_warnings);
}

fn report(name: &str, times: &mut [Duration], warnings: usize) {
    times.sort_unstable();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let within = times.iter().filter(|t| **t <= GOAL).count();
    println!(
        "{name:<13} {:>5}  {:>9.1?}  {:>9.1?}  {:>9.1?}  {:>6.1} %      {warnings}",
        times.len(),
        at(0.5),
        at(0.95),
        times[times.len() - 1],
        100.0 * within as f64 / times.len() as f64,
    );
}
