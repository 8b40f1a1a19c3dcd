//! The texts on screen in the chosen language: the string table is read before the scene is
//! built, and choosing another language switches every text at the next frame. A key the table
//! lacks shows the English text and is reported in the log once.

use std::collections::HashSet;
use std::fmt::Display;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use crate::ai::Level;
use crate::files::i18n::{ENGLISH, StringTable, fill, language_codes};
use crate::files::plurals::PluralRule;
use crate::rules::{GameId, Player};

use crate::game::core::preferences::{LanguageChoice, SettingsFile};

/// The folder of the string tables.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct I18nFolder(pub PathBuf);

impl Default for I18nFolder {
    fn default() -> Self {
        I18nFolder(crate::files::i18n::folder())
    }
}

/// The languages that can be chosen: code and the language's own name.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct LanguageList(pub Vec<(String, String)>);

/// The texts in the language in use, with English behind them.
#[derive(Resource, Debug)]
pub struct Tr {
    code: String,
    table: Arc<StringTable>,
    english: Arc<StringTable>,
    rule: Arc<PluralRule>,
    english_rule: Arc<PluralRule>,
    reported: Mutex<HashSet<String>>,
}

impl Default for Tr {
    fn default() -> Self {
        let english = Arc::new(StringTable::english());
        let english_rule = Arc::new(PluralRule::for_language(ENGLISH));
        Tr {
            code: ENGLISH.into(),
            table: english.clone(),
            english,
            rule: english_rule.clone(),
            english_rule,
            reported: Mutex::default(),
        }
    }
}

impl Tr {
    /// The texts of `table` (language `code`), falling back to English.
    #[must_use]
    pub fn new(code: &str, table: StringTable) -> Tr {
        Tr {
            code: code.into(),
            table: Arc::new(table),
            rule: Arc::new(PluralRule::for_language(code)),
            ..Tr::default()
        }
    }

    /// The texts of language `code` from `folder`, or English when they cannot be read.
    #[must_use]
    pub fn load(folder: &std::path::Path, code: &str) -> Tr {
        StringTable::load(folder, code).map_or_else(|_| Tr::default(), |t| Tr::new(code, t))
    }

    /// The language code in use.
    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The text of `key`: the language's, else English (reported in the log once), else the key.
    pub fn t<'a>(&'a self, key: &'a str) -> &'a str {
        if let Some(text) = self.table.get(key) {
            return text;
        }
        let english = self.english.get(key);
        self.report(key, english.is_some());
        english.unwrap_or(key)
    }

    /// Says once in the log that the language's table lacks `key`.
    fn report(&self, key: &str, in_english: bool) {
        if let Ok(mut reported) = self.reported.lock()
            && reported.insert(key.to_owned())
        {
            if in_english {
                warn!(
                    "the {} texts lack \"{key}\" (assets/i18n/{}.ron); English is shown",
                    self.table.language, self.code
                );
            } else {
                error!("no text has the key \"{key}\", not even English");
            }
        }
    }

    /// The form of counted text `key` that `n` takes by the language's plural rules (English's
    /// form by English's rules when the table lacks the text).
    fn plural_text<'a>(&'a self, key: &'a str, n: usize) -> &'a str {
        if let Some(text) = self.table.plural(key, self.rule.category(n)) {
            return text;
        }
        let english = self.english.plural(key, self.english_rule.category(n));
        self.report(key, english.is_some());
        english.unwrap_or(key)
    }

    /// Counted text `key` in the form `n` takes, `{n}` and the other `{placeholders}` filled.
    #[must_use]
    pub fn tn(&self, key: &str, n: usize, args: &[(&str, &dyn Display)]) -> String {
        let mut all: Vec<(&str, &dyn Display)> = vec![("n", &n)];
        all.extend_from_slice(args);
        fill(self.plural_text(key, n), &all)
    }

    /// Counted text `key` for `n` alone ("3 stones"), to fill into another text.
    #[must_use]
    pub fn count(&self, key: &str, n: usize) -> String {
        self.tn(key, n, &[])
    }

    /// A number with `decimals` digits after the point, as the language writes it (`2,5`).
    #[must_use]
    pub fn number(&self, value: f64, decimals: usize) -> String {
        self.table.numbers.format(value, decimals)
    }

    /// A date as the language writes it (`07.12.2026`), from its `format.date` text.
    #[must_use]
    pub fn date(&self, date: jiff::civil::Date) -> String {
        let (day, month) = (format!("{:02}", date.day()), format!("{:02}", date.month()));
        self.tf(
            "format.date",
            &[("day", &day), ("month", &month), ("year", &date.year())],
        )
    }

    /// A day of the year without its year (`07.12.`), from its `format.day_month` text.
    #[must_use]
    pub fn day_month(&self, date: jiff::civil::Date) -> String {
        let (day, month) = (format!("{:02}", date.day()), format!("{:02}", date.month()));
        self.tf("format.day_month", &[("day", &day), ("month", &month)])
    }

    /// The text of `key` with its `{placeholders}` filled from `args`.
    #[must_use]
    pub fn tf(&self, key: &str, args: &[(&str, &dyn Display)]) -> String {
        fill(self.t(key), args)
    }

    /// The keys that were looked up and missing from the language's table.
    #[must_use]
    pub fn reported(&self) -> Vec<String> {
        let mut keys: Vec<String> = self
            .reported
            .lock()
            .map(|r| r.iter().cloned().collect())
            .unwrap_or_default();
        keys.sort();
        keys
    }

    /// A player's colour as a name ("Black").
    #[must_use]
    pub fn player(&self, p: Player) -> &str {
        self.t(match p {
            Player::Black => "player.black",
            Player::White => "player.white",
        })
    }

