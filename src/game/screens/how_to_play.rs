//! How to play a game: the rules in short sections beside the real board, where scripted
//! demonstrations (src/guide) are played move by move and can be stepped through.

use std::collections::VecDeque;

use crate::game::ui::named::name_control;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::guide::{Demo, guide};
use crate::rules::{Action, AnyGame, AnyOptions, Game, GameId, Setup, play_move, play_prefix};

use crate::game::core::motion::BoardMotion;
use crate::game::core::preferences::AnimationSpeed;
use crate::game::core::screen::Screen;
use crate::game::core::session::{BoardReset, Session, SessionRequest};

/// The guide on show: its game, the demonstration, and the decisions still to play in it.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Guided {
    /// The game whose rules are shown.
    pub game: GameId,
    /// The demonstration on the board (an index into the guide's list).
    pub demo: usize,
    /// Decisions of the demonstration not yet played, and the pause before the next.
    queue: VecDeque<Action>,
    wait: f32,
    /// Set when the board must be set up again for `demo`.
    stale: bool,
}

impl Guided {
    /// The guide of a game, at its first demonstration.
    #[must_use]
    pub fn of(game: GameId) -> Guided {
        Guided {
            game,
            demo: 0,
            queue: VecDeque::new(),
            wait: 0.0,
            stale: true,
        }
    }

    /// Shows another demonstration (from its start).
    pub fn show(&mut self, demo: usize) {
        self.demo = demo;
        self.stale = true;
    }

    /// Whether every decision of the demonstration has been played.
    #[must_use]
    pub fn finished(&self) -> bool {
        !self.stale && self.queue.is_empty()
    }
}

/// Seconds between two decisions of a demonstration.
const PAUSE: f32 = 0.6;

/// The guide's logic: demonstrations set up and played through the session, the game put aside
/// and brought back.
/// A game put aside while its player reads how to play, restored when they come back to it.
#[derive(Resource, Debug, Clone)]
pub struct SuspendedGame(pub Session);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Guided::of(GameId::Splay))
        .add_systems(OnEnter(Screen::HowToPlay), put_game_aside)
        .add_systems(OnExit(Screen::HowToPlay), bring_game_back)
        .add_systems(
            Update,
            (set_up_demonstration, play_demonstration)
                .chain()
                .run_if(in_state(Screen::HowToPlay))
                .in_set(crate::game::core::GameSystems::Rules)
                .before(crate::game::core::session::apply_session_requests),
        )
        .add_systems(Update, say_whether_demonstrating);
}

/// Tells the frames' pacing whether a demonstration plays.
fn say_whether_demonstrating(
    screen: Res<State<Screen>>,
    guided: Res<Guided>,
    mut work: ResMut<crate::game::core::motion::ShownWork>,
) {
    let demonstrating = *screen.get() == Screen::HowToPlay && !guided.finished();
    if work.demonstrating != demonstrating {
        work.demonstrating = demonstrating;
    }
}

/// The guide's panel (the board is framed beside it: `free_area.rs`).
pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        show_guide.run_if(in_state(Screen::HowToPlay)),
    );
}

/// A game in progress waits while its player reads the rules.
fn put_game_aside(mut commands: Commands, session: Res<Session>, mut guided: ResMut<Guided>) {
    if session.move_count() > 0 || !session.turn().actions().is_empty() {
        commands.insert_resource(SuspendedGame(session.clone()));
    }
    guided.stale = true;
}

/// Coming back from the rules: the game put aside is on the board again.
fn bring_game_back(
    mut commands: Commands,
    suspended: Option<Res<SuspendedGame>>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
) {
    if let Some(s) = suspended {
        *session = s.0.clone();
        reset.write(BoardReset);
        commands.remove_resource::<SuspendedGame>();
    }
}

/// The position and the decisions of a demonstration (`None` if its script is broken, which
/// the guide's tests rule out).
fn script(game: GameId, demo: &Demo) -> Option<(AnyGame, Vec<Action>)> {
    let start = if demo.position.is_empty() {
        AnyGame::start(AnyOptions::for_game(game))
    } else {
        AnyGame::from_setup_with(&Setup::parse(demo.position).ok()?, []).ok()?
    };
    let mut now = start.clone();
    let mut actions = Vec::new();
    for text in demo.moves {
        let (next, played) = play_move(&now, text).ok()?;
        actions.extend_from_slice(&played);
        now = next;
    }
    if !demo.partial.is_empty() {
        actions.extend_from_slice(play_prefix(&now, demo.partial).ok()?.actions());
    }
    Some((start, actions))
}

/// Puts a demonstration's position on the board and queues its decisions.
fn set_up_demonstration(
    mut guided: ResMut<Guided>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
) {
    if !guided.stale {
        return;
    }
    guided.stale = false;
    let demos = guide(guided.game).demos;
    guided.demo = guided.demo.min(demos.len().saturating_sub(1));
    let Some((start, actions)) = demos.get(guided.demo).and_then(|d| script(guided.game, d)) else {
        warn!(
            "the demonstration {} of {} cannot be played",
            guided.demo, guided.game
        );
        return;
    };
    *session = Session::new(start);
    reset.write(BoardReset);
    guided.queue = actions.into();
    guided.wait = PAUSE;
}

