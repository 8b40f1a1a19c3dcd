//! The app driven as a person drives it: the real binary in a window of its own X server (Xvfb,
//! Mesa's software Vulkan), input only through the X server (xdotool), results read from what
//! the app writes (the autosave, `--print-layout`'s lines) and from the X server (the cursor).
//! Every click is instant: the pointer moves, presses and releases in one go, so they fall in one
//! frame. Waits poll for results, never sleep a fixed time, so the test holds at a frame a second.
//! Without Xvfb or xdotool it says why it skips; with `CI` set it fails instead.

use stackyard::files::scratch::Scratch;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::xvfb::{Xvfb, missing_tools};
use stackyard::app::layout_report::{LINE_PREFIX, LayoutReport};
use stackyard::files::save::SaveFile;
use stackyard::files::visits::{Abandoned, Visit};
use stackyard::rules::{Action, AnyGame, AnyOptions, Game, GameId, GameOptions, play_prefix};

/// The longest any one step may take (a cold start compiles shaders at a frame a second).
const PATIENCE: Duration = Duration::from_secs(180);

/// What the app has printed so far.
#[derive(Default)]
struct Seen {
    latest: Option<LayoutReport>,
    screens: Vec<String>,
}

/// The app running in its own folders on an X server.
struct Running {
    child: Child,
    seen: Arc<Mutex<Seen>>,
    dir: PathBuf,
    window: String,
    /// The folder it runs in, where the app is to keep it (removed after the app ends).
    keeps: Option<Scratch>,
}

fn scratch(name: &str) -> Scratch {
    let dir = Scratch::new(&format!("window-{name}"));
    std::fs::create_dir_all(dir.join("config")).unwrap();
    std::fs::create_dir_all(dir.join("data")).unwrap();
    dir
}

/// Both seats people (the default seats White with the computer), written as a player would.
fn people_only(dir: &Path) {
    std::fs::write(
        dir.join("config/settings.ron"),
        "(version: 1, seats: (black: None, white: None))",
    )
    .unwrap();
}

fn launch(x: &Xvfb, dir: &Path, args: &[&str]) -> Running {
    launch_with(x, dir, args, &[])
}

/// Starts the app with these extra environment variables; waits for its window (failing with
/// its log if it ends first or opens none within [`PATIENCE`]).
fn launch_with(x: &Xvfb, dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Running {
    let log = std::fs::File::create(dir.join("app.log")).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_stackyard"))
        .envs(env.iter().copied())
        .arg("--print-layout")
        .arg("--data-dir")
        .arg(dir.join("data"))
        .arg("--config-dir")
        .arg(dir.join("config"))
        .args(args)
        .env("DISPLAY", &x.display)
        .env("WGPU_BACKEND", "vulkan")
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("start the app");
    let seen = Arc::new(Mutex::new(Seen::default()));
    let out = child.stdout.take().unwrap();
    let sink = seen.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            let Some(text) = line.strip_prefix(LINE_PREFIX) else {
                continue;
            };
            let report: LayoutReport = ron::from_str(text).expect("a layout line");
            let mut seen = sink.lock().unwrap();
            if seen.screens.last() != Some(&report.screen) {
                seen.screens.push(report.screen.clone());
            }
            seen.latest = Some(report);
        }
    });
    let mut running = Running {
        child,
        seen,
        dir: dir.to_owned(),
        window: String::new(),
        keeps: None,
    };
    running.window = running.wait("the app's window", |_| x.find_window("^Stackyard$"));
    running
}