    /// A computer level's name.
    #[must_use]
    pub fn level(&self, level: Level) -> &str {
        self.t(match level {
            Level::Beginner => "level.beginner",
            Level::Casual => "level.casual",
            Level::Strong => "level.strong",
            Level::Master => "level.master",
        })
    }

    /// A game's name (Grabber's board size included where there are several).
    #[must_use]
    pub fn game(&self, id: GameId) -> String {
        match id {
            GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => {
                let g = id.geometry();
                self.tf(
                    "game.grabber_sized",
                    &[("width", &g.width), ("height", &g.height)],
                )
            }
            _ => self.t(crate::guide::guide(id).card.name).to_owned(),
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<I18nFolder>()
        .init_resource::<Tr>()
        .add_systems(PreStartup, load_chosen_language)
        .add_systems(
            Update,
            switch_language
                .run_if(resource_changed::<LanguageChoice>)
                .in_set(crate::game::core::GameSystems::Rules),
        );
}

/// Reads the chosen language's table and lists the others, before the scene is built.
pub(crate) fn load_chosen_language(
    mut commands: Commands,
    folder: Res<I18nFolder>,
    mut choice: ResMut<LanguageChoice>,
    mut file: ResMut<SettingsFile>,
    mut tr: ResMut<Tr>,
) {
    let list = language_codes(&folder.0)
        .into_iter()
        .filter_map(|code| {
            let table = StringTable::load(&folder.0, &code).ok()?;
            Some((code, table.language))
        })
        .collect();
    commands.insert_resource(LanguageList(list));
    *tr = read_language(&folder, &mut choice, &mut file);
}

/// Switches to the newly chosen language; one that cannot be read is refused with a notice.
fn switch_language(
    mut tr: ResMut<Tr>,
    folder: Res<I18nFolder>,
    mut choice: ResMut<LanguageChoice>,
    mut file: ResMut<SettingsFile>,
) {
    if tr.code == choice.0 {
        return;
    }
    let before = tr.code.clone();
    let next = read_language(&folder, &mut choice, &mut file);
    if next.code == ENGLISH && choice.0 != ENGLISH {
        choice.0 = before;
        return;
    }
    *tr = next;
}

/// The chosen language's texts; English (and a notice) when its table cannot be read.
fn read_language(folder: &I18nFolder, choice: &mut LanguageChoice, file: &mut SettingsFile) -> Tr {
    if choice.0 == ENGLISH {
        return Tr::default();
    }
    match StringTable::load(&folder.0, &choice.0) {
        Ok(table) => Tr::new(&choice.0, table),
        Err(e) => {
            warn!("{e}");
            file.notice = Some(format!("{e}; English is used"));
            Tr::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_key_falls_back_to_english_and_is_reported_once() {
        let mut table = StringTable::from_ron(include_str!("../../../assets/i18n/de.ron")).unwrap();
        assert_eq!(Tr::new("de", table.clone()).t("player.black"), "Schwarz");
        table.strings.remove("player.black");
        let tr = Tr::new("de", table);
        assert_eq!(tr.t("player.black"), "Black");
        assert_eq!(tr.t("player.black"), "Black");
        assert_eq!(tr.t("player.white"), "Weiß");
        assert_eq!(tr.reported(), ["player.black"]);
        assert_eq!(tr.t("no.such.key"), "no.such.key");
        assert_eq!(tr.reported(), ["no.such.key", "player.black"]);
    }

    #[test]
    fn names_come_from_the_table() {
        let de = Tr::new(
            "de",
            StringTable::from_ron(include_str!("../../../assets/i18n/de.ron")).unwrap(),
        );
        let en = Tr::default();
        assert_eq!(en.game(GameId::Grabber10), "Grabber 10×10");
        assert_eq!(en.game(GameId::CashInHand), "Cash In Hand");
        assert_eq!(en.level(Level::Master), "Master");
        assert_eq!(de.level(Level::Beginner), "Anfänger");
        assert!(de.reported().is_empty() && en.reported().is_empty());
    }

    fn polish() -> StringTable {
        StringTable::from_ron(include_str!("../../../assets/i18n/pl.ron")).unwrap()
    }

    #[test]
    fn counted_texts_take_the_languages_forms_and_fill_their_values() {
        let pl = Tr::new("pl", polish());
        let stack = |n| pl.tn("stack", n, &[("cell", &"e5"), ("stones", &"…")]);
        assert_eq!(stack(2), "e5: 2 kamienie, od dołu do góry: …");
        assert_eq!(stack(5), "e5: 5 kamieni, od dołu do góry: …");
        assert_eq!(pl.count("import.done", 1), "Otwarto: 1 ruch");
        assert_eq!(Tr::default().count("import.done", 1), "Opened: 1 move");
        assert_eq!(Tr::default().count("import.done", 0), "Opened: 0 moves");
    }

    #[test]
    fn a_missing_counted_text_falls_back_to_englishs_by_englishs_rules() {
        let mut table = polish();
        table.plurals.remove("import.done");
        let tr = Tr::new("pl", table);
        assert_eq!(tr.count("import.done", 1), "Opened: 1 move");
        assert_eq!(tr.count("import.done", 22), "Opened: 22 moves");
        assert_eq!(tr.reported(), ["import.done"]);
    }

    #[test]
    fn numbers_and_dates_are_written_the_languages_way() {
        let pl = Tr::new("pl", polish());
        let day: jiff::civil::Date = "2026-12-07".parse().unwrap();
        assert_eq!(pl.number(2.25, 1), "2,2");
        assert_eq!(pl.date(day), "07.12.2026");
        assert_eq!(Tr::default().number(2.25, 1), "2.2");
        assert_eq!(Tr::default().date(day), "2026-12-07");
        assert_eq!(Tr::default().day_month(day), "12-07");
    }
}
