//! The title screen: the five games as cards (a picture of the board, designer and year, one
//! line), the chosen game's options and seats, Start, Continue (the autosaved game), How to
//! play, Set up a position (the editor), and Quit. The board stays in the world behind it.

use crate::game::ui::named::name_control;
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
                    ("n", &game.moves.len()),
                    ("player", &tr.player(session.position().to_move())),
                ],
            );
            Some((path, line))
        });
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
            title_bar(ui, &tr, kiosk.is_none(), &offer, &mut clicks);
            if puzzles_entry(ui, &tr, &shelves, choice.options.game()) {
                clicks.puzzles = Some(choice.options.game());
            }
            ui.add_space(14.0);
            let shown = |id: GameId| {
                // A kiosk shows the games of its profile (any board of Grabber shows its card).
                kiosk.as_ref().is_none_or(|k| {
                    k.games
                        .iter()
                        .any(|g| guide(*g).card.name == guide(id).card.name)
                })
            };
            let offered = editor_offered(kiosk.as_deref());
            game_cards(
                ui,
                (&tr, &shelves),
                &textures,
                (shown, offered),
                &mut choice,
                &mut clicks,
            );
            ui.add_space(14.0);
            clicks.start = play_box(ui, &tr, &mut choice, &mut seats, kiosk.is_none());
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
            // A kiosk has no Quit (the staff exit closes it) and no settings.
            let button = |ui: &mut egui::Ui, key: &str, width: f32| {
                ui.add(egui::Button::new(tr.t(key)).min_size([width, 44.0].into()))
                    .clicked()
            };
            clicks.quit = desktop && button(ui, "title.quit", 90.0);
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
    ui.horizontal_top(|ui| {
        for id in GAMES.into_iter().filter(|&id| shown(id)) {
            let texture = textures.iter().find(|(g, _)| *g == id).map(|(_, t)| *t);
            let card = game_card(
                ui,
                (tr, shelves),
                (id, texture),
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

/// The title's Puzzles entry, for the chosen game; whether it was clicked.
fn puzzles_entry(ui: &mut egui::Ui, tr: &Tr, shelves: &PuzzleShelves, game: GameId) -> bool {
    let has = shelves.of(game).is_some_and(|s| !s.puzzles.is_empty());
    let label = format!("{}: {}", tr.t("title.puzzles"), tr.game(game.card()));
    let b = ui.add_enabled(has, egui::Button::new(label).min_size([220.0, 44.0].into()));
    name_control(&b, "puzzles");
    b.clicked()
}

/// A card's Puzzles button: off, with the reason on hover, when the game has none.
fn puzzles_button(ui: &mut egui::Ui, tr: &Tr, shelves: &PuzzleShelves, id: GameId) -> bool {
    let shelf = shelves.of(id);
    let has = shelf.is_some_and(|s| !s.puzzles.is_empty());
    let b = ui.add_enabled(
        has,
        egui::Button::new(tr.t("title.puzzles")).min_size([204.0, 44.0].into()),
    );
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
    (id, texture): (GameId, Option<egui::TextureId>),
    chosen: bool,
    offer_editor: bool,
) -> CardClicks {
    let card = guide(id).card;
    let mut clicks = CardClicks::default();
    card_frame(chosen).show(ui, |ui| {
        ui.set_width(206.0);
        ui.vertical(|ui| {
            if let Some(tex) = texture {
                let picture = ui.add(
                    egui::Image::new(egui::load::SizedTexture::new(tex, [206.0, 116.0]))
                        .sense(egui::Sense::click()),
                );
                clicks.chosen |= picture.clicked() && !chosen;
            }
            ui.label(egui::RichText::new(tr.t(card.name)).size(22.0).strong());
            ui.label(egui::RichText::new(tr.t(card.credit)).italics());
            // Left-aligned in a fixed box: the cards' buttons line up.
            ui.allocate_ui_with_layout(
                egui::vec2(206.0, 62.0),
                egui::Layout::top_down(egui::Align::Min),
                |ui| {
                    ui.set_min_size(egui::vec2(206.0, 62.0));
                    ui.add(
                        egui::Label::new(egui::RichText::new(tr.t(card.line)).size(13.0)).wrap(),
                    );
                },
            );
            ui.horizontal(|ui| {
                let choose = ui.add_enabled(
                    !chosen,
                    egui::Button::new(tr.t("title.choose")).min_size([96.0, 48.0].into()),
                );
                name_control(&choose, format!("choose {id}"));
                clicks.chosen |= choose.clicked();
                clicks.how_to_play = ui
                    .add(
                        egui::Button::new(tr.t("title.how_to_play")).min_size([100.0, 48.0].into()),
                    )
                    .clicked();
            });
            if offer_editor {
                let set_up =
                    ui.add(egui::Button::new(tr.t("title.set_up")).min_size([204.0, 44.0].into()));
                name_control(&set_up, format!("set up {id}"));
                clicks.set_up = set_up.clicked();
            }
            clicks.puzzles = puzzles_button(ui, tr, shelves, id);
        });
    });
    clicks
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
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(420.0);
                grabber_boards(ui, tr, choice);
                edit_options(ui, tr, &mut choice.options);
            });
            ui.vertical(|ui| seat_pickers(ui, tr, seats, coach_choice));
            ui.add_space((ui.available_width() - 170.0).max(0.0));
            let button = ui.add(
                egui::Button::new(egui::RichText::new(tr.t("hud.start")).size(22.0).strong())
                    .min_size([160.0, 56.0].into()),
            );
            name_control(&button, "start");
            start = button.clicked();
        });
    });
    start
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