impl Running {
    /// Polls `check` until it gives a value; fails after [`PATIENCE`], showing the app's log.
    fn wait<T>(&mut self, what: &str, mut check: impl FnMut(&mut Running) -> Option<T>) -> T {
        let start = Instant::now();
        loop {
            if let Some(v) = check(self) {
                return v;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!(
                    "the app ended ({status}) waiting for {what}\n{}",
                    self.log()
                );
            }
            assert!(
                start.elapsed() < PATIENCE,
                "no {what} after {PATIENCE:?}\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn log(&self) -> String {
        let text = std::fs::read_to_string(self.dir.join("app.log")).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(30)..].join("\n")
    }

    fn report(&self) -> Option<LayoutReport> {
        self.seen.lock().unwrap().latest.clone()
    }

    /// The latest layout once it satisfies `ready`.
    fn layout_when(&mut self, what: &str, ready: impl Fn(&LayoutReport) -> bool) -> LayoutReport {
        self.wait(what, |app| app.report().filter(|r| ready(r)))
    }

    /// Presses `key` (an X key name) in the app's window through the X server, as a keyboard
    /// does, and waits until `taken` holds on the layout that follows.
    fn key_until(
        &mut self,
        x: &Xvfb,
        key: &str,
        what: &str,
        taken: impl Fn(&LayoutReport) -> bool,
    ) -> LayoutReport {
        x.xdotool(&["windowfocus", "--sync", &self.window, "key", key]);
        self.layout_when(what, taken)
    }

    /// Presses `key` and waits for the announcement it brings.
    fn key_said(&mut self, x: &Xvfb, key: &str) -> String {
        let before = self.report().map_or(0, |r| r.said.0);
        let what = format!("an announcement after {key}");
        self.key_until(x, key, &what, |r| r.said.0 > before).said.1
    }

    /// Escape: no control keeps the keyboard's focus, the board has the keys.
    fn escape_to_the_board(&mut self, x: &Xvfb) {
        self.key_until(x, "Escape", "no control focused", |r| {
            !r.controls.iter().any(|c| c.focused)
        });
    }

    /// Tab, as often as it takes, until the control `name` has the keyboard's focus.
    fn tab_to(&mut self, x: &Xvfb, name: &str) {
        let focused = |r: &LayoutReport| {
            r.controls
                .iter()
                .any(|c| c.focused && c.name.as_deref() == Some(name))
        };
        for _ in 0..60 {
            if self.report().is_some_and(|r| focused(&r)) {
                return;
            }
            let before = self.report().map(|r| r.controls);
            self.key_until(x, "Tab", "the focus moved", |r| {
                Some(&r.controls) != before.as_ref()
            });
        }
        panic!("Tab never reached {name:?}");
    }

    /// Takes `actions` from `start` with the keyboard alone: the arrows walk the cell cursor to
    /// each decision's cell and Return decides there; a count is typed in digits. A decision
    /// the app takes by itself (the only one there is) is left to it.
    fn decide_by_keys(&mut self, x: &Xvfb, start: &AnyGame, actions: &[Action]) {
        use stackyard::game::core::view::BoardView;
        let moves = self.layout_when("the board", |r| !r.cells.is_empty()).moves;
        let mut turn = stackyard::rules::Turn::new(start.clone());
        for &a in actions {
            let report = self.layout_when("the board", |r| !r.cells.is_empty());
            let now = turn.now().clone();
            turn.play(a).expect("a legal decision");
            if report.moves > moves || report.turn == turn.notation() {
                continue;
            }
            let before = (report.turn.clone(), report.moves);
            if let Action::Count(n) = a {
                x.xdotool(&[
                    "windowfocus",
                    "--sync",
                    &self.window,
                    "type",
                    &n.to_string(),
                ]);
            } else {
                let cell = now.action_cell(a).expect("a decision on the board");
                self.cursor_to(x, cell);
            }
            self.key_until(x, "Return", "the decision taken", |r| {
                (r.turn.clone(), r.moves) != before
            });
        }
    }

    /// Walks the cell cursor to `cell` with the arrows, one key at a time.
    fn cursor_to(&mut self, x: &Xvfb, cell: stackyard::rules::Cell) {
        loop {
            let report = self.report().unwrap_or_default();
            let key = match report.cursor.parse::<stackyard::rules::Cell>() {
                Err(_) => "Up",
                Ok(at) if at.x() < cell.x() => "Right",
                Ok(at) if at.x() > cell.x() => "Left",
                Ok(at) if at.y() < cell.y() => "Up",
                Ok(at) if at.y() > cell.y() => "Down",
                Ok(_) => return,
            };
            let was = report.cursor.clone();
            self.key_until(x, key, "the cursor moved", |r| r.cursor != was);
        }
    }

    /// Types `text` into the move field (N puts the keyboard there, where it is not already)
    /// and Return plays it.
    fn type_move(&mut self, x: &Xvfb, text: &str) {
        let in_the_field = |r: &LayoutReport| {
            r.controls
                .iter()
                .any(|c| c.focused && c.name.as_deref() == Some("move field"))
        };
        if !self.report().is_some_and(|r| in_the_field(&r)) {
            self.key_until(x, "n", "the move field focused", in_the_field);
        }
        x.xdotool(&[
            "windowfocus",
            "--sync",
            &self.window,
            "type",
            "--delay",
            "120",
            text,
        ]);
        let moves = self.report().map_or(0, |r| r.moves);
        self.key_until(x, "Return", "the typed move played", |r| r.moves > moves);
    }

    /// Moves the pointer to `at` (window pixels), presses and releases: one X request after
    /// another, so all three fall in one frame.
    fn instant_click(&self, x: &Xvfb, at: [f32; 2]) {
        let (px, py) = (at[0].round().to_string(), at[1].round().to_string());
        x.xdotool(&[
            "mousemove",
            "--window",
            &self.window,
            &px,
            &py,
            "click",
            "1",
        ]);
    }

    /// Clicks the control named `name` once the layout shows it.
    fn click_control(&mut self, x: &Xvfb, name: &str) {
        let report = self.layout_when(&format!("the control {name:?}"), |r| {
            r.controls.iter().any(|c| c.name.as_deref() == Some(name))
        });
        let c = report
            .controls
            .iter()
            .find(|c| c.name.as_deref() == Some(name))
            .unwrap();
        self.instant_click(
            x,
            [(c.rect[0] + c.rect[2]) / 2.0, (c.rect[1] + c.rect[3]) / 2.0],
        );
    }

    /// The moves of the autosave, once it holds at least `n`.
    fn autosaved_moves(&mut self, n: usize) -> Vec<String> {
        let path = self.dir.join("data/autosave.ron");
        self.wait(&format!("an autosave of {n} moves"), |_| {
            SaveFile::load(&path)
                .ok()
                .map(|(file, _)| file.moves)
                .filter(|m| m.len() >= n)
        })
    }

    /// Plays one whole turn from `start` by clicks: each decision the rules offer, a count with
    /// the panel's button, a cell on its stack's top (the nearest one on screen) or a lit target.
    /// Returns the move as the app showed it, complete.
    fn play_a_turn(&mut self, x: &Xvfb, start: &AnyGame) {
        let moves = self.layout_when("the game", |r| r.screen == "game").moves;
        loop {
            let report = self.layout_when("the board", |r| !r.cells.is_empty());
            if report.moves > moves {
                return;
            }
            let turn = play_prefix(start, &report.turn).expect("the app's partial turn");
            let legal = turn.legal_actions();
            let count = report.controls.iter().find_map(|c| {
                let n: u8 = c.name.as_deref()?.strip_prefix("count ")?.parse().ok()?;
                legal.contains(&Action::Count(n)).then_some(c.rect)
            });
            if let Some(r) = count {
                self.instant_click(x, [(r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0]);
            } else if legal.iter().any(|a| matches!(a, Action::Count(_))) {
                // The panel shows its count buttons from the next frame.
                std::thread::sleep(Duration::from_millis(100));
                continue;
            } else {
                let at = self.where_to_click(&report, &legal, turn.actions().is_empty());
                self.instant_click(x, at);
            }
            let before = (report.turn.clone(), report.moves);
            self.layout_when("the decision taken", |r| {
                (r.turn.clone(), r.moves) != before
            });
        }
    }

    /// Takes `actions` from `start` by clicks, one decision after another: a count with the
    /// panel's button, the first decision on its stack's top, a later one on its lit target.
    fn take_decisions(&mut self, x: &Xvfb, actions: &[Action]) {
        for (k, &a) in actions.iter().enumerate() {
            let report = self.layout_when("the lit decision", |r| {
                k == 0 || r.targets.iter().any(|t| t.action == format!("{a:?}"))
            });
            let spot = |cell: &str| report.cells.iter().find(|s| s.cell == cell).unwrap().top;
            let at = match a {
                Action::Cell(c) if k == 0 => spot(&c.to_string()),
                Action::Count(n) => {
                    let name = format!("count {n}");
                    let c = report
                        .controls
                        .iter()
                        .find(|c| c.name.as_deref() == Some(name.as_str()))
                        .unwrap_or_else(|| panic!("no {name} button"));
                    [(c.rect[0] + c.rect[2]) / 2.0, (c.rect[1] + c.rect[3]) / 2.0]
                }
                _ => {
                    let target = report
                        .targets
                        .iter()
                        .find(|t| t.action == format!("{a:?}"))
                        .unwrap();
                    spot(&target.cell)
                }
            };
            let before = (report.turn.clone(), report.moves);
            self.instant_click(x, at);
            self.layout_when("the decision taken", |r| {
                (r.turn.clone(), r.moves) != before
            });
        }
    }

    /// Where to click for one of `legal`: a cell's stack top, nearest the camera; after the
    /// first decision, only once its target is lit; a direction on its lit target.
    fn where_to_click(&mut self, report: &LayoutReport, legal: &[Action], first: bool) -> [f32; 2] {
        let spot = |cell: &str| report.cells.iter().find(|s| s.cell == cell).unwrap().top;
        // A person clicks what they see: never through a panel.
        let in_the_open = |at: &[f32; 2]| {
            !report.panels.iter().any(|p| {
                p.interactable
                    && (p.rect[0]..p.rect[2]).contains(&at[0])
                    && (p.rect[1]..p.rect[3]).contains(&at[1])
            })
        };
        let mut cells: Vec<[f32; 2]> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Cell(c)
                    if first || report.targets.iter().any(|t| t.cell == c.to_string()) =>
                {
                    Some(spot(&c.to_string()))
                }
                _ => None,
            })
            .filter(in_the_open)
            .collect();
        cells.sort_by(|a, b| b[1].total_cmp(&a[1]));
        if let Some(&at) = cells.first() {
            return at;
        }
        let target = report
            .targets
            .iter()
            .find(|t| legal.iter().any(|a| t.action == format!("{a:?}")))
            .unwrap_or_else(|| panic!("no lit target for {legal:?} in {:?}", report.targets));
        spot(&target.cell)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start_of(id: GameId) -> AnyGame {
    AnyGame::start(AnyOptions::for_game(id))
}

/// One move of `id` played from a fresh start by instant clicks, checked in the autosave.
fn one_move_by_clicks(id: GameId) {
    let x = Xvfb::start(1280, 720);
    let dir = scratch(&id.to_string());
    people_only(&dir);
    let mut app = launch(&x, &dir, &["--game", &id.to_string()]);
    let start = start_of(id);
    app.play_a_turn(&x, &start);
    let shown = app.report().unwrap();
    let moves = app.autosaved_moves(1);
    assert_eq!(moves.len(), 1, "{id}: {moves:?}");
    let (after, _) = stackyard::rules::play_move(&start, &moves[0]).expect("a legal move");
    assert_eq!(shown.moves, 1);
    assert_ne!(after, start, "{id}: the move changed nothing");
}

fn seat_the_computer_by_clicks() {
    let x = Xvfb::start(1280, 720);
    let dir = scratch("seat");
    people_only(&dir);
    let mut app = launch(&x, &dir, &["--game", "splay"]);
    app.click_control(&x, "seat white");
    app.click_control(&x, "seat white: Casual");
    app.layout_when("the drop-down closed", |r| {
        !r.controls
            .iter()
            .any(|c| c.name.as_deref() == Some("seat white: Casual"))
    });
    app.play_a_turn(&x, &start_of(GameId::Splay));
    let moves = app.autosaved_moves(2);
    assert_eq!(moves.len(), 2, "the computer answered: {moves:?}");
}

fn start_a_game_from_the_title() {
    let x = Xvfb::start(1280, 720);
    let dir = scratch("title");
    people_only(&dir);
    let mut app = launch(&x, &dir, &[]);
    app.layout_when("the title", |r| r.screen == "title");
    app.click_control(&x, "choose grabber");
    app.layout_when("Grabber chosen", |r| {
        r.controls
            .iter()
            .any(|c| c.name.as_deref() == Some("choose splay"))
            && !r
                .controls
                .iter()
                .any(|c| c.name.as_deref() == Some("choose grabber"))
    });
    app.click_control(&x, "start");
    app.play_a_turn(&x, &start_of(GameId::Grabber8));
    let moves = app.autosaved_moves(1);
    let (file, _) = SaveFile::load(&dir.join("data/autosave.ron")).unwrap();
    assert_eq!(file.game, GameId::Grabber8, "{moves:?}");
}

/// A variation from move 58 of a recorded game, as a player makes it: move 58 clicked in the
/// move list, then a different move by clicks on the board. The board stays put between the
/// move's two clicks (each lands on the cell aimed at), and the autosave keeps the variation
/// and the place the game was left, which Continue resumes.
fn a_variation_from_move_58_by_clicks() {
    let x = Xvfb::start(1920, 1080);
    let dir = scratch("variation");
    people_only(&dir);
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/records/splay-60.ron");
    let (_, game) = SaveFile::load(Path::new(record)).unwrap();
    let mut at_58 = game.start.clone();
    for actions in &game.moves[..58] {
        for &a in actions {
            at_58.play(a);
        }
    }
    let mut app = launch(&x, &dir, &["--load", record, "--window-size", "1920x1080"]);
    app.click_control(&x, "move 58");
    let report = app.layout_when("move 58 shown", |r| {
        r.controls
            .iter()
            .any(|c| c.name.as_deref() == Some("back to the game"))
            && !r.cells.is_empty()
    });
    let in_the_open = |cell: &str| {
        let at = report.cells.iter().find(|s| s.cell == cell).unwrap().top;
        !report.panels.iter().any(|p| {
            (p.rect[0] - 20.0..p.rect[2] + 20.0).contains(&at[0])
                && (p.rect[1] - 20.0..p.rect[3] + 20.0).contains(&at[1])
        })
    };
    let main_59 = &game.moves[58];
    let chosen = stackyard::rules::legal_moves(&at_58)
        .into_iter()
        .find(|m| {
            m.actions != *main_59
                && m.actions.len() == 2
                && m.actions.iter().all(|a| match a {
                    Action::Cell(c) => in_the_open(&c.to_string()),
                    _ => false,
                })
        })
        .expect("a move of two clicks in the open");
    let corner = |r: &LayoutReport| r.cells.iter().find(|s| s.cell == "a1").unwrap().board;
    let before = corner(&report);
    app.take_decisions(&x, &chosen.actions[..1]);
    let between = corner(&app.layout_when("the first decision", |r| !r.turn.is_empty()));
    let moved = (between[0] - before[0]).hypot(between[1] - before[1]);
    assert!(
        moved < 1.0,
        "the board moved {moved} px after the first click"
    );
    app.take_decisions(&x, &chosen.actions[1..]);
    let path = dir.join("data/autosave.ron");
    let file = app.wait("the variation autosaved", |_| {
        SaveFile::load(&path)
            .ok()
            .map(|(file, _)| file)
            .filter(|f| !f.variations.is_empty())
    });
    assert_eq!(file.moves.len(), 60, "the main line stays");
    assert_eq!(file.variations[0].after, 58);
    assert_eq!(
        file.variations[0].moves,
        std::slice::from_ref(&chosen.notation)
    );
    let (_, loaded) = SaveFile::load(&path).unwrap();
    assert_eq!(
        loaded.tree.node(loaded.left_at).depth,
        59,
        "left in the variation"
    );
    assert_eq!(loaded.tree.node(loaded.left_at).notation, chosen.notation);
}

/// The editor opened from the title's Splay card: a position built by clicks on empty cells,
/// then Play from here, one move played in it, and the game exported as a GIF.
fn set_up_a_position_from_the_title() {
    let x = Xvfb::start(1280, 720);
    let dir = scratch("editor");
    people_only(&dir);
    let mut app = launch(&x, &dir, &[]);
    app.layout_when("the title", |r| r.screen == "title");
    app.click_control(&x, "set up splay");
    app.layout_when("the editor", |r| {
        r.screen == "editor" && !r.cells.is_empty()
    });
    app.click_control(&x, "editor clear");
    let mut shown = app.layout_when("a cleared board", |r| {
        r.editing.starts_with("splay 8/8/8/8/8/8/8/8 ")
    });
    for (brush, cell) in [("black", "c3"), ("black", "f6"), ("white", "e7")] {
        app.click_control(&x, &format!("brush {brush}"));
        // The brush must be taken before the cell is clicked (not in the same frame).
        let chosen = if brush == "black" {
            "Add(Black)"
        } else {
            "Add(White)"
        };
        shown = app.layout_when(&format!("the {brush} brush"), |r| r.brush == chosen);
        let at = shown.cells.iter().find(|s| s.cell == cell).unwrap().board;
        app.instant_click(&x, at);
        let before = shown.editing.clone();
        shown = app.layout_when(&format!("a stone on {cell}"), |r| r.editing != before);
    }
    let wanted = "splay 8/4,w,3/5,b,2/8/8/2,b,5/8/8 b 0 0 0";
    assert_eq!(shown.editing, wanted);
    app.click_control(&x, "play from here");
    app.layout_when("the game", |r| r.screen == "game" && r.editing.is_empty());
    let start =
        AnyGame::from_setup_with(&stackyard::rules::Setup::parse(wanted).unwrap(), []).unwrap();
    app.play_a_turn(&x, &start);
    let moves = app.autosaved_moves(1);
    let (file, _) = SaveFile::load(&dir.join("data/autosave.ron")).unwrap();
    assert_eq!(file.start, wanted, "{moves:?}");
    assert_eq!(moves.len(), 1);
    // The move list's Export GIF draws the game into the screenshots folder.
    app.click_control(&x, "export gif");
    let folder = dir.join("data/screenshots");
    let gif = app.wait("the exported GIF", |_| {
        std::fs::read_dir(&folder)
            .ok()?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "gif"))
    });
    let mut decoder = gif::DecodeOptions::new()
        .read_info(std::fs::File::open(&gif).unwrap())
        .unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 3, "the start and the move's two frames");
}

