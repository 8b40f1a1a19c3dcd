//! The title screen: the five games as cards (a picture of the board, designer and year, one
//! line), the chosen game's options and seats, Start, Continue (the autosaved game), How to
//! play, Set up a position (the editor), and Quit. The board stays in the world behind it.

use crate::game::ui::centred::add_centred;
use crate::game::ui::named::name_control;
use crate::game::ui::reader_names::name_for_readers;
use std::path::PathBuf;

use crate::game::screens::view_settings::SettingsWindow;
use crate::game::ui::palette;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, EguiTextureHandle, egui};

use crate::files::save::SaveFile;
use crate::guide::{GAMES, guide};
use crate::rules::{AnyGame, AnyOptions, Game, GameId};

use crate::game::core::editor::OpenEditor;
use crate::game::core::i18n::Tr;
use crate::game::core::kiosk::editor_offered;
use crate::game::core::puzzles::{PuzzleRequest, PuzzleShelves};
use crate::game::core::saving::{Autosave, LoadRequest, session_of};
use crate::game::core::screen::Screen;
use crate::game::core::seats::Seats;
use crate::game::core::session::SessionRequest;
use crate::game::screens::how_to_play::Guided;
use crate::game::ui::choices::{edit_options, seat_pickers};
use crate::game::ui::viewport::viewport_ui;

/// The pictures of the cards, loaded from `assets/cards/<game>.png`.
#[derive(Resource, Debug, Clone, Default)]
pub struct CardPictures(pub Vec<(GameId, Handle<Image>)>);

/// What the title screen has chosen so far: the game with its options, and the seats.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct TitleChoice {
    /// The game and its options.
    pub options: AnyOptions,
}

/// The autosaved game that Continue resumes: its file and a line describing it.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct ContinueOffer(pub Option<(std::path::PathBuf, String)>);

/// What the title needs without a window: the offer to continue the autosaved game.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TitleChoice>()
        .init_resource::<ContinueOffer>()
        .add_systems(OnEnter(Screen::Title), offer_autosaved_game)
        .add_systems(
            Update,
            offer_autosaved_game.run_if(in_state(Screen::Title).and_then(resource_changed::<Tr>)),
        );
}

/// The title screen itself, with its pictures.
pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(Startup, load_card_pictures).add_systems(
        EguiPrimaryContextPass,
        show_title.run_if(in_state(Screen::Title)),
    );
}

fn load_card_pictures(mut commands: Commands, server: Res<AssetServer>) {
    commands.insert_resource(CardPictures(
        GAMES
            .iter()
            .map(|&id| (id, server.load(format!("cards/{}.png", card_file(id)))))
            .collect(),
    ));
}

/// The picture's file name: Grabber's card shows the 8x8 board.
fn card_file(id: GameId) -> &'static str {
    id.card().id()
}

/// Reads the autosave once on arriving at the title: an unfinished game can be continued. One
/// that cannot be read is moved aside, with a notice saying why.
pub fn offer_autosaved_game(
    autosave: Option<Res<Autosave>>,
    mut offer: ResMut<ContinueOffer>,
    notices: Option<ResMut<crate::game::core::preferences::SettingsFile>>,
    tr: Res<Tr>,
) {
    let path = autosave.and_then(|a| a.0.clone());
    let opened = path.as_deref().map(SaveFile::open_autosave);
    if let (Some(Err(notice)), Some(mut notices)) = (&opened, notices) {
        notices.notice = Some(notice.clone());
    }
    offer.0 = path
        .zip(opened.and_then(Result::ok).flatten())
        .and_then(|(path, (file, game))| {
            let session = session_of(&game);
            if session.outcome().is_some() {
                return None;
            }
            let line = tr.tf(
                "title.continue",
                &[
                    ("game", &tr.game(file.game)),
                    (
                        "played",
                        &tr.count("title.moves_played", session.move_count()),
                    ),
                    ("player", &tr.player(session.position().to_move())),
                ],
            );
            Some((path, line))
        });
}

/// What the title is drawn from.
struct TitleParts<'a> {
    tr: &'a Tr,
    shelves: &'a PuzzleShelves,
    offer: &'a ContinueOffer,
    textures: &'a [(GameId, egui::TextureId)],
    kiosk: Option<&'a crate::game::core::kiosk::Kiosk>,
}