/// Plays the queued decisions one at a time, each once the last has come to rest (all at once
/// when animation is off).
fn play_demonstration(
    mut guided: ResMut<Guided>,
    speed: Res<AnimationSpeed>,
    time: Res<Time>,
    motion: Res<BoardMotion>,
    mut requests: MessageWriter<SessionRequest>,
) {
    if *speed == AnimationSpeed::Off {
        while let Some(a) = guided.queue.pop_front() {
            requests.write(SessionRequest::Play(a));
        }
        return;
    }
    if guided.queue.is_empty() || motion.moving {
        return;
    }
    guided.wait -= time.delta_secs();
    if guided.wait <= 0.0 {
        guided.wait = PAUSE;
        if let Some(a) = guided.queue.pop_front() {
            requests.write(SessionRequest::Play(a));
        }
    }
}

fn show_guide(
    mut contexts: EguiContexts,
    mut guided: ResMut<Guided>,
    suspended: Option<Res<SuspendedGame>>,
    mut next: ResMut<NextState<Screen>>,
    mut requests: MessageWriter<SessionRequest>,
    tr: Res<crate::game::core::i18n::Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let g = guide(guided.game);
    let name = tr.t(g.card.name);
    let mut screen = crate::game::ui::viewport::viewport_ui(ctx, "how to play");
    let mut leave = None;
    egui::Panel::left("how to play")
        .resizable(false)
        .exact_size(crate::game::view::free_area::GUIDE_WIDTH)
        .show(&mut screen, |ui| {
            ui.add_space(8.0);
            ui.heading(tr.tf("guide.heading", &[("game", &name)]));
            ui.label(egui::RichText::new(tr.t(g.card.credit)).italics());
            ui.separator();
            demonstration(ui, &tr, g, &mut guided);
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(ui.available_height() - 64.0)
                .show(ui, |ui| {
                    for (heading, text) in g.rules {
                        ui.label(egui::RichText::new(tr.t(heading)).strong().size(16.0));
                        ui.label(tr.t(text));
                        ui.add_space(6.0);
                    }
                });
            ui.separator();
            leave = ways_out(ui, &tr, name, suspended.is_some());
        });
    match leave {
        Some(Leave::Back) => next.set(Screen::Game),
        Some(Leave::Play) => {
            requests.write(SessionRequest::Start(AnyOptions::for_game(guided.game)));
            next.set(Screen::Game);
        }
        Some(Leave::Title) => next.set(Screen::Title),
        None => {}
    }
    Ok(())
}

/// The demonstration on show, its text, and Previous, Again and Next.
fn demonstration(
    ui: &mut egui::Ui,
    tr: &crate::game::core::i18n::Tr,
    g: &crate::guide::Guide,
    guided: &mut Guided,
) {
    let n = g.demos.len();
    let i = guided.demo.min(n.saturating_sub(1));
    if let Some(demo) = g.demos.get(i) {
        ui.label(
            egui::RichText::new(tr.tf(
                "guide.demo_heading",
                &[("i", &(i + 1)), ("n", &n), ("title", &tr.t(demo.title))],
            ))
            .strong()
            .size(17.0),
        );
        ui.label(tr.t(demo.text));
    }
    ui.add_space(4.0);
    ui.horizontal(|ui| {
        let button = |ui: &mut egui::Ui, enabled: bool, key: &str| {
            ui.add_enabled(
                enabled,
                egui::Button::new(tr.t(key)).min_size([118.0, 48.0].into()),
            )
            .clicked()
        };
        if button(ui, i > 0, "guide.previous") {
            guided.show(i - 1);
        }
        if button(ui, true, "guide.again") {
            guided.show(i);
        }
        if button(ui, i + 1 < n, "guide.next") {
            guided.show(i + 1);
        }
    });
}

/// Where the guide's buttons lead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leave {
    /// Back to the game put aside.
    Back,
    /// A new game of this one.
    Play,
    /// The title screen.
    Title,
}

/// Back to the game put aside (or Play this game), and the title screen.
fn ways_out(
    ui: &mut egui::Ui,
    tr: &crate::game::core::i18n::Tr,
    name: &str,
    game_put_aside: bool,
) -> Option<Leave> {
    let mut leave = None;
    ui.horizontal(|ui| {
        let size = [180.0, 48.0];
        if game_put_aside {
            if ui
                .add(egui::Button::new(tr.t("moves.back")).min_size(size.into()))
                .clicked()
            {
                leave = Some(Leave::Back);
            }
        } else {
            let play = ui.add(
                egui::Button::new(
                    egui::RichText::new(tr.tf("title.play", &[("game", &name)])).strong(),
                )
                .min_size(size.into()),
            );
            name_control(&play, "play game");
            if play.clicked() {
                leave = Some(Leave::Play);
            }
        }
        if ui
            .add(egui::Button::new(tr.t("guide.title_screen")).min_size(size.into()))
            .clicked()
        {
            leave = Some(Leave::Title);
        }
    });
    leave
}
