//! The graphics level (Low, Medium, High) as the other wings speak of it: the level in use
//! (`GraphicsLevel`, set by `view::quality`) and the highest Auto may use in this run
//! (`AutoCeiling`, lowered by `view::keeping_up`). What each level draws is the view's and the
//! board's business.

use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use wgpu_types::DeviceType;

use crate::files::settings::Quality;

/// Low's render scale: the scene is drawn at half the window's width and height, a quarter of
/// its pixels, and scaled up.
const LOW_RENDER_SCALE: f32 = 0.5;

/// The level the renderer works at now.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum GraphicsLevel {
    /// No ambient occlusion, bloom, depth of field or anti-aliasing; a small shadow map, hard.
    Low,
    /// Bloom, MSAA, soft shadows, the room's reflections (image-based lighting).
    Medium,
    /// Everything: SMAA, ambient occlusion, a large soft shadow map, and depth
    /// of field in attract mode.
    High,
}

impl GraphicsLevel {
    /// The level for a graphics adapter: Low on a software renderer (lavapipe, llvmpipe,
    /// SwiftShader, WARP), Medium on an integrated GPU, High on any other.
    #[must_use]
    pub fn for_adapter(device_type: DeviceType, name: &str) -> Self {
        let name = name.to_ascii_lowercase();
        let software = ["llvmpipe", "lavapipe", "swiftshader", "software", "warp"]
            .iter()
            .any(|s| name.contains(s));
        match device_type {
            _ if software => GraphicsLevel::Low,
            DeviceType::Cpu => GraphicsLevel::Low,
            DeviceType::IntegratedGpu => GraphicsLevel::Medium,
            _ => GraphicsLevel::High,
        }
    }

    /// The level for a renderer: its adapter's (`for_adapter`), and no higher than Medium on
    /// OpenGL (WebGL2 in a browser), which has none of the compute shaders High's ambient
    /// occlusion needs.
    #[must_use]
    pub fn for_renderer(renderer: &RenderAdapterInfo) -> Self {
        let level = GraphicsLevel::for_adapter(renderer.device_type, &renderer.name);
        if GraphicsLevel::lacks_compute(renderer) {
            level.min(GraphicsLevel::Medium)
        } else {
            level
        }
    }

    /// Whether the renderer is OpenGL (WebGL2), where Bevy leaves out its compute-shader passes.
    #[must_use]
    pub fn lacks_compute(renderer: &RenderAdapterInfo) -> bool {
        renderer.backend == wgpu_types::Backend::Gl
    }

    /// The level a choice means on this adapter (none known: Low); Auto's is at most `ceiling`.
    #[must_use]
    pub fn chosen(
        choice: Quality,
        adapter: Option<&RenderAdapterInfo>,
        ceiling: AutoCeiling,
    ) -> Self {
        GraphicsLevel::named(choice).unwrap_or_else(|| {
            adapter
                .map_or(GraphicsLevel::Low, GraphicsLevel::for_renderer)
                .min(ceiling.0)
        })
    }

    /// The level a setting names (Auto names none).
    #[must_use]
    pub fn named(quality: Quality) -> Option<Self> {
        match quality {
            Quality::Auto => None,
            Quality::Low => Some(GraphicsLevel::Low),
            Quality::Medium => Some(GraphicsLevel::Medium),
            Quality::High => Some(GraphicsLevel::High),
        }
    }

    /// The setting that names this level.
    #[must_use]
    pub fn quality(self) -> Quality {
        match self {
            GraphicsLevel::Low => Quality::Low,
            GraphicsLevel::Medium => Quality::Medium,
            GraphicsLevel::High => Quality::High,
        }
    }

    /// The level below this one, if any.
    #[must_use]
    pub fn lower(self) -> Option<Self> {
        match self {
            GraphicsLevel::Low => None,
            GraphicsLevel::Medium => Some(GraphicsLevel::Low),
            GraphicsLevel::High => Some(GraphicsLevel::Medium),
        }
    }

    /// How many of the window's pixels the 3D view is drawn with, per side (the canvas is scaled
    /// up to the window): a software renderer pays for every pixel, so Low draws fewer.
    #[must_use]
    pub fn render_scale(self) -> f32 {
        match self {
            GraphicsLevel::Low => LOW_RENDER_SCALE,
            GraphicsLevel::Medium | GraphicsLevel::High => 1.0,
        }
    }

    /// How many facets a stone's rim has. Low draws a quarter of the pixels: a stone there is
    /// about 30 pixels across, and each facet is drawn in the depth, shadow and main passes
    /// (BENCHMARKS.md, "Software rendering").
    #[must_use]
    pub fn stone_segments(self) -> usize {
        match self {
            GraphicsLevel::Low => 24,
            GraphicsLevel::Medium | GraphicsLevel::High => 48,
        }
    }

    /// The sun's shadow map's side, in texels.
    #[must_use]
    pub fn shadow_map_size(self) -> usize {
        match self {
            GraphicsLevel::Low => 1024,
            GraphicsLevel::Medium => 2048,
            GraphicsLevel::High => 4096,
        }
    }
}

/// The highest level Auto may use in this run: High until the screen's frames could not keep up
/// with a level (`view::keeping_up`), then the level below that one. A person's own choice of
/// a level is not capped.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AutoCeiling(pub GraphicsLevel);

impl AutoCeiling {
    /// Auto's ceiling once `level` was too slow: the level below it (nothing is below Low).
    #[must_use]
    pub fn below(level: GraphicsLevel) -> AutoCeiling {
        AutoCeiling(level.lower().unwrap_or(GraphicsLevel::Low))
    }

    /// The level whose frames could not keep up, if Auto stepped down from one.
    #[must_use]
    pub fn too_slow(self) -> Option<GraphicsLevel> {
        match self.0 {
            GraphicsLevel::High => None,
            GraphicsLevel::Medium => Some(GraphicsLevel::High),
            GraphicsLevel::Low => Some(GraphicsLevel::Medium),
        }
    }
}

impl Default for AutoCeiling {
    fn default() -> Self {
        AutoCeiling(GraphicsLevel::High)
    }
}