impl TitleParts<'_> {
    /// The title: the chosen game's box with Start always at the bottom, and above it its bar,
    /// the Puzzles entry and the cards, which scroll (wheel, drag or finger) where the window
    /// is too short for them. Nothing runs past the window's width: the cards narrow, then wrap.
    fn show(
        &self,
        ui: &mut egui::Ui,
        (choice, seats): (&mut TitleChoice, &mut Seats),
        clicks: &mut TitleClicks,
    ) {
        egui::Panel::bottom("title start")
            .frame(egui::Frame::NONE)
            .show_separator_line(false)
            .show(ui, |ui| {
                ui.add_space(14.0);
                clicks.start = play_box(ui, self.tr, choice, seats, self.kiosk.is_none());
            });
        egui::ScrollArea::vertical()
            .id_salt("title")
            .auto_shrink([false, false])
            .show(ui, |ui| self.show_games(ui, choice, clicks));
    }

    /// The title's bar, the Puzzles entry and the cards.
    fn show_games(&self, ui: &mut egui::Ui, choice: &mut TitleChoice, clicks: &mut TitleClicks) {
        let tr = self.tr;
        title_bar(ui, tr, self.kiosk.is_none(), self.offer, clicks);
        if puzzles_entry(ui, tr, self.shelves, choice.options.game()) {
            clicks.puzzles = Some(choice.options.game());
        }
        ui.add_space(14.0);
        let kiosk = self.kiosk;
        let shown = |id: GameId| {
            // A kiosk shows the games of its profile (any board of Grabber shows its card).
            kiosk.is_none_or(|k| {
                k.games
                    .iter()
                    .any(|g| guide(*g).card.name == guide(id).card.name)
            })
        };
        let offered = editor_offered(kiosk);
        game_cards(
            ui,
            (tr, self.shelves),
            self.textures,
            (shown, offered),
            choice,
            clicks,
        );
    }
}

/// The card frame's colours: the chosen card stands out.
fn card_frame(chosen: bool) -> egui::Frame {
    egui::Frame::new()
        .fill(palette::CARD_FILL)
        .stroke(if chosen {
            egui::Stroke::new(3.0, palette::ACCENT_GOLD)
        } else {
            egui::Stroke::new(1.0, palette::CARD_EDGE)
        })
        .corner_radius(8.0)
        .inner_margin(10.0)
}

/// What the title's clicks ask for this frame.
#[derive(Debug, Default)]
struct TitleClicks {
    quit: bool,
    settings: bool,
    resume: Option<PathBuf>,
    how_to_play: Option<GameId>,
    set_up: Option<GameId>,
    puzzles: Option<GameId>,
    start: bool,
}

fn show_title(
    mut contexts: EguiContexts,
    pictures: Option<Res<CardPictures>>,
    mut choice: ResMut<TitleChoice>,
    mut seats: ResMut<Seats>,
    offer: Res<ContinueOffer>,
    mut guided: ResMut<Guided>,
    mut next: ResMut<NextState<Screen>>,
    mut requests: MessageWriter<SessionRequest>,
    mut editors: MessageWriter<OpenEditor>,
    mut loads: MessageWriter<LoadRequest>,
    mut exit: MessageWriter<AppExit>,
    window: Res<State<SettingsWindow>>,
    mut next_window: ResMut<NextState<SettingsWindow>>,
    kiosk: Option<Res<crate::game::core::kiosk::Kiosk>>,
    (shelves, mut puzzles): (Res<PuzzleShelves>, MessageWriter<PuzzleRequest>),
    tr: Res<Tr>,
) -> Result {
    let textures = card_textures(&mut contexts, pictures.as_deref());
    let ctx = contexts.ctx_mut()?;
    let backdrop = egui::Frame::new()
        .fill(palette::TITLE_BACKDROP)
        .inner_margin(24.0);
    let mut screen = viewport_ui(ctx, "title");
    let mut clicks = TitleClicks::default();
    egui::CentralPanel::default()
        .frame(backdrop)
        .show(&mut screen, |ui| {
            let shown = TitleParts {
                tr: &tr,
                shelves: &shelves,
                offer: &offer,
                textures: &textures,
                kiosk: kiosk.as_deref(),
            };
            shown.show(ui, (&mut choice, &mut seats), &mut clicks);
        });
    if clicks.quit {
        exit.write(AppExit::Success);
    }
    if clicks.settings {
        next_window.set(window.get().toggled());
    }
    if let Some(path) = clicks.resume {
        loads.write(LoadRequest(path));
        next.set(Screen::Game);
    }
    if let Some(id) = clicks.how_to_play {
        *guided = Guided::of(id);
        next.set(Screen::HowToPlay);
    }
    if let Some(game) = clicks.puzzles {
        puzzles.write(PuzzleRequest::Open(game, None));
    }
    if clicks.start {
        requests.write(SessionRequest::Start(choice.options));
        next.set(Screen::Game);
    }
    if let Some(id) = clicks.set_up {
        // The chosen card's own options (Grabber's board among them), else the game's defaults.
        let options = if choice.options.game().card() == id {
            choice.options
        } else {
            AnyOptions::for_game(id)
        };
        editors.write(OpenEditor(AnyGame::start(options)));
    }
    Ok(())
}

