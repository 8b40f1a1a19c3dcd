//! The 3D view is drawn into an image, the canvas, with as many pixels as the graphics level
//! affords (fewer on a software renderer, where every pixel costs), and a 2D camera shows it
//! across the window under the panels. Pointers pick the board through it.
//!
//! The canvas's scale factor is its width over the window's logical width, so the 3D camera's
//! viewport is measured in the window's logical pixels at every level: `world_to_viewport` gives
//! the place in the window, and a pointer's place in the window gives the ray into the scene.

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, NormalizedRenderTarget, RenderTarget};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::image::ImageSampler;
use bevy::picking::PickingSystems;
use bevy::picking::backend::ray::{RayId, RayMap};
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureFormat};
use bevy::window::PrimaryWindow;
use bevy_egui::PrimaryEguiContext;

use crate::game::core::graphics_level::GraphicsLevel;

/// The layer of the window camera and the canvas it shows; the 3D camera sees layer 0 only, so
/// the canvas is never in the scene, and the board is never picked through the window camera.
const WINDOW_LAYER: usize = 1;

/// The image the 3D view is drawn into.
#[derive(Resource, Debug, Clone)]
pub struct Canvas(Handle<Image>);

impl FromWorld for Canvas {
    fn from_world(world: &mut World) -> Self {
        let mut image = Image::new_target_texture(16, 9, TextureFormat::Rgba8UnormSrgb, None);
        image.sampler = ImageSampler::linear();
        Canvas(world.resource_mut::<Assets<Image>>().add(image))
    }
}

impl Canvas {
    /// The image itself (what `stackyard gif` reads back).
    #[must_use]
    pub fn image(&self) -> Handle<Image> {
        self.0.clone()
    }

    /// Where the 3D camera draws: the canvas, `scale` of its pixels to a window's logical pixel.
    #[must_use]
    pub fn target(&self, scale: f32) -> RenderTarget {
        RenderTarget::Image(ImageRenderTarget {
            handle: self.0.clone(),
            scale_factor: scale,
        })
    }
}

/// The 3D view drawn coarsely, at [`SKETCH_SCALE`] of its pixels: for runs that read only where
/// things are (`--layout-only`), where a software renderer's every pixel is time.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Sketch;

/// The share of the pixels a [`Sketch`] is drawn with, per side.
const SKETCH_SCALE: f32 = 0.1;

/// The 3D view drawn with every pixel whatever the level: for pictures that are kept (a GIF),
/// where Low's coarser canvas, scaled up, breaks the board's lines into dashes.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct Keepsake;

/// How many of the window's pixels the 3D view is drawn with, per side.
fn drawn_scale(level: GraphicsLevel, sketch: bool, keepsake: bool) -> f32 {
    if sketch {
        SKETCH_SCALE
    } else if keepsake {
        1.0
    } else {
        level.render_scale()
    }
}

/// The camera that draws the canvas and the panels into the window.
#[derive(Component, Debug)]
pub struct WindowCamera;

/// The sprite that shows the canvas across the window.
#[derive(Component, Debug)]
struct CanvasSprite;

/// The canvas's size in pixels for a window's physical size at a render scale (at least 1x1).
#[must_use]
pub fn canvas_size(window_physical: UVec2, render_scale: f32) -> UVec2 {
    (window_physical.as_vec2() * render_scale)
        .round()
        .max(Vec2::ONE)
        .as_uvec2()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Canvas>()
        .add_systems(Startup, spawn_window_camera)
        .add_systems(
            PreUpdate,
            pick_through_canvas
                .in_set(PickingSystems::ProcessInput)
                .after(RayMap::repopulate),
        )
        .add_systems(
            Update,
            fit_canvas_to_window.in_set(crate::game::core::GameSystems::Present),
        );
}

fn spawn_window_camera(mut commands: Commands, canvas: Res<Canvas>) {
    let layer = RenderLayers::layer(WINDOW_LAYER);
    commands.spawn((
        Name::new("Window camera"),
        WindowCamera,
        Camera2d,
        Camera {
            order: 1,
            ..default()
        },
        Msaa::Off,
        Tonemapping::None,
        layer.clone(),
        PrimaryEguiContext,
    ));
    commands.spawn((
        Name::new("Canvas"),
        CanvasSprite,
        Sprite::from_image(canvas.0.clone()),
        layer,
    ));
}

/// Keeps the 3D camera drawing into the canvas, the canvas at the window's size times the
/// level's render scale, and the sprite over the whole window.
fn fit_canvas_to_window(
    (level, sketch, keepsake): (
        Res<GraphicsLevel>,
        Option<Res<Sketch>>,
        Option<Res<Keepsake>>,
    ),
    canvas: Res<Canvas>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut images: ResMut<Assets<Image>>,
    mut targets: Query<&mut RenderTarget, With<Camera3d>>,
    mut sprites: Query<&mut Sprite, With<CanvasSprite>>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    let logical = window.resolution.size();
    let size = canvas_size(
        window.resolution.physical_size(),
        drawn_scale(*level, sketch.is_some(), keepsake.is_some()),
    );
    for mut sprite in &mut sprites {
        if sprite.custom_size != Some(logical) {
            sprite.custom_size = Some(logical);
        }
    }
    let scale = size.x as f32 / logical.x.max(1.0);
    for mut target in &mut targets {
        let drawn_here = matches!(&*target, RenderTarget::Image(image)
            if image.handle == canvas.0 && image.scale_factor == scale);
        if !drawn_here {
            *target = canvas.target(scale);
        }
    }
    if let Some(mut image) = images
        .get_mut(&canvas.0)
        .filter(|image| image.size() != size)
    {
        image.resize(Extent3d {
            width: size.x,
            height: size.y,
            depth_or_array_layers: 1,
        });
    }
}

/// Gives mesh picking a ray from the 3D camera for every pointer over the window (the camera
/// draws into the canvas, so Bevy makes none for it).
fn pick_through_canvas(
    windows: Query<Entity, With<PrimaryWindow>>,
    cameras: Query<(Entity, &Camera, &GlobalTransform), With<Camera3d>>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    mut rays: ResMut<RayMap>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    for (entity, camera, at) in cameras.iter().filter(|(_, c, _)| c.is_active) {
        for (&pointer, location) in &pointers {
            let Some(location) = location.location() else {
                continue;
            };
            let over_window = matches!(&location.target,
                NormalizedRenderTarget::Window(w) if w.entity() == window);
            if let (true, Ok(ray)) = (over_window, camera.viewport_to_world(at, location.position))
            {
                rays.map.insert(RayId::new(entity, pointer), ray);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_canvas_follows_the_window_at_the_render_scale() {
        assert_eq!(
            canvas_size(UVec2::new(1280, 720), 1.0),
            UVec2::new(1280, 720)
        );
        assert_eq!(
            canvas_size(UVec2::new(1280, 720), 0.5),
            UVec2::new(640, 360)
        );
        assert_eq!(
            canvas_size(UVec2::new(1281, 719), 0.5),
            UVec2::new(641, 360)
        );
        assert_eq!(canvas_size(UVec2::ZERO, 0.5), UVec2::ONE);
    }
}
