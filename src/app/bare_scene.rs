//! The bare scene that `bench-frames` measures beside the game: an app of Bevy's default plugins
//! alone, drawing the very meshes, materials, lights, shadow settings and camera of the game's 3D
//! view, copied from the game's world as it stands, and nothing else (no panels, no picking, no
//! game logic). What the game costs a frame beyond it is the game's own work.
//! `examples/bare_scene.rs` opens it in a window.

use std::collections::HashMap;

use bevy::anti_alias::smaa::Smaa;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::core_pipeline::prepass::{DepthPrepass, NormalPrepass};
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::ecs::world::EntityRef;
use bevy::image::ImageSampler;
use bevy::light::{
    CascadeShadowConfig, DirectionalLightShadowMap, GlobalAmbientLight, NotShadowCaster,
    NotShadowReceiver, PointLightShadowMap, ShadowFilteringMethod,
};
use bevy::pbr::{ContactShadows, ScreenSpaceAmbientOcclusion};
use bevy::post_process::bloom::Bloom;
use bevy::post_process::dof::DepthOfField;
use bevy::post_process::effect_stack::Vignette;
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::window::WindowResolution;

/// Where the bare scene is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Into an image of the game's canvas size, no window (the bench).
    Offscreen,
    /// Into a window of this size (the example).
    Window(UVec2),
}

/// The bare app, its scene copied from `game` (which must have drawn a frame, so that its
/// transforms and visibility are computed). Nothing is run yet: the caller finishes it.
pub fn copy_of(game: &World, target: Target) -> App {
    let mut app = App::new();
    app.add_plugins(bare_plugins(target));
    copy_scene(game, app.world_mut(), target);
    app
}

/// Copies into `bare` (which holds the mesh, material and image assets) what the game's 3D
/// camera draws: the visible meshes with their materials and textures, the lights and their
/// shadow settings, and the camera with the level's effects.
///
/// # Panics
/// `bare` lacks the assets' collections (`Assets<Mesh>`, `Assets<StandardMaterial>`,
/// `Assets<Image>`).
pub fn copy_scene(game: &World, bare: &mut World, target: Target) {
    let mut copier = AssetCopier::default();
    copy_resources(game, bare);
    // A kind of component the game never had has no query: there is nothing of it to copy.
    if let Some(mut meshes) = game.try_query_filtered::<EntityRef, With<Mesh3d>>() {
        for entity in meshes.iter(game) {
            copy_mesh(game, entity, bare, &mut copier);
        }
    }
    let lights =
        game.try_query_filtered::<EntityRef, Or<(With<DirectionalLight>, With<PointLight>)>>();
    if let Some(mut lights) = lights {
        // A light the game hides (the lamp's at Low) is not drawn with.
        for entity in lights.iter(game).filter(|e| seen(*e)) {
            copy_light(entity, bare);
        }
    }
    if let Some(mut cameras) = game.try_query_filtered::<EntityRef, With<Camera3d>>() {
        for entity in cameras.iter(game) {
            copy_camera(game, entity, bare, &mut copier, target);
        }
    }
}

/// Bevy's default plugins: a window only for a person to look at, and no logger of its own
/// (the game's already holds the process's).
fn bare_plugins(target: Target) -> bevy::app::PluginGroupBuilder {
    let size = match target {
        Target::Offscreen => UVec2::new(64, 64),
        Target::Window(size) => size,
    };
    let plugins = DefaultPlugins
        .set(WindowPlugin {
            primary_window: Some(Window {
                title: "Stackyard: the bare scene".into(),
                resolution: WindowResolution::new(size.x, size.y),
                ..default()
            }),
            ..default()
        })
        .disable::<bevy::log::LogPlugin>();
    match target {
        Target::Offscreen => plugins.disable::<bevy::winit::WinitPlugin>(),
        Target::Window(_) => plugins,
    }
}

