//! Export GIF from the move list: the line shown is written as a save, and this program's own
//! `gif` command draws it off-screen in a child process (so the window keeps its frame rate),
//! into the data folder's `screenshots` folder. The move list shows its progress and has
//! Cancel; the child's last line says why if it fails.

use std::io::BufRead;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::files::save::{SaveFile, SavedSeats};
use crate::files::settings::Quality;
use crate::game::core::i18n::Tr;
use crate::game::core::preferences::QualityChoice;
use crate::game::core::saving::SaveFolder;
use crate::game::core::session::Session;
use crate::game::screens::export::{Exported, ScreenshotRequest, screenshot_path};
use crate::game::ui::arrow_keys::step_with_arrows;
use crate::game::ui::named::name_control;
use crate::game::ui::reader_names::name_for_readers;

/// The sizes the move list offers (the command line takes any from 480x270 to 1280x720).
pub const GIF_SIZES: [(u32, u32); 3] = [(480, 270), (854, 480), (1280, 720)];

/// Start or stop a GIF export.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GifExportRequest {
    /// Draw the line shown at this size.
    Start((u32, u32)),
    /// Stop the one under way.
    Cancel,
}

/// Seconds a move of a 480x270 GIF takes until one has been drawn here: the pace on a
/// software renderer (the slow case; a graphics card is faster).
const FIRST_GUESS_SECONDS_PER_MOVE: f32 = 4.0;

/// Seconds a drawing takes before its first move (the program starting, the first picture).
const START_SECONDS: f32 = 12.0;

/// What the drawing has reported: moves drawn of all, and its last line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Progress {
    done: usize,
    all: usize,
    last_line: String,
}

/// How long a GIF of `moves` moves at `size` takes at `pace` seconds a move of a 480x270 one
/// (a software renderer pays for every pixel).
#[must_use]
pub fn estimate(moves: usize, size: (u32, u32), pace: f32) -> std::time::Duration {
    std::time::Duration::from_secs_f32(START_SECONDS + moves as f32 * pace * pixels(size))
}

/// How many times a 480x270 GIF's pixels a GIF of `size` has (at least 1).
fn pixels((w, h): (u32, u32)) -> f32 {
    ((w * h) as f32 / (GIF_SIZES[0].0 * GIF_SIZES[0].1) as f32).max(1.0)
}

/// The pace (seconds a move of a 480x270 GIF) of a drawing of `moves` moves at `size` that
/// took `time`: what [`estimate`] takes back.
fn pace_of(time: std::time::Duration, moves: usize, size: (u32, u32)) -> Option<f32> {
    let drawing = time.as_secs_f32() - START_SECONDS;
    (moves > 0 && drawing > 0.0).then(|| drawing / moves as f32 / pixels(size))
}

/// Whole minutes, at least one, for a time said to the player.
fn minutes(time: std::time::Duration) -> u64 {
    time.as_secs().div_ceil(60).max(1)
}

/// A GIF being drawn.
#[derive(Debug)]
struct GifJob {
    child: Child,
    progress: Arc<Mutex<Progress>>,
    out: PathBuf,
    line: PathBuf,
    started: crate::platform::clock::Instant,
    size: (u32, u32),
}

/// The export under way, if any, and the size chosen.
#[derive(Resource, Debug)]
pub struct GifExport {
    job: Option<GifJob>,
    /// The size the next export draws.
    pub size: (u32, u32),
    /// Seconds a move of a 480x270 GIF took in the last one drawn.
    pace: Option<f32>,
}

impl GifExport {
    /// Whether a GIF is being drawn now.
    #[must_use]
    pub fn is_drawing(&self) -> bool {
        self.job.is_some()
    }
}

impl Default for GifExport {
    fn default() -> GifExport {
        GifExport {
            job: None,
            size: GIF_SIZES[0],
            pace: None,
        }
    }
}

impl GifExport {
    /// The share of the moves drawn, while an export is under way.
    #[must_use]
    pub fn progress(&self) -> Option<f32> {
        let job = self.job.as_ref()?;
        let p = job.progress.lock().map(|p| p.clone()).unwrap_or_default();
        Some(if p.all == 0 {
            0.0
        } else {
            p.done as f32 / p.all as f32
        })
    }

    /// How long a GIF of `moves` moves at the chosen size will take, at the pace of the last one
    /// drawn (a first guess before any).
    #[must_use]
    pub fn time_for(&self, moves: usize) -> std::time::Duration {
        let pace = self.pace.unwrap_or(FIRST_GUESS_SECONDS_PER_MOVE);
        estimate(moves, self.size, pace)
    }

    /// The time left of the drawing under way, at its pace so far (once a move is drawn).
    #[must_use]
    fn time_left(&self) -> Option<std::time::Duration> {
        let job = self.job.as_ref()?;
        let p = job.progress.lock().ok()?.clone();
        let per_move = job
            .started
            .elapsed()
            .checked_div(u32::try_from(p.done).ok()?)?;
        Some(per_move * u32::try_from(p.all.saturating_sub(p.done)).ok()?)
    }
}

