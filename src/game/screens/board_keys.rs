//! The board from the keyboard, while no control has the keyboard's focus: the arrows move the
//! cell cursor and read the stack under it, Enter or Space decides there as a click would, and
//! letters read the board, as lichess's blind mode does (R the rank, F the file, K the stack,
//! L the last move, C the captures, M the decisions open, T whose turn it is).

use bevy::prelude::*;

use crate::rules::{Dir, Game};

use crate::game::board::cursor::BoardCursor;
use crate::game::core::announce::Announce;
use crate::game::core::describe::{
    decisions_line, file_line, last_move_line, rank_line, score_line, stack_line, turn_line,
};
use crate::game::core::i18n::Tr;
use crate::game::core::session::{BoardClick, ClickDecision, Session};
use crate::game::screens::count_input::CountChoice;
use crate::game::ui::keyboard_focus::no_control_has_the_keys;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (move_the_cursor, decide_at_the_cursor, read_the_board)
            .run_if(no_control_has_the_keys)
            .run_if(crate::game::core::screen::people_play)
            .run_if(resource_exists::<ButtonInput<KeyCode>>)
            .in_set(crate::game::core::GameSystems::Rules)
            .after(crate::game::screens::count_input::type_count_digits),
    );
}

/// The arrows move the cursor a cell (with Shift they turn the view instead); the stack it
/// lands on is read out.
fn move_the_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<Session>,
    tr: Res<Tr>,
    mut cursor: ResMut<BoardCursor>,
    mut say: MessageWriter<Announce>,
) {
    if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        return;
    }
    let step = [
        (KeyCode::ArrowUp, Dir::N),
        (KeyCode::ArrowDown, Dir::S),
        (KeyCode::ArrowLeft, Dir::W),
        (KeyCode::ArrowRight, Dir::E),
    ]
    .into_iter()
    .find(|(key, _)| keys.just_pressed(*key));
    let Some((_, d)) = step else {
        return;
    };
    let g = session.position().id().geometry();
    if cursor.shown {
        cursor.cell = cursor.step(d, g);
    }
    cursor.cell = cursor.within(g);
    cursor.shown = true;
    say.write(Announce(stack_line(&tr, session.position(), cursor.cell)));
}

/// Enter or Space at the cursor is a click on its cell; one that decides nothing says so.
fn decide_at_the_cursor(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<Session>,
    tr: Res<Tr>,
    count: Option<Res<CountChoice>>,
    mut cursor: ResMut<BoardCursor>,
    mut clicks: MessageWriter<BoardClick>,
    mut say: MessageWriter<Announce>,
) {
    let pressed = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]);
    // Digits of a count being typed wait for Enter there (which uses it up).
    if !pressed || count.is_some_and(|c| !c.typed.is_empty()) {
        return;
    }
    let g = session.position().id().geometry();
    let cell = cursor.within(g);
    if !cursor.shown {
        cursor.shown = true;
        say.write(Announce(stack_line(&tr, session.position(), cell)));
        return;
    }
    let click = if session.position().stack(cell).is_empty() {
        BoardClick::Cell(cell)
    } else {
        BoardClick::Stack(cell)
    };
    let mut live = session.clone();
    live.play_from_view();
    if live.decision_for(click) == ClickDecision::Nothing {
        say.write(Announce(tr.tf("say.not_here", &[("cell", &cell)])));
    } else {
        clicks.write(click);
    }
}

/// The reading commands: each letter announces one view of the board.
fn read_the_board(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<Session>,
    tr: Res<Tr>,
    cursor: Res<BoardCursor>,
    mut say: MessageWriter<Announce>,
) {
    let held = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    if keys.any_pressed(held) {
        return;
    }
    let position = session.position();
    let cell = cursor.within(position.id().geometry());
    let line = match () {
        () if keys.just_pressed(KeyCode::KeyR) => rank_line(&tr, position, cell),
        () if keys.just_pressed(KeyCode::KeyF) => file_line(&tr, position, cell),
        () if keys.just_pressed(KeyCode::KeyK) => stack_line(&tr, position, cell),
        () if keys.just_pressed(KeyCode::KeyL) => last_move_line(&tr, &session),
        () if keys.just_pressed(KeyCode::KeyC) => score_line(&tr, &session),
        () if keys.just_pressed(KeyCode::KeyM) => decisions_line(&tr, &session),
        () if keys.just_pressed(KeyCode::KeyT) => turn_line(&tr, &session),
        () => return,
    };
    say.write(Announce(line));
}
