//! Speak moves: each announcement spoken through the speech program in the current language,
//! when the player's settings or the kiosk's profile ask for it (not attract mode's own games). Where no speech program is
//! installed the option says so and stays off; a program that will not start is a noted
//! problem, never a silent one.

use bevy::prelude::*;

use crate::platform::speech::{SPEECH_PROGRAM, Speaker};

use crate::game::core::announce::Announce;
use crate::game::core::i18n::Tr;
use crate::game::core::problems::Problems;
use crate::game::core::screen::Screen;

/// Whether the announcements are to be spoken (the setting, or the profile's `speak`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SpeakMoves(pub bool);

/// The speech program this machine has, found when the app starts.
#[derive(Resource, Debug, Default)]
pub struct Voice(Option<Speaker>);

impl Voice {
    /// The speech program on this process's `PATH`, if there is one.
    #[must_use]
    pub fn find() -> Voice {
        let path = std::env::var_os("PATH").unwrap_or_default();
        Voice::find_on(&path)
    }

    /// The speech program on `path` (a `PATH`-style list of folders), if there is one.
    #[must_use]
    pub fn find_on(path: &std::ffi::OsStr) -> Voice {
        Voice(crate::files::folders::program_on(SPEECH_PROGRAM, path).map(Speaker::at))
    }

    /// Whether a speech program was found.
    #[must_use]
    pub fn is_there(&self) -> bool {
        self.0.is_some()
    }
}

/// Whether the app speaks now: asked for, and a program to speak with.
#[must_use]
pub fn speaking(wanted: SpeakMoves, voice: &Voice) -> bool {
    wanted.0 && voice.is_there()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SpeakMoves>()
        .init_resource::<Voice>()
        .add_systems(
            Update,
            speak_announcements.in_set(crate::game::core::GameSystems::Present),
        );
}

/// Hands each new announcement to the speech program, in the texts' language.
fn speak_announcements(
    mut heard: MessageReader<Announce>,
    wanted: Res<SpeakMoves>,
    mut voice: ResMut<Voice>,
    tr: Res<Tr>,
    mut problems: ResMut<Problems>,
    screen: Option<Res<State<Screen>>>,
) {
    // Attract mode's own games play to an empty room: only the visitors' are spoken.
    let attract = screen.is_some_and(|s| *s.get() == Screen::Attract);
    if !wanted.0 || attract {
        heard.clear();
        return;
    }
    let Some(speaker) = voice.0.as_mut() else {
        heard.clear();
        return;
    };
    for Announce(line) in heard.read() {
        if let Err(e) = speaker.say(line, tr.code()) {
            let program = speaker.program().display();
            problems.note("speech", format!("{program} did not start: {e}"));
        }
    }
}