/// The move list's Picture and Export GIF controls.
#[derive(SystemParam)]
pub struct ShareTools<'w> {
    export: ResMut<'w, GifExport>,
    requests: MessageWriter<'w, GifExportRequest>,
    shots: MessageWriter<'w, ScreenshotRequest>,
    session: Res<'w, Session>,
}

impl ShareTools<'_> {
    /// Picture (as F12), and the GIF's size and Export GIF with the time it will take (of the
    /// line shown), or its progress, the time left and Cancel.
    pub fn show(&mut self, ui: &mut egui::Ui, tr: &Tr) {
        ui.horizontal(|ui| {
            let picture = ui
                .button(tr.t("moves.picture"))
                .on_hover_text(tr.t("moves.picture.help"));
            name_control(&picture, "picture");
            if picture.clicked() {
                self.shots.write(ScreenshotRequest);
            }
            // A browser has no second renderer for a GIF: its page draws the game alone.
            if cfg!(target_arch = "wasm32") {
                return;
            }
            if let Some(done) = self.export.progress() {
                ui.add(
                    egui::ProgressBar::new(done)
                        .desired_width(90.0)
                        .show_percentage(),
                );
                let cancel = ui.button(tr.t("gif.cancel"));
                name_control(&cancel, "cancel gif");
                if cancel.clicked() {
                    self.requests.write(GifExportRequest::Cancel);
                }
                return;
            }
            let (w, h) = self.export.size;
            let sizes = egui::ComboBox::from_id_salt("gif size")
                .selected_text(format!("{w}×{h}"))
                .width(84.0)
                .show_ui(ui, |ui| {
                    for size in GIF_SIZES {
                        ui.selectable_value(
                            &mut self.export.size,
                            size,
                            format!("{}×{}", size.0, size.1),
                        );
                    }
                });
            step_with_arrows(ui, &sizes.response, &mut self.export.size, &GIF_SIZES);
            name_for_readers(&sizes.response, tr.t("gif.size"));
            let gif = ui
                .button(tr.t("gif.export"))
                .on_hover_text(tr.t("gif.export.help"));
            name_control(&gif, "export gif");
            if gif.clicked() {
                self.requests
                    .write(GifExportRequest::Start(self.export.size));
            }
        });
        if cfg!(not(target_arch = "wasm32")) {
            ui.label(egui::RichText::new(self.time_note(tr)).small().weak());
        }
    }

    /// How long the GIF will take (of the line shown), or while one is drawn, how long is left.
    fn time_note(&self, tr: &Tr) -> String {
        if self.export.is_drawing() {
            return self.export.time_left().map_or_else(
                || tr.t("gif.drawing").to_owned(),
                |left| tr.tf("gif.left", &[("minutes", &minutes(left))]),
            );
        }
        let shown = self.session.shown_node();
        let moves = self.session.tree().line_through(shown).len();
        let time = self.export.time_for(moves);
        tr.tf("gif.estimate", &[("minutes", &minutes(time))])
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GifExport>()
        .add_message::<GifExportRequest>()
        .add_systems(
            Update,
            (
                start_or_cancel.run_if(resource_exists::<SaveFolder>),
                notice_the_end,
                say_whether_drawing,
            )
                .chain(),
        );
}

/// Tells the frames' pacing whether a GIF is being drawn.
fn say_whether_drawing(
    export: Res<GifExport>,
    mut work: ResMut<crate::game::core::motion::ShownWork>,
) {
    if work.drawing_gif != export.is_drawing() {
        work.drawing_gif = export.is_drawing();
    }
}

fn start_or_cancel(
    mut requests: MessageReader<GifExportRequest>,
    mut export: ResMut<GifExport>,
    mut exported: ResMut<Exported>,
    session: Res<Session>,
    folder: Res<SaveFolder>,
    quality: Option<Res<QualityChoice>>,
    tr: Res<Tr>,
) {
    for request in requests.read() {
        match *request {
            GifExportRequest::Start(size) if export.job.is_none() => {
                let quality = quality.as_ref().map_or(Quality::Low, |q| q.0);
                exported.status = match start_drawing(&session, &folder.0, size, quality) {
                    Ok(job) => {
                        export.job = Some(job);
                        tr.t("gif.drawing").to_owned()
                    }
                    Err(e) => tr.tf("gif.failed", &[("error", &e)]),
                };
            }
            GifExportRequest::Start(_) => {}
            GifExportRequest::Cancel => {
                if let Some(mut job) = export.job.take() {
                    let _ = job.child.kill();
                    let _ = job.child.wait();
                    crate::files::folders::remove_if_there(&job.line);
                    exported.status = tr.t("gif.cancelled").to_owned();
                }
            }
        }
    }
}