/// The light and shadow settings that are resources: the ambient light, the shadow maps' sizes
/// and the clear colour.
fn copy_resources(game: &World, bare: &mut World) {
    fn copy<R: Resource + Clone>(game: &World, bare: &mut World) {
        if let Some(r) = game.get_resource::<R>() {
            bare.insert_resource(r.clone());
        }
    }
    copy::<GlobalAmbientLight>(game, bare);
    copy::<DirectionalLightShadowMap>(game, bare);
    copy::<PointLightShadowMap>(game, bare);
    copy::<ClearColor>(game, bare);
}

/// Copies `T` when the entity has it.
fn copy<T: Component + Clone>(from: EntityRef, to: &mut EntityWorldMut) {
    if let Some(c) = from.get::<T>() {
        to.insert(c.clone());
    }
}

/// Whether the 3D camera draws with this mesh or light: visible, on the first layer.
fn seen(from: EntityRef) -> bool {
    from.get::<InheritedVisibility>().is_some_and(|v| v.get())
        && from
            .get::<RenderLayers>()
            .is_none_or(|l| l.intersects(&RenderLayers::default()))
}

/// A mesh the 3D camera sees, where it stands now.
fn copy_mesh(game: &World, from: EntityRef, bare: &mut World, copier: &mut AssetCopier) {
    let (Some(mesh), Some(material), Some(at)) = (
        from.get::<Mesh3d>(),
        from.get::<MeshMaterial3d<StandardMaterial>>(),
        from.get::<GlobalTransform>(),
    ) else {
        return;
    };
    if !seen(from) {
        return;
    }
    let mesh = copier.mesh(game, bare, &mesh.0);
    let material = copier.material(game, bare, &material.0);
    let mut to = bare.spawn((
        Mesh3d(mesh),
        MeshMaterial3d(material),
        at.compute_transform(),
    ));
    copy::<NotShadowCaster>(from, &mut to);
    copy::<NotShadowReceiver>(from, &mut to);
}

/// A light, its shadows' settings and where it stands.
fn copy_light(from: EntityRef, bare: &mut World) {
    let at = from
        .get::<GlobalTransform>()
        .map_or_else(Transform::default, GlobalTransform::compute_transform);
    let mut to = bare.spawn(at);
    copy::<DirectionalLight>(from, &mut to);
    copy::<CascadeShadowConfig>(from, &mut to);
    copy::<PointLight>(from, &mut to);
}

/// The 3D camera with the level's anti-aliasing, post-processing, image-based light and
/// shadow filter, drawing into an image of the canvas's size (or into the window).
fn copy_camera(
    game: &World,
    from: EntityRef,
    bare: &mut World,
    copier: &mut AssetCopier,
    target: Target,
) {
    let at = from
        .get::<GlobalTransform>()
        .map_or_else(Transform::default, GlobalTransform::compute_transform);
    let drawn_into = match (target, from.get::<RenderTarget>()) {
        (Target::Offscreen, Some(RenderTarget::Image(image))) => {
            Some(copier.target(game, bare, image))
        }
        _ => None,
    };
    let environment = from
        .get::<EnvironmentMapLight>()
        .map(|e| EnvironmentMapLight {
            diffuse_map: copier.image(game, bare, &e.diffuse_map),
            specular_map: copier.image(game, bare, &e.specular_map),
            ..e.clone()
        });
    let mut to = bare.spawn((Camera3d::default(), at));
    if let Some(target) = drawn_into {
        to.insert(target);
    }
    if let Some(environment) = environment {
        to.insert(environment);
    }
    copy::<Camera>(from, &mut to);
    copy::<Projection>(from, &mut to);
    copy::<Msaa>(from, &mut to);
    copy::<Tonemapping>(from, &mut to);
    copy::<ShadowFilteringMethod>(from, &mut to);
    copy::<Bloom>(from, &mut to);
    copy::<Smaa>(from, &mut to);
    copy::<ScreenSpaceAmbientOcclusion>(from, &mut to);
    copy::<ContactShadows>(from, &mut to);
    copy::<DepthPrepass>(from, &mut to);
    copy::<NormalPrepass>(from, &mut to);
    copy::<DepthOfField>(from, &mut to);
    copy::<Vignette>(from, &mut to);
}

