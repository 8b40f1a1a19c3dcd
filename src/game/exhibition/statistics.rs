//! The staff menu's Statistics page: the visitor log summed up over the last week, month or all
//! of it (`files::visit_stats`), as charts (games per day by game, session lengths, hours of the
//! day) and the day's table, and Export CSV into any folder, such as a USB stick.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui_plot::{Bar, BarChart, Legend, Plot};
use jiff::ToSpan;

use super::KioskSystems;
use super::clock::KioskClock;
use super::staff::StaffMenu;
use super::visits::VisitLog;
use crate::files::visit_stats::{ALL_GAMES, Summary, summarise};
use crate::files::visits;
use crate::game::core::i18n::Tr;
use crate::game::core::saving::SaveFolder;
use crate::game::ui::palette;

/// How far back the page looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Period {
    /// Today and the six days before.
    #[default]
    Week,
    /// Today and the 29 days before.
    Month,
    /// Everything the log holds.
    All,
}

impl Period {
    const ALL: [Period; 3] = [Period::Week, Period::Month, Period::All];

    fn key(self) -> &'static str {
        match self {
            Period::Week => "stats.week",
            Period::Month => "stats.month",
            Period::All => "stats.all",
        }
    }

    /// The first day it covers, counted back from `today`.
    fn first_day(self, today: jiff::civil::Date) -> Option<jiff::civil::Date> {
        let days = match self {
            Period::Week => 6,
            Period::Month => 29,
            Period::All => return None,
        };
        today.checked_sub(days.days()).ok()
    }
}

/// The page's state while it is open.
#[derive(Resource, Debug, Clone, Default)]
pub struct StatisticsPage {
    /// The days shown.
    pub period: Period,
    /// Their summary.
    pub summary: Summary,
    /// Why the log could not be read, if it could not.
    pub unreadable: Option<String>,
    /// The folder Export CSV writes to, as typed.
    pub export_folder: String,
    /// What the last export said.
    pub exported: Option<(bool, String)>,
}

pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(OnEnter(StaffMenu::Statistics), open_statistics)
        .add_systems(
            EguiPrimaryContextPass,
            show_statistics
                .run_if(in_state(StaffMenu::Statistics))
                .in_set(KioskSystems),
        );
}

/// The data folder the log is in: the kiosk's log's, else the save folder.
fn data_folder(log: Option<&VisitLog>, saves: &SaveFolder) -> PathBuf {
    log.map_or_else(|| saves.0.clone(), |l| l.folder().to_owned())
}

fn open_statistics(
    mut commands: Commands,
    log: Option<Res<VisitLog>>,
    saves: Res<SaveFolder>,
    clock: Res<KioskClock>,
) {
    let data = data_folder(log.as_deref(), &saves);
    let mut page = StatisticsPage {
        export_folder: crate::files::folders::removable_drive()
            .map_or_else(|| data.display().to_string(), |p| p.display().to_string()),
        ..StatisticsPage::default()
    };
    page.load(&data, &clock);
    commands.insert_resource(page);
}

impl StatisticsPage {
    /// Reads the log over the page's period.
    fn load(&mut self, data: &Path, clock: &KioskClock) {
        let from = self.period.first_day(clock.now().date());
        match visits::read(data, from, None) {
            Ok(log) => {
                self.summary = summarise(&log);
                self.unreadable = None;
            }
            Err(why) => self.unreadable = Some(why),
        }
    }

    /// Writes the summary's CSV into the folder typed; what to say about it.
    fn export(&mut self, clock: &KioskClock) {
        let name = format!("stackyard-visits-{}.csv", clock.now().date());
        let path = Path::new(self.export_folder.trim()).join(name);
        let csv = self.summary.to_csv();
        self.exported = Some(
            match crate::files::atomic::write_atomically(&path, csv.as_bytes()) {
                Ok(()) => (true, path.display().to_string()),
                Err(why) => (false, why),
            },
        );
    }
}

#[allow(clippy::too_many_arguments, reason = "a system's resources")]
fn show_statistics(
    mut contexts: EguiContexts,
    mut page: ResMut<StatisticsPage>,
    mut menu: ResMut<NextState<StaffMenu>>,
    log: Option<Res<VisitLog>>,
    saves: Res<SaveFolder>,
    clock: Res<KioskClock>,
    tr: Res<Tr>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    // The window's title, its buttons and margins take about this much beside the charts.
    let around = 190.0;
    let charts_height = (screen.height() - around).max(160.0);
    egui::Window::new(tr.t("stats.title"))
        .id(egui::Id::new("staff statistics"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .order(egui::Order::Foreground)
        .fixed_size([screen.width() * 0.9, charts_height])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            let picked = period_picker(ui, &tr, page.period);
            if picked != page.period {
                page.period = picked;
                page.load(&data_folder(log.as_deref(), &saves), &clock);
            }
            if let Some(why) = &page.unreadable {
                ui.colored_label(palette::FAILED, why);
            }
            // The period's buttons above and the export row below take about 130 px.
            let scroll_height = (charts_height - 130.0).max(120.0);
            egui::ScrollArea::vertical()
                .max_height(scroll_height)
                .show(ui, |ui| {
                    charts(ui, &tr, &page.summary, scroll_height);
                    day_table(ui, &tr, &page.summary);
                });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.add(big(tr.t("stats.back"))).clicked() {
                    menu.set(StaffMenu::Open);
                }
                export_row(ui, &tr, &mut page, &clock);
            });
        });
    Ok(())
}