/// The card pictures as egui textures.
fn card_textures(
    contexts: &mut EguiContexts,
    pictures: Option<&CardPictures>,
) -> Vec<(GameId, egui::TextureId)> {
    pictures
        .map(|p| {
            p.0.iter()
                .map(|(id, h)| {
                    (
                        *id,
                        contexts.add_image(EguiTextureHandle::Strong(h.clone())),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The name, the subtitle, and on the right Quit, Settings (not in a kiosk) and Continue.
fn title_bar(
    ui: &mut egui::Ui,
    tr: &Tr,
    desktop: bool,
    offer: &ContinueOffer,
    clicks: &mut TitleClicks,
) {
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new("Stackyard")
                .size(40.0)
                .strong()
                .color(palette::HEADING_GOLD),
        );
        ui.label(egui::RichText::new(tr.t("title.subtitle")).size(20.0));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // A kiosk has no Quit (the staff exit closes it) and no settings; a page has no
            // Quit (its tab closes it).
            let button = |ui: &mut egui::Ui, key: &str, width: f32| {
                ui.add(egui::Button::new(tr.t(key)).min_size([width, 44.0].into()))
                    .clicked()
            };
            clicks.quit =
                desktop && cfg!(not(target_arch = "wasm32")) && button(ui, "title.quit", 90.0);
            clicks.settings = desktop && button(ui, "title.settings", 110.0);
            if let Some((path, line)) = &offer.0
                && ui
                    .add(
                        egui::Button::new(egui::RichText::new(line).strong())
                            .min_size([240.0, 44.0].into()),
                    )
                    .clicked()
            {
                clicks.resume = Some(path.clone());
            }
        });
    });
}

/// The cards of the games shown, side by side; the chosen one stands out.
fn game_cards(
    ui: &mut egui::Ui,
    (tr, shelves): (&Tr, &PuzzleShelves),
    textures: &[(GameId, egui::TextureId)],
    (shown, offer_editor): (impl Fn(GameId) -> bool, bool),
    choice: &mut TitleChoice,
    clicks: &mut TitleClicks,
) {
    let chosen_card = choice.options.game().card();
    let games: Vec<GameId> = GAMES.into_iter().filter(|&id| shown(id)).collect();
    let (width, per_row) = card_width(ui, games.len());
    let line_height = tallest_line(ui, tr, &games, width);
    for row in games.chunks(per_row) {
        ui.horizontal_top(|ui| {
            for &id in row {
                let texture = textures.iter().find(|(g, _)| *g == id).map(|(_, t)| *t);
                let card = game_card(
                    ui,
                    (tr, shelves),
                    (id, texture, egui::vec2(width, line_height)),
                    id == chosen_card,
                    offer_editor,
                );
                if card.puzzles {
                    clicks.puzzles = Some(id);
                }
                if card.set_up {
                    clicks.set_up = Some(id);
                }
                if card.chosen {
                    choice.options = AnyOptions::for_game(id);
                }
                if card.how_to_play {
                    clicks.how_to_play = Some(id);
                }
            }
        });
    }
}

/// A card's inside at its widest, in points, and at its narrowest before the cards wrap.
const CARD_WIDTH: f32 = 206.0;
const NARROWEST_CARD: f32 = 150.0;
/// What a card's frame adds to its inside: the margins and the chosen card's edge.
const CARD_FRAME: f32 = 2.0 * 10.0 + 2.0 * 3.0;

/// A card's line about its game, as the card shows it.
fn card_line(tr: &Tr, id: GameId) -> egui::RichText {
    egui::RichText::new(tr.t(guide(id).card.line)).size(13.0)
}

/// The height of the tallest of the cards' lines at `width`: each card keeps that room, so
/// their buttons line up.
fn tallest_line(ui: &egui::Ui, tr: &Tr, games: &[GameId], width: f32) -> f32 {
    games
        .iter()
        .map(|&id| {
            egui::WidgetText::from(card_line(tr, id))
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    width,
                    egui::TextStyle::Body,
                )
                .size()
                .y
        })
        .fold(0.0, f32::max)
}

