//! Data-driven perft: every `tests/perft/*.perft` entry, through the library and the referee.

use crate::common;

use stackyard::rules::{
    CashInHand, Game, GameOptions, Grabber, Intermedium, Setup, Splay, Support, perft,
};

fn check_file<G: Game>(name: &str) -> usize {
    let mut checked = 0;
    for e in common::read_perft(&common::perft_path(name)) {
        let options = G::Options::default()
            .with_settings(e.options.iter().map(String::as_str))
            .unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let setup = Setup::parse(&e.position).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        let g = G::from_setup(&setup, options).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        for &(depth, want) in &e.counts {
            assert_eq!(perft(&g, depth), want, "{} perft {depth}", e.id);
            checked += 1;
        }
    }
    checked
}

#[test]
fn splay_perft() {
    assert!(check_file::<Splay>("splay") >= 40);
}

#[test]
fn intermedium_perft() {
    assert!(check_file::<Intermedium>("intermedium") >= 20);
}

#[test]
fn grabber_perft() {
    assert!(check_file::<Grabber>("grabber") >= 20);
}

#[test]
fn support_perft() {
    assert!(check_file::<Support>("support") >= 10);
}

#[test]
fn cash_in_hand_perft() {
    assert!(check_file::<CashInHand>("cash-in-hand") >= 9);
}

#[test]
fn the_referee_prints_the_same_counts() {
    let e = &common::read_perft(&common::perft_path("splay"))[0];
    let (depth, want) = e.counts[2];
    let mut out = Vec::new();
    let status = stackyard::cli::run(
        ["stackyard", "perft", &e.position, &depth.to_string()],
        &mut out,
        &mut Vec::new(),
    );
    assert_eq!(status, 0);
    assert_eq!(String::from_utf8(out).unwrap(), format!("{want}\n"));
}
