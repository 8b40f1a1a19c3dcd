//! How to play Intermedium.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Intermedium,
    card: Card {
        name: "guide.intermedium.name",
        credit: "guide.intermedium.credit",
        line: "guide.intermedium.line",
    },
    rules: &[
        (
            "guide.intermedium.rule.0.heading",
            "guide.intermedium.rule.0.text",
        ),
        (
            "guide.intermedium.rule.1.heading",
            "guide.intermedium.rule.1.text",
        ),
        (
            "guide.intermedium.rule.2.heading",
            "guide.intermedium.rule.2.text",
        ),
        (
            "guide.intermedium.rule.3.heading",
            "guide.intermedium.rule.3.text",
        ),
        (
            "guide.intermedium.rule.4.heading",
            "guide.intermedium.rule.4.text",
        ),
    ],
    demos: &[
        Demo {
            title: "guide.intermedium.demo.0.title",
            text: "guide.intermedium.demo.0.text",
            position: "",
            moves: &[],
            partial: "a2",
            shows: Shows::Setup,
        },
        Demo {
            title: "guide.intermedium.demo.1.title",
            text: "guide.intermedium.demo.1.text",
            position: "",
            moves: &["a2-b1-c2-b3-a4"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "guide.intermedium.demo.2.title",
            text: "guide.intermedium.demo.2.text",
            position: "intermedium 7/6,w2/7/7/b3,1,b2,4/1,b4,w,b,3/7/7/7/7 b 20",
            moves: &["a6-b5-c4-d5"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "guide.intermedium.demo.3.title",
            text: "guide.intermedium.demo.3.text",
            position: "intermedium 4,b,2/1,b3,5/7/w2,6/7/7/7/1,b2,5/7/7 b 20",
            moves: &["b9-c10-d9-e10"],
            partial: "",
            shows: Shows::Win(Reason::City),
        },
    ],
};
