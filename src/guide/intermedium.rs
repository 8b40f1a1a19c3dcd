//! How to play Intermedium.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Intermedium,
    card: Card {
        name: "Intermedium",
        credit: "Matt Crispis, 1974",
        line: "Sow your stacks diagonally; close in enemy stacks, or the enemy City, to win.",
    },
    rules: &[
        (
            "Goal",
            "Close in the enemy City: the inlaid cell in the middle of your opponent's home row. \
             You win when your stones stand on every cell beside it and your move ends as a \
             capture would (below). A player with no stack of two or more stones loses too.",
        ),
        (
            "Board",
            "Seven files, ten ranks. Black's City is d1, White's is d10. Each player starts with \
             eleven stacks of four on their own colour of cells, and stones never leave that \
             colour.",
        ),
        (
            "A turn: sowing",
            "Lift one of your stacks of two or more. Walk it diagonally, one cell per stone, \
             dropping one stone on each cell you enter, so a stack of n makes n steps. You may \
             turn at each step but never straight back, every cell must be on the board, and \
             stones in the way never block you.",
        ),
        (
            "Opening",
            "In each player's first two turns the stack must end further forward than it started \
             and drop a stone on at least one empty cell, when such a move exists.",
        ),
        (
            "Captures",
            "When your last stone lands on a single stone (so the cell now holds two), look at \
             the four cells beside it. Every enemy stack there whose every neighbour holds your \
             stones is captured, whatever its height, up to four at once.",
        ),
    ],
    demos: &[
        Demo {
            title: "The start",
            text: "Black moves first. The stack on a2 is chosen: the lit cells are where its \
                   first stone may fall.",
            position: "",
            moves: &[],
            partial: "a2",
            shows: Shows::Setup,
        },
        Demo {
            title: "A sowing move",
            text: "Black's stack of four on a2 walks b1, c2, b3, a4, leaving one stone on each: \
                   it ends further forward and sows empty cells, as the opening asks.",
            position: "",
            moves: &["a2-b1-c2-b3-a4"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "A capture",
            text: "Black sows a6, b5, c4 and lands the last stone on the single stone of d5. \
                   The white stone on c5 now has Black on every side and is captured.",
            position: "intermedium 7/6,w2/7/7/b3,1,b2,4/1,b4,w,b,3/7/7/7/7 b 20",
            moves: &["a6-b5-c4-d5"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "Taking the City",
            text: "Black's three stones walk b9, c10, d9 and land on the single stone of e10. \
                   Now c10, d9 and e10 all hold Black's stones, closing in White's City on d10: \
                   Black wins.",
            position: "intermedium 4,b,2/1,b3,5/7/w2,6/7/7/7/1,b2,5/7/7 b 20",
            moves: &["b9-c10-d9-e10"],
            partial: "",
            shows: Shows::Win(Reason::City),
        },
    ],
};