/// The game's meshes, materials and images, each copied into the bare world once.
#[derive(Default)]
struct AssetCopier {
    meshes: HashMap<AssetId<Mesh>, Handle<Mesh>>,
    materials: HashMap<AssetId<StandardMaterial>, Handle<StandardMaterial>>,
    images: HashMap<AssetId<Image>, Handle<Image>>,
}

impl AssetCopier {
    fn mesh(&mut self, game: &World, bare: &mut World, h: &Handle<Mesh>) -> Handle<Mesh> {
        self.meshes
            .entry(h.id())
            .or_insert_with(|| {
                let mesh = game.resource::<Assets<Mesh>>().get(h).cloned();
                bare.resource_mut::<Assets<Mesh>>()
                    .add(mesh.unwrap_or_else(|| Cuboid::default().into()))
            })
            .clone()
    }

    fn image(&mut self, game: &World, bare: &mut World, h: &Handle<Image>) -> Handle<Image> {
        if let Some(copied) = self.images.get(&h.id()) {
            return copied.clone();
        }
        let image = game.resource::<Assets<Image>>().get(h).cloned();
        let copied = bare
            .resource_mut::<Assets<Image>>()
            .add(image.unwrap_or_default());
        self.images.insert(h.id(), copied.clone());
        copied
    }

    fn material(
        &mut self,
        game: &World,
        bare: &mut World,
        h: &Handle<StandardMaterial>,
    ) -> Handle<StandardMaterial> {
        if let Some(copied) = self.materials.get(&h.id()) {
            return copied.clone();
        }
        let mut m = game
            .resource::<Assets<StandardMaterial>>()
            .get(h)
            .cloned()
            .unwrap_or_default();
        for texture in [
            &mut m.base_color_texture,
            &mut m.emissive_texture,
            &mut m.metallic_roughness_texture,
            &mut m.normal_map_texture,
            &mut m.occlusion_texture,
            &mut m.depth_map,
        ] {
            *texture = texture.as_ref().map(|t| self.image(game, bare, t));
        }
        let copied = bare.resource_mut::<Assets<StandardMaterial>>().add(m);
        self.materials.insert(h.id(), copied.clone());
        copied
    }

    /// A new image to draw into, of the game's canvas's size and format.
    fn target(&mut self, game: &World, bare: &mut World, from: &ImageRenderTarget) -> RenderTarget {
        let (size, format) = game
            .resource::<Assets<Image>>()
            .get(&from.handle)
            .map_or((UVec2::new(16, 9), TextureFormat::Rgba8UnormSrgb), |i| {
                (i.size(), i.texture_descriptor.format)
            });
        let mut image = Image::new_target_texture(size.x, size.y, format, None);
        image.sampler = ImageSampler::linear();
        RenderTarget::Image(ImageRenderTarget {
            handle: bare.resource_mut::<Assets<Image>>().add(image),
            scale_factor: from.scale_factor,
        })
    }
}

/// Opens the bare scene of `quality` in a window of `size` for a person to look at: the recorded
/// Splay game's board as the game draws it, copied from the game built without a window or
/// renderer. (At Low the game draws a smaller canvas; the window is drawn at its full size.)
///
/// # Errors
/// The recorded game is missing or broken.
pub fn show_in_a_window(
    quality: crate::files::settings::Quality,
    size: UVec2,
) -> Result<AppExit, String> {
    let path = crate::files::assets::subfolder("replays").join("splay.ron");
    let (_, splay) = crate::files::save::SaveFile::load(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let scratch = crate::files::scratch::Scratch::new("bare");
    let mut game = super::build(super::AppOptions {
        run: super::RunMode::Headless,
        opens: super::Opening {
            position: splay.start.clone(),
            loaded: Some(splay),
            ..super::Opening::default()
        },
        folders: super::Folders::within(&scratch),
        overrides: super::Overrides {
            quality: Some(quality),
            window_size: Some(size),
            ..super::Overrides::default()
        },
        ..super::AppOptions::default()
    });
    game.insert_resource(crate::game::core::preferences::AnimationSpeed::Off);
    game.finish();
    game.cleanup();
    for _ in 0..10 {
        game.update();
    }
    let mut bare = copy_of(game.world(), Target::Window(size));
    drop(game);
    drop(scratch);
    Ok(bare.run())
}
