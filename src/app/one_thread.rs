//! The main world's systems run one after another on the thread that updates the app, not on
//! Bevy's thread pool. The game's systems are many and small: handing each to a pool thread
//! and waiting for it cost more than running them, and most of all when the pool's threads
//! share the cores with a software renderer or the computer's search (BENCHMARKS.md, "Software
//! rendering" and "GPU"). The render world keeps its own threads, and a system may still spread a large query
//! over the pool. For the same reason Bevy's tracking of which transform trees changed, which
//! runs on the pool, is off: the room's trees are shallow, and propagating them all costs less.

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy::transform::systems::StaticTransformOptimizations;

/// Puts every schedule of the main world on one thread: those there when it is added, and again
/// at the app's cleanup, those a plugin added when it finished; and propagates every transform
/// tree each frame instead of tracking the changed ones on the pool.
pub(super) struct OneThread;

impl Plugin for OneThread {
    fn build(&self, app: &mut App) {
        run_on_one_thread(app);
        app.insert_resource(StaticTransformOptimizations::Disabled);
    }

    fn cleanup(&self, app: &mut App) {
        run_on_one_thread(app);
    }
}

fn run_on_one_thread(app: &mut App) {
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use std::thread::ThreadId;

    #[derive(Resource, Clone, Default)]
    struct Threads(Arc<Mutex<Vec<ThreadId>>>);

    fn note_thread(threads: Res<Threads>) {
        std::thread::sleep(std::time::Duration::from_micros(200));
        threads.0.lock().unwrap().push(std::thread::current().id());
    }

    /// The threads eight independent systems in Update and PostUpdate ran on, over `frames`.
    fn threads_used(one_thread: bool, frames: usize) -> Vec<ThreadId> {
        let mut app = App::new();
        app.add_plugins(TaskPoolPlugin::default());
        let threads = Threads::default();
        app.insert_resource(threads.clone());
        for _ in 0..4 {
            app.add_systems(Update, note_thread)
                .add_systems(PostUpdate, note_thread);
        }
        if one_thread {
            app.add_plugins(OneThread);
        }
        app.finish();
        app.cleanup();
        for _ in 0..frames {
            app.update();
        }
        threads.0.lock().unwrap().clone()
    }

    #[test]
    fn every_system_runs_on_the_thread_that_updates_the_app() {
        let here = std::thread::current().id();
        let used = threads_used(true, 20);
        assert_eq!(used.len(), 160);
        assert!(used.iter().all(|t| *t == here));
        // Without it, Bevy hands systems to its pool: the check above can tell.
        let pooled = threads_used(false, 100);
        assert!(
            pooled.iter().any(|t| *t != here),
            "no system left this thread"
        );
    }
}
