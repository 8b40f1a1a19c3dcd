//! `--icons DIR`: the program's icon, made from the game itself: a screenshot of the position
//! asked for, its middle cut out as a square and scaled to the sizes a desktop asks for
//! (`DIR/<size>/stackyard.png`, as the package installs them under `hicolor`).

use std::path::{Path, PathBuf};

use image::imageops::FilterType;

/// The icon's sizes in pixels.
pub const ICON_SIZES: [u32; 6] = [16, 32, 48, 64, 128, 256];

/// The share of the screenshot's height the icon's square takes, around the board's middle
/// (clear of the panels at the sides and the top).
const SQUARE_OF_HEIGHT: f32 = 0.36;

/// How high the square's centre lies, as a share of the height: a little above the window's
/// centre (where the camera looks at the board), as the stacks stand up from it.
const SQUARE_CENTRE_HEIGHT: f32 = 0.45;

/// The screenshot the icons are cut from.
#[must_use]
pub fn render_path(dir: &Path) -> PathBuf {
    dir.join("render.png")
}

/// Cuts the square out of `dir`'s render and writes every size; the files written.
///
/// # Errors
/// The render cannot be read, or an icon cannot be written.
pub fn write_icons(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let render = render_path(dir);
    let shot = image::open(&render)
        .map_err(|e| format!("cannot read {}: {e}", render.display()))?
        .to_rgb8();
    let (w, h) = shot.dimensions();
    let side = ((h as f32 * SQUARE_OF_HEIGHT) as u32).clamp(1, w.min(h));
    let top = ((h as f32 * SQUARE_CENTRE_HEIGHT) as u32).saturating_sub(side / 2);
    let square =
        image::imageops::crop_imm(&shot, (w - side) / 2, top.min(h - side), side, side).to_image();
    let mut written = Vec::new();
    for size in ICON_SIZES {
        let icon = image::imageops::resize(&square, size, size, FilterType::Lanczos3);
        let mut bytes = Vec::new();
        icon.write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .map_err(|e| format!("cannot encode the {size}px icon: {e}"))?;
        let path = dir.join(size.to_string()).join("stackyard.png");
        crate::files::atomic::write_atomically(&path, &bytes)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_is_cut_from_the_middle_of_the_render() {
        let dir = crate::files::scratch::Scratch::new("icons");
        // Red in the square, blue around it: every icon comes out red.
        let shot = image::RgbImage::from_fn(400, 200, |x, y| {
            let inside = (160..240).contains(&x) && (50..130).contains(&y);
            image::Rgb(if inside { [200, 0, 0] } else { [0, 0, 200] })
        });
        shot.save(render_path(&dir)).unwrap();
        let written = write_icons(&dir).unwrap();
        assert_eq!(written.len(), ICON_SIZES.len());
        for (path, size) in written.iter().zip(ICON_SIZES) {
            let icon = image::open(path).unwrap().to_rgb8();
            assert_eq!(icon.dimensions(), (size, size));
            assert!(
                icon.pixels().all(|p| p[0] > 150 && p[2] < 50),
                "{}",
                path.display()
            );
        }
        assert!(
            write_icons(&dir.join("nowhere"))
                .unwrap_err()
                .contains("cannot read")
        );
    }
}
