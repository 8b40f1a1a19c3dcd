//! String tables (`assets/i18n/<code>.ron`): every text the app shows a person, by key, one
//! file per language. Read and checked here (no Bevy); the app looks texts up through them,
//! falling back to English for a key a table lacks.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::plurals::{CATEGORY_NAMES, OTHER};

/// String tables larger than this are not read.
pub const MAX_TABLE_BYTES: u64 = 1024 * 1024;

/// The language every table falls back to, and the one every build carries.
pub const ENGLISH: &str = "en";

/// English, as built into the program: the fallback for every other table.
pub const ENGLISH_TABLE: &str = include_str!("../../assets/i18n/en.ron");

/// The folder of the string tables that ship with Stackyard (`i18n` in the assets in use).
#[must_use]
pub fn folder() -> PathBuf {
    super::assets::subfolder("i18n")
}

/// One language's texts.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StringTable {
    /// The language's name in itself ("English", "Deutsch").
    pub language: String,
    /// How the language writes numbers.
    #[serde(default)]
    pub numbers: NumberStyle,
    /// Texts by key; `{name}` marks a value filled in when the text is shown.
    pub strings: BTreeMap<String, String>,
    /// Counted texts by key: a text for each plural category the language uses (`"one"`,
    /// `"few"`, `"many"`, `"other"`: CLDR's names), `{n}` for the count.
    #[serde(default)]
    pub plurals: BTreeMap<String, BTreeMap<String, String>>,
}

/// How a language writes a number: `1,234.5` in English, `1.234,5` in German.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberStyle {
    /// Between the whole part and the fraction.
    pub decimal: String,
    /// Between each three digits of the whole part.
    pub group: String,
}

impl Default for NumberStyle {
    fn default() -> Self {
        NumberStyle {
            decimal: ".".into(),
            group: ",".into(),
        }
    }
}

impl NumberStyle {
    /// `value` with `decimals` digits after the point, written this way.
    #[must_use]
    pub fn format(&self, value: f64, decimals: usize) -> String {
        let plain = format!("{:.*}", decimals, value.abs());
        let (whole, fraction) = plain.split_once('.').unwrap_or((&plain, ""));
        let mut out = String::new();
        if value < 0.0 && plain.bytes().any(|b| b.is_ascii_digit() && b != b'0') {
            out.push('-');
        }
        for (i, digit) in whole.chars().enumerate() {
            if i > 0 && (whole.len() - i) % 3 == 0 {
                out.push_str(&self.group);
            }
            out.push(digit);
        }
        if !fraction.is_empty() {
            out.push_str(&self.decimal);
            out.push_str(fraction);
        }
        out
    }
}

/// Why a string table was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "string table {}: {}", self.path.display(), self.why)
    }
}

impl std::error::Error for TableError {}

impl StringTable {
    /// Reads a table's text.
    ///
    /// # Errors
    /// What is wrong with the text (RON syntax, a missing name, a text with an unclosed `{`).
    pub fn from_ron(text: &str) -> Result<StringTable, String> {
        let table: StringTable = ron::from_str(text).map_err(|e| e.to_string())?;
        if table.language.trim().is_empty() || table.language.len() > 40 {
            return Err("language: a language's name has 1 to 40 characters".into());
        }
        for (key, text) in &table.strings {
            placeholders(text).map_err(|why| format!("\"{key}\": {why}"))?;
        }
        for (key, forms) in &table.plurals {
            check_plural_set(forms).map_err(|why| format!("plural \"{key}\": {why}"))?;
        }
        if table.numbers.decimal.chars().count() != 1 || table.numbers.group.chars().count() > 1 {
            return Err(
                "numbers: the decimal mark is one character, the group mark one or none".into(),
            );
        }
        Ok(table)
    }

    /// The English table every build carries.
    ///
    /// # Panics
    /// Never: `assets/i18n/en.ron` is checked by this module's tests.
    #[must_use]
    pub fn english() -> StringTable {
        StringTable::from_ron(ENGLISH_TABLE).expect("assets/i18n/en.ron is checked by the tests")
    }

    /// Reads the table of language `code` from `folder` (`<folder>/<code>.ron`).
    ///
    /// # Errors
    /// A [`TableError`] naming the file and the problem.
    pub fn load(folder: &Path, code: &str) -> Result<StringTable, TableError> {
        let path = folder.join(format!("{code}.ron"));
        let error = |why: String| TableError {
            path: path.clone(),
            why,
        };
        check_language_code(code).map_err(error)?;
        let size = super::folders::size(&path).map_err(|e| error(e.to_string()))?;
        if size > MAX_TABLE_BYTES {
            return Err(error(format!(
                "{size} bytes is too large for a string table"
            )));
        }
        let text = super::folders::read_text(&path).map_err(|e| error(e.to_string()))?;
        StringTable::from_ron(&text).map_err(error)
    }

