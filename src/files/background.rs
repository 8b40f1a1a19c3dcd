//! Files written on a thread of their own, so a frame never waits for the disk: each write is
//! atomic (`atomic::write_atomically`, flushed to disk before the rename), the writes land in
//! the order they were asked for, and what became of each is handed back to be reported. When
//! the writer is dropped, every write asked for is finished first.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, Sender};

use crate::platform::compute::{self, JoinHandle};

/// What became of one write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// What the file is, as the write named it ("autosave", "heartbeat").
    pub what: &'static str,
    /// `Err` with a message naming the file and what failed; the previous file is untouched.
    pub result: Result<(), String>,
}

/// One thing for the writing thread to do.
enum Job {
    Write {
        what: &'static str,
        path: PathBuf,
        bytes: Vec<u8>,
    },
    /// Answers once every write sent before it is done.
    Wait(Sender<()>),
}

/// The writing thread and the two ends that talk to it.
pub struct BackgroundWriter {
    jobs: Option<Sender<Job>>,
    written: Mutex<Receiver<Written>>,
    /// Where the results go when there is no thread (it could not start): the writes are then
    /// done at once, on the caller's thread.
    results: Sender<Written>,
    thread: Option<JoinHandle<()>>,
}

impl BackgroundWriter {
    /// Starts the writing thread. Should the system refuse a thread, the writer still works,
    /// writing on the caller's thread.
    #[must_use]
    pub fn start() -> BackgroundWriter {
        let (results, written) = mpsc::channel();
        let (jobs, queue) = mpsc::channel::<Job>();
        let to_report = results.clone();
        let thread = compute::worker("stackyard-files", move || write_all(&queue, &to_report)).ok();
        BackgroundWriter {
            jobs: thread.as_ref().map(|_| jobs),
            written: Mutex::new(written),
            results,
            thread,
        }
    }

    /// Asks for `bytes` to be written to `path` atomically; `what` names the file in the
    /// result.
    pub fn write(&self, what: &'static str, path: PathBuf, bytes: Vec<u8>) {
        let job = Job::Write { what, path, bytes };
        let unsent = match &self.jobs {
            Some(jobs) => jobs.send(job).err().map(|e| e.0),
            None => Some(job),
        };
        // No thread to take it: written here, now.
        if let Some(job) = unsent {
            run(job, &self.results);
        }
    }

    /// What became of the writes finished since the last call, in the order they were asked.
    #[must_use]
    pub fn finished(&self) -> Vec<Written> {
        let written = self
            .written
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        written.try_iter().collect()
    }

    /// Waits until every write asked for so far is on disk (or has failed).
    pub fn wait(&self) {
        let Some(jobs) = &self.jobs else { return };
        let (done, finished) = mpsc::channel();
        if jobs.send(Job::Wait(done)).is_ok() {
            let _ = finished.recv();
        }
    }
}

impl Drop for BackgroundWriter {
    /// Closes the queue and waits for the thread to write what is left in it.
    fn drop(&mut self) {
        drop(self.jobs.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The writing thread: each job in turn until the queue closes.
fn write_all(queue: &Receiver<Job>, results: &Sender<Written>) {
    for job in queue {
        run(job, results);
    }
}

fn run(job: Job, results: &Sender<Written>) {
    match job {
        Job::Write { what, path, bytes } => {
            let result = super::atomic::write_atomically(&path, &bytes);
            // Nobody left to tell (the app is closing): the file is written all the same.
            let _ = results.send(Written { what, result });
        }
        Job::Wait(done) => {
            let _ = done.send(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(&format!("bg-{name}"))
    }

    #[test]
    fn writes_land_in_the_order_asked_and_each_is_reported() {
        let dir = folder("order");
        let writer = BackgroundWriter::start();
        let path = dir.join("autosave.ron");
        for n in 0..50 {
            writer.write("autosave", path.clone(), format!("move {n}").into_bytes());
        }
        writer.wait();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "move 49");
        let results = writer.finished();
        assert_eq!(results.len(), 50);
        assert!(
            results
                .iter()
                .all(|w| w.what == "autosave" && w.result.is_ok())
        );
        assert!(
            writer.finished().is_empty(),
            "each result is handed back once"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_is_reported_with_its_reason_and_leaves_the_file() {
        let dir = folder("fail");
        let writer = BackgroundWriter::start();
        let good = dir.join("health.ron");
        writer.write("heartbeat", good.clone(), b"first".to_vec());
        // A file cannot stand where a folder is needed.
        writer.write("heartbeat", good.join("inside"), b"second".to_vec());
        writer.wait();
        let results = writer.finished();
        assert!(results[0].result.is_ok());
        let why = results[1].result.as_ref().unwrap_err();
        assert!(
            why.contains("inside") || why.contains("health.ron"),
            "{why}"
        );
        assert_eq!(std::fs::read_to_string(&good).unwrap(), "first");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn dropping_the_writer_finishes_every_write_first() {
        let dir = folder("drop");
        let writer = BackgroundWriter::start();
        for n in 0..20 {
            writer.write(
                "autosave",
                dir.join(format!("{n}.ron")),
                vec![b'x'; 100_000],
            );
        }
        drop(writer);
        for n in 0..20 {
            let len = std::fs::metadata(dir.join(format!("{n}.ron")))
                .unwrap()
                .len();
            assert_eq!(len, 100_000);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
