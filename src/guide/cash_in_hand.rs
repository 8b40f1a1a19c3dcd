//! How to play Cash In Hand.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::CashInHand,
    card: Card {
        name: "Cash In Hand",
        credit: "Cameron Browne, 2000",
        line: "Sow stones along diagonal paths; hem in and outweigh enemy stacks to capture them.",
    },
    rules: &[
        (
            "Goal",
            "Capture every enemy stack, or leave your opponent without a move.",
        ),
        (
            "Board",
            "8x8. Black has 32 stones on a1 and 32 on h8, White 32 on a8 and 32 on h1. Black \
             stacks only ever stand on black cells, White's on white cells.",
        ),
        (
            "A turn",
            "Lift some stones (your cash) from one of your stacks and walk diagonally, cell by \
             cell, never entering a cell twice. On each cell you enter, put down one or more \
             stones (on empty cells or your own stacks) until your hand is empty.",
        ),
        (
            "Limits on a step",
            "You may not step onto a stack taller than the stones in your hand, nor pass between \
             two enemy stacks that together outweigh your hand.",
        ),
        (
            "Captures",
            "After your move, an enemy stack with no empty cell beside it (up, down, left, \
             right) and fewer stones than its neighbours together is captured. You then put the \
             same number of stones back on any stacks on the board, one at a time.",
        ),
    ],
    demos: &[
        Demo {
            title: "The start",
            text: "Black moves first. Lift eight stones from a1, then drop six on b2, one on a3 \
                   and the last on b4.",
            position: "",
            moves: &["a1:8 b2:6 a3:1 b4:1"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "A capture",
            text: "Black lifts eight from c3 and sows d4, e5, f4. The white stacks on d3 and e4 \
                   are hemmed in and outweighed, so both are captured; Black puts their five \
                   stones back, one on g6 and four on g7.",
            position: "cash-in-hand 8/6,b,1/6,w,1/8/4,w3,3/2,b14,w2,b2,3/3,b3,w3,3/8 b 30",
            moves: &["c3:8 d4:3 e5:1 f4:4 (:d3 e4) g6:1 g7:4"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "Putting stones back",
            text: "The same capture, stopped before the stones go back: the ringed stacks may \
                   take them, one click per stone, on either player's stacks.",
            position: "cash-in-hand 8/6,b,1/6,w,1/8/4,w3,3/2,b14,w2,b2,3/3,b3,w3,3/8 b 30",
            moves: &[],
            partial: "c3:8 d4:3 e5:1 f4:4 (:d3 e4)",
            shows: Shows::Setup,
        },
        Demo {
            title: "A win",
            text: "Black steps one stone from c7 to b8. White's last stack, on a8, has no free \
                   side and is outweighed, so it is captured: White is eliminated.",
            position: "cash-in-hand w,7/b,1,b,5/8/8/8/8/8/8 b 10",
            moves: &["c7:1 b8:1 (:a8) a7:1"],
            partial: "",
            shows: Shows::Win(Reason::Eliminated),
        },
    ],
};