    /// The text of `key`, if this table has it.
    #[must_use]
    pub fn get(&self, key: &str) -> Option<&str> {
        self.strings.get(key).map(String::as_str)
    }

    /// The form of counted text `key` for plural category `category` (its `other` form when
    /// it has none for that category), if this table has the text.
    #[must_use]
    pub fn plural(&self, key: &str, category: &str) -> Option<&str> {
        let forms = self.plurals.get(key)?;
        forms
            .get(category)
            .or_else(|| forms.get(OTHER))
            .map(String::as_str)
    }
}

/// Whether a plural set's forms are named by CLDR's categories, include `other`, and have
/// well-formed placeholders.
fn check_plural_set(forms: &BTreeMap<String, String>) -> Result<(), String> {
    for (category, text) in forms {
        if !CATEGORY_NAMES.contains(&category.as_str()) {
            return Err(format!(
                "'{category}' is not a plural category (one of {})",
                CATEGORY_NAMES.join(", ")
            ));
        }
        placeholders(text).map_err(|why| format!("{category}: {why}"))?;
    }
    if forms.contains_key(OTHER) {
        Ok(())
    } else {
        Err("it has no \"other\" form".into())
    }
}

/// Whether `code` is a language code: two lower-case letters (ISO 639-1).
///
/// # Errors
/// Why it is not.
pub fn check_language_code(code: &str) -> Result<(), String> {
    if code.len() == 2 && code.bytes().all(|b| b.is_ascii_lowercase()) {
        Ok(())
    } else {
        Err(format!(
            "'{code}' is not a two-letter language code such as \"en\""
        ))
    }
}

/// The language codes that have a table in `folder`, sorted.
#[must_use]
pub fn language_codes(folder: &Path) -> Vec<String> {
    super::ron_names_in(folder, check_language_code)
}

/// The names of the `{placeholders}` in a text, in order.
///
/// # Errors
/// A `{` without its `}`, or an empty or odd name.
pub fn placeholders(text: &str) -> Result<Vec<&str>, String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let close = after
            .find('}')
            .ok_or_else(|| format!("'{{' without '}}' in \"{text}\""))?;
        let name = &after[..close];
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
            return Err(format!(
                "'{{{name}}}' is not a placeholder name in \"{text}\""
            ));
        }
        names.push(name);
        rest = &after[close + 1..];
    }
    Ok(names)
}

