//! How to play Splay.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Splay,
    card: Card {
        name: "guide.splay.name",
        credit: "guide.splay.credit",
        line: "guide.splay.line",
    },
    rules: &[
        ("guide.splay.rule.0.heading", "guide.splay.rule.0.text"),
        ("guide.splay.rule.1.heading", "guide.splay.rule.1.text"),
        ("guide.splay.rule.2.heading", "guide.splay.rule.2.text"),
        ("guide.splay.rule.3.heading", "guide.splay.rule.3.text"),
        ("guide.splay.rule.4.heading", "guide.splay.rule.4.text"),
        ("guide.splay.rule.5.heading", "guide.splay.rule.5.text"),
        ("guide.splay.rule.6.heading", "guide.splay.rule.6.text"),
    ],
    demos: &[
        Demo {
            title: "guide.splay.demo.0.title",
            text: "guide.splay.demo.0.text",
            position: "",
            moves: &[],
            partial: "c2",
            shows: Shows::Setup,
        },
        Demo {
            title: "guide.splay.demo.1.title",
            text: "guide.splay.demo.1.text",
            position: "",
            moves: &["c2-c3", "d7>s"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "guide.splay.demo.2.title",
            text: "guide.splay.demo.2.text",
            position: "splay 8/8/7,bw/8/8/8/8/8 w 10 0 0",
            moves: &["h6>n"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "guide.splay.demo.3.title",
            text: "guide.splay.demo.3.text",
            position: "splay 8/8/3,w,4/8/8/8/1,w3b,6/8 b 60 2 6",
            moves: &["b2-b1"],
            partial: "",
            shows: Shows::Win(Reason::Captures),
        },
    ],
};