/// Whether the X server shows no cursor: XFixes' cursor image is all transparent.
/// A number setting of the kiosk's systemd unit, such as `WatchdogSec`.
fn unit_setting(name: &str) -> u64 {
    let unit = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/stackyard-kiosk.service"),
    )
    .unwrap();
    unit.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}="))?.trim().parse().ok())
        .unwrap_or_else(|| panic!("the unit sets no {name}"))
}

/// How a kiosk under the systemd stand-in ended.
enum Ended {
    /// It exited by itself.
    Exited(std::process::ExitStatus),
    /// Its watchdog heard nothing for the interval, and it was killed with `SIGABRT`, as
    /// systemd does; `silent` is how long it had been silent then.
    Killed { silent: Duration },
}

/// Plays systemd's part while `app` runs: collects what it says on the notify socket, and
/// kills it with `SIGABRT` once it has sent no `WATCHDOG=1` (nor `READY=1`) for `watchdog`.
fn serve_watchdog(
    socket: &std::os::unix::net::UnixDatagram,
    app: &mut Running,
    watchdog: Duration,
) -> (Ended, Vec<String>) {
    let mut said = Vec::new();
    let began = Instant::now();
    let mut heard = Instant::now();
    loop {
        let mut buf = [0u8; 256];
        if let Ok(n) = socket.recv(&mut buf) {
            said.push(String::from_utf8_lossy(&buf[..n]).trim().to_owned());
            heard = Instant::now();
        }
        if let Ok(Some(status)) = app.child.try_wait() {
            return (Ended::Exited(status), said);
        }
        if said.iter().any(|s| s == "READY=1") && heard.elapsed() > watchdog {
            let silent = heard.elapsed();
            let pid = app.child.id().to_string();
            let killed = Command::new("kill").args(["-ABRT", &pid]).status().unwrap();
            assert!(killed.success(), "kill -ABRT {pid}");
            let _ = app.child.wait();
            return (Ended::Killed { silent }, said);
        }
        assert!(began.elapsed() < PATIENCE, "no end\n{}", app.log());
    }
}

