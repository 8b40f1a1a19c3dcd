//! What a click in the position editor costs a frame: the editor's logic (the brush, the rules'
//! check, the session and the stones following) in a headless app, the median and worst update
//! with a click against the median without one. Run with `cargo bench --bench editor`.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use stackyard::game::core::editor::{Editor, OpenEditor};
use stackyard::game::core::preferences::AnimationSpeed;
use stackyard::game::core::session::{BoardClick, Session};
use stackyard::rules::{AnyGame, AnyOptions, Brush, Cell, Game, GameId, Player};

const FRAMES: usize = 400;

fn editor_on(game: GameId) -> App {
    let start = AnyGame::start(AnyOptions::for_game(game));
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(Session::new(start.clone()))
        .insert_resource(AnimationSpeed::Off)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )));
    stackyard::game::logic_plugin(&mut app);
    app.update();
    app.world_mut().write_message(OpenEditor(start));
    app.update();
    app.update();
    app
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort_unstable();
    v[v.len() / 2]
}

fn main() {
    println!("editor click: median (worst) update, {FRAMES} frames each");
    for game in [GameId::CashInHand, GameId::Grabber10, GameId::Splay] {
        let mut app = editor_on(game);
        let mut quiet = Vec::new();
        let mut clicked = Vec::new();
        let cell = Cell::new(3, 3);
        for n in 0..FRAMES {
            let t = Instant::now();
            app.update();
            quiet.push(t.elapsed());
            // Alternately a stone put down and taken off again.
            let brush = if n % 2 == 0 {
                Brush::Add(Player::Black)
            } else {
                Brush::TakeTop
            };
            app.world_mut().resource_mut::<Editor>().brush = brush;
            app.world_mut().write_message(BoardClick::Cell(cell));
            let t = Instant::now();
            app.update();
            clicked.push(t.elapsed());
        }
        let worst = *clicked.iter().max().unwrap();
        println!(
            "{:<13} with a click {:>8.3} ms ({:.3})   without {:>8.3} ms",
            game.to_string(),
            median(&mut clicked).as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3,
            median(&mut quiet).as_secs_f64() * 1e3,
        );
    }
}
