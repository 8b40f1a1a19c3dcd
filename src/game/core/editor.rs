//! The position editor without a screen: the position being set up (unchecked), the brush, the
//! rules' verdict on it, a click painting a cell, and Play from here. While it is open the
//! session holds the last position the game can have, so the board, the engine's view and the
//! table follow the edit.

use bevy::prelude::*;

use crate::rules::{AnyGame, AnyOptions, Brush, Game, PositionError, Setup};

use crate::game::core::screen::Screen;
use crate::game::core::session::{BoardClick, BoardReset, Session};

/// The position being set up, while the editor is open.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Editor {
    /// The position as edited, not yet checked by the rules.
    pub setup: Setup,
    /// The options it is played under (its game is the setup's).
    pub options: AnyOptions,
    /// What a click on a cell does.
    pub brush: Brush,
    /// The rules' verdict: the position, or why the game cannot have it.
    pub check: Result<AnyGame, PositionError>,
}

impl Editor {
    /// An editor holding `position` (its stones as they stand, mid-turn too), with the brush
    /// putting down black stones.
    #[must_use]
    pub fn of(position: &AnyGame) -> Editor {
        let setup = position.to_setup();
        let options = position.options();
        Editor {
            check: AnyGame::from_setup(&setup, options),
            setup,
            options,
            brush: Brush::Add(crate::rules::Player::Black),
        }
    }

    /// Changes the setup and checks it again.
    pub fn edit(&mut self, change: impl FnOnce(&mut Setup)) {
        change(&mut self.setup);
        self.recheck();
    }

    /// Takes a pasted position string: its game's default options if the game differs.
    ///
    /// # Errors
    /// The position string's syntax error; the editor is left as it was.
    pub fn paste(&mut self, text: &str) -> Result<(), PositionError> {
        let setup = Setup::parse(text.trim())?;
        if setup.game != self.setup.game {
            self.options = AnyOptions::for_game(setup.game);
        }
        self.setup = setup;
        self.recheck();
        Ok(())
    }

    /// The start position of the game being edited.
    pub fn start_position(&mut self) {
        self.setup = AnyGame::start(self.options).to_setup();
        self.recheck();
    }

    /// An empty board of the game being edited.
    pub fn clear_board(&mut self) {
        self.setup = Setup::blank(self.setup.game);
        self.recheck();
    }

    /// Another game (or Grabber board): its start position.
    pub fn switch_game(&mut self, options: AnyOptions) {
        self.options = options;
        self.start_position();
    }

    fn recheck(&mut self) {
        self.check = AnyGame::from_setup(&self.setup, self.options);
    }
}

/// Start a game from the edited position (the seats are as chosen).
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PlayFromHere;

/// Open the editor on this position.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct OpenEditor(pub AnyGame);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<PlayFromHere>()
        .add_message::<OpenEditor>()
        .add_systems(OnExit(Screen::Editor), close_the_editor)
        .add_systems(
            Update,
            (
                open_the_editor,
                paint_clicked_cells.run_if(in_state(Screen::Editor)),
                follow_the_editor.run_if(resource_exists_and_changed::<Editor>),
                play_from_here.run_if(resource_exists::<Editor>),
            )
                .chain()
                .in_set(crate::game::core::GameSystems::Rules),
        );
}

fn open_the_editor(
    mut commands: Commands,
    mut opens: MessageReader<OpenEditor>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(OpenEditor(position)) = opens.read().last() {
        commands.insert_resource(Editor::of(position));
        next.set(Screen::Editor);
    }
}

/// A click on a cell or a stack uses the brush there.
fn paint_clicked_cells(mut clicks: MessageReader<BoardClick>, editor: Option<ResMut<Editor>>) {
    let Some(mut editor) = editor else {
        clicks.clear();
        return;
    };
    for click in clicks.read() {
        if let BoardClick::Cell(c) | BoardClick::Stack(c) = *click {
            let brush = editor.brush;
            if editor.setup.game.geometry().contains(c) {
                editor.edit(|s| {
                    s.paint(c, brush);
                });
            }
        }
    }
}

/// The session holds the edited position when the game can have it, or else a position of the
/// edited game, so the table has the right board.
fn follow_the_editor(
    editor: Res<Editor>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
) {
    let wanted = match &editor.check {
        Ok(position) => position.clone(),
        Err(_) if session.position().id() == editor.setup.game => return,
        Err(_) => AnyGame::start(editor.options),
    };
    if session.initial() != &wanted || session.move_count() > 0 || session.turn().now().in_turn() {
        *session = Session::new(wanted);
        reset.write(BoardReset);
    }
}

/// Play from here: the edited position becomes the game, if the rules allow it.
fn play_from_here(
    mut asks: MessageReader<PlayFromHere>,
    editor: Res<Editor>,
    mut session: ResMut<Session>,
    mut reset: MessageWriter<BoardReset>,
    mut next: ResMut<NextState<Screen>>,
) {
    if asks.read().count() == 0 {
        return;
    }
    if let Ok(position) = &editor.check {
        *session = Session::new(position.clone());
        reset.write(BoardReset);
        next.set(Screen::Game);
    }
}

fn close_the_editor(mut commands: Commands, mut reset: MessageWriter<BoardReset>) {
    commands.remove_resource::<Editor>();
    reset.write(BoardReset);
}
