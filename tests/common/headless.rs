//! The game's logic without a window, as the app tests build it: Bevy's minimal plugins, a
//! session on a game, a fixed frame step and the game's logic plugin; and the helpers that drive
//! it: a click, a press of the screen, a key, a finger's touches, and waits.

use std::time::Duration;

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy::window::{PrimaryWindow, WindowEvent};
use stackyard::game::core::preferences::AnimationSpeed;
use stackyard::game::core::session::{BoardClick, Session};
use stackyard::game::logic_plugin;
use stackyard::rules::{AnyGame, AnyOptions, Game, GameId, Setup};

/// The time one frame of a headless app advances.
pub const STEP: Duration = Duration::from_millis(50);

/// A game's start.
pub fn start_of(id: GameId) -> AnyGame {
    AnyGame::start(AnyOptions::for_game(id))
}

/// The game a position string sets up.
pub fn position(text: &str) -> AnyGame {
    AnyGame::from_setup_with(&Setup::parse(text).unwrap(), []).expect("a valid position")
}

/// A headless app on `game` whose moves animate at `speed`, built and run for one frame.
pub fn headless(game: AnyGame, speed: AnimationSpeed) -> App {
    Headless::on(game).speed(speed).build()
}

/// A headless app, put together step by step: [`Headless::on`], then what it needs, then
/// [`Headless::build`].
pub struct Headless {
    app: App,
}

impl Headless {
    /// Minimal plugins, a session on `game`, moves shown without animation, frames of [`STEP`].
    pub fn on(game: AnyGame) -> Headless {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(Session::new(game))
            .insert_resource(AnimationSpeed::Off)
            .insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
        Headless { app }
    }

    /// Each frame advances the app's clock by `step`.
    pub fn step(mut self, step: Duration) -> Headless {
        self.app
            .insert_resource(TimeUpdateStrategy::ManualDuration(step));
        self
    }

    /// Moves animate at `speed`.
    pub fn speed(mut self, speed: AnimationSpeed) -> Headless {
        self.app.insert_resource(speed);
        self
    }

    /// Mouse, keyboard and touch input as Bevy keeps it (what the kiosk listens to).
    pub fn with_input(mut self) -> Headless {
        self.app.add_plugins(bevy::input::InputPlugin);
        self
    }

    /// Whatever else the test needs before the game's logic is added (settings, folders).
    pub fn before_logic(mut self, set_up: impl FnOnce(&mut App)) -> Headless {
        set_up(&mut self.app);
        self
    }

    /// Adds the game's logic and runs one frame.
    pub fn build(self) -> App {
        self.then(|_| {})
    }

    /// Adds the game's logic, then `set_up` (resources that replace the logic's own), and runs
    /// one frame.
    pub fn then(mut self, set_up: impl FnOnce(&mut App)) -> App {
        logic_plugin(&mut self.app);
        set_up(&mut self.app);
        self.app.update();
        self.app
    }
}

/// A click on the board, and the two frames that take it and show it.
pub fn click(app: &mut App, on: BoardClick) {
    app.world_mut().write_message(on);
    app.update();
    app.update();
}

/// A press of the screen anywhere (the mouse's left button, as a kiosk's touch screen sends it),
/// and the two frames that take it.
pub fn press(app: &mut App) {
    app.world_mut().write_message(MouseButtonInput {
        button: MouseButton::Left,
        state: ButtonState::Pressed,
        window: Entity::PLACEHOLDER,
    });
    app.update();
    app.update();
}

/// A key pressed or let go, as the window sends it, and the frame that takes it.
pub fn key(app: &mut App, key_code: KeyCode, state: ButtonState) {
    app.world_mut().write_message(key_event(key_code, state));
    app.update();
}

/// A key pressed or let go, as the window sends it (several can come in one frame).
pub fn key_event(key_code: KeyCode, state: ButtonState) -> bevy::input::keyboard::KeyboardInput {
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    KeyboardInput {
        key_code,
        logical_key: Key::Unidentified(NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    }
}

/// Frames for `time` of the app's clock (at the app's own step).
pub fn wait(app: &mut App, time: Duration) {
    let step = match app.world().get_resource::<TimeUpdateStrategy>() {
        Some(TimeUpdateStrategy::ManualDuration(step)) => *step,
        _ => STEP,
    };
    for _ in 0..time.div_duration_f32(step).ceil() as u32 {
        app.update();
    }
}

/// Frames until `done` holds, at most `frames` of them; whether it came to hold.
pub fn wait_until(app: &mut App, frames: usize, mut done: impl FnMut(&mut App) -> bool) -> bool {
    for _ in 0..frames {
        if done(app) {
            return true;
        }
        app.update();
    }
    done(app)
}

/// The app's window (the whole app, built with a window).
pub fn window(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap()
}

/// Touches as winit sends them, to the touch state and to the window's events, and a frame.
pub fn touch(app: &mut App, events: &[(u64, TouchPhase, Vec2)]) {
    let window = window(app);
    for &(id, phase, position) in events {
        let input = TouchInput {
            phase,
            position,
            window,
            force: None,
            id,
        };
        app.world_mut().write_message(input);
        app.world_mut()
            .write_message(WindowEvent::TouchInput(input));
    }
    app.update();
}

/// A finger that arrives, presses and lifts within one frame, and the frame after.
pub fn tap(app: &mut App, at: Vec2) {
    touch(
        app,
        &[(1, TouchPhase::Started, at), (1, TouchPhase::Ended, at)],
    );
    app.update();
}

/// The whole app (`stackyard::app::build`) without a window, its data and config folders in a
/// scratch folder that goes when the test ends, however it ends. Derefs to the app.
pub struct WholeApp {
    pub app: App,
    _folders: stackyard::files::scratch::Scratch,
}

impl WholeApp {
    /// The app built from `options` (run mode and folders filled in), finished and cleaned up,
    /// not yet updated; `name` names the scratch folder.
    pub fn new(name: &str, options: stackyard::app::AppOptions) -> WholeApp {
        let folders = stackyard::files::scratch::Scratch::new(name);
        let mut app = stackyard::app::build(stackyard::app::AppOptions {
            folders: stackyard::app::Folders::within(&folders),
            ..options
        });
        app.finish();
        app.cleanup();
        WholeApp {
            app,
            _folders: folders,
        }
    }

    /// The app headless ([`stackyard::app::RunMode::Headless`]) with default options.
    pub fn headless(name: &str) -> WholeApp {
        WholeApp::new(
            name,
            stackyard::app::AppOptions {
                run: stackyard::app::RunMode::Headless,
                ..stackyard::app::AppOptions::default()
            },
        )
    }
}

impl std::ops::Deref for WholeApp {
    type Target = App;
    fn deref(&self) -> &App {
        &self.app
    }
}

impl std::ops::DerefMut for WholeApp {
    fn deref_mut(&mut self) -> &mut App {
        &mut self.app
    }
}

/// Runs the program's `command` with `args` off-screen: Mesa's Vulkan, no display to open.
pub fn off_screen(command: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .arg(command)
        .args(args)
        .env("WGPU_BACKEND", "vulkan")
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .unwrap()
}
