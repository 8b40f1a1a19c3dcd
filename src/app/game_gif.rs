//! `stackyard gif`: a saved game's main line as an animated GIF, drawn off-screen the way
//! `bench-frames` draws (no window). The clock is stepped, not read, so the same game gives the
//! same frames: the start, then for each move a frame in the middle of its animation and one of
//! the position it reaches, held a moment; the last is held longer.

use crate::platform::clock::Instant;
use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;

use crate::files::save::LoadedGame;
use crate::files::settings::Quality;
use crate::game::core::motion::BoardMotion;
use crate::game::core::preferences::{AnimationSpeed, QualityChoice, ViewSettings};
use crate::game::core::session::SessionRequest;

use super::AppOptions;

/// The smallest picture a GIF may have.
pub const SMALLEST: UVec2 = UVec2::new(480, 270);
/// The largest picture a GIF may have.
pub const LARGEST: UVec2 = UVec2::new(1280, 720);

/// Frames per whole move: one in its animation, one of the position it reaches.
pub const FRAMES_PER_MOVE: usize = 2;

/// How far the clock moves each update.
const STEP: Duration = Duration::from_millis(40);
/// Updates after a move's first decision at which its animation is caught.
const MID_ANIMATION: usize = 3;
/// How long each kind of frame is shown, in hundredths of a second.
const SHOW_MOVING: u16 = 10;
const SHOW_POSITION: u16 = 70;
const SHOW_LAST: u16 = 300;
/// The most a capture or the board's coming to rest may take (software rendering is slow).
const PATIENCE: Duration = Duration::from_secs(120);

/// What `gif` makes.
#[derive(Debug, Clone)]
pub struct GifRequest {
    /// The game, as loaded.
    pub game: LoadedGame,
    /// The GIF to write.
    pub out: PathBuf,
    /// The picture's size, within [`SMALLEST`] and [`LARGEST`].
    pub size: UVec2,
    /// The graphics level it is drawn at.
    pub quality: Quality,
}

/// Whether a GIF may have this size.
///
/// # Errors
/// What the sizes are, for one that is not.
pub fn check_size(size: UVec2) -> Result<(), String> {
    if size.cmpge(SMALLEST).all() && size.cmple(LARGEST).all() {
        return Ok(());
    }
    Err(format!(
        "bad --size {}x{}: a GIF is {}x{} to {}x{}",
        size.x, size.y, SMALLEST.x, SMALLEST.y, LARGEST.x, LARGEST.y
    ))
}

/// The frames a GIF of a game of `moves` whole moves has.
#[must_use]
pub const fn frame_count(moves: usize) -> usize {
    1 + FRAMES_PER_MOVE * moves
}

/// One picture of the GIF and how long it is shown.
struct Shot {
    rgba: Vec<u8>,
    hundredths: u16,
}

