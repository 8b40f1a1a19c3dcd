//! A game carried in a link: `<base>#<game>/1.<payload>`, the payload the game's options (when
//! not the game's own), its start (when not the game's start), its moves, variations and the
//! place it was left at, as compact RON, deflated and written in base64url. Opening a link
//! replays every move through the rules, so a broken or foreign link is refused with a message
//! that says what is wrong.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::{Deserialize, Serialize};

use crate::rules::{AnyGame, AnyOptions, Game, GameId};

use super::lines::{SavedPlace, SavedVariation};
use super::save::{LoadedGame, SAVE_VERSION, SaveError, SaveFile, SavedSeats};

/// The payload's format, written before it (`1.`): a later format gets another number.
const FORMAT: &str = "1";

/// Links longer than this are not read (a 1000-turn game with variations is far shorter).
pub const MAX_LINK_CHARS: usize = 64 * 1024;

/// The most bytes a payload may inflate to (a guard against a crafted link).
const MAX_INFLATED_BYTES: usize = 1024 * 1024;

/// The deflate level: the smallest links (a link is made once, on a click).
const LEVEL: u8 = 10;

/// What a link carries, as written before it is deflated.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Carried {
    /// The options, when not the game's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    o: Option<AnyOptions>,
    /// The start position, when not the game's start under those options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    s: Option<String>,
    /// The main line's moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    m: Vec<String>,
    /// The variations.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    v: Vec<SavedVariation>,
    /// Where the game was left, when not the main line's end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<SavedPlace>,
}

/// Why a link was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Nothing after a `#`, or no `#` at all.
    NoGame,
    /// Longer than any link Stackyard makes.
    TooLong(usize),
    /// The part after `#` does not name one of the games.
    UnknownGame(String),
    /// A format this build does not read (a newer Stackyard's link).
    Format(String),
    /// The payload is not what Stackyard writes (cut short, or changed).
    Damaged(&'static str),
    /// The game it carries was refused by the rules.
    Game(SaveError),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::NoGame => f.write_str("not a Stackyard link: no game after a `#`"),
            LinkError::TooLong(n) => {
                write!(f, "the link is {n} characters long, too long to be a game")
            }
            LinkError::UnknownGame(name) => {
                write!(f, "the link names no game of Stackyard's: `{name}`")
            }
            LinkError::Format(v) => write!(
                f,
                "the link is in format `{v}`, which this version of Stackyard does not read"
            ),
            LinkError::Damaged(why) => write!(f, "the link is damaged or cut short: {why}"),
            LinkError::Game(e) => write!(f, "the link's game cannot be played: {e}"),
        }
    }
}

impl std::error::Error for LinkError {}

/// The link to a saved game (its seats and time are not carried): `base` (a page's address,
/// possibly empty), then `#`, the game and the payload.
#[must_use]
pub fn link_to(base: &str, file: &SaveFile) -> String {
    format!("{}#{}", base.trim_end_matches('#'), fragment_of(file))
}

/// Checks an address links are made on: a web page's (`http://` or `https://`), without spaces
/// or a `#` of its own.
///
/// # Errors
/// What is wrong with it, in words.
pub fn check_base(base: &str) -> Result<(), String> {
    if !(base.starts_with("https://") || base.starts_with("http://")) {
        return Err(format!(
            "`{base}` is not a web address (it starts with https://)"
        ));
    }
    if base.contains(char::is_whitespace) || base.contains('#') {
        return Err(format!("`{base}` has a space or a `#` in it"));
    }
    if base.len() > 200 {
        return Err("an address of more than 200 characters leaves too little for the game".into());
    }
    Ok(())
}

/// The part of a link after `#`: `<game>/1.<payload>`.
#[must_use]
pub fn fragment_of(file: &SaveFile) -> String {
    let own = AnyOptions::for_game(file.game);
    let start = AnyGame::start(file.options).to_setup().to_string();
    let carried = Carried {
        o: (file.options != own).then_some(file.options),
        s: (file.start != start).then(|| file.start.clone()),
        m: file.moves.clone(),
        v: file.variations.clone(),
        at: file.left_at,
    };
    let text = ron::to_string(&carried).unwrap_or_default();
    let packed = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), LEVEL);
    format!(
        "{}/{FORMAT}.{}",
        file.game.id(),
        URL_SAFE_NO_PAD.encode(packed)
    )
}

/// Whether a text looks like a link to a game (a `#` followed by a game's name and a `/`), so
/// that a paste can tell it from a record or a position.
#[must_use]
pub fn looks_like_link(text: &str) -> bool {
    let text = text.trim();
    !text.contains(char::is_whitespace)
        && text
            .split_once('#')
            .is_some_and(|(_, fragment)| fragment.contains('/'))
}

