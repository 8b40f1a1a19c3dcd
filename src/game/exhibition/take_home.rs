//! "Continue this game at home": where the kiosk's profile names a `share_base`, a visitor's
//! game over and a solved puzzle show a QR code of the game's link beside the board, in the
//! theme's panel colours (dark modules on the light banner colour, a quiet zone of four), large
//! enough to scan from arm's length. Each code shown is a line in the visitor log.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::visits::VisitLog;
use super::{Exhibition, KioskSystems};
use crate::files::visits::Visit;
use crate::game::core::problems::Problems;
use crate::game::core::puzzles::{Attempt, PuzzleRun};
use crate::game::core::screen::Screen;
use crate::game::core::session::Session;
use crate::game::ui::palette;
use crate::rules::Game;

/// The modules of the quiet zone around a code, on each side (the QR standard's four).
const QUIET: usize = 4;

/// The code on show: the link it carries and its modules (`true` dark), row by row.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct TakeHome {
    /// What the code was made for (the game's start and its move count), so it is made once.
    made_for: Option<(u64, usize)>,
    /// The link the code carries.
    pub link: String,
    /// The modules, `width` to a row.
    modules: Vec<bool>,
    width: usize,
}

impl TakeHome {
    /// A code of `link`; `None` if the link is too long for any QR code.
    #[must_use]
    pub fn of(link: String) -> Option<TakeHome> {
        let code = qrcode::QrCode::with_error_correction_level(link.as_bytes(), qrcode::EcLevel::L)
            .ok()?;
        let modules = code
            .to_colors()
            .into_iter()
            .map(|c| c == qrcode::Color::Dark)
            .collect();
        Some(TakeHome {
            made_for: None,
            width: code.width(),
            link,
            modules,
        })
    }

    /// Whether a code is on show.
    #[must_use]
    pub fn showing(&self) -> bool {
        self.width > 0
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TakeHome>().add_systems(
        Update,
        make_the_code
            .in_set(KioskSystems)
            .run_if(|kiosk: Option<Res<Exhibition>>| {
                kiosk.is_some_and(|k| k.profile.share_base.is_some())
            }),
    );
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        show_the_code
            .in_set(KioskSystems)
            .run_if(|code: Res<TakeHome>| code.showing()),
    );
}

/// What the code is for now: the finished game, or the solved puzzle, on their screens.
fn worth_taking_home(screen: Screen, session: &Session, puzzle: Option<&PuzzleRun>) -> bool {
    match screen {
        Screen::Game => session.outcome().is_some() && session.viewing().is_none(),
        Screen::Puzzle => puzzle.is_some_and(|run| run.attempt == Attempt::Solved),
        _ => false,
    }
}

/// Makes the code when a game ends or a puzzle is solved (once for each), logs it, and takes it
/// away when the screen moves on.
fn make_the_code(
    (kiosk, session, screen): (Res<Exhibition>, Res<Session>, Res<State<Screen>>),
    puzzle: Option<Res<PuzzleRun>>,
    mut code: ResMut<TakeHome>,
    log: Option<Res<VisitLog>>,
    (clock, mut problems): (Res<super::clock::KioskClock>, ResMut<Problems>),
) {
    if !worth_taking_home(**screen, &session, puzzle.as_deref()) {
        if code.showing() {
            *code = TakeHome::default();
        }
        return;
    }
    let key = (session.turn().start().hash(), session.move_count());
    if code.made_for == Some(key) {
        return;
    }
    let base = kiosk.profile.share_base.as_deref().unwrap_or_default();
    let Some(made) = TakeHome::of(session.link(base)) else {
        problems.note(
            "take-home code",
            "the game's link is too long for a QR code".to_owned(),
        );
        code.made_for = Some(key);
        return;
    };
    *code = TakeHome {
        made_for: Some(key),
        ..made
    };
    if let Some(log) = log {
        let game = session.turn().start().id().id().to_owned();
        log.write(&clock, &mut problems, Visit::CodeShown { game });
    }
}

/// The code beside the board, with its caption.
fn show_the_code(
    mut contexts: EguiContexts,
    code: Res<TakeHome>,
    tr: Res<crate::game::core::i18n::Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect().size();
    // Modules of at least 3 points, the whole code at most two fifths of the screen's height.
    let side = code.width + 2 * QUIET;
    let module = (screen.y * 0.4 / side as f32).floor().max(3.0);
    egui::Window::new(tr.t("kiosk.take_home"))
        .id(egui::Id::new("take home"))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-16.0, -16.0])
        .order(egui::Order::Foreground)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            let size = egui::Vec2::splat(module * side as f32);
            let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
            paint_modules(ui.painter(), rect.min, module, &code);
            ui.label(tr.t("kiosk.take_home.help"));
        });
    Ok(())
}

/// The light ground with its quiet zone, then each row's runs of dark modules.
fn paint_modules(painter: &egui::Painter, at: egui::Pos2, module: f32, code: &TakeHome) {
    let side = (code.width + 2 * QUIET) as f32 * module;
    painter.rect_filled(
        egui::Rect::from_min_size(at, egui::Vec2::splat(side)),
        0.0,
        palette::BANNER_LIGHT,
    );
    for (y, row) in code.modules.chunks(code.width).enumerate() {
        let mut x = 0;
        while x < row.len() {
            let run = row[x..].iter().take_while(|dark| **dark).count();
            if run > 0 {
                let min = at + module * egui::vec2((x + QUIET) as f32, (y + QUIET) as f32);
                let size = module * egui::vec2(run as f32, 1.0);
                painter.rect_filled(
                    egui::Rect::from_min_size(min, size),
                    0.0,
                    palette::BANNER_DARK,
                );
            }
            x += run.max(1);
        }
    }
}
