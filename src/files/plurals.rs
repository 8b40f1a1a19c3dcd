//! Plural categories by the language's own rules: which form of a counted text ("1 stone",
//! "2 kamienie", "5 kamieni") a number takes, from CLDR's rules through ICU4X. A string table's
//! plural sets name their forms by these categories.

use icu_locale_core::LanguageIdentifier;
use icu_plurals::{PluralCategory, PluralRules};

/// CLDR's category names, in CLDR's order.
pub const CATEGORY_NAMES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// The category every plural set has: what a number that fits no other takes.
pub const OTHER: &str = "other";

/// One language's cardinal plural rules.
pub struct PluralRule(PluralRules);

impl std::fmt::Debug for PluralRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("PluralRule")
            .field(&self.categories())
            .finish()
    }
}

impl PluralRule {
    /// The rules of language `code` ("pl"); a language CLDR does not know gets the root's,
    /// where every number is `other`.
    #[must_use]
    pub fn for_language(code: &str) -> PluralRule {
        let language =
            LanguageIdentifier::try_from_str(code).unwrap_or(LanguageIdentifier::UNKNOWN);
        let rules = PluralRules::try_new_cardinal((&language).into())
            .or_else(|_| PluralRules::try_new_cardinal((&LanguageIdentifier::UNKNOWN).into()))
            .expect("ICU4X's compiled data holds the root's plural rules");
        PluralRule(rules)
    }

    /// The category of a count: `"one"`, `"few"`, `"many"`, `"other"`…
    #[must_use]
    pub fn category(&self, n: usize) -> &'static str {
        name(self.0.category_for(n))
    }

    /// The categories the language uses, in CLDR's order: the forms a plural set needs.
    #[must_use]
    pub fn categories(&self) -> Vec<&'static str> {
        let used: Vec<&str> = self.0.categories().map(name).collect();
        CATEGORY_NAMES
            .into_iter()
            .filter(|c| used.contains(c))
            .collect()
    }
}

fn name(category: PluralCategory) -> &'static str {
    match category {
        PluralCategory::Zero => "zero",
        PluralCategory::One => "one",
        PluralCategory::Two => "two",
        PluralCategory::Few => "few",
        PluralCategory::Many => "many",
        PluralCategory::Other => OTHER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_counts_nought_as_one_and_english_does_not() {
        assert_eq!(PluralRule::for_language("fr").category(0), "one");
        assert_eq!(PluralRule::for_language("fr").category(2), "other");
        assert_eq!(PluralRule::for_language("en").category(0), "other");
        assert_eq!(PluralRule::for_language("en").category(1), "one");
    }

    #[test]
    fn polish_has_one_few_and_many() {
        let pl = PluralRule::for_language("pl");
        let forms: Vec<_> = [1, 2, 4, 5, 12, 22, 25, 0].map(|n| pl.category(n)).into();
        assert_eq!(
            forms,
            ["one", "few", "few", "many", "many", "few", "many", "many"]
        );
        assert_eq!(pl.categories(), ["one", "few", "many", "other"]);
    }

    #[test]
    fn each_language_names_the_categories_it_uses() {
        assert_eq!(
            PluralRule::for_language("de").categories(),
            ["one", "other"]
        );
        assert_eq!(
            PluralRule::for_language("fr").categories(),
            ["one", "many", "other"]
        );
        assert_eq!(PluralRule::for_language("xx").categories(), ["other"]);
    }
}