/// A stand-in for systemd running `packaging/stackyard-kiosk.service`: a notify socket and a
/// watchdog interval given to the app; after the app's end, the unit's `RestartSec` and a start
/// again. The kiosk tells it is ready and pings the watchdog at half its interval. After a panic
/// it writes its crash report and is back in attract mode within 10 s; a frozen frame loop stops
/// the pings, the watchdog kills it, and it is back within the watchdog's interval and 10 s more.
fn the_kiosk_comes_back_after_a_panic_or_a_freeze() {
    use std::os::unix::net::UnixDatagram;
    let x = Xvfb::start(1280, 720);
    let dir = scratch("panic");
    let profile = kiosk_profile(&dir);
    let profile = profile.to_str().unwrap();
    let socket_path = dir.join("notify.sock");
    let socket = UnixDatagram::bind(&socket_path).unwrap();
    socket
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    // The unit's watchdog, scaled down for the test's time: the app pings at half of whatever
    // interval systemd names.
    assert!(unit_setting("WatchdogSec") >= 10, "the unit has a watchdog");
    let watchdog = 6;
    let usec = (watchdog * 1_000_000).to_string();
    let env = [
        ("NOTIFY_SOCKET", socket_path.to_str().unwrap()),
        ("WATCHDOG_USEC", usec.as_str()),
    ];
    let watchdog = Duration::from_secs(watchdog);
    let restart = Duration::from_secs(unit_setting("RestartSec"));
    let panic_after = (2 * watchdog.as_secs() + 10).to_string();
    let mut app = launch_with(
        &x,
        &dir,
        &["--profile", profile, "--panic-after", &panic_after],
        &env,
    );
    app.layout_when("attract mode", |r| r.screen == "attract");
    let (end, said) = serve_watchdog(&socket, &mut app, watchdog);
    let ended = Instant::now();
    let Ended::Exited(status) = end else {
        panic!(
            "the panicking kiosk went silent first: {said:?}\n{}",
            app.log()
        )
    };
    assert!(
        !status.success(),
        "a panic is a failure for systemd: {status}"
    );
    assert_eq!(
        said.first().map(String::as_str),
        Some("READY=1"),
        "{said:?}"
    );
    let pings = said.iter().filter(|s| *s == "WATCHDOG=1").count();
    assert!(
        pings >= 2,
        "the watchdog pinged every {watchdog:?}/2: {said:?}"
    );
    let report = std::fs::read_to_string(dir.join("data/crash-report.txt")).expect("a report");
    assert!(report.contains("--panic-after"), "{report}");
    std::thread::sleep(restart);
    // The restarted kiosk freezes once it is back in attract mode.
    let mut again = launch_with(
        &x,
        &dir,
        &["--profile", profile, "--freeze-after", "15"],
        &env,
    );
    again.layout_when("attract mode after the restart", |r| r.screen == "attract");
    let back = ended.elapsed();
    eprintln!("the kiosk was back in attract mode {back:?} after its panic");
    assert!(
        back <= Duration::from_secs(10),
        "back in attract mode {back:?} after the panic"
    );
    let (end, said) = serve_watchdog(&socket, &mut again, watchdog);
    let killed = Instant::now();
    let Ended::Killed { silent } = end else {
        panic!("the frozen kiosk was not silent: {said:?}\n{}", again.log())
    };
    assert!(
        said.iter().filter(|s| *s == "WATCHDOG=1").count() >= 2,
        "it pinged before it froze: {said:?}"
    );
    assert!(again.log().contains("--freeze-after"), "{}", again.log());
    eprintln!("the frozen kiosk was silent for {silent:?}, and killed");
    std::thread::sleep(restart);
    let mut third = launch_with(&x, &dir, &["--profile", profile], &env);
    third.layout_when("attract mode after the freeze", |r| r.screen == "attract");
    let back = killed.elapsed() + silent;
    eprintln!("the kiosk was back in attract mode {back:?} after its frame loop froze");
    assert!(
        back <= watchdog + Duration::from_secs(10),
        "back in attract mode {back:?} after the freeze"
    );
    drop(third);
    // A lost graphics device ends the app with a failure and a report, once, for the same
    // restart: no hang, no flickering retries.
    let report_path = dir.join("data/crash-report.txt");
    std::fs::remove_file(&report_path).unwrap();
    let mut lost = launch_with(
        &x,
        &dir,
        &["--profile", profile, "--lose-device-after", "8"],
        &env,
    );
    lost.layout_when("attract mode", |r| r.screen == "attract");
    let began = Instant::now();
    let status = loop {
        if let Ok(Some(status)) = lost.child.try_wait() {
            break status;
        }
        assert!(began.elapsed() < PATIENCE, "still running\n{}", lost.log());
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(!status.success(), "a lost device is a failure: {status}");
    assert!(report_path.exists(), "a crash report\n{}", lost.log());
}

fn cursor_is_hidden(display: &str) -> bool {
    use x11rb::protocol::xfixes::ConnectionExt as _;
    let (conn, _) = x11rb::connect(Some(display)).expect("connect to Xvfb");
    conn.xfixes_query_version(5, 0).unwrap().reply().unwrap();
    let image = conn.xfixes_get_cursor_image().unwrap().reply().unwrap();
    image.cursor_image.iter().all(|argb| argb >> 24 == 0)
}

fn kiosk_profile(dir: &Path) -> PathBuf {
    let example = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron"),
    )
    .unwrap();
    let text = example
        .replacen("idle_secs: 90", "idle_secs: 10", 1)
        .replacen("prompt_secs: 20", "prompt_secs: 5", 1)
        .replacen("touch_leads_to: Picker", "touch_leads_to: Game", 1)
        .replacen(
            "visitor_languages: []",
            "visitor_languages: [\"en\", \"pl\"]",
            1,
        );
    assert_ne!(text, example);
    let path = dir.join("kiosk.ron");
    std::fs::write(&path, text).unwrap();
    path
}

