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
#[cfg(not(target_arch = "wasm32"))]
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

/// As on a desktop, but a browser's page has one thread: `mine` runs first, then each job.
#[cfg(target_arch = "wasm32")]
pub fn beside<'env, T, R, J>(
    jobs: impl IntoIterator<Item = J>,
    mine: impl FnOnce() -> R,
) -> (R, Vec<Option<T>>)
where
    T: Send + 'env,
    J: FnOnce() -> T + Send + 'env,
{
    let own = mine();
    (own, jobs.into_iter().map(|job| Some(job())).collect())
}

/// Starts `work` on a named thread of its own, for a job that outlives the caller's frame.
///
/// # Errors
/// The system refused a thread (always, in a browser's page: the caller then does without).
pub fn worker<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> io::Result<JoinHandle<T>> {
    std::thread::Builder::new()
        .name(name.to_owned())
        .spawn(work)
}

/// Gives way to the page for a moment (a browser's page has one thread: a long job lets it draw
/// and answer between its pieces); on a desktop it is ready at once.
pub async fn give_way() {
    #[cfg(target_arch = "wasm32")]
    {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            let later = web_sys::window().map(|w| w.set_timeout_with_callback(&resolve));
            if !matches!(later, Some(Ok(_))) {
                let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
            }
        });
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}

/// Waits `time` on this thread (a browser's page cannot wait: there it returns at once).
pub fn pause(time: Duration) {
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::sleep(time);
    #[cfg(target_arch = "wasm32")]
    let _ = time;
}
