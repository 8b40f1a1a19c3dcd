//! `stackyard stats` and `stackyard health`: what a kiosk's visitors did, from its visitor log,
//! and whether it is running, from its heartbeat; both read the kiosk's data folder.

use std::path::Path;

use jiff::civil::Date;

use super::referee::Failure;
use crate::files::{health, visit_stats, visits};

/// Exit status of a stale or missing heartbeat.
pub const UNHEALTHY: i32 = 1;

/// A `--from`/`--to` day, `YYYY-MM-DD`.
fn day(flag: &str, text: Option<&str>) -> Result<Option<Date>, Failure> {
    text.map(|t| {
        t.parse::<Date>().map_err(|e| {
            Failure::usage(format!("bad {flag} '{t}': give a day as YYYY-MM-DD ({e})"))
        })
    })
    .transpose()
}

/// `stats`: the summary of the days asked for, as a table or as CSV.
pub(super) fn stats(
    data: &Path,
    from: Option<&str>,
    to: Option<&str>,
    csv: bool,
) -> Result<Vec<String>, Failure> {
    let (from, to) = (day("--from", from)?, day("--to", to)?);
    if let (Some(f), Some(t)) = (from, to)
        && f > t
    {
        return Err(Failure::usage(format!("--from {f} is after --to {t}")));
    }
    let log = visits::read(data, from, to).map_err(|why| Failure {
        code: 1,
        message: why,
    })?;
    let summary = visit_stats::summarise(&log);
    Ok(if csv {
        summary.to_csv().lines().map(str::to_owned).collect()
    } else {
        summary.to_lines()
    })
}

/// `health`: the heartbeat's lines; fails with [`UNHEALTHY`] when it is missing or stale.
pub(super) fn health(data: &Path) -> Result<Vec<String>, Failure> {
    health::report(data, health::unix_now()).map_err(|(lines, why)| {
        let mut message = lines.join("\n");
        if !message.is_empty() {
            message.push('\n');
        }
        message.push_str(&why);
        Failure {
            code: UNHEALTHY,
            message,
        }
    })
}