/// The CPU time a process has used, in clock ticks (`utime` and `stime` of `/proc/PID/stat`).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's name, which is in brackets and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// Outside its opening hours the kiosk shows its card and draws only when something changes:
/// over 10 s it uses a small share of one core, where drawing every frame under the software
/// renderer used one and a half cores.
fn the_closed_kiosk_draws_only_on_change() {
    let x = Xvfb::start(1280, 720);
    let dir = scratch("closed");
    let profile = kiosk_profile(&dir);
    // Half an hour that starts twelve hours from now: the kiosk is closed.
    let hour = (jiff::ZonedDateTime::now().hour() + 12) % 24;
    let text = std::fs::read_to_string(&profile).unwrap().replacen(
        "opening_hours: None",
        &format!("opening_hours: Some((opens: \"{hour:02}:00\", closes: \"{hour:02}:30\"))"),
        1,
    );
    std::fs::write(&profile, text).unwrap();
    let mut app = launch(&x, &dir, &["--profile", profile.to_str().unwrap()]);
    app.layout_when("the closed card", |r| r.screen == "closed");
    // The card's first frames settle; then only the wake-ups for the watchdog remain.
    std::thread::sleep(Duration::from_secs(3));
    let pid = app.child.id();
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_secs(10));
    let used = cpu_ticks(pid) - before;
    eprintln!("the closed kiosk used {used} ticks of CPU in 10 s");
    // Clock ticks are hundredths of a second on Linux: 250 ticks are a quarter of a core.
    assert!(
        used < 250,
        "the closed kiosk used {used} ticks of CPU in 10 s\n{}",
        app.log()
    );
}

