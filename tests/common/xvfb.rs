//! An X server of a test's own (Xvfb on a free display number, never a fixed one), stopped when
//! dropped, and the tools that drive it (xdotool).
//!
//! Xvfb runs with `-noreset`: an X server resets when its last client leaves, and an app that
//! connects during that reset is dropped (winit's `XOpenDisplayFailed`). That happened to about
//! one test run in ten, between one app's exit and the next app's start, or after the readiness
//! check's connection.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Whether a program is on the PATH.
pub fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// `None` when the tools a real-window test needs are here; else why not. With `CI` set a
/// missing tool fails the test instead of skipping it.
pub fn missing_tools(tools: &[&str]) -> Option<String> {
    let missing: Vec<&str> = tools.iter().copied().filter(|t| !have(t)).collect();
    if missing.is_empty() {
        return None;
    }
    let why = format!(
        "{} not installed (apt-get install xvfb xdotool mesa-vulkan-drivers)",
        missing.join(", ")
    );
    assert!(std::env::var_os("CI").is_none(), "cannot run: {why}");
    Some(why)
}

/// The X servers' lock: one window test at a time in a test binary, as two apps on two cores
/// would halve each one's frame rate (and their waits would run out).
pub fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A running Xvfb.
pub struct Xvfb {
    child: Child,
    /// Where Xvfb's own messages go, read by [`Xvfb::log`].
    log: std::path::PathBuf,
    /// The display to name in `DISPLAY`, such as `:3`.
    pub display: String,
}

impl Xvfb {
    /// Starts Xvfb with one screen of `width` x `height` on the first free display (Xvfb picks
    /// it and writes its number to the pipe given by `-displayfd`), logging each client's
    /// connection (`-audit 1`) for [`Xvfb::log`].
    ///
    /// # Panics
    /// When Xvfb cannot be started or names no display.
    #[must_use]
    pub fn start(width: u32, height: u32) -> Xvfb {
        static STARTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let log =
            std::env::temp_dir().join(format!("stackyard-xvfb-{}-{n}.log", std::process::id()));
        let mut child = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-nolisten",
                "tcp",
                "-noreset",
                "-audit",
                "1",
            ])
            .args(["-screen", "0"])
            .arg(format!("{width}x{height}x24"))
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("Xvfb's log"))
            .spawn()
            .expect("start Xvfb");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("Xvfb's output"))
            .read_line(&mut line)
            .expect("Xvfb names its display");
        let number: u32 = line.trim().parse().unwrap_or_else(|_| {
            let why = std::fs::read_to_string(&log).unwrap_or_default();
            panic!("Xvfb named no display: {why}")
        });
        let mut x = Xvfb {
            child,
            log,
            display: format!(":{number}"),
        };
        x.wait_until_it_answers();
        x
    }

    /// What Xvfb has written to its error output so far: its clients' connections and
    /// disconnections, and any error, for a test's failure message.
    #[must_use]
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until a client can connect to the display (up to 20 s), so an app started next
    /// never finds it closed.
    ///
    /// # Panics
    /// When Xvfb exits first or never answers.
    fn wait_until_it_answers(&mut self) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            if x11rb::connect(Some(&self.display)).is_ok() {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("Xvfb on {} exited with {status}", self.display);
            }
            assert!(
                std::time::Instant::now() < deadline,
                "Xvfb on {} never took a connection",
                self.display
            );
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Runs `xdotool` with these arguments on this display; its output.
    ///
    /// # Panics
    /// When xdotool fails.
    pub fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .expect("run xdotool");
        assert!(
            out.status.success(),
            "xdotool {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The id of the first window named `name` (a regular expression), if one is open.
    #[must_use]
    pub fn find_window(&self, name: &str) -> Option<String> {
        let out = Command::new("xdotool")
            .args(["search", "--name", name])
            .env("DISPLAY", &self.display)
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines().next().map(str::to_owned)
    }

    /// What the screen shows (the X server's own picture of its root window: no cursor).
    ///
    /// # Panics
    /// When the X server cannot be read.
    #[must_use]
    pub fn screenshot(&self) -> image::RgbImage {
        use x11rb::connection::Connection as _;
        use x11rb::protocol::xproto::{ConnectionExt as _, ImageFormat};
        let (conn, screen) = x11rb::connect(Some(&self.display)).expect("connect to Xvfb");
        let root = &conn.setup().roots[screen];
        let (width, height) = (root.width_in_pixels, root.height_in_pixels);
        let reply = conn
            .get_image(ImageFormat::Z_PIXMAP, root.root, 0, 0, width, height, !0)
            .expect("ask for the screen")
            .reply()
            .expect("the screen's pixels");
        // 24-bit depth comes as 32-bit pixels, blue first.
        image::RgbImage::from_fn(u32::from(width), u32::from(height), |x, y| {
            let at = 4 * (y as usize * usize::from(width) + x as usize);
            let p = &reply.data[at..at + 3];
            image::Rgb([p[2], p[1], p[0]])
        })
    }
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

impl Xvfb {
    /// Starts the app with `--layout-only` (and `--config-dir DIR`) on this display, its output
    /// piped to the caller and its log in `DIR/app.log`.
    ///
    /// # Panics
    /// When the app cannot be started.
    #[must_use]
    pub fn layout_only_app(&self, dir: &std::path::Path, args: &[&str]) -> Child {
        Command::new(env!("CARGO_BIN_EXE_stackyard"))
            .arg("--layout-only")
            .arg("--config-dir")
            .arg(dir)
            .args(args)
            .env("DISPLAY", &self.display)
            .env("WGPU_BACKEND", "vulkan")
            .env_remove("WAYLAND_DISPLAY")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(dir.join("app.log")).expect("the app's log"))
            .spawn()
            .expect("run the app")
    }
}