/// `text` with each `{name}` replaced by its value in `args`; a name without a value stays.
#[must_use]
pub fn fill(text: &str, args: &[(&str, &dyn fmt::Display)]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        match args.iter().find(|(n, _)| *n == name) {
            Some((_, value)) => out.push_str(&value.to_string()),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::plurals::PluralRule;

    fn folder() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/i18n")
    }

    /// The languages that ship, each named in itself.
    const LANGUAGES: [(&str, &str); 8] = [
        ("de", "Deutsch"),
        ("en", "English"),
        ("es", "Español"),
        ("fr", "Français"),
        ("it", "Italiano"),
        ("nl", "Nederlands"),
        ("pl", "Polski"),
        ("pt", "Português"),
    ];

    fn table(code: &str) -> StringTable {
        StringTable::load(&folder(), code).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Counted text `key` of language `code` for `n`, as the app fills it.
    fn counted(code: &str, key: &str, n: usize) -> String {
        let category = PluralRule::for_language(code).category(n);
        let text = table(code).plural(key, category).unwrap().to_owned();
        fill(&text, &[("n", &n)])
    }

    #[test]
    fn eight_languages_are_there_each_named_in_itself() {
        let codes: Vec<String> = LANGUAGES.iter().map(|(c, _)| (*c).to_owned()).collect();
        assert_eq!(language_codes(&folder()), codes);
        for (code, name) in LANGUAGES {
            assert_eq!(table(code).language, name);
        }
    }

    #[test]
    fn counted_stones_take_each_languages_own_plural() {
        assert_eq!(counted("fr", "count.stones", 0), "0 pierre");
        assert_eq!(counted("fr", "count.stones", 1), "1 pierre");
        assert_eq!(counted("fr", "count.stones", 2), "2 pierres");
        assert_eq!(counted("en", "count.stones", 0), "0 stones");
        let polish = [1, 2, 4, 5, 12, 22, 25].map(|n| counted("pl", "count.stones", n));
        assert_eq!(
            polish,
            [
                "1 kamień",
                "2 kamienie",
                "4 kamienie",
                "5 kamieni",
                "12 kamieni",
                "22 kamienie",
                "25 kamieni"
            ]
        );
    }

    #[test]
    fn each_plural_set_has_the_forms_its_language_uses() {
        for (code, _) in LANGUAGES {
            let needed = PluralRule::for_language(code).categories();
            for (key, forms) in &table(code).plurals {
                let have: Vec<&str> = forms.keys().map(String::as_str).collect();
                let mut want = needed.clone();
                want.sort_unstable();
                assert_eq!(have, want, "{code}.ron plural \"{key}\"");
            }
        }
    }

    #[test]
    fn numbers_are_written_in_the_languages_way() {
        let german = table("de").numbers;
        assert_eq!(german.format(1234.56, 1), "1.234,6");
        assert_eq!(german.format(2.5, 1), "2,5");
        assert_eq!(table("en").numbers.format(1234.56, 1), "1,234.6");
        assert_eq!(table("en").numbers.format(-0.04, 1), "0.0");
        assert_eq!(table("fr").numbers.format(12345.0, 0), "12\u{a0}345");
    }

    #[test]
    fn every_table_is_complete_with_the_same_placeholders() {
        let english = StringTable::english();
        for code in language_codes(&folder()) {
            let table = StringTable::load(&folder(), &code).unwrap();
            for (key, text) in &english.strings {
                let other = table
                    .get(key)
                    .unwrap_or_else(|| panic!("{code}.ron lacks \"{key}\""));
                let mut want = placeholders(text).unwrap();
                let mut have = placeholders(other).unwrap();
                want.sort_unstable();
                have.sort_unstable();
                assert_eq!(have, want, "{code}.ron \"{key}\" fills other values");
                assert!(!other.trim().is_empty(), "{code}.ron \"{key}\" is empty");
            }
            for key in table.strings.keys() {
                assert!(
                    english.get(key).is_some(),
                    "{code}.ron has \"{key}\", which English lacks"
                );
            }
            same_plural_sets(&code, &english, &table);
        }
    }

    /// `table` has every counted text of English and no other, each form with English's
    /// placeholders (`{n}` may be left out, as in "un seul").
    fn same_plural_sets(code: &str, english: &StringTable, table: &StringTable) {
        let keys = |t: &StringTable| t.plurals.keys().cloned().collect::<Vec<_>>();
        assert_eq!(keys(table), keys(english), "{code}.ron's counted texts");
        for (key, forms) in &english.plurals {
            let mut want: Vec<&str> = placeholders(&forms[OTHER]).unwrap();
            want.retain(|p| *p != "n");
            want.sort_unstable();
            for (category, text) in &table.plurals[key] {
                let mut have = placeholders(text).unwrap();
                have.retain(|p| *p != "n");
                have.sort_unstable();
                assert_eq!(
                    have, want,
                    "{code}.ron \"{key}\" {category} fills other values"
                );
                assert!(
                    !text.trim().is_empty(),
                    "{code}.ron \"{key}\" {category} is empty"
                );
            }
        }
    }

    #[test]
    fn placeholders_are_filled_and_bad_ones_named() {
        assert_eq!(
            fill(
                "{player} wins in {n} turns",
                &[("player", &"Black"), ("n", &12)]
            ),
            "Black wins in 12 turns"
        );
        assert_eq!(fill("{missing} stays", &[]), "{missing} stays");
        assert_eq!(fill("no { close", &[]), "no { close");
        assert_eq!(placeholders("{a} and {b_c}").unwrap(), ["a", "b_c"]);
        assert!(placeholders("open {a").unwrap_err().contains("without"));
        assert!(
            placeholders("{A}")
                .unwrap_err()
                .contains("not a placeholder")
        );
    }

    #[test]
    fn broken_tables_are_refused_naming_the_problem() {
        let dir = crate::files::scratch::Scratch::new("i18n");
        std::fs::write(
            dir.join("xx.ron"),
            "(language: \"X\", strings: {\"a\": \"{oops\"})",
        )
        .unwrap();
        std::fs::write(dir.join("yy.ron"), "(language: \"Y\", strings: 3)").unwrap();
        let e = StringTable::load(&dir, "xx").unwrap_err();
        assert!(
            e.to_string().contains("\"a\"") && e.to_string().contains("xx.ron"),
            "{e}"
        );
        assert!(StringTable::load(&dir, "yy").is_err());
        assert!(StringTable::load(&dir, "zz").is_err(), "a missing file");
        assert!(
            StringTable::load(&dir, "../en")
                .unwrap_err()
                .why
                .contains("two-letter")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
