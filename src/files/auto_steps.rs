//! The levels Auto found too slow, per graphics adapter and display (`graphics.ron` in the data
//! folder), so that the next start on the same screen begins at the level that kept up instead
//! of stuttering while it finds it again. Written atomically when Auto steps down and when a
//! person asks to try again; a file that cannot be read is kept aside and the steps start over.

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::settings::Quality;

/// The format's version.
pub const STEPS_VERSION: u32 = 1;
/// Screens remembered at most; the longest unseen is forgotten first.
pub const MOST_SCREENS: usize = 16;

/// A screen the frames are drawn for: the graphics adapter (with its driver, so that a new
/// driver is judged afresh) and the display (its name, size and refresh).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScreenKey {
    /// The adapter and its driver, e.g. `NVIDIA H200 (NVIDIA 580.95.05)`.
    pub adapter: String,
    /// The display, e.g. `DP-1 1920x1080 at 60 Hz`.
    pub display: String,
}

impl fmt::Display for ScreenKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.adapter, self.display)
    }
}

/// One screen Auto stepped down on, and the level that was too slow there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutoStep {
    /// The screen.
    pub screen: ScreenKey,
    /// The level whose frames could not keep up: `Medium` or `High` (Auto then uses the one
    /// below).
    pub too_slow: Quality,
}

/// Every screen Auto stepped down on, the most recent first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutoSteps {
    /// The format's version.
    pub version: u32,
    /// The screens, the most recent first.
    pub steps: Vec<AutoStep>,
}

impl Default for AutoSteps {
    fn default() -> Self {
        AutoSteps {
            version: STEPS_VERSION,
            steps: Vec::new(),
        }
    }
}

impl AutoSteps {
    /// The file's place in a data folder.
    #[must_use]
    pub fn path_in(data: &Path) -> PathBuf {
        data.join("graphics.ron")
    }

    /// Reads the steps from text.
    ///
    /// # Errors
    /// What is wrong: not RON of this shape, another version, a level that cannot be too slow
    /// (Auto has nothing below Low), or more than [`MOST_SCREENS`] screens.
    pub fn from_ron(text: &str) -> Result<AutoSteps, String> {
        let steps: AutoSteps = ron::from_str(text).map_err(|e| e.to_string())?;
        if steps.version != STEPS_VERSION {
            return Err(format!("version {} of the format", steps.version));
        }
        if steps.steps.len() > MOST_SCREENS {
            return Err(format!(
                "{} screens, more than the {MOST_SCREENS} kept",
                steps.steps.len()
            ));
        }
        if let Some(bad) = steps
            .steps
            .iter()
            .find(|s| !matches!(s.too_slow, Quality::Medium | Quality::High))
        {
            return Err(format!(
                "too_slow: {:?} for {}: only Medium or High can be too slow",
                bad.too_slow, bad.screen
            ));
        }
        Ok(steps)
    }

    /// Reads the steps; none yet is none. A file that cannot be read is renamed to
    /// `graphics.ron.unreadable` and the reason returned beside no steps.
    #[must_use]
    pub fn load(data: &Path) -> (AutoSteps, Option<String>) {
        let path = AutoSteps::path_in(data);
        let Ok(text) = crate::files::folders::read_text(&path) else {
            return (AutoSteps::default(), None);
        };
        match AutoSteps::from_ron(&text) {
            Ok(steps) => (steps, None),
            Err(why) => {
                let said = format!("{}: {why}; {}", path.display(), super::keep_aside(&path));
                (AutoSteps::default(), Some(said))
            }
        }
    }

    /// The level found too slow on `screen`, if any.
    #[must_use]
    pub fn too_slow_on(&self, screen: &ScreenKey) -> Option<Quality> {
        self.steps
            .iter()
            .find(|s| s.screen == *screen)
            .map(|s| s.too_slow)
    }

