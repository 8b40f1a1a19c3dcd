//! The position editor without a window: clicks on cells build the expected position string in
//! every game (every Grabber board too), the board's stones show the setup, a position the game
//! cannot have is refused with the rules' own error (the referee's), a pasted position string
//! is set up or refused with nothing lost, and Play from here starts a game that plays on.

use crate::common::headless::{Headless, start_of};

use bevy::prelude::*;
use stackyard::game::board::stones::{StackStones, StackView};
use stackyard::game::core::editor::{Editor, OpenEditor, PlayFromHere};
use stackyard::game::core::screen::Screen;
use stackyard::game::core::session::{BoardClick, Session};
use stackyard::game::core::view::BoardView;
use stackyard::rules::{AnyGame, AnyOptions, Brush, Cell, Game, GameId, Player, Setup};

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// A headless app with the editor open on the start of `game`.
fn editor_on(game: GameId) -> App {
    let mut app = Headless::on(start_of(game)).build();
    let start = AnyGame::start(AnyOptions::for_game(game));
    app.world_mut().write_message(OpenEditor(start));
    app.update();
    app.update();
    app
}

fn editor(app: &App) -> &Editor {
    app.world().resource::<Editor>()
}

fn brush(app: &mut App, b: Brush) {
    app.world_mut().resource_mut::<Editor>().brush = b;
}

/// A click on a cell (on its stack if it has one, as the board reports it).
fn click(app: &mut App, at: &str) {
    let c = cell(at);
    let occupied = !editor(app).setup.stack(c).is_empty();
    let click = if occupied {
        BoardClick::Stack(c)
    } else {
        BoardClick::Cell(c)
    };
    app.world_mut().write_message(click);
    app.update();
    app.update();
}

fn shown_stacks(app: &mut App) -> Vec<(String, String)> {
    let mut q = app.world_mut().query::<(&StackView, &StackStones)>();
    let mut v: Vec<_> = q
        .iter(app.world())
        .map(|(v, s)| (v.cell.to_string(), s.0.to_string()))
        .collect();
    v.sort();
    v
}

#[test]
fn clicks_build_the_expected_position_in_every_game() {
    let expected = [
        (
            GameId::CashInHand,
            "cash-in-hand 8/8/8/8/8/8/1,bw,6/b,7 b 0",
        ),
        (
            GameId::Intermedium,
            "intermedium 7/7/7/7/7/7/7/7/1,bw,5/b,6 b 0",
        ),
        (GameId::Grabber6, "grabber-6 6/6/6/6/1,bw,4/b,5 b 0"),
        (GameId::Grabber8, "grabber 8/8/8/8/8/8/1,bw,6/b,7 b 0"),
        (
            GameId::Grabber10,
            "grabber-10 10/10/10/10/10/10/10/10/1,bw,8/b,9 b 0",
        ),
        (
            GameId::Support,
            "support 9/9/9/9/9/9/9/1,bw,7/b,8 b 0 0 0 -",
        ),
        (GameId::Splay, "splay 8/8/8/8/8/8/1,bw,6/b,7 b 0 0 0"),
    ];
    for (game, wanted) in expected {
        let mut app = editor_on(game);
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Editor
        );
        app.world_mut().resource_mut::<Editor>().clear_board();
        app.update();
        brush(&mut app, Brush::Add(Player::Black));
        click(&mut app, "a1");
        click(&mut app, "b2");
        brush(&mut app, Brush::Add(Player::White));
        click(&mut app, "b2");
        click(&mut app, "c3");
        brush(&mut app, Brush::TakeTop);
        click(&mut app, "c3");
        assert_eq!(editor(&app).setup.to_string(), wanted, "{game}");
        // The stones on the board are the setup's, whether or not the game can have it.
        assert_eq!(
            shown_stacks(&mut app),
            [("a1".into(), "b".into()), ("b2".into(), "bw".into())],
            "{game}"
        );
        brush(&mut app, Brush::Clear);
        click(&mut app, "b2");
        assert!(editor(&app).setup.stack(cell("b2")).is_empty(), "{game}");
    }
}

/// The referee's verdict on a position string: `AnyGame::from_setup` under default options.
fn referee_error(s: &str) -> String {
    let setup = Setup::parse(s).unwrap();
    AnyGame::from_setup_with(&setup, [])
        .map(|_| ())
        .unwrap_err()
}