/// Draws the game and writes the GIF (atomically); `progress` hears each move drawn.
///
/// # Errors
/// A size out of range, a frame that did not come, a file that
/// cannot be written.
pub fn run(
    request: &GifRequest,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<String>, String> {
    check_size(request.size)?;
    let game = &request.game;
    let scratch = crate::files::scratch::Scratch::new("gif");
    let mut app = super::build(AppOptions {
        run: super::RunMode::Offscreen(request.size),
        folders: super::Folders::within(&scratch),
        opens: super::Opening {
            position: game.start.clone(),
            ..super::Opening::default()
        },
        ..AppOptions::default()
    });
    app.finish();
    app.cleanup();
    let world = app.world_mut();
    world.insert_resource(QualityChoice(request.quality));
    world.insert_resource(crate::game::view::canvas::Keepsake);
    world.insert_resource(AnimationSpeed::Fast);
    world.insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    // The game as it was played: no engine's view, no lit targets between moves.
    let mut view = world.resource_mut::<ViewSettings>();
    view.engine_view = false;
    view.legal_targets = false;
    let mut shots = vec![Shot {
        rgba: super::offscreen::first_picture(&mut app, request.size)?,
        hundredths: SHOW_POSITION,
    }];
    for (i, actions) in game.moves.iter().enumerate() {
        shots.extend(draw_move(&mut app, actions, request.size)?);
        progress(i + 1, game.moves.len());
    }
    if let Some(last) = shots.last_mut() {
        last.hundredths = SHOW_LAST;
    }
    let bytes = encode(&shots, request.size)?;
    crate::files::atomic::write_atomically(&request.out, &bytes)?;
    drop(scratch);
    Ok(vec![format!(
        "{}: {} frames, {}x{}, {} moves",
        request.out.display(),
        shots.len(),
        request.size.x,
        request.size.y,
        game.moves.len()
    )])
}

/// Plays a move decision by decision, each once the board is still: a frame in the middle of
/// its animation, and one of the position it reaches.
fn draw_move(
    app: &mut App,
    actions: &[crate::rules::Action],
    size: UVec2,
) -> Result<Vec<Shot>, String> {
    let mut moving = None;
    for (k, &a) in actions.iter().enumerate() {
        app.world_mut().write_message(SessionRequest::Play(a));
        if k == 0 {
            for _ in 0..MID_ANIMATION {
                app.update();
            }
            moving = Some(Shot {
                rgba: super::offscreen::capture(app, size)?,
                hundredths: SHOW_MOVING,
            });
        }
        wait_until_still(app)?;
    }
    let still = Shot {
        rgba: super::offscreen::capture(app, size)?,
        hundredths: SHOW_POSITION,
    };
    Ok(moving.into_iter().chain([still]).collect())
}

/// Draws frames until no stone moves.
fn wait_until_still(app: &mut App) -> Result<(), String> {
    let started = Instant::now();
    loop {
        app.update();
        if !app.world().resource::<BoardMotion>().moving {
            return Ok(());
        }
        if started.elapsed() > PATIENCE {
            return Err("the stones did not come to rest".to_owned());
        }
    }
}

/// The GIF's bytes: every shot, looping. After the first, each frame holds only the rectangle
/// that changed since the shot before (the camera stands still, so that is the stones that
/// moved), laid over what is already shown: a fraction of the bytes of whole frames.
fn encode(shots: &[Shot], size: UVec2) -> Result<Vec<u8>, String> {
    let (w, h) = (size.x as u16, size.y as u16);
    let mut bytes = Vec::new();
    {
        let mut encoder = ::gif::Encoder::new(&mut bytes, w, h, &[]).map_err(|e| e.to_string())?;
        encoder
            .set_repeat(::gif::Repeat::Infinite)
            .map_err(|e| e.to_string())?;
        let mut before: Option<&[u8]> = None;
        for shot in shots {
            let area = before.map_or(Area::whole(size), |b| Area::changed(b, &shot.rgba, size));
            let mut rgba = area.cut(&shot.rgba, size);
            let mut frame = ::gif::Frame::from_rgba_speed(area.width, area.height, &mut rgba, 10);
            (frame.left, frame.top) = (area.left, area.top);
            frame.dispose = ::gif::DisposalMethod::Keep;
            frame.delay = shot.hundredths;
            encoder.write_frame(&frame).map_err(|e| e.to_string())?;
            before = Some(&shot.rgba);
        }
    }
    Ok(bytes)
}

/// A rectangle of the picture, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Area {
    left: u16,
    top: u16,
    width: u16,
    height: u16,
}

impl Area {
    fn whole(size: UVec2) -> Area {
        Area {
            left: 0,
            top: 0,
            width: size.x as u16,
            height: size.y as u16,
        }
    }

    /// The smallest rectangle holding every pixel that differs (one pixel if none does).
    fn changed(before: &[u8], after: &[u8], size: UVec2) -> Area {
        let (w, h) = (size.x as usize, size.y as usize);
        let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
        for y in 0..h {
            for x in 0..w {
                let i = (y * w + x) * 4;
                if before[i..i + 4] != after[i..i + 4] {
                    (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
                }
            }
        }
        if x0 >= x1 {
            (x0, y0, x1, y1) = (0, 0, 1, 1);
        }
        Area {
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
        }
    }

    /// The area's pixels out of a whole picture's.
    fn cut(self, rgba: &[u8], size: UVec2) -> Vec<u8> {
        let w = size.x as usize;
        let mut out = Vec::with_capacity(usize::from(self.width) * usize::from(self.height) * 4);
        for y in usize::from(self.top)..usize::from(self.top + self.height) {
            let row = (y * w + usize::from(self.left)) * 4;
            out.extend_from_slice(&rgba[row..row + usize::from(self.width) * 4]);
        }
        out
    }
}

/// Whether `path` names a file a GIF can be written to (its folder exists).
#[must_use]
pub fn writable_place(path: &Path) -> bool {
    path.parent()
        .is_none_or(|p| p.as_os_str().is_empty() || crate::files::folders::is_folder(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_changed_rectangle_is_kept() {
        let size = UVec2::new(4, 3);
        let before = vec![0u8; 4 * 3 * 4];
        let mut after = before.clone();
        for (x, y) in [(1, 0), (2, 1)] {
            after[(y * 4 + x) * 4] = 9;
        }
        let area = Area::changed(&before, &after, size);
        assert_eq!((area.left, area.top, area.width, area.height), (1, 0, 2, 2));
        let cut = area.cut(&after, size);
        assert_eq!(cut.len(), 2 * 2 * 4);
        assert_eq!((cut[0], cut[12]), (9, 9));
        let same = Area::changed(&before, &before, size);
        assert_eq!((same.width, same.height), (1, 1));
    }
}
