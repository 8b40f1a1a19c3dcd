//! How to play Cash In Hand.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::CashInHand,
    card: Card {
        name: "guide.cash-in-hand.name",
        credit: "guide.cash-in-hand.credit",
        line: "guide.cash-in-hand.line",
    },
    rules: &[
        (
            "guide.cash-in-hand.rule.0.heading",
            "guide.cash-in-hand.rule.0.text",
        ),
        (
            "guide.cash-in-hand.rule.1.heading",
            "guide.cash-in-hand.rule.1.text",
        ),
        (
            "guide.cash-in-hand.rule.2.heading",
            "guide.cash-in-hand.rule.2.text",
        ),
        (
            "guide.cash-in-hand.rule.3.heading",
            "guide.cash-in-hand.rule.3.text",
        ),
        (
            "guide.cash-in-hand.rule.4.heading",
            "guide.cash-in-hand.rule.4.text",
        ),
        (
            "guide.cash-in-hand.rule.5.heading",
            "guide.cash-in-hand.rule.5.text",
        ),
    ],
    demos: &[
        Demo {
            title: "guide.cash-in-hand.demo.0.title",
            text: "guide.cash-in-hand.demo.0.text",
            position: "",
            moves: &["a1:8 b2:6 a3:1 b4:1"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "guide.cash-in-hand.demo.1.title",
            text: "guide.cash-in-hand.demo.1.text",
            position: "cash-in-hand 8/6,b,1/6,w,1/8/4,w3,3/2,b14,w2,b2,3/3,b3,w3,3/8 b 30",
            moves: &["c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "guide.cash-in-hand.demo.2.title",
            text: "guide.cash-in-hand.demo.2.text",
            position: "cash-in-hand 8/6,b,1/6,w,1/8/4,w3,3/2,b14,w2,b2,3/3,b3,w3,3/8 b 30",
            moves: &[],
            partial: "c3:8 d4:3 e5:1 f4:4 (:d3 e4)",
            shows: Shows::Setup,
        },
        Demo {
            title: "guide.cash-in-hand.demo.3.title",
            text: "guide.cash-in-hand.demo.3.text",
            position: "cash-in-hand w,7/b,1,b,5/8/8/8/8/8/8 b 10",
            moves: &["c7:1 b8:1 (:a8) a7:1"],
            partial: "",
            shows: Shows::Win(Reason::Eliminated),
        },
    ],
};