fn the_kiosk_fills_the_screen(width: u32, height: u32) -> (Xvfb, Running) {
    let x = Xvfb::start(width, height);
    let dir = scratch(&format!("kiosk-{width}"));
    let profile = kiosk_profile(&dir);
    let mut app = launch(&x, &dir, &["--profile", profile.to_str().unwrap()]);
    app.keeps = Some(dir);
    let report = app.layout_when("attract mode", |r| r.screen == "attract");
    app.layout_when("a window as large as the screen", |r| {
        r.window == [width as f32, height as f32]
    });
    let geometry = x.xdotool(&["getwindowgeometry", &app.window]);
    assert!(
        geometry.contains(&format!("Geometry: {width}x{height}")),
        "{geometry}; first layout {:?}",
        report.window
    );
    // For a person to look at: what a visitor sees first.
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kiosk-{width}x{height}.png"));
    app.layout_when("the attract caption", |r| {
        r.panels.iter().any(|p| p.id == "attract caption")
    });
    // The board lies in the middle of the screen, the empty room in its corner.
    let drawn = app.wait("the board drawn", |_| {
        let s = x.screenshot();
        (s.get_pixel(width / 2, height / 2) != s.get_pixel(0, 0)).then_some(s)
    });
    drawn.save(&shot).unwrap();
    (x, app)
}

fn the_kiosk_answers_a_tap_and_goes_back_to_attract_mode() {
    let (x, mut app) = the_kiosk_fills_the_screen(1280, 720);
    // The profile's 3 s without input hide the cursor.
    app.wait("the cursor hidden", |_| {
        cursor_is_hidden(&x.display).then_some(())
    });
    // The language button offers the profile's visitor languages in turn: Polish, without
    // leaving attract mode, then English again.
    app.click_control(&x, "language pl");
    app.layout_when("the button offering English", |r| {
        r.controls
            .iter()
            .any(|c| c.name.as_deref() == Some("language en"))
    });
    assert_eq!(app.report().unwrap().screen, "attract");
    app.instant_click(&x, [640.0, 360.0]);
    app.wait("the cursor back after input", |_| {
        (!cursor_is_hidden(&x.display)).then_some(())
    });
    app.layout_when("a game after the tap", |r| r.screen == "game");
    // 10 s idle, then 5 s of "Still playing?", then attract mode again.
    app.layout_when("attract mode again", |r| r.screen == "attract");
    let screens = app.seen.lock().unwrap().screens.clone();
    assert_eq!(screens, ["attract", "game", "attract"]);
    // The visitor log holds exactly that session.
    let data = app.dir.join("data");
    let logged = app.wait("the session's end logged", |_| {
        let read = stackyard::files::visits::read(&data, None, None).ok()?;
        let visits: Vec<Visit> = read.entries.into_iter().map(|e| e.visit).collect();
        matches!(visits.last(), Some(Visit::SessionEnded { .. })).then_some(visits)
    });
    let [
        Visit::LanguageSwitched { to },
        Visit::AttractLeft { showing },
        Visit::GameStarted { game },
        Visit::GameAbandoned {
            why: Abandoned::Idle,
            turns: 0,
            ..
        },
        Visit::IdleReset { screen },
        Visit::SessionEnded { secs },
    ] = logged.as_slice()
    else {
        panic!("not the session's events: {logged:#?}");
    };
    assert_eq!(
        (
            to.as_str(),
            showing.as_str(),
            game.as_str(),
            screen.as_str()
        ),
        ("pl", "splay", "splay", "game")
    );
    // Attract mode is back in the profile's language.
    app.layout_when("the button offering Polish again", |r| {
        r.controls
            .iter()
            .any(|c| c.name.as_deref() == Some("language pl"))
    });
    assert!(*secs >= 15, "10 s idle and 5 s of prompt: {secs} s");
    // And the heartbeat says the kiosk runs.
    let health = stackyard::files::health::Health::load(&data).expect("a heartbeat");
    assert_eq!(health.version, env!("CARGO_PKG_VERSION"));
    drop(app);
    drop(the_kiosk_fills_the_screen(1920, 1080));
}