/// Reads a link (or just its part after `#`) back into the save it was made from, checked
/// through the rules: seats are people's, and the time is empty.
///
/// # Errors
/// A [`LinkError`] that says what is wrong; nothing else changes.
pub fn read_link(link: &str) -> Result<SaveFile, LinkError> {
    let link = link.trim();
    if link.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLong(link.len()));
    }
    let fragment = match link.split_once('#') {
        Some((_, after)) => after,
        // A page's address without a game after it.
        None if link.contains("://") => return Err(LinkError::NoGame),
        None => link,
    };
    let (name, rest) = fragment.split_once('/').ok_or(LinkError::NoGame)?;
    if name.is_empty() {
        return Err(LinkError::NoGame);
    }
    let game: GameId = name
        .parse()
        .map_err(|_| LinkError::UnknownGame(name.to_owned()))?;
    let (format, payload) = rest
        .split_once('.')
        .ok_or(LinkError::Damaged("no format before the payload"))?;
    if format != FORMAT {
        return Err(LinkError::Format(format.to_owned()));
    }
    let carried = unpack(payload)?;
    let options = carried.o.unwrap_or_else(|| AnyOptions::for_game(game));
    let file = SaveFile {
        version: SAVE_VERSION,
        game,
        options,
        start: carried
            .s
            .unwrap_or_else(|| AnyGame::start(options).to_setup().to_string()),
        moves: carried.m,
        variations: carried.v,
        left_at: carried.at,
        seats: SavedSeats::default(),
        saved_at: String::new(),
    };
    file.replay().map_err(LinkError::Game)?;
    Ok(file)
}

/// Reads a link and replays its game.
///
/// # Errors
/// As [`read_link`].
pub fn open_link(link: &str) -> Result<LoadedGame, LinkError> {
    read_link(link)?.replay().map_err(LinkError::Game)
}

/// The payload's text, read back.
fn unpack(payload: &str) -> Result<Carried, LinkError> {
    let packed = URL_SAFE_NO_PAD
        .decode(payload)
        .map_err(|_| LinkError::Damaged("letters outside base64url"))?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED_BYTES)
        .map_err(|_| LinkError::Damaged("the payload does not inflate"))?;
    let text =
        String::from_utf8(bytes).map_err(|_| LinkError::Damaged("the payload is not text"))?;
    ron::from_str(&text).map_err(|_| LinkError::Damaged("the payload is not a game"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn splay_after(moves: &[&str]) -> SaveFile {
        let start = AnyGame::start(AnyOptions::for_game(GameId::Splay));
        let moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
        SaveFile {
            saved_at: String::new(),
            ..SaveFile::of(&start, &moves, SavedSeats::default())
        }
    }

    #[test]
    fn a_link_names_its_game_and_reads_back_to_the_same_game() {
        let file = splay_after(&["c3-c4", "c6-c5"]);
        let link = link_to("https://example.org/stackyard/", &file);
        assert!(
            link.starts_with("https://example.org/stackyard/#splay/1."),
            "{link}"
        );
        assert!(looks_like_link(&link));
        assert_eq!(read_link(&link), Ok(file.clone()));
        assert_eq!(read_link(&fragment_of(&file)), Ok(file));
    }

    #[test]
    fn a_broken_or_foreign_link_is_refused_with_what_is_wrong() {
        let link = link_to("", &splay_after(&["c3-c4"]));
        let (head, payload) = link.split_at(link.len() - 4);
        let cut = read_link(head).unwrap_err();
        assert!(matches!(cut, LinkError::Damaged(_)), "{cut}");
        assert_eq!(
            read_link("https://example.org/#chess/1.abc"),
            Err(LinkError::UnknownGame("chess".to_owned()))
        );
        assert_eq!(read_link("https://example.org/"), Err(LinkError::NoGame));
        assert!(matches!(
            read_link(&format!("#splay/9.{payload}")),
            Err(LinkError::Format(v)) if v == "9"
        ));
        assert!(!looks_like_link("splay 8/8/8/8/8/8/8/8 b 0 0 0"));
    }

    #[test]
    fn a_base_address_is_a_web_page_without_its_own_fragment() {
        assert_eq!(check_base("https://museum.example/stackyard/"), Ok(()));
        for bad in [
            "museum.example",
            "https://a.example/#x",
            "https://a b.example/",
        ] {
            assert!(check_base(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_link_with_a_move_the_rules_refuse_names_the_move() {
        // A link made by hand: its second move is not Splay's.
        let mut file = splay_after(&["c3-c4"]);
        file.moves.push("z9-z10".to_owned());
        let e = read_link(&link_to("", &file)).unwrap_err();
        assert!(e.to_string().contains("z9-z10"), "{e}");
    }
}