    /// Notes that `too_slow` could not keep up on `screen` (replacing what was known of it) or,
    /// with `None`, forgets the screen. Says whether anything changed.
    pub fn set(&mut self, screen: &ScreenKey, too_slow: Option<Quality>) -> bool {
        if self.too_slow_on(screen) == too_slow {
            return false;
        }
        self.steps.retain(|s| s.screen != *screen);
        if let Some(too_slow) = too_slow {
            self.steps.insert(
                0,
                AutoStep {
                    screen: screen.clone(),
                    too_slow,
                },
            );
            self.steps.truncate(MOST_SCREENS);
        }
        true
    }

    /// Writes the steps atomically into the data folder.
    ///
    /// # Errors
    /// A message for a file that cannot be written.
    pub fn store(&self, data: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        super::atomic::write_atomically(&AutoSteps::path_in(data), text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(&format!("steps-{name}"))
    }

    fn screen(adapter: &str) -> ScreenKey {
        ScreenKey {
            adapter: adapter.into(),
            display: "DP-1 1920x1080 at 60 Hz".into(),
        }
    }

    #[test]
    fn steps_are_kept_per_screen_and_round_trip() {
        let dir = scratch("round");
        let (mut steps, said) = AutoSteps::load(&dir);
        assert_eq!((steps.steps.len(), said), (0, None), "no file is no steps");
        assert!(steps.set(&screen("a"), Some(Quality::High)));
        assert!(steps.set(&screen("b"), Some(Quality::Medium)));
        assert!(!steps.set(&screen("b"), Some(Quality::Medium)), "no change");
        // A second step on the same screen replaces the first.
        assert!(steps.set(&screen("a"), Some(Quality::Medium)));
        assert_eq!(steps.steps.len(), 2);
        assert_eq!(steps.steps[0].screen, screen("a"), "the most recent first");
        steps.store(&dir).unwrap();
        let (read, said) = AutoSteps::load(&dir);
        assert_eq!((&read, said), (&steps, None));
        assert_eq!(read.too_slow_on(&screen("a")), Some(Quality::Medium));
        assert_eq!(read.too_slow_on(&screen("c")), None);
        // Trying again forgets the screen, and only it.
        let mut read = read;
        assert!(read.set(&screen("a"), None));
        assert_eq!(read.too_slow_on(&screen("a")), None);
        assert_eq!(read.too_slow_on(&screen("b")), Some(Quality::Medium));
    }

    #[test]
    fn only_the_most_recent_screens_are_kept() {
        let mut steps = AutoSteps::default();
        for i in 0..=MOST_SCREENS {
            steps.set(&screen(&i.to_string()), Some(Quality::High));
        }
        assert_eq!(steps.steps.len(), MOST_SCREENS);
        assert_eq!(steps.too_slow_on(&screen("0")), None, "the oldest went");
        assert!(
            steps
                .too_slow_on(&screen(&MOST_SCREENS.to_string()))
                .is_some()
        );
    }

    #[test]
    fn bad_files_are_refused_naming_the_problem_and_kept_aside() {
        let low = "(version: 1, steps: [(screen: (adapter: \"a\", display: \"d\"), \
                   too_slow: Low)])";
        let cases = [
            ("(version: 1, steps: [", "1:21"),
            ("(version: 2, steps: [])", "version 2 of the format"),
            (
                low,
                "too_slow: Low for a on d: only Medium or High can be too slow",
            ),
        ];
        for (text, says) in cases {
            let err = AutoSteps::from_ron(text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
        let dir = scratch("bad");
        std::fs::write(AutoSteps::path_in(&dir), low).unwrap();
        let (steps, said) = AutoSteps::load(&dir);
        assert_eq!(steps, AutoSteps::default());
        assert!(said.unwrap().contains("only Medium or High"));
        assert!(dir.join("graphics.ron.unreadable").exists());
        assert!(!AutoSteps::path_in(&dir).exists());
    }
}
