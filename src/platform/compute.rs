//! The one seam to threads: how many cores there are, jobs run beside the caller's own work,
//! a worker of its own for a long job, and a pause. A target without threads (a browser)
//! differs here and nowhere else; the search there runs in slices
//! ([`crate::ai::mcts::Search::run_slice`]) rather than on helpers.

use std::io;
use std::time::Duration;

pub use std::thread::JoinHandle;

/// The cores this machine offers, at least one.
#[must_use]
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// Runs each of `jobs` on a helper thread while `mine` runs on the caller's; returns what
/// `mine` gave and what each job gave (`None` for a job that panicked), in the jobs' order.
/// Everything the jobs borrow outlives the call.
pub fn beside<'env, T, R, J>(
    jobs: impl IntoIterator<Item = J>,
    mine: impl FnOnce() -> R,
) -> (R, Vec<Option<T>>)
where
    T: Send + 'env,
    J: FnOnce() -> T + Send + 'env,
{
    std::thread::scope(|scope| {
        let handles: Vec<_> = jobs.into_iter().map(|job| scope.spawn(job)).collect();
        let own = mine();
        let theirs = handles.into_iter().map(|h| h.join().ok()).collect();
        (own, theirs)
    })
}

/// Starts `work` on a named thread of its own, for a job that outlives the caller's frame.
///
/// # Errors
/// The system refused a thread.
pub fn worker<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> io::Result<JoinHandle<T>> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(work)
}

/// Waits `time` on this thread.
pub fn pause(time: Duration) {
    std::thread::sleep(time);
}