/// Splay's puzzles opened from the title's card and the first solved by clicks, as the progress
/// file in the data folder shows.
fn solve_a_puzzle_from_the_title() {
    let x = Xvfb::start(1280, 720);
    let dir = scratch("puzzle");
    people_only(&dir);
    let mut app = launch(&x, &dir, &[]);
    app.layout_when("the title", |r| r.screen == "title");
    app.click_control(&x, "puzzles splay");
    app.layout_when("the puzzle", |r| {
        r.screen == "puzzles" && !r.cells.is_empty()
    });
    let file = stackyard::files::puzzles::PuzzleFile::load(Path::new("assets/puzzles/splay.ron"))
        .expect("the shipped puzzles");
    let first = &file.puzzles[0];
    let start = AnyGame::from_setup_with(
        &stackyard::rules::Setup::parse(&first.position).unwrap(),
        [],
    )
    .unwrap();
    let solution = start.parse_actions(&first.solution[0]).unwrap();
    app.take_decisions(&x, &solution);
    let data = dir.join("data");
    app.wait("the puzzle kept as solved", |_| {
        stackyard::files::puzzle_progress::PuzzleProgress::load(&data)
            .0
            .solved
            .contains(&first.position)
            .then_some(())
    });
}

/// A person without a mouse plays a whole game of Grabber, both sides: Tab to its card on the
/// title, Return, Tab to Start, Return; the first move with the arrows and Return on the board,
/// every other one typed into the move field (N, the move, Return), to the end. No pointer
/// moves or clicks.
fn play_a_game_with_the_keyboard_alone() {
    let x = Xvfb::start(1280, 720);
    let dir = scratch("keys");
    people_only(&dir);
    let mut app = launch(&x, &dir, &[]);
    app.layout_when("the title", |r| r.screen == "title");
    app.tab_to(&x, "choose grabber");
    app.key_until(&x, "Return", "Grabber chosen", |r| {
        !r.controls
            .iter()
            .any(|c| c.name.as_deref() == Some("choose grabber"))
    });
    app.tab_to(&x, "start");
    app.key_until(&x, "Return", "the game", |r| r.screen == "game");
    // The focus leaves the panels for the board.
    app.escape_to_the_board(&x);
    let start = start_of(GameId::Grabber8);
    let first = stackyard::rules::legal_moves(&start).swap_remove(0);
    app.decide_by_keys(&x, &start, &first.actions);
    let mut played = vec![first.notation.clone()];
    let mut now = stackyard::rules::play_move(&start, &first.notation)
        .unwrap()
        .0;
    while now.outcome().is_none() {
        let next = stackyard::rules::legal_moves(&now).swap_remove(0);
        app.type_move(&x, &next.notation);
        now = stackyard::rules::play_move(&now, &next.notation).unwrap().0;
        played.push(next.notation);
    }
    assert_eq!(app.autosaved_moves(played.len()), played);
    // The move field keeps the keyboard for the next move; Escape gives it back to the board.
    app.escape_to_the_board(&x);
    let turn = app.key_said(&x, "t");
    assert!(turn.contains(" wins: "), "the result, read by T: {turn}");
}

/// The turn limit of the keyboard games below: where the rules end a game drawn, unless it ended
/// before. (The games to their natural ends are played headless, `tests/app/access.rs`.)
const KEYBOARD_GAME_TURNS: u32 = 12;

/// Splay, Cash In Hand, Intermedium and Support, each from its start to its result by keys alone
/// (Grabber's is above): the first move decided at the cell cursor (the arrows, Enter, digits
/// for a count), the others typed into the move field, each the rules' first decisions; the
/// result then read by T.
fn play_each_game_to_its_result_with_the_keyboard_alone() {
    let x = Xvfb::start(1280, 720);
    for (name, id) in [
        ("splay", GameId::Splay),
        ("cash-in-hand", GameId::CashInHand),
        ("intermedium", GameId::Intermedium),
        ("support", GameId::Support),
    ] {
        let dir = scratch(&format!("keys-{name}"));
        people_only(&dir);
        let cap = format!("ply_cap={KEYBOARD_GAME_TURNS}");
        let mut app = launch(
            &x,
            &dir,
            &["--game", name, "--opt", &cap, "--screen", "game"],
        );
        app.layout_when("the game", |r| r.screen == "game" && !r.cells.is_empty());
        app.escape_to_the_board(&x);
        let options = AnyOptions::for_game(id)
            .with_settings([cap.as_str()])
            .unwrap();
        let mut now = AnyGame::start(options);
        let mut played = Vec::new();
        while now.outcome().is_none() {
            let mut turn = stackyard::rules::Turn::new(now.clone());
            while !turn.is_complete() {
                turn.play(turn.legal_actions()[0]).unwrap();
            }
            if played.is_empty() {
                eprintln!("{name}: {:?} by keys", turn.actions());
                app.decide_by_keys(&x, &now, turn.actions());
            } else {
                app.type_move(&x, &turn.notation());
            }
            played.push(turn.notation());
            now = turn.now().clone();
        }
        eprintln!("{name}: {} moves typed", played.len());
        assert_eq!(app.autosaved_moves(played.len()), played, "{name}");
        app.escape_to_the_board(&x);
        let result = app.key_said(&x, "t");
        assert!(
            result.contains(" wins: ") || result.starts_with("Draw"),
            "{name}: the result, read by T: {result}"
        );
    }
}

