//! How to play Support.

use super::{Card, Demo, Guide, Shows};
use crate::rules::{GameId, Reason};

pub(super) const GUIDE: Guide = Guide {
    game: GameId::Support,
    card: Card {
        name: "Support",
        credit: "João Pedro Neto, 2002",
        line: "Insert and push from the edge, move along your bases' groups; capture or hold the centre.",
    },
    rules: &[
        (
            "Goal",
            "Capture 18 enemy stones, or hold five of the nine centre cells (d4 to f6) through \
             your opponent's next move.",
        ),
        (
            "Board",
            "A 9x9 board, empty at the start, with four bases for each player. Bases never move \
             and never hold stones. White moves first. Each turn is one insertion or one \
             support move.",
        ),
        (
            "Insertion",
            "Put a new stone on an empty cell of the edge (not a corner). On a cell that already \
             holds your stone, choose an inward direction: your line of stones from there moves \
             one cell that way and the new stone takes the edge cell. If the line's head runs \
             into an enemy stone, that stone is captured.",
        ),
        (
            "Support move",
            "A stone of yours touching one of your bases may move to any cell next to that \
             base's network: all your groups that touch the base. Moving onto an enemy stone \
             captures it.",
        ),
        (
            "Centre",
            "Reach five stones on the centre and you become its holder; if your opponent's next \
             move leaves you with five or more, you win.",
        ),
    ],
    demos: &[
        Demo {
            title: "The start",
            text: "The board is empty but for the bases (gold for White, blue for Black). White \
                   inserts a stone on e1, Black answers on e9.",
            position: "",
            moves: &["e1", "e9"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "Pushing a line",
            text: "Black inserts on e1 again and pushes north-west: the stone already on e1 \
                   moves to d2 and the new one takes e1.",
            position: "support 9/9/9/9/9/9/9/4,b,4/4,b,4 b 11 0 0 -",
            moves: &["e1:nw"],
            partial: "",
            shows: Shows::Moves,
        },
        Demo {
            title: "A capture by pushing",
            text: "Black pushes the line e1, e2 north. Its head runs into the white stone on e3, \
                   which is captured.",
            position: "support 9/9/9/9/9/9/4,w,4/4,b,4/4,b,4 b 11 0 0 -",
            moves: &["e1:n"],
            partial: "",
            shows: Shows::Capture,
        },
        Demo {
            title: "Holding the centre",
            text: "White steps g4 to f5 along its base's network and holds five centre cells. \
                   Black's insertion on a5 does not break them, so White wins.",
            position: "support b,8/9/9/3,w,w,4/3,w,5/2,b,w,b,b,w,2/9/9/9 w 40 3 2 -",
            moves: &["g4-f5", "a5"],
            partial: "",
            shows: Shows::Win(Reason::Centre),
        },
    ],
};
