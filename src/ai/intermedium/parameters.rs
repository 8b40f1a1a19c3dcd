//! Intermedium's weights and gates, kept together: what the evaluation counts and how much, and
//! where the search's City walks are let through.

/// The value of a City the side to move can take: as good as won.
pub const CITY_WON: f32 = 0.98;

/// Stones taken worth one point of the value.
pub const STONES_PER_POINT: f32 = 4.0;

/// The weight of each stack that can still move, counted up to [`MOBILITY_CAP`].
pub const MOBILITY: f32 = 0.15;

/// The most movable stacks that count.
pub const MOBILITY_CAP: f32 = 8.0;

/// What a side with no stack that can move loses: it is lost at its turn.
pub const STUCK: f32 = -4.0;

/// The weight of the cells held around the enemy City, by the square of their share.
pub const CITY_PRESSURE: f32 = 0.35;

/// The cells around a City.
pub const RING_CELLS: f32 = 3.0;

/// What the side to move gains from a capture open to it now.
pub const CAPTURE_TO_MOVE: f32 = 0.2;

/// What the side not to move gains from a City open to it at its next turn.
pub const CITY_NEXT_TURN: f32 = 0.6;

/// What the side not to move gains from a capture open to it at its next turn.
pub const CAPTURE_NEXT_TURN: f32 = 0.05;

/// What the evaluation adds for a side with a stack that sows round the enemy City's ring and would
/// take the City with one or two stones more ([`Intermedium::takes_city_once_fed`]): a turn that
/// feeds it sets the City up. In the records of 80 games at 200 ms the side facing one lost by the
/// City in 1,074 of 1,249 positions, and an open City is worth 0.6 (measured at e378057).
pub const ONCE_FED: f32 = 0.5;

/// The most moves of the side to move for which Intermedium's search looks for a City set up
/// two turns ahead: each is played and its end judged, and every answer of the other side is
/// walked where it opens the City.
pub const SET_UP_WALK_MOVES: u64 = 3000;

/// The most moves of the attacker (and, for a City set up three turns ahead, of the defender)
/// for which Intermedium's search looks for a City set up from afar ([`may_set_up_from_afar`]):
/// a stack of five sows along at most 324 paths.
pub const ENDGAME_MOVES: u64 = 500;

/// How many diagonal steps more than its stack's height a stone may stand from an empty cell of
/// the enemy ring for [`may_set_up_from_afar`]: a turn may feed a stack before it sows.
pub const NEAR: u8 = 2;

/// The shortest stack that Intermedium's search counts as a sower, one that may sow round the
/// enemy City's ring by itself once a turn feeds it (`Intermedium::has_sower`).
pub const SOWER: u8 = 7;

/// The tallest stack whose turns the search walks for a set-up where a sower stands and the
/// side's taller stacks have too many moves to walk (a stack of six sows along at most 972
/// paths).
pub const SHORT: u8 = 6;

/// The tallest stack whose turns the search walks for a set-up because it can sow round the enemy
/// City's ring by itself (`Intermedium::closes_ring`). A stack of eleven sows along up to 236,196
/// paths, of which only those that can still close the ring are walked: searches over positions
/// from real games took about 5 % longer with it (measured at fb390cd).
pub const CLOSER: u8 = 11;
