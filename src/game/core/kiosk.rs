//! Whether the app runs as an exhibition kiosk, for the screens that differ there: the title
//! shows only the profile's games and has no Quit and no Settings, and the game panel offers no
//! saved games, and the position editor only if the profile asks. The exhibition wing says so.

use bevy::prelude::*;

use crate::rules::GameId;

/// The app runs as a kiosk showing these games.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct Kiosk {
    /// The games the kiosk shows, in order.
    pub games: Vec<GameId>,
    /// The profile lets visitors use the position editor.
    pub editor: bool,
    /// The profile gives visitors the coach.
    pub coach: bool,
}

/// The kiosk's word on the coach (`None` outside a kiosk).
#[must_use]
pub fn kiosk_coach(kiosk: Option<&Kiosk>) -> Option<bool> {
    kiosk.map(|k| k.coach)
}

/// Whether the position editor is offered: always on a desktop, in a kiosk if its profile asks.
#[must_use]
pub fn editor_offered(kiosk: Option<&Kiosk>) -> bool {
    kiosk.is_none_or(|k| k.editor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_is_offered_on_a_desktop_and_in_a_kiosk_that_asks() {
        assert!(editor_offered(None));
        let kiosk = |editor| Kiosk {
            games: vec![GameId::Splay],
            editor,
            coach: false,
        };
        assert!(!editor_offered(Some(&kiosk(false))));
        assert!(editor_offered(Some(&kiosk(true))));
    }
}
