//! How to play Grabber.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Grabber8,
    card: Card {
        name: "Grabber",
        credit: "Christian Freeling (mindsports.nl)",
        line: "Column checkers on a full board: jump to take prisoners; who cannot jump loses.",
    },
    rules: &[
        (
            "Goal",
            "Leave your opponent without a capture. Whoever cannot capture on their turn loses; \
             the number of men taken does not matter.",
        ),
        (
            "Board",
            "Every cell starts with one man, coloured like a chessboard (6x6, 8x8 or 10x10). A \
             column belongs to whoever has the top man.",
        ),
        (
            "Opening removals",
            "First each player, White first, takes two of their own single men off the board, \
             one per turn. This opens the first holes.",
        ),
        (
            "Captures",
            "After that every turn is a capture. Pick one of your columns and jump it straight \
             over an enemy column next to it (up, down, left or right) onto the empty cell just \
             beyond. Only the top man of the jumped column is taken, and it goes under your \
             column as a prisoner.",
        ),
        (
            "Several jumps",
            "After a jump the same column may jump again, in any direction, as long as it can. \
             You may stop after any jump: click the column or 'Stop here'.",
        ),
    ],
    demos: &[
        Demo {
            title: "The start",
            text: "The board is full. White removes a single white man first; then Black \
                   removes one of theirs, and each does so once more.",
            position: "",
            moves: &["d4", "e4"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "A capture",
            text: "Black jumps a2 over b2 onto c2. Only the top man of b2 is taken: it goes \
                   under the black column as a prisoner, and the white man left on b2 is White's \
                   again.",
            position: "grabber 8/8/8/8/8/8/b,bw2,6/8 b 5",
            moves: &["a2-c2"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "A win",
            text: "Black jumps a1 over b1 onto c1, taking White's last top man. White owns no \
                   column any more, so White cannot capture and loses.",
            position: "grabber 8/8/8/8/8/8/8/wb,bw,1,b,4 b 5",
            moves: &["a1-c1"],
            partial: "",
            shows: Shows::Win(Reason::NoMoves),
        },
    ],
};
