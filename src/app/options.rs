//! What the app is built with (`AppOptions`): what it opens, its folders, what overrides the
//! settings for this run, the kiosk's profile, and how it runs (`RunMode`).

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::layout_tour;
use super::opening::OpeningScreen;
use super::test_hooks::TestHooks;
use crate::files::profile::Profile;
use crate::files::save::LoadedGame;
use crate::files::settings::Quality;
use crate::game::core::screen::Screen;
use crate::rules::{AnyGame, Game, Turn};

/// How the app runs: in a window, or for a test, a picture or a measure.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum RunMode {
    /// A window on the screen, as a player has it.
    #[default]
    Window,
    /// No real window and no GPU: the window is only Bevy's component, and the caller drives
    /// frames with `App::update` (tests of the input pipeline).
    Headless,
    /// No window, but a real renderer: the 3D view is drawn into its canvas at this size and
    /// the caller drives frames with `App::update` (`bench-frames`, `gif`).
    Offscreen(UVec2),
    /// A window; once the scene is ready, save a PNG of it here and exit (`--screenshot`).
    Screenshot(PathBuf),
    /// A window; print the layout once it has settled, then go to each stop of the tour in
    /// turn, and exit (the hidden `--layout-only` and `--layout-tour`, for the panel tests).
    LayoutReport(Vec<layout_tour::TourStop>),
}

impl RunMode {
    /// The off-screen canvas's size, when there is one.
    #[must_use]
    pub fn offscreen(&self) -> Option<UVec2> {
        match self {
            RunMode::Offscreen(size) => Some(*size),
            _ => None,
        }
    }

    /// Whether the run takes a picture or reports a layout and ends by itself.
    #[must_use]
    pub fn reads_the_screen(&self) -> bool {
        matches!(self, RunMode::Screenshot(_) | RunMode::LayoutReport(_))
    }

    /// Whether the run has a real window on a screen.
    #[must_use]
    pub fn on_a_screen(&self) -> bool {
        !matches!(self, RunMode::Headless | RunMode::Offscreen(_))
    }
}

/// What the app opens with.
#[derive(Debug, Clone)]
pub struct Opening {
    /// The position to play from.
    pub position: AnyGame,
    /// A turn in progress to show (decisions already taken from `position`).
    pub partial: Option<Turn<AnyGame>>,
    /// A saved game to go on with (`--load`): its moves are played from `position`, its start,
    /// and its seats taken, as the Load menu does.
    pub loaded: Option<LoadedGame>,
    /// The screen to open on (how to play shows the position's game).
    pub screen: Screen,
    /// Open the Settings window (over the title).
    pub settings_open: bool,
    /// Show the idle prompt at once (exhibition mode, `--screen idle-prompt`).
    pub idle_prompt: bool,
    /// Open the staff's Statistics page at once (exhibition mode, `--screen statistics`).
    pub statistics_open: bool,
    /// Why a link the page's address carried was refused (the web build), told in a notice.
    pub refused_link: Option<String>,
}

impl Default for Opening {
    fn default() -> Self {
        Opening {
            position: AnyGame::start(Default::default()),
            partial: None,
            loaded: None,
            screen: Screen::Game,
            settings_open: false,
            idle_prompt: false,
            statistics_open: false,
            refused_link: None,
        }
    }
}

/// Where the app keeps its files (the platform's folders where `None`).
#[derive(Debug, Clone, Default)]
pub struct Folders {
    /// The folder for saves and the autosave.
    pub data: Option<PathBuf>,
    /// The folder of the settings file (in screenshot mode, settings are read only from a
    /// folder named here, and not written back, though a broken file is still set aside).
    pub config: Option<PathBuf>,
}

impl Folders {
    /// `data/` and `config/` inside `root` (a scratch folder, for a run that must leave the
    /// player's own files alone).
    #[must_use]
    pub fn within(root: &Path) -> Folders {
        Folders {
            data: Some(root.join("data")),
            config: Some(root.join("config")),
        }
    }
}

/// What replaces the settings' own choices for this run (none of it is written back).
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// The theme.
    pub theme: Option<String>,
    /// The language.
    pub language: Option<String>,
    /// The graphics quality (`--quality`).
    pub quality: Option<Quality>,
    /// The window's size (`--window-size`; 1280x720 if none).
    pub window_size: Option<UVec2>,
}

/// What the app is built with.
#[derive(Debug, Clone, Default)]
pub struct AppOptions {
    /// What it opens with.
    pub opens: Opening,
    /// Where it keeps its files.
    pub folders: Folders,
    /// What overrides the settings for this run.
    pub overrides: Overrides,
    /// Resume the autosaved game if the last run crashed (when no game was asked for).
    pub resume_after_crash: bool,
    /// Run as an exhibition kiosk with this profile.
    pub profile: Option<Profile>,
    /// How it runs.
    pub run: RunMode,
    /// Print the layout whenever it changes (`--print-layout`); headless, keep it in
    /// [`crate::app::layout_report::LatestLayout`] instead, for the caller to read.
    pub print_layout: bool,
    /// The main world's systems run on Bevy's thread pool, as Bevy's default is, instead of one
    /// after another on the app's thread (`bench-frames --thread-pool`, to compare).
    pub thread_pool: bool,
    /// The hidden options' hooks for tests.
    pub hooks: TestHooks,
}

impl AppOptions {
    /// Runs as a kiosk with `profile`: attract mode first, unless `screen` names another screen
    /// (`idle-prompt`: a game with the idle prompt up).
    pub fn use_profile(&mut self, profile: Profile, screen: Option<OpeningScreen>) {
        match screen {
            None => self.opens.screen = Screen::Attract,
            Some(OpeningScreen::IdlePrompt) => {
                self.opens.screen = Screen::Game;
                self.opens.idle_prompt = true;
            }
            Some(OpeningScreen::Statistics) => {
                self.opens.screen = Screen::Attract;
                self.opens.statistics_open = true;
            }
            Some(_) => {}
        }
        // With no game named, the kiosk opens on the profile's first game.
        if self.resume_after_crash
            && let Some(&first) = profile.game_ids().first()
        {
            self.opens.position = AnyGame::start(crate::rules::AnyOptions::for_game(first));
        }
        self.resume_after_crash = false;
        self.profile = Some(profile);
    }
}