/// A button a finger can hit.
fn big(text: &str) -> egui::Button<'_> {
    egui::Button::new(egui::RichText::new(text).size(22.0)).min_size(egui::vec2(140.0, 56.0))
}

fn period_picker(ui: &mut egui::Ui, tr: &Tr, current: Period) -> Period {
    let mut picked = current;
    ui.horizontal(|ui| {
        for period in Period::ALL {
            let button = big(tr.t(period.key())).selected(period == current);
            if ui.add(button).clicked() {
                picked = period;
            }
        }
    });
    picked
}

/// A chart's frame: fixed, no zoom or drag (a finger scrolls the page instead).
fn chart(id: &str, height: f32) -> Plot<'_> {
    Plot::new(id)
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_y(0.0)
}

/// The three charts, sized to show whole within `room` (headings take about 90 px of it).
fn charts(ui: &mut egui::Ui, tr: &Tr, summary: &Summary, room: f32) {
    let tall = ((room - 90.0) * 0.55).clamp(60.0, 260.0);
    let short = ((room - 90.0) * 0.45).clamp(50.0, 220.0);
    let days: Vec<String> = summary
        .rows_of(ALL_GAMES)
        .map(|r| r.day.to_string())
        .collect();
    ui.heading(tr.t("stats.games_per_day"));
    let labels: Vec<String> = summary
        .rows_of(ALL_GAMES)
        .map(|r| tr.day_month(r.day))
        .collect();
    chart("games per day", tall)
        .legend(Legend::default())
        .x_axis_formatter(move |mark, _| day_label(&labels, mark.value))
        .show(ui, |plot| {
            for chart in games_per_day(summary, &days) {
                plot.bar_chart(chart);
            }
        });
    ui.columns(2, |columns| {
        columns[0].heading(tr.t("stats.session_lengths"));
        chart("session lengths", short).show(&mut columns[0], |plot| {
            let bars = session_length_bars(summary);
            plot.bar_chart(BarChart::new("minutes", bars).color(palette::CHART_SERIES[1]));
        });
        columns[1].heading(tr.t("stats.hours"));
        chart("hours of the day", short).show(&mut columns[1], |plot| {
            let bars = (0..24)
                .map(|h| {
                    Bar::new(
                        f64::from(h),
                        f64::from(summary.sessions_by_hour[h as usize]),
                    )
                })
                .collect();
            plot.bar_chart(BarChart::new("sessions", bars).color(palette::ACCENT_GOLD));
        });
    });
}

/// The label of the day at a chart's whole-number place (the language's day and month).
fn day_label(labels: &[String], at: f64) -> String {
    let near = at.round();
    if (at - near).abs() > 1e-6 || near < 0.0 {
        return String::new();
    }
    labels.get(near as usize).cloned().unwrap_or_default()
}

/// One stacked bar chart per game: its games (finished and abandoned) on each day.
fn games_per_day(summary: &Summary, days: &[String]) -> Vec<BarChart> {
    let mut games: Vec<&str> = summary
        .rows
        .iter()
        .map(|r| r.game.as_str())
        .filter(|g| *g != ALL_GAMES)
        .collect();
    games.sort_unstable();
    games.dedup();
    let mut charts: Vec<BarChart> = Vec::new();
    for (k, game) in games.iter().enumerate() {
        let bars = summary
            .rows_of(game)
            .filter_map(|r| {
                let at = days.iter().position(|d| *d == r.day.to_string())?;
                Some(Bar::new(at as f64, f64::from(r.finished + r.abandoned)))
            })
            .collect();
        let colour = palette::CHART_SERIES[k % palette::CHART_SERIES.len()];
        let below: Vec<&BarChart> = charts.iter().collect();
        let chart = BarChart::new(*game, bars)
            .color(colour)
            .width(0.6)
            .stack_on(&below);
        charts.push(chart);
    }
    charts
}

