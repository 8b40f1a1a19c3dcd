//! How to play Splay.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Splay,
    card: Card {
        name: "Splay",
        credit: "Joseph Kisenwether, 2000",
        line: "Step or splay your stacks; capture nine enemy stones on your own back rank.",
    },
    rules: &[
        (
            "Goal",
            "Capture nine enemy stones. Enemy stones are captured on your back rank: every white \
             stone that ends a move on rank 1 is Black's, every black stone on rank 8 is White's, \
             buried ones included, whoever made the move.",
        ),
        (
            "Control",
            "You control every stack whose top stone is yours, and you move one of them each \
             turn. Black starts with six stacks of two on rank 2 and six single stones on rank 3; \
             White mirrors this on ranks 7 and 6.",
        ),
        (
            "Step",
            "A stack steps whole to one of the eight neighbouring cells, onto an empty cell or on \
             top of any stack.",
        ),
        (
            "Splay",
            "A stack of two or more is lifted and spread in one of the eight directions: its top \
             stone goes to the next cell, the stone below to the cell after, the bottom stone \
             furthest, each on top of whatever stands there. Every cell it needs must be on the \
             board.",
        ),
        (
            "Reach",
            "The ring numbers on the board give each cell's reach: no stack may be taller than \
             its cell's reach after a move. A stack exactly as tall as its reach is at its limit, \
             and if you control one you must splay a stack at its limit this turn.",
        ),
        (
            "End",
            "The first player with nine captures wins, even when the move that gets there was \
             the opponent's. A player who cannot move passes.",
        ),
    ],
    demos: &[
        Demo {
            title: "The start",
            text: "Black moves first. The chosen stack on c2 is lit gold; green rings are its \
                   steps, blue rings the far ends of its splays.",
            position: "",
            moves: &[],
            partial: "c2",
            shows: Shows::Setup,
        },
        Demo {
            title: "A step and a splay",
            text: "Black steps c2 to c3, on top of the single stone there. White answers by \
                   splaying the two stones of d7 southwards: the top stone lands on d6, on the \
                   stone there, and the bottom one on d5.",
            position: "",
            moves: &["c2-c3", "d7>s"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "A capture",
            text: "White splays h6 north: the white top stone lands on h7 and the black stone \
                   under it one cell further, on rank 8, White's back rank, where White \
                   captures it.",
            position: "splay 8/8/7,bw/8/8/8/8/8 w 10 0 0",
            moves: &["h6>n"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "A win",
            text: "Black has six captures. Stepping b2 onto rank 1 brings three white stones \
                   to Black's back rank at once: nine captures, and Black wins.",
            position: "splay 8/8/3,w,4/8/8/8/1,w3b,6/8 b 60 2 6",
            moves: &["b2-b1"],
            partial: "",
            shows: Shows::Win(Reason::Captures),
        },
    ],
};