/// The width of a card's inside and how many cards stand in a row: all of them side by side,
/// narrowed as far as [`NARROWEST_CARD`] so that none runs past the window, then in rows.
fn card_width(ui: &egui::Ui, cards: usize) -> (f32, usize) {
    let gap = ui.spacing().item_spacing.x;
    let room = ui.available_width();
    let each = |n: usize| (room - gap * (n as f32 - 1.0)) / n as f32 - CARD_FRAME;
    let fits = (1..=cards.max(1))
        .rev()
        .find(|&n| each(n) >= NARROWEST_CARD)
        .unwrap_or(1);
    (
        each(fits).clamp(NARROWEST_CARD.min(each(1)), CARD_WIDTH),
        fits,
    )
}

/// The title's Puzzles entry, for the chosen game; whether it was clicked.
fn puzzles_entry(ui: &mut egui::Ui, tr: &Tr, shelves: &PuzzleShelves, game: GameId) -> bool {
    let has = shelves.of(game).is_some_and(|s| !s.puzzles.is_empty());
    let label = format!("{}: {}", tr.t("title.puzzles"), tr.game(game.card()));
    let b = ui.add_enabled(has, egui::Button::new(label).min_size([220.0, 44.0].into()));
    name_control(&b, "puzzles");
    b.clicked()
}

/// A card's Puzzles button: off, with the reason on hover, when the game has none.
fn puzzles_button(
    ui: &mut egui::Ui,
    tr: &Tr,
    shelves: &PuzzleShelves,
    (id, width): (GameId, f32),
) -> bool {
    let shelf = shelves.of(id);
    let has = shelf.is_some_and(|s| !s.puzzles.is_empty());
    let b = add_centred(ui, has, tr.t("title.puzzles"), [width - 2.0, 44.0].into());
    let b = match shelf.and_then(|s| s.notice.as_deref()) {
        Some(why) if !has => {
            b.on_disabled_hover_text(tr.tf("title.puzzles_missing", &[("why", &why)]))
        }
        _ => b,
    };
    name_control(&b, format!("puzzles {id}"));
    b.clicked()
}

/// What a card's clicks ask for.
#[derive(Debug, Default)]
struct CardClicks {
    chosen: bool,
    how_to_play: bool,
    set_up: bool,
    puzzles: bool,
}

/// One game's card: its picture, name, credit and line, Choose, How to play, Set up and Puzzles.
fn game_card(
    ui: &mut egui::Ui,
    (tr, shelves): (&Tr, &PuzzleShelves),
    (id, texture, size): (GameId, Option<egui::TextureId>, egui::Vec2),
    chosen: bool,
    offer_editor: bool,
) -> CardClicks {
    let card = guide(id).card;
    let mut clicks = CardClicks::default();
    let width = size.x;
    card_frame(chosen).show(ui, |ui| {
        ui.set_width(width);
        ui.vertical(|ui| {
            if let Some(tex) = texture {
                let size = [width, width * 116.0 / CARD_WIDTH];
                let picture = ui.add(
                    egui::Image::new(egui::load::SizedTexture::new(tex, size))
                        .sense(egui::Sense::click()),
                );
                name_for_readers(&picture, tr.t(card.name));
                clicks.chosen |= picture.clicked() && !chosen;
            }
            ui.label(egui::RichText::new(tr.t(card.name)).size(22.0).strong());
            // One line, as on every card (the whole credit on hover where it is cut).
            ui.add(egui::Label::new(egui::RichText::new(tr.t(card.credit)).italics()).truncate());
            // Left-aligned in a box as tall as the tallest card's line: the buttons line up.
            ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
                ui.set_min_size(size);
                ui.add(egui::Label::new(card_line(tr, id)).wrap());
            });
            card_buttons(ui, tr, (id, width), chosen, &mut clicks);
            if offer_editor {
                let set_up =
                    add_centred(ui, true, tr.t("title.set_up"), [width - 2.0, 44.0].into());
                name_control(&set_up, format!("set up {id}"));
                clicks.set_up = set_up.clicked();
            }
            clicks.puzzles = puzzles_button(ui, tr, shelves, (id, width));
        });
    });
    clicks
}

