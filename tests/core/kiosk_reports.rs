//! `stackyard stats` and `stackyard health` as a technician runs them: exact figures from a
//! fixture visitor log (whose cut-off last line is skipped), day limits, bad days refused, and
//! the heartbeat's exit status on a fresh, a stale and a missing file.

use stackyard::files::health::{self, Health};
use stackyard::files::scratch::Scratch;

use crate::common::run_cli as run;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

#[test]
fn stats_over_the_fixture_log_gives_exact_figures_per_day_and_game() {
    let (code, said, err) = run(&["stats", "--data-dir", FIXTURE, "--csv"]);
    assert_eq!(code, 0, "{err}");
    let expected = "\
day,game,sessions,games_finished,games_abandoned,how_to_play_opened,puzzles_started,puzzles_solved,median_session_minutes,median_game_minutes,busiest_hours,take_home_codes_shown
2026-11-30,grabber,1,1,0,1,0,0,6.00,3.00,15,1
2026-11-30,splay,1,1,1,0,0,0,9.00,4.00,14,0
2026-11-30,support,1,0,0,0,1,1,2.00,,15,0
2026-11-30,all,3,2,1,1,1,1,6.00,3.00,15;14,1
2026-12-01,splay,3,1,0,0,0,0,5.00,4.00,11;10,0
2026-12-01,all,3,1,0,0,0,0,5.00,4.00,11;10,0
";
    assert_eq!(said, expected);
}

#[test]
fn the_table_names_the_skipped_cut_off_line_and_days_limit_it() {
    let (code, said, err) = run(&["stats", "--data-dir", FIXTURE, "--from", "2026-12-01"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = said.lines().filter(|l| l.starts_with("2026-")).collect();
    assert_eq!(rows.len(), 2, "{said}");
    assert!(rows.iter().all(|r| r.starts_with("2026-12-01")), "{said}");
    assert!(
        said.contains("1 cut-off line(s) of the log skipped"),
        "{said}"
    );
    let (code, said, _) = run(&["stats", "--data-dir", FIXTURE, "--to", "2026-11-29"]);
    assert_eq!(code, 0);
    assert!(said.contains("no visits logged"), "{said}");
}

#[test]
fn bad_days_are_refused_with_their_flag() {
    let (code, _, err) = run(&["stats", "--data-dir", FIXTURE, "--from", "30.11.2026"]);
    assert_eq!(code, 2);
    assert!(err.contains("bad --from '30.11.2026'"), "{err}");
    let (code, _, err) = run(&["stats", "--from", "2026-12-02", "--to", "2026-12-01"]);
    assert_eq!(code, 2);
    assert!(err.contains("is after --to"), "{err}");
}

#[test]
fn health_exits_0_on_a_fresh_heartbeat_and_1_on_a_stale_or_missing_one() {
    let data = Scratch::new("health-cli");
    let dir = data.to_str().unwrap();
    let (code, _, err) = run(&["health", "--data-dir", dir]);
    assert_eq!(code, 1, "no heartbeat");
    assert!(err.contains("no heartbeat"), "{err}");
    let beat = |age: u64| Health {
        version: "test".into(),
        written_unix: health::unix_now() - age,
        written: "now".into(),
        uptime_secs: 30,
        fps_last_minute: 60.0,
        worst_frame_ms: 18.0,
        memory_mib: Some(200.0),
        screen: "attract".into(),
        graphics: "High (Auto)".into(),
        last_error: None,
    };
    beat(5).store(&data).unwrap();
    let (code, said, err) = run(&["health", "--data-dir", dir]);
    assert_eq!(code, 0, "{err}");
    assert!(
        said.contains("screen: attract")
            && said.contains("graphics: High (Auto)")
            && said.contains("status: ok"),
        "{said}"
    );
    beat(3 * 60).store(&data).unwrap();
    let (code, _, err) = run(&["health", "--data-dir", dir]);
    assert_eq!(code, 1);
    assert!(err.contains("STALE"), "{err}");
    let _ = std::fs::remove_dir_all(&data);
}
