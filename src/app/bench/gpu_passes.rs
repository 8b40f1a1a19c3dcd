//! The GPU's time in each render pass, for `bench-frames --gpu-passes`: Bevy's render
//! diagnostics write GPU timestamps around the passes it instruments (where the adapter has
//! timestamp queries), and the bench takes each pass's median over the frames it measured.
//! Bevy does not time its shadow passes; they are what the wait for the GPU holds beyond these.

use crate::platform::clock::Instant;
use std::collections::BTreeMap;

use bevy::diagnostic::DiagnosticsStore;
use bevy::prelude::*;
use bevy::render::diagnostic::RenderDiagnosticsPlugin;

use crate::files::visit_stats::median;

/// The ending Bevy gives a pass's GPU time in its diagnostic path.
const GPU_TIME: &str = "/elapsed_gpu";

/// Times the passes from now on (before the app's `finish`).
pub fn install(app: &mut App) {
    app.add_plugins(RenderDiagnosticsPlugin);
}

/// Each pass's GPU time, frame after frame, as the render world reports them.
#[derive(Debug, Default)]
pub struct PassLog {
    /// When each pass's last report was read, so a report is counted once.
    read_at: BTreeMap<String, Instant>,
    /// Each pass's times, in milliseconds.
    times: BTreeMap<String, Vec<f64>>,
}

impl PassLog {
    /// Reads the reports that arrived since the last call. One report holds a frame; a pass
    /// drawn twice in it (by two cameras) counts as the sum.
    pub fn read(&mut self, world: &World) {
        let Some(store) = world.get_resource::<DiagnosticsStore>() else {
            return;
        };
        for diagnostic in store.iter() {
            let Some(pass) = diagnostic.path().as_str().strip_suffix(GPU_TIME) else {
                continue;
            };
            let pass = pass.strip_prefix("render/").unwrap_or(pass);
            let Some(latest) = diagnostic.measurement().map(|m| m.time) else {
                continue;
            };
            if self.read_at.get(pass).is_some_and(|&at| at >= latest) {
                continue;
            }
            let frame: f64 = diagnostic
                .measurements()
                .filter(|m| m.time == latest)
                .map(|m| m.value)
                .sum();
            self.read_at.insert(pass.to_owned(), latest);
            self.times.entry(pass.to_owned()).or_default().push(frame);
        }
    }

    /// Each pass's median GPU time in milliseconds, the slowest first.
    #[must_use]
    pub fn medians(&self) -> Vec<(String, f64)> {
        let mut medians: Vec<(String, f64)> = self
            .times
            .iter()
            .filter_map(|(pass, ms)| median(&mut ms.clone()).map(|m| (pass.clone(), m)))
            .collect();
        medians.sort_by(|a, b| b.1.total_cmp(&a.1));
        medians
    }
}

/// The medians as one line of words.
#[must_use]
pub fn line(medians: &[(String, f64)]) -> String {
    let passes: Vec<String> = medians
        .iter()
        .map(|(pass, ms)| format!("{pass} {ms:.2}"))
        .collect();
    format!("GPU by pass (ms): {}", passes.join(", "))
}

/// The medians as a JSON object.
#[must_use]
pub fn json(medians: &[(String, f64)]) -> String {
    let passes: Vec<String> = medians
        .iter()
        .map(|(pass, ms)| format!("\"{}\": {ms:.3}", pass.replace(['"', '\\'], "_")))
        .collect();
    format!("{{{}}}", passes.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::diagnostic::{Diagnostic, DiagnosticMeasurement, DiagnosticPath};

    fn report(world: &mut World, path: &'static str, values: &[f64]) {
        let time = Instant::now();
        let path = DiagnosticPath::const_new(path);
        let mut store = world.resource_mut::<DiagnosticsStore>();
        if store.get(&path).is_none() {
            store.add(Diagnostic::new(path.clone()));
        }
        let diagnostic = store.get_mut(&path).expect("just added");
        for &value in values {
            diagnostic.add_measurement(DiagnosticMeasurement { time, value });
        }
    }

    #[test]
    fn each_frame_is_read_once_and_a_pass_drawn_twice_adds_up() {
        let mut world = World::new();
        world.init_resource::<DiagnosticsStore>();
        let mut log = PassLog::default();
        report(&mut world, "render/ssao/elapsed_gpu", &[1.0]);
        report(&mut world, "render/ssao/elapsed_cpu", &[9.0]);
        report(&mut world, "render/tonemapping/elapsed_gpu", &[0.25, 0.5]);
        log.read(&world);
        log.read(&world);
        std::thread::sleep(std::time::Duration::from_millis(2));
        report(&mut world, "render/ssao/elapsed_gpu", &[3.0, 2.0]);
        log.read(&world);
        std::thread::sleep(std::time::Duration::from_millis(2));
        report(&mut world, "render/ssao/elapsed_gpu", &[2.0]);
        log.read(&world);
        assert_eq!(
            log.medians(),
            vec![("ssao".to_owned(), 2.0), ("tonemapping".to_owned(), 0.75)],
            "ssao's frames are 1, 3+2 and 2 (read once each), tonemapping's one frame is \
             0.25+0.5, and the CPU time is not a GPU pass"
        );
        assert_eq!(
            json(&log.medians()),
            "{\"ssao\": 2.000, \"tonemapping\": 0.750}"
        );
    }
}