/// A card's Choose and How to play: side by side on a wide card, one above the other on a
/// narrow one, each as wide as the card's half or whole.
fn card_buttons(
    ui: &mut egui::Ui,
    tr: &Tr,
    (id, width): (GameId, f32),
    chosen: bool,
    clicks: &mut CardClicks,
) {
    let side_by_side = width >= CARD_WIDTH - 2.0;
    let mut both = |ui: &mut egui::Ui| {
        let each = if side_by_side {
            (width - ui.spacing().item_spacing.x) / 2.0
        } else {
            width - 2.0
        };
        let choose = add_centred(ui, !chosen, tr.t("title.choose"), [each, 48.0].into());
        name_control(&choose, format!("choose {id}"));
        clicks.chosen |= choose.clicked();
        let how = add_centred(ui, true, tr.t("title.how_to_play"), [each, 48.0].into());
        name_control(&how, format!("how to play {id}"));
        clicks.how_to_play = how.clicked();
    };
    if side_by_side {
        ui.horizontal(|ui| both(ui));
    } else {
        both(ui);
    }
}

/// The chosen game's box: its board (Grabber), options and seats, and Start; whether Start was
/// clicked.
fn play_box(
    ui: &mut egui::Ui,
    tr: &Tr,
    choice: &mut TitleChoice,
    seats: &mut Seats,
    coach_choice: bool,
) -> bool {
    let mut start = false;
    card_frame(false).show(ui, |ui| {
        ui.set_width(ui.available_width());
        let name = tr.t(guide(choice.options.game()).card.name);
        ui.label(
            egui::RichText::new(tr.tf("title.play", &[("game", &name)]))
                .size(22.0)
                .strong(),
        );
        // Start at the right where the row leaves room for it, else under the row: never past
        // the window's edge.
        let mut placed = false;
        ui.horizontal_top(|ui| {
            let options_width = (ui.available_width() * 0.4).min(420.0);
            ui.vertical(|ui| {
                ui.set_width(options_width);
                grabber_boards(ui, tr, choice);
                edit_options(ui, tr, &mut choice.options);
            });
            ui.vertical(|ui| seat_pickers(ui, tr, seats, coach_choice));
            if ui.available_width() >= START_WIDTH {
                ui.add_space(ui.available_width() - START_WIDTH);
                start = start_button(ui, tr);
                placed = true;
            }
        });
        if !placed {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                start = start_button(ui, tr);
            });
        }
    });
    start
}

/// The room Start takes at the end of its row.
const START_WIDTH: f32 = 170.0;

/// The chosen game's Start, large; whether it was clicked.
fn start_button(ui: &mut egui::Ui, tr: &Tr) -> bool {
    let label = egui::RichText::new(tr.t("hud.start")).size(22.0).strong();
    let button = add_centred(ui, true, label, [160.0, 56.0].into());
    name_control(&button, "start");
    button.clicked()
}