/// Sessions by length: a bar per whole minute, up to 30 (longer ones in the last).
fn session_length_bars(summary: &Summary) -> Vec<Bar> {
    let mut counts = [0u32; 31];
    for &m in &summary.session_minutes {
        counts[(m.floor() as usize).min(30)] += 1;
    }
    (0..31)
        .filter(|&m| counts[m] > 0)
        .map(|m| Bar::new(m as f64 + 0.5, f64::from(counts[m])))
        .collect()
}

fn day_table(ui: &mut egui::Ui, tr: &Tr, summary: &Summary) {
    ui.heading(tr.t("stats.table"));
    if summary.rows.is_empty() {
        ui.label(tr.t("stats.none"));
        return;
    }
    egui::Grid::new("statistics table")
        .striped(true)
        .show(ui, |ui| {
            for key in [
                "stats.day",
                "stats.game",
                "stats.sessions",
                "stats.finished",
                "stats.abandoned",
                "stats.codes",
                "stats.minutes_session",
                "stats.minutes_game",
                "stats.busiest",
            ] {
                ui.strong(tr.t(key));
            }
            ui.end_row();
            for row in summary.rows.iter().rev() {
                let minutes = |m: Option<f64>| m.map_or_else(|| "-".into(), |m| tr.number(m, 1));
                ui.label(tr.date(row.day));
                ui.label(if row.game == ALL_GAMES {
                    tr.t("stats.every_game").to_owned()
                } else {
                    row.game.clone()
                });
                ui.label(row.sessions.to_string());
                ui.label(row.finished.to_string());
                ui.label(row.abandoned.to_string());
                ui.label(row.codes_shown.to_string());
                ui.label(minutes(row.median_session_minutes));
                ui.label(minutes(row.median_game_minutes));
                let hours: Vec<String> = row
                    .busiest_hours
                    .iter()
                    .map(|h| format!("{h:02}"))
                    .collect();
                ui.label(hours.join(", "));
                ui.end_row();
            }
        });
}

fn export_row(ui: &mut egui::Ui, tr: &Tr, page: &mut StatisticsPage, clock: &KioskClock) {
    ui.label(tr.t("stats.export_to"));
    ui.add(
        egui::TextEdit::singleline(&mut page.export_folder)
            .desired_width(320.0)
            .vertical_align(egui::Align::Center)
            .min_size(egui::vec2(0.0, 56.0)),
    );
    if ui.add(big(tr.t("stats.export"))).clicked() {
        page.export(clock);
    }
    match &page.exported {
        Some((true, path)) => {
            ui.colored_label(palette::DONE, tr.tf("stats.exported", &[("path", path)]));
        }
        Some((false, why)) => {
            ui.colored_label(palette::FAILED, why);
        }
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_counts_back_from_today() {
        let today: jiff::civil::Date = "2026-12-03".parse().unwrap();
        assert_eq!(
            Period::Week.first_day(today),
            Some("2026-11-27".parse().unwrap())
        );
        assert_eq!(
            Period::Month.first_day(today),
            Some("2026-11-04".parse().unwrap())
        );
        assert_eq!(Period::All.first_day(today), None);
    }

    #[test]
    fn export_writes_the_periods_csv_into_the_folder_or_says_why_not() {
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let clock = KioskClock::Fake("2026-12-03T18:00:00".parse().unwrap());
        let mut page = StatisticsPage {
            period: Period::All,
            ..StatisticsPage::default()
        };
        page.load(&fixture, &clock);
        assert_eq!(page.summary.rows.len(), 6);
        let stick = crate::files::scratch::Scratch::new("stick");
        page.export_folder = stick.display().to_string();
        page.export(&clock);
        let written = stick.join("stackyard-visits-2026-12-03.csv");
        assert_eq!(page.exported, Some((true, written.display().to_string())));
        assert_eq!(
            std::fs::read_to_string(&written).unwrap(),
            page.summary.to_csv()
        );
        // A folder that cannot be written: a message, and nothing else happens.
        page.export_folder = written.join("not-a-folder").display().to_string();
        page.export(&clock);
        assert!(matches!(&page.exported, Some((false, why)) if why.contains("not-a-folder")));
        // The week up to the fake today holds both of the fixture's days.
        page.period = Period::Week;
        page.load(&fixture, &clock);
        assert_eq!(page.summary.rows.len(), 6);
        let clock = KioskClock::Fake("2026-12-07T18:00:00".parse().unwrap());
        page.load(&fixture, &clock);
        assert_eq!(
            page.summary.rows.len(),
            2,
            "only 2026-12-01 is within the week"
        );
        let _ = std::fs::remove_dir_all(&stick);
    }

    #[test]
    fn day_labels_stand_only_at_whole_places() {
        let days = vec!["01.12.".to_owned(), "02.12.".to_owned()];
        assert_eq!(day_label(&days, 1.0), "02.12.");
        assert_eq!(day_label(&days, 0.5), "");
        assert_eq!(day_label(&days, 5.0), "");
    }
}