#[test]
fn a_position_the_game_cannot_have_gets_the_rules_error() {
    // Splay: a white stone on rank 1 would have been captured.
    let mut app = editor_on(GameId::Splay);
    app.world_mut().resource_mut::<Editor>().clear_board();
    brush(&mut app, Brush::Add(Player::White));
    click(&mut app, "d1");
    let err = editor(&app).check.clone().unwrap_err().to_string();
    assert_eq!(err, referee_error(&editor(&app).setup.to_string()));
    assert!(err.contains("d1") && err.contains("rank 1"), "{err}");
    // The board still shows the stone that was put down.
    assert_eq!(shown_stacks(&mut app), [("d1".into(), "w".into())]);
    // Taking it back makes the position one the game can have again.
    brush(&mut app, Brush::TakeTop);
    click(&mut app, "d1");
    assert!(editor(&app).check.is_ok());

    // Cash In Hand: a stack of two colours.
    let mut app = editor_on(GameId::CashInHand);
    brush(&mut app, Brush::Add(Player::Black));
    click(&mut app, "d4");
    brush(&mut app, Brush::Add(Player::White));
    click(&mut app, "d4");
    let err = editor(&app).check.clone().unwrap_err().to_string();
    assert_eq!(err, referee_error(&editor(&app).setup.to_string()));
    assert!(err.contains("d4"), "{err}");

    // Support: a stone on a base.
    let mut app = editor_on(GameId::Support);
    let base = (0..9)
        .flat_map(|x| (0..9).map(move |y| Cell::new(x, y)))
        .find(|&c| {
            let mut s = Setup::blank(GameId::Support);
            s.paint(c, Brush::Add(Player::Black));
            AnyGame::from_setup_with(&s, []).is_err_and(|e| e.contains("base"))
        })
        .expect("Support has bases");
    brush(&mut app, Brush::Add(Player::Black));
    click(&mut app, &base.to_string());
    let err = editor(&app).check.clone().unwrap_err().to_string();
    assert!(err.contains("base"), "{err}");
}

#[test]
fn a_pasted_position_is_set_up_or_refused_with_nothing_lost() {
    let mut app = editor_on(GameId::Splay);
    brush(&mut app, Brush::Add(Player::Black));
    click(&mut app, "d4");
    let before = editor(&app).clone();
    // A side to move the game does not allow, and a stack off the board: syntax errors.
    for bad in [
        "splay 8/8/8/8/8/8/8/8 x 0 0 0",
        "splay 8/8/8/8/8/8/8/b,8 b 0 0 0",
    ] {
        let err = app
            .world_mut()
            .resource_mut::<Editor>()
            .paste(bad)
            .unwrap_err();
        assert!(!err.to_string().is_empty());
        assert_eq!(*editor(&app), before, "{bad} changed the editor");
    }
    // Another game's position switches the board to that game.
    app.world_mut()
        .resource_mut::<Editor>()
        .paste("grabber-6 6/6/6/6/1,w2,4/b,5 w 4")
        .unwrap();
    app.update();
    app.update();
    assert!(editor(&app).check.is_ok());
    let session = app.world().resource::<Session>();
    assert_eq!(session.position().id(), GameId::Grabber6);
    assert_eq!(
        session.position().to_setup().to_string(),
        "grabber-6 6/6/6/6/1,w2,4/b,5 w 4"
    );
}

#[test]
fn play_from_here_starts_the_game_and_it_plays_on() {
    let mut app = editor_on(GameId::Splay);
    app.world_mut().resource_mut::<Editor>().clear_board();
    brush(&mut app, Brush::Add(Player::Black));
    click(&mut app, "c3");
    click(&mut app, "f6");
    brush(&mut app, Brush::Add(Player::White));
    click(&mut app, "e7");
    let wanted = editor(&app).setup.to_string();
    app.world_mut().write_message(PlayFromHere);
    app.update();
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
    assert!(!app.world().contains_resource::<Editor>());
    let session = app.world().resource::<Session>();
    assert_eq!(session.initial().to_setup().to_string(), wanted);
    // One move by clicks: the stack of the first legal decision, then the first target.
    for click in [BoardClick::Stack, BoardClick::Cell] {
        let session = app.world().resource::<Session>();
        let first = session.legal_actions().as_slice()[0];
        let at = session.position().action_cell(first).unwrap();
        app.world_mut().write_message(click(at));
        app.update();
        app.update();
    }
    let session = app.world().resource::<Session>();
    assert_eq!(session.move_count(), 1, "{:?}", session.moves());
    assert_eq!(session.position().to_move(), Player::White);
}

#[test]
fn a_click_is_on_the_board_in_the_frame_that_takes_it() {
    let mut app = editor_on(GameId::Grabber10);
    app.world_mut().resource_mut::<Editor>().clear_board();
    app.update();
    brush(&mut app, Brush::Add(Player::White));
    app.world_mut().write_message(BoardClick::Cell(cell("j10")));
    app.update();
    assert_eq!(editor(&app).setup.stack(cell("j10")).to_string(), "w");
    assert!(
        shown_stacks(&mut app).contains(&("j10".into(), "w".into())),
        "the stack is shown after one frame: {:?}",
        shown_stacks(&mut app)
    );
}