/// Grabber's board sizes, when Grabber is chosen.
fn grabber_boards(ui: &mut egui::Ui, tr: &Tr, choice: &mut TitleChoice) {
    if !matches!(choice.options, AnyOptions::Grabber(..)) {
        return;
    }
    ui.horizontal(|ui| {
        ui.label(tr.t("title.board"));
        for id in GameId::GRABBER_BOARDS {
            let g = id.geometry();
            let on = choice.options.game() == id;
            let button = egui::Button::selectable(on, format!("{}×{}", g.width, g.height))
                .min_size([64.0, 48.0].into());
            if ui.add(button).clicked() && !on {
                choice.options = AnyOptions::for_game(id);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::core::kiosk::Kiosk;
    use crate::game::ui::named::take_named_controls_whole;

    /// The title's named controls, laid out by egui alone in a window of `size` pixels at
    /// `zoom` (a kiosk's menu size), and the window in points.
    /// The title laid out by egui alone, pass after pass, each pass given its own events.
    struct TitleRun {
        ctx: egui::Context,
        tr: Tr,
        shelves: PuzzleShelves,
        textures: Vec<(GameId, egui::TextureId)>,
        screen: egui::Rect,
        choice: TitleChoice,
        seats: Seats,
        /// What the last pass painted.
        shapes: Vec<egui::epaint::ClippedShape>,
    }

    impl TitleRun {
        /// A title in a window of `size` pixels at `zoom` (a kiosk's menu size).
        fn new(size: egui::Vec2, language: &str, zoom: f32) -> TitleRun {
            let ctx = egui::Context::default();
            ctx.set_zoom_factor(zoom);
            TitleRun {
                ctx,
                tr: Tr::load(&crate::files::i18n::folder(), language),
                shelves: PuzzleShelves::read(&crate::files::assets::subfolder("puzzles")),
                textures: GAMES
                    .iter()
                    .map(|&g| (g, egui::TextureId::Managed(1)))
                    .collect(),
                screen: egui::Rect::from_min_size(egui::Pos2::ZERO, size),
                choice: TitleChoice::default(),
                seats: Seats::default(),
                shapes: Vec::new(),
            }
        }

        /// One pass with `events`: the controls it named.
        fn pass(
            &mut self,
            kiosk: Option<&Kiosk>,
            events: Vec<egui::Event>,
        ) -> Vec<crate::game::ui::named::NamedControl> {
            let input = egui::RawInput {
                screen_rect: Some(self.screen),
                events,
                ..Default::default()
            };
            let (ctx, tr, shelves, textures) =
                (self.ctx.clone(), &self.tr, &self.shelves, &self.textures);
            let (choice, seats) = (&mut self.choice, &mut self.seats);
            let mut output = ctx.run_ui(input, |ui| {
                let offer = ContinueOffer(None);
                let parts = TitleParts {
                    tr,
                    shelves,
                    offer: &offer,
                    textures,
                    kiosk,
                };
                let mut clicks = TitleClicks::default();
                egui::CentralPanel::default()
                    .frame(egui::Frame::new().inner_margin(24.0))
                    .show(ui, |ui| {
                        parts.show(ui, (&mut *choice, &mut *seats), &mut clicks);
                    });
            });
            output.textures_delta.clear();
            self.shapes = output.shapes;
            take_named_controls_whole(&self.ctx)
        }

        /// The rectangle of the widget with the keyboard's focus.
        fn focused(&self) -> Option<egui::Rect> {
            let id = self.ctx.memory(|m| m.focused())?;
            self.ctx.read_response(id).map(|r| r.rect)
        }
    }

    /// The title's named controls, laid out in a window of `size` pixels at `zoom`, and the
    /// window in points.
    fn title_controls(
        size: egui::Vec2,
        language: &str,
        kiosk: Option<&Kiosk>,
        zoom: f32,
    ) -> (egui::Rect, Vec<crate::game::ui::named::NamedControl>) {
        let mut run = TitleRun::new(size, language, zoom);
        let mut named = Vec::new();
        // The zoom and the panels' sizes settle over the first passes.
        for _ in 0..4 {
            named = run.pass(kiosk, Vec::new());
        }
        (run.ctx.content_rect(), named)
    }

    fn tab(shift: bool) -> egui::Event {
        egui::Event::Key {
            key: egui::Key::Tab,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: if shift {
                egui::Modifiers::SHIFT
            } else {
                egui::Modifiers::NONE
            },
        }
    }

    /// Every language that ships.
    fn every_language() -> Vec<String> {
        crate::files::i18n::language_codes(&crate::files::i18n::folder())
    }

    /// Where the last pass painted `text` (the first of its pieces of text that says it).
    fn painted_text(shapes: &[egui::epaint::ClippedShape], text: &str) -> Option<egui::Rect> {
        fn find(shape: &egui::Shape, text: &str) -> Option<egui::Rect> {
            match shape {
                egui::Shape::Text(t) if t.galley.text() == text => {
                    Some(t.galley.rect.translate(t.pos.to_vec2()))
                }
                egui::Shape::Vec(shapes) => shapes.iter().find_map(|s| find(s, text)),
                _ => None,
            }
        }
        shapes.iter().find_map(|s| find(&s.shape, text))
    }

    /// Start's label stands in the middle of its button, across and up and down (issue 96,
    /// item 10: it sat high), in every language.
    #[test]
    fn starts_label_is_centred_in_its_button() {
        for language in every_language() {
            let mut run = TitleRun::new(egui::vec2(1280.0, 720.0), &language, 1.0);
            let mut named = Vec::new();
            for _ in 0..4 {
                named = run.pass(None, Vec::new());
            }
            let button = named.iter().find(|c| c.name == "start").unwrap().whole;
            let text = run.tr.t("hud.start");
            let label = painted_text(&run.shapes, text)
                .unwrap_or_else(|| panic!("{language}: {text:?} was not painted"));
            let off = label.center() - button.center();
            assert!(
                off.x.abs() <= 1.5 && off.y.abs() <= 1.5,
                "{language}: the label at {label:?} is {off:?} off the middle of {button:?}"
            );
        }
    }

    /// The keyboard reaches Start within a few Tabs (the chosen game's box comes first), and
    /// Shift+Tab retraces the way Tab came.
    #[test]
    fn start_is_among_the_first_tabs_and_shift_tab_goes_back() {
        let mut run = TitleRun::new(egui::vec2(1280.0, 720.0), "en", 1.0);
        let mut named = Vec::new();
        for _ in 0..4 {
            named = run.pass(None, Vec::new());
        }
        let start = named.iter().find(|c| c.name == "start").unwrap().whole;
        let mut way = Vec::new();
        for _ in 0..12 {
            run.pass(None, vec![tab(false)]);
            way.push(run.focused());
            if run.focused() == Some(start) {
                break;
            }
        }
        assert_eq!(
            way.last(),
            Some(&Some(start)),
            "Start after {} Tabs: {way:?}",
            way.len()
        );
        for back in way.iter().rev().skip(1).take(3) {
            // egui moves the focus back a pass after the key (egui asks for that pass).
            run.pass(None, vec![tab(true)]);
            run.pass(None, Vec::new());
            assert_eq!(run.focused(), *back, "Shift+Tab does not retrace {way:?}");
        }
    }

    /// At every supported size, in every language, as a window and as a kiosk: Start and every
    /// card's Choose stand wholly inside the window, and Start is as wide as it is drawn.
    #[test]
    fn the_title_fits_every_supported_window() {
        let kiosk = Kiosk {
            games: GAMES.to_vec(),
            editor: false,
            coach: false,
        };
        for (w, h) in [
            (1024.0, 768.0),
            (1280.0, 720.0),
            (1366.0, 768.0),
            (1920.0, 1080.0),
            (2560.0, 1080.0),
        ] {
            for language in every_language() {
                for (kiosk, zoom) in [
                    (
                        None,
                        crate::game::screens::view_settings::window_zoom(bevy::math::Vec2::new(
                            w, h,
                        )),
                    ),
                    (Some(&kiosk), if h >= 1080.0 { 1.25 } else { 1.0 }),
                ] {
                    let (window, controls) =
                        title_controls(egui::vec2(w, h) / zoom, &language, kiosk, zoom);
                    let case = format!("{w}x{h} {language} kiosk {}", kiosk.is_some());
                    let start = controls.iter().find(|c| c.name == "start");
                    let start = start.unwrap_or_else(|| panic!("no Start at {case}")).whole;
                    assert!(
                        window.contains_rect(start),
                        "Start at {start:?} in {window:?}, {case}"
                    );
                    assert!(start.width() >= 150.0, "Start is {start:?}, {case}");
                    let chooses = controls.iter().filter(|c| c.name.starts_with("choose"));
                    for crate::game::ui::named::NamedControl {
                        name, whole: rect, ..
                    } in chooses
                    {
                        assert!(
                            rect.min.x >= window.min.x && rect.max.x <= window.max.x,
                            "{name} at {rect:?} runs past {window:?}, {case}"
                        );
                    }
                }
            }
        }
    }
}
