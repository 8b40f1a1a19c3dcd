//! The kiosk's heartbeat: `health.ron` in the data folder, rewritten atomically every
//! [`HEARTBEAT`] by the running app (frames per second over the last minute, the worst frame,
//! memory, uptime, the screen shown, the graphics level, the last error), and read by `stackyard health`, which
//! calls a heartbeat older than [`STALE`] a failure, for a cron job or a monitoring agent.

use crate::platform::clock::{SystemTime, UNIX_EPOCH};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How often the app rewrites the file.
pub const HEARTBEAT: Duration = Duration::from_secs(30);
/// A heartbeat older than this means the app is gone or frozen.
pub const STALE: Duration = Duration::from_secs(120);

/// What the heartbeat says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Health {
    /// Stackyard's version.
    pub version: String,
    /// When it was written: seconds since 1970 (UTC).
    pub written_unix: u64,
    /// When it was written, in local time, for people.
    pub written: String,
    /// Seconds since the app started.
    pub uptime_secs: u64,
    /// Frames drawn per second over the last minute.
    pub fps_last_minute: f32,
    /// The longest frame of the last minute, in milliseconds.
    pub worst_frame_ms: f32,
    /// The app's resident memory in MiB (`None` where the system does not say).
    pub memory_mib: Option<f32>,
    /// The screen on show (attract, title, game, how-to-play, editor, puzzles, closed).
    pub screen: String,
    /// The graphics level drawn at, and under Auto whether frames ran too late for a higher one
    /// (`Medium (Auto; High was too slow for this screen)`). Empty in a heartbeat from before.
    #[serde(default)]
    pub graphics: String,
    /// The last error the app met (a file it could not write, say), if any.
    pub last_error: Option<String>,
}

/// The heartbeat file.
#[must_use]
pub fn path(data: &Path) -> PathBuf {
    data.join("health.ron")
}

/// Seconds since 1970 now.
#[must_use]
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The app's resident memory in MiB, from `/proc/self/statm` (Linux only).
#[must_use]
pub fn resident_mib() -> Option<f32> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f32 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // Linux's pages are 4 KiB on every machine Stackyard is packaged for.
    Some(pages * 4.0 / 1024.0)
}

impl Health {
    /// Writes the heartbeat atomically.
    ///
    /// # Errors
    /// A message naming the file and what failed.
    pub fn store(&self, data: &Path) -> Result<(), String> {
        super::atomic::write_atomically(&path(data), self.to_text()?.as_bytes())
    }

    /// The heartbeat as its file holds it.
    ///
    /// # Errors
    /// What RON could not write (nothing in a heartbeat fails to).
    pub fn to_text(&self) -> Result<String, String> {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())
    }

    /// Reads the heartbeat.
    ///
    /// # Errors
    /// A message saying that there is none, or that it cannot be read.
    pub fn load(data: &Path) -> Result<Health, String> {
        let file = path(data);
        let text = std::fs::read_to_string(&file).map_err(|e| {
            format!(
                "no heartbeat at {}: {e} (is the kiosk running with this data folder?)",
                file.display()
            )
        })?;
        ron::from_str(&text).map_err(|e| format!("{} is not a heartbeat: {e}", file.display()))
    }

    /// How old the heartbeat is at `now` (seconds since 1970).
    #[must_use]
    pub fn age(&self, now: u64) -> Duration {
        Duration::from_secs(now.saturating_sub(self.written_unix))
    }
}

/// `stackyard health`: the heartbeat's lines and whether it is fresh at `now`.
///
/// # Errors
/// The lines to print and why it is not healthy: none, unreadable, or older than [`STALE`].
pub fn report(data: &Path, now: u64) -> Result<Vec<String>, (Vec<String>, String)> {
    let health = Health::load(data).map_err(|why| (Vec::new(), why))?;
    let age = health.age(now);
    let mut lines = vec![
        format!("heartbeat: {} ({} s ago)", health.written, age.as_secs()),
        format!("version: {}", health.version),
        format!("screen: {}", health.screen),
        format!("graphics: {}", health.graphics),
        format!("uptime: {} s", health.uptime_secs),
        format!(
            "frames per second (last minute): {:.1}",
            health.fps_last_minute
        ),
        format!("worst frame: {:.1} ms", health.worst_frame_ms),
        match health.memory_mib {
            Some(m) => format!("memory: {m:.0} MiB"),
            None => "memory: unknown".into(),
        },
        format!(
            "last error: {}",
            health.last_error.as_deref().unwrap_or("none")
        ),
    ];
    if age > STALE {
        let why = format!(
            "the heartbeat is {} s old, more than {} s: the kiosk is not running or is frozen",
            age.as_secs(),
            STALE.as_secs()
        );
        lines.push(format!("status: STALE ({why})"));
        return Err((lines, why));
    }
    lines.push("status: ok".into());
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(written_unix: u64) -> Health {
        Health {
            version: "0.1.0".into(),
            written_unix,
            written: "2026-12-03 10:00:00".into(),
            uptime_secs: 600,
            fps_last_minute: 59.5,
            worst_frame_ms: 21.0,
            memory_mib: Some(310.0),
            screen: "attract".into(),
            graphics: "Medium (Auto; High was too slow for this screen)".into(),
            last_error: None,
        }
    }

    #[test]
    fn a_fresh_heartbeat_is_ok_and_a_stale_one_is_not() {
        let data = crate::files::scratch::Scratch::new("health");
        assert!(report(&data, 1000).is_err(), "no file is a failure");
        sample(1000).store(&data).unwrap();
        assert_eq!(Health::load(&data).unwrap(), sample(1000));
        let fresh = report(&data, 1000 + 119).unwrap();
        assert_eq!(fresh.last().unwrap(), "status: ok");
        let (lines, why) = report(&data, 1000 + 121).unwrap_err();
        assert!(why.contains("121 s old"), "{why}");
        assert!(lines.last().unwrap().starts_with("status: STALE"));
        std::fs::write(path(&data), "(garbage").unwrap();
        assert!(
            report(&data, 1000)
                .unwrap_err()
                .1
                .contains("not a heartbeat")
        );
        let _ = std::fs::remove_dir_all(&data);
    }

    #[test]
    fn memory_is_read_on_linux() {
        if cfg!(target_os = "linux") {
            assert!(resident_mib().is_some_and(|m| m > 0.0));
        }
    }
}