/// A Splay puzzle solved from the keyboard alone: Tab to its button on the title, Return, and
/// the solution typed into the move field.
fn solve_a_puzzle_with_the_keyboard_alone() {
    let x = Xvfb::start(1280, 720);
    let dir = scratch("puzzle-keys");
    people_only(&dir);
    let mut app = launch(&x, &dir, &[]);
    app.layout_when("the title", |r| r.screen == "title");
    app.tab_to(&x, "puzzles splay");
    app.key_until(&x, "Return", "the puzzle", |r| {
        r.screen == "puzzles" && !r.cells.is_empty()
    });
    app.escape_to_the_board(&x);
    let file = stackyard::files::puzzles::PuzzleFile::load(Path::new("assets/puzzles/splay.ron"))
        .expect("the shipped puzzles");
    let first = &file.puzzles[0];
    app.type_move(&x, &first.solution[0]);
    let data = dir.join("data");
    app.wait("the puzzle kept as solved", |_| {
        stackyard::files::puzzle_progress::PuzzleProgress::load(&data)
            .0
            .solved
            .contains(&first.position)
            .then_some(())
    });
}

/// Auto's step down, kept for the next start: a kiosk whose Auto takes the software renderer for
/// a GPU that calls for Medium (the hidden `--adapter-level`) finds its frames late on the game
/// screen and steps down to Low, which `graphics.ron` remembers for this adapter and display.
/// The next start on the same screen begins at Low: Settings says Medium was too slow, and its
/// Try again, clicked, forgets the step.
fn auto_steps_down_and_the_next_start_remembers() {
    let x = Xvfb::start(640, 360);
    for bad in ["auto", "ultra"] {
        let out = Command::new(env!("CARGO_BIN_EXE_stackyard"))
            .args(["--adapter-level", bad])
            .env("DISPLAY", &x.display)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{bad}: {err}");
        assert!(
            err.contains(&format!("--adapter-level {bad}: low, medium or high")),
            "{err}"
        );
    }
    let dir = scratch("steps");
    let data = dir.join("data");
    let exhibition = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/exhibition.ron");
    let too_slow = |data: &Path| {
        let steps = stackyard::files::auto_steps::AutoSteps::load(data).0;
        steps.steps.first().map(|s| s.too_slow)
    };
    let mut kiosk = launch(
        &x,
        &dir,
        &[
            "--profile",
            exhibition.to_str().unwrap(),
            "--screen",
            "game",
            "--adapter-level",
            "medium",
        ],
    );
    let stepped = kiosk.wait("Auto's step down kept in graphics.ron", |_| too_slow(&data));
    assert_eq!(stepped, stackyard::files::settings::Quality::Medium);
    drop(kiosk);

    let mut window = launch(
        &x,
        &dir,
        &[
            "--screen",
            "settings",
            "--window-size",
            "640x360",
            "--adapter-level",
            "medium",
        ],
    );
    window.click_control(&x, "graphics try again");
    window.wait("the step forgotten", |_| {
        too_slow(&data).is_none().then_some(())
    });
    let log = std::fs::read_to_string(dir.join("app.log")).unwrap();
    assert!(
        log.contains("Medium was too slow on") && log.contains("Auto starts below it"),
        "the start should begin below Medium:\n{}",
        window.log()
    );
}

/// Runs `scenario` holding the X servers' lock (one app at a time), or says why it skips.
fn alone(scenario: impl FnOnce()) {
    let _alone = crate::common::xvfb::one_at_a_time();
    if let Some(why) = missing_tools(&["Xvfb", "xdotool"]) {
        eprintln!("real-window test skipped: {why}");
        return;
    }
    scenario();
}

#[test]
fn one_move_of_splay_by_clicks() {
    alone(|| one_move_by_clicks(GameId::Splay));
}

#[test]
fn one_move_of_cash_in_hand_by_clicks() {
    alone(|| one_move_by_clicks(GameId::CashInHand));
}

#[test]
fn one_move_of_intermedium_by_clicks() {
    alone(|| one_move_by_clicks(GameId::Intermedium));
}

#[test]
fn one_move_of_grabber_by_clicks() {
    alone(|| one_move_by_clicks(GameId::Grabber8));
}

#[test]
fn one_move_of_support_by_clicks() {
    alone(|| one_move_by_clicks(GameId::Support));
}

#[test]
fn the_computer_is_seated_by_clicks() {
    alone(seat_the_computer_by_clicks);
}

#[test]
fn a_game_is_started_from_the_title() {
    alone(start_a_game_from_the_title);
}

#[test]
fn a_position_is_set_up_from_the_title() {
    alone(set_up_a_position_from_the_title);
}

#[test]
fn a_puzzle_is_solved_from_the_title() {
    alone(solve_a_puzzle_from_the_title);
}

#[test]
fn a_variation_is_made_from_move_58_through_a_real_window() {
    alone(a_variation_from_move_58_by_clicks);
}

#[test]
fn the_kiosk_answers_a_tap_and_goes_back_to_attract_mode_in_a_real_window() {
    alone(the_kiosk_answers_a_tap_and_goes_back_to_attract_mode);
}

#[test]
fn the_closed_kiosk_draws_only_on_change_in_a_real_window() {
    alone(the_closed_kiosk_draws_only_on_change);
}

#[test]
fn the_kiosk_comes_back_after_a_panic_or_a_freeze_in_a_real_window() {
    alone(the_kiosk_comes_back_after_a_panic_or_a_freeze);
}

#[test]
fn auto_steps_down_and_the_next_start_remembers_in_a_real_window() {
    alone(auto_steps_down_and_the_next_start_remembers);
}

#[test]
fn a_game_of_grabber_is_played_with_the_keyboard_alone_in_a_real_window() {
    alone(play_a_game_with_the_keyboard_alone);
}

#[test]
fn each_other_game_is_played_to_its_result_with_the_keyboard_alone_in_a_real_window() {
    alone(play_each_game_to_its_result_with_the_keyboard_alone);
}

#[test]
fn a_puzzle_is_solved_with_the_keyboard_alone_in_a_real_window() {
    alone(solve_a_puzzle_with_the_keyboard_alone);
}
