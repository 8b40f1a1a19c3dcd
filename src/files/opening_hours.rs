//! A kiosk's opening hours (the profile's `opening_hours`): the days it opens and the local
//! times it opens and closes. Outside them the kiosk shows a quiet "closed" card.

use jiff::civil::{DateTime, Time, Weekday};
use serde::{Deserialize, Serialize};

/// A day of the week.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[allow(missing_docs, reason = "the days' names say what they are")]
pub enum Day {
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
    Sat,
    Sun,
}

impl Day {
    fn of(weekday: Weekday) -> Day {
        match weekday {
            Weekday::Monday => Day::Mon,
            Weekday::Tuesday => Day::Tue,
            Weekday::Wednesday => Day::Wed,
            Weekday::Thursday => Day::Thu,
            Weekday::Friday => Day::Fri,
            Weekday::Saturday => Day::Sat,
            Weekday::Sunday => Day::Sun,
        }
    }
}

fn every_day() -> Vec<Day> {
    vec![
        Day::Mon,
        Day::Tue,
        Day::Wed,
        Day::Thu,
        Day::Fri,
        Day::Sat,
        Day::Sun,
    ]
}

/// When the kiosk is open.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningHours {
    /// The local time it opens, `HH:MM`.
    pub opens: String,
    /// The local time it closes, `HH:MM` (after `opens`).
    pub closes: String,
    /// The days it opens (every day if left out).
    #[serde(default = "every_day")]
    pub days: Vec<Day>,
}

/// A time of day, `HH:MM`.
fn time_of_day(field: &str, text: &str) -> Result<Time, String> {
    let bad = || format!("{field} \"{text}\" is not a time of day as HH:MM");
    let (h, m) = text.split_once(':').ok_or_else(bad)?;
    let (h, m): (i8, i8) = (h.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?);
    Time::new(h, m, 0, 0).map_err(|_| bad())
}

impl OpeningHours {
    /// Checks the times and days.
    ///
    /// # Errors
    /// What is wrong: a time that is not `HH:MM`, closing before opening, no days.
    pub fn check(&self) -> Result<(), String> {
        let (opens, closes) = self.times()?;
        if closes <= opens {
            return Err(format!(
                "closes \"{}\" is not after opens \"{}\"",
                self.closes, self.opens
            ));
        }
        if self.days.is_empty() {
            return Err("days is empty: name the days it opens, or leave days out".into());
        }
        Ok(())
    }

    fn times(&self) -> Result<(Time, Time), String> {
        Ok((
            time_of_day("opens", &self.opens)?,
            time_of_day("closes", &self.closes)?,
        ))
    }

    /// Whether the kiosk is open at this local time (never, for hours that do not check).
    #[must_use]
    pub fn is_open(&self, at: DateTime) -> bool {
        let Ok((opens, closes)) = self.times() else {
            return false;
        };
        self.days.contains(&Day::of(at.weekday())) && at.time() >= opens && at.time() < closes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hours(opens: &str, closes: &str, days: Vec<Day>) -> OpeningHours {
        OpeningHours {
            opens: opens.into(),
            closes: closes.into(),
            days,
        }
    }

    #[test]
    fn open_from_opening_until_closing_on_its_days() {
        let h = hours("09:30", "17:00", vec![Day::Tue, Day::Thu]);
        h.check().unwrap();
        // 2026-12-03 is a Thursday, 2026-12-02 a Wednesday.
        let at = |t: &str| t.parse::<DateTime>().unwrap();
        assert!(!h.is_open(at("2026-12-03T09:29:59")));
        assert!(h.is_open(at("2026-12-03T09:30")));
        assert!(h.is_open(at("2026-12-03T16:59:59")));
        assert!(!h.is_open(at("2026-12-03T17:00")));
        assert!(!h.is_open(at("2026-12-02T12:00")), "closed on Wednesdays");
    }

    #[test]
    fn bad_hours_are_refused_with_the_reason() {
        assert!(
            hours("9h30", "17:00", every_day())
                .check()
                .unwrap_err()
                .contains("opens")
        );
        assert!(
            hours("09:30", "25:00", every_day())
                .check()
                .unwrap_err()
                .contains("closes")
        );
        assert!(
            hours("17:00", "09:00", every_day())
                .check()
                .unwrap_err()
                .contains("not after")
        );
        assert!(
            hours("09:00", "17:00", vec![])
                .check()
                .unwrap_err()
                .contains("days")
        );
    }
}
