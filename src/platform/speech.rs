//! Speech through a program of its own (Speech Dispatcher's `spd-say`): each line is handed to
//! it with the language's code, so no speech library is linked into Stackyard. A browser runs
//! no programs; the app offers no speech there.

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// The speech program looked for on the `PATH`.
pub const SPEECH_PROGRAM: &str = "spd-say";

/// A speech program found on this machine, and the lines it is still speaking.
#[derive(Debug)]
pub struct Speaker {
    program: PathBuf,
    speaking: Vec<Child>,
}

impl Speaker {
    /// The speech program at `program` (found by the caller).
    #[must_use]
    pub fn at(program: PathBuf) -> Speaker {
        Speaker {
            program,
            speaking: Vec::new(),
        }
    }

    /// Where the program is.
    #[must_use]
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// Hands `line` to the program, in `language` (a code such as `en`), without waiting for
    /// it to be spoken (the programs that finished are reaped first).
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn say(&mut self, line: &str, language: &str) -> io::Result<()> {
        self.speaking
            .retain_mut(|child| matches!(child.try_wait(), Ok(None)));
        let child = Command::new(&self.program)
            .args(["--language", language, "--", line])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()?;
        self.speaking.push(child);
        Ok(())
    }
}