/// The moves of the line shown, from the game's start.
fn line_shown(session: &Session) -> Vec<String> {
    let tree = session.tree();
    tree.line_through(session.shown_node())
        .into_iter()
        .map(|n| tree.node(n).notation.clone())
        .collect()
}

/// Writes the line shown as a save and starts `gif` on it.
fn start_drawing(
    session: &Session,
    folder: &std::path::Path,
    (w, h): (u32, u32),
    quality: Quality,
) -> Result<GifJob, String> {
    let out = screenshot_path(folder, "gif");
    let dir = out.parent().unwrap_or(folder);
    crate::files::folders::make_folder(dir)?;
    let line = out.with_extension("line.ron");
    SaveFile::of(
        session.initial(),
        &line_shown(session),
        SavedSeats::default(),
    )
    .store(&line)
    .map_err(|e| e.to_string())?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(exe)
        .arg("gif")
        .arg("--load")
        .arg(&line)
        .arg("--out")
        .arg(&out)
        .arg("--size")
        .arg(format!("{w}x{h}"))
        .arg("--quality")
        .arg(quality.name())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())?;
    let progress = Arc::new(Mutex::new(Progress::default()));
    if let Some(stderr) = child.stderr.take() {
        let heard = Arc::clone(&progress);
        // Without a thread the export still runs; only its progress goes unheard.
        let _ = crate::platform::compute::worker("stackyard-gif-progress", move || {
            follow_the_drawing(stderr, &heard);
        });
    }
    Ok(GifJob {
        child,
        progress,
        out,
        line,
        started: crate::platform::clock::Instant::now(),
        size: (w, h),
    })
}

/// Reads the child's "move N of M drawn" lines (and keeps the last line of any kind).
fn follow_the_drawing(stderr: impl std::io::Read, progress: &Mutex<Progress>) {
    for line in std::io::BufReader::new(stderr).lines() {
        let Ok(line) = line else {
            return;
        };
        let Ok(mut p) = progress.lock() else {
            return;
        };
        if let Some((done, all)) = moves_drawn(&line) {
            (p.done, p.all) = (done, all);
        }
        p.last_line = line;
    }
}

/// `move 3 of 40 drawn` as (3, 40).
fn moves_drawn(line: &str) -> Option<(usize, usize)> {
    let rest = line.strip_prefix("move ")?.strip_suffix(" drawn")?;
    let (done, all) = rest.split_once(" of ")?;
    Some((done.parse().ok()?, all.parse().ok()?))
}

/// When the child ends: where the GIF is, or why there is none.
fn notice_the_end(mut export: ResMut<GifExport>, mut exported: ResMut<Exported>, tr: Res<Tr>) {
    let Some(job) = export.job.as_mut() else {
        return;
    };
    let Ok(Some(status)) = job.child.try_wait() else {
        return;
    };
    let Some(job) = export.job.take() else {
        return;
    };
    crate::files::folders::remove_if_there(&job.line);
    let (last, moves) = job
        .progress
        .lock()
        .map(|p| (p.last_line.clone(), p.all))
        .unwrap_or_default();
    if status.success() {
        export.pace = pace_of(job.started.elapsed(), moves, job.size).or(export.pace);
    }
    exported.status = if status.success() {
        tr.tf("gif.saved", &[("path", &job.out.display())])
    } else {
        tr.tf("gif.failed", &[("error", &last)])
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_a_gif_takes_follows_the_last_ones_pace() {
        let first = estimate(59, (480, 270), FIRST_GUESS_SECONDS_PER_MOVE);
        assert_eq!(minutes(first), 5, "{first:?}");
        let larger = estimate(59, (1280, 720), FIRST_GUESS_SECONDS_PER_MOVE);
        assert!(larger > first * 6, "{larger:?}");
        let took = std::time::Duration::from_secs(100);
        let pace = pace_of(took, 20, (854, 480)).unwrap();
        let again = estimate(20, (854, 480), pace);
        assert!((again.as_secs_f32() - 100.0).abs() < 0.01, "{again:?}");
        assert_eq!(pace_of(took, 0, (480, 270)), None);
        let mut export = GifExport::default();
        assert_eq!(export.time_for(59), first);
        export.pace = Some(1.0);
        assert_eq!(minutes(export.time_for(59)), 2);
    }

    #[test]
    fn progress_lines_are_read() {
        assert_eq!(moves_drawn("move 3 of 40 drawn"), Some((3, 40)));
        assert_eq!(moves_drawn("error: no adapter"), None);
        let progress = Mutex::new(Progress::default());
        follow_the_drawing(
            &b"move 1 of 2 drawn\nmove 2 of 2 drawn\nbye\n"[..],
            &progress,
        );
        let p = progress.into_inner().unwrap();
        assert_eq!((p.done, p.all, p.last_line.as_str()), (2, 2, "bye"));
    }
}
