//! How to play Support.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Support,
    card: Card {
        name: "guide.support.name",
        credit: "guide.support.credit",
        line: "guide.support.line",
    },
    rules: &[
        ("guide.support.rule.0.heading", "guide.support.rule.0.text"),
        ("guide.support.rule.1.heading", "guide.support.rule.1.text"),
        ("guide.support.rule.2.heading", "guide.support.rule.2.text"),
        ("guide.support.rule.3.heading", "guide.support.rule.3.text"),
        ("guide.support.rule.4.heading", "guide.support.rule.4.text"),
    ],
    demos: &[
        Demo {
            title: "guide.support.demo.0.title",
            text: "guide.support.demo.0.text",
            position: "",
            moves: &["e1", "e9"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "guide.support.demo.1.title",
            text: "guide.support.demo.1.text",
            position: "support 9/9/9/9/9/9/9/4,b,4/4,b,4 b 11 0 0 -",
            moves: &["e1:nw"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "guide.support.demo.2.title",
            text: "guide.support.demo.2.text",
            position: "support 9/9/9/9/9/9/4,w,4/4,b,4/4,b,4 b 11 0 0 -",
            moves: &["e1:n"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "guide.support.demo.3.title",
            text: "guide.support.demo.3.text",
            position: "support b,8/9/9/3,w,w,4/3,w,5/2,b,w,b,b,w,2/9/9/9 w 40 3 2 -",
            moves: &["g4-f5", "a5"],
            partial: "",
            shows: Shows::Win(Reason::Centre),
        },
    ],
};
