//! How to play Grabber.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Grabber8,
    card: Card {
        name: "guide.grabber.name",
        credit: "guide.grabber.credit",
        line: "guide.grabber.line",
    },
    rules: &[
        ("guide.grabber.rule.0.heading", "guide.grabber.rule.0.text"),
        ("guide.grabber.rule.1.heading", "guide.grabber.rule.1.text"),
        ("guide.grabber.rule.2.heading", "guide.grabber.rule.2.text"),
        ("guide.grabber.rule.3.heading", "guide.grabber.rule.3.text"),
        ("guide.grabber.rule.4.heading", "guide.grabber.rule.4.text"),
    ],
    demos: &[
        Demo {
            title: "guide.grabber.demo.0.title",
            text: "guide.grabber.demo.0.text",
            position: "",
            moves: &["d4", "e4"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "guide.grabber.demo.1.title",
            text: "guide.grabber.demo.1.text",
            position: "grabber 8/8/8/8/8/8/b,bw2,6/8 b 5",
            moves: &["a2-c2"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "guide.grabber.demo.2.title",
            text: "guide.grabber.demo.2.text",
            position: "grabber 8/8/8/8/8/8/8/wb,bw,1,b,4 b 5",
            moves: &["a1-c1"],
            partial: "",
            shows: Shows::Win(Reason::NoMoves),
        },
    ],
};
