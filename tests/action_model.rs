//! The action model's promises (no dead ends, one decision sequence per move, notation and
//! partial turns that round-trip), checked on positions from random games of every built game.

mod common;

use stackyard::rules::{Game, Setup, Splay, SplayOptions};

#[test]
fn splay_keeps_the_action_model_promises() {
    let start = Splay::start(SplayOptions::default());
    let mut positions = common::random_positions(&start, 40, 80, 3);
    for text in [
        "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0",
        "splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6",
        "splay 8/8/8/8/8/8/8/8 b 10 0 0",
    ] {
        positions.push(
            Splay::from_setup(&Setup::parse(text).unwrap(), SplayOptions::default()).unwrap(),
        );
    }
    assert!(positions.len() > 1000);
    for g in &positions {
        common::assert_action_model(g);
    }
}
