//! The graphics level in use (Low, Medium, High): the player's choice, or, when that is Auto,
//! one chosen from the graphics adapter (a software renderer gets Low), no higher than the
//! screen has shown it can keep up with (`AutoCeiling`, lowered by `view::keeping_up`). It
//! sets the camera's post-processing and anti-aliasing, the sun's shadow detail, whether the desk
//! lamp's fill light shines and how finely the stones are faceted; every level shows the same
//! room, table, wood and stones.

use bevy::anti_alias::smaa::{Smaa, SmaaPreset};
use bevy::core_pipeline::prepass::{DepthPrepass, NormalPrepass};
use bevy::light::{DirectionalLightShadowMap, ShadowFilteringMethod};
use bevy::pbr::{ContactShadows, ScreenSpaceAmbientOcclusion};
use bevy::post_process::bloom::Bloom;
use bevy::post_process::dof::{DepthOfField, DepthOfFieldMode};
use bevy::post_process::effect_stack::Vignette;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;

use crate::files::settings::Quality;
use crate::game::core::graphics_level::{AutoCeiling, GraphicsLevel};
use crate::game::core::preferences::QualityChoice;
use crate::game::room::table_and_lights::LampLight;

/// The level Auto takes the adapter to call for, in place of the one `for_adapter` gives (the
/// hidden `--adapter-level`: Auto's step down tested on a software renderer).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdapterLevel(pub GraphicsLevel);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(GraphicsLevel::Low)
        .init_resource::<AutoCeiling>()
        .add_systems(
            Update,
            (
                choose_level.run_if(
                    resource_changed::<QualityChoice>.or_eager(resource_changed::<AutoCeiling>),
                ),
                (dress_camera, size_shadow_map, light_the_lamp)
                    .run_if(resource_changed::<GraphicsLevel>),
                focus_on_the_board,
            )
                .chain()
                .in_set(crate::game::core::GameSystems::Present),
        );
}

/// The level for the player's choice, logged when it changes.
pub(crate) fn choose_level(
    choice: Res<QualityChoice>,
    adapter: Option<Res<RenderAdapterInfo>>,
    ceiling: Res<AutoCeiling>,
    told: Option<Res<AdapterLevel>>,
    mut level: ResMut<GraphicsLevel>,
) {
    let chosen = match told {
        Some(told) if choice.0 == Quality::Auto => told.0.min(ceiling.0),
        _ => GraphicsLevel::chosen(choice.0, adapter.as_deref(), *ceiling),
    };
    if let Some(a) = adapter.as_deref() {
        info!(
            "graphics: {} ({:?}), quality {chosen:?}",
            a.name, a.device_type
        );
    }
    level.set_if_neq(chosen);
}

/// Bloom that only the lit targets' light reaches (above the threshold), soft, so a stone beside
/// a ring keeps its colour.
const TARGET_GLOW: Bloom = Bloom {
    intensity: 0.1,
    prefilter: bevy::post_process::bloom::BloomPrefilter {
        threshold: 1.0,
        threshold_softness: 0.4,
    },
    ..Bloom::NATURAL
};

/// A gentle darkening towards the picture's corners at High: the eye goes to the board, and the
/// room's far corners recede. The board is framed in the middle, where it does not reach.
const ROOM_VIGNETTE: Vignette = Vignette {
    intensity: 0.35,
    radius: 0.9,
    smoothness: 2.5,
    roundness: 1.0,
    color: Color::BLACK,
    edge_compensation: 1.0,
    center: Vec2::new(0.5, 0.5),
};

/// The camera's anti-aliasing and post-processing for the level (at High on WebGL2, all but
/// ambient occlusion, which Bevy cannot draw there).
fn dress_camera(
    level: Res<GraphicsLevel>,
    room: Option<Res<crate::game::room::baked_light::RoomLight>>,
    adapter: Option<Res<RenderAdapterInfo>>,
    mut commands: Commands,
    cameras: Query<Entity, With<crate::game::view::camera::Orbit>>,
) {
    for camera in &cameras {
        let mut c = commands.entity(camera);
        c.remove::<(
            Bloom,
            Smaa,
            ScreenSpaceAmbientOcclusion,
            ContactShadows,
            DepthPrepass,
            NormalPrepass,
            EnvironmentMapLight,
            Vignette,
        )>();
        if let Some(room) = room.as_ref().filter(|_| *level > GraphicsLevel::Low) {
            c.insert(room.environment());
        }
        match *level {
            GraphicsLevel::Low => {
                // Depth first: each pixel then pays for lighting once, not for every surface
                // drawn over it (BENCHMARKS.md, "Software rendering").
                c.insert((Msaa::Off, ShadowFilteringMethod::Hardware2x2, DepthPrepass));
            }
            GraphicsLevel::Medium => {
                c.insert((Msaa::Sample4, ShadowFilteringMethod::Gaussian, TARGET_GLOW));
            }
            GraphicsLevel::High => {
                // No ContactShadows: Bevy 0.19's grow the memory every frame (45 MB a second
                // in a window under Mesa's lavapipe, none without them).
                c.insert((
                    Msaa::Off,
                    Smaa {
                        preset: SmaaPreset::High,
                    },
                    ShadowFilteringMethod::Gaussian,
                    TARGET_GLOW,
                    ROOM_VIGNETTE,
                ));
                if !adapter.as_deref().is_some_and(GraphicsLevel::lacks_compute) {
                    c.insert(ScreenSpaceAmbientOcclusion::default());
                }
            }
        }
    }
}

/// At High, attract mode's orbit is filmed with depth of field: the board sharp, the far table
/// soft. Anywhere else, or at a lower level, everything is sharp.
fn focus_on_the_board(
    level: Res<GraphicsLevel>,
    screen: Option<Res<State<crate::game::core::screen::Screen>>>,
    mut commands: Commands,
    cameras: Query<(
        Entity,
        Ref<crate::game::view::camera::Orbit>,
        Has<DepthOfField>,
        Has<crate::game::view::room_tour::RoomTour>,
    )>,
) {
    let attract = screen.is_some_and(|s| *s.get() == crate::game::core::screen::Screen::Attract);
    let filmed = *level == GraphicsLevel::High && attract;
    for (camera, orbit, focused, walking) in &cameras {
        let filmed = filmed && !walking;
        if !filmed && focused {
            commands.entity(camera).remove::<DepthOfField>();
        } else if filmed && (orbit.is_changed() || !focused) {
            commands.entity(camera).insert(DepthOfField {
                focal_distance: orbit.range(),
                aperture_f_stops: 1.0 / 4.0,
                mode: DepthOfFieldMode::Gaussian,
                ..default()
            });
        }
    }
}

/// The desk lamp's fill light shines at Medium and High. At Low the room's light is painted and
/// the lamp's share of the board's and stones' brightness is under 1 %, while a software
/// renderer pays for each light in every pixel (BENCHMARKS.md, "Software rendering").
fn light_the_lamp(level: Res<GraphicsLevel>, mut lamps: Query<&mut Visibility, With<LampLight>>) {
    let shown = if *level == GraphicsLevel::Low {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut visibility in &mut lamps {
        visibility.set_if_neq(shown);
    }
}

fn size_shadow_map(level: Res<GraphicsLevel>, mut map: ResMut<DirectionalLightShadowMap>) {
    map.size = level.shadow_map_size();
}

/// A discrete GPU's adapter, for tests of what Auto chooses on one.
#[cfg(test)]
#[must_use]
pub(crate) fn discrete_gpu() -> RenderAdapterInfo {
    RenderAdapterInfo(bevy::render::renderer::WgpuWrapper::new(
        wgpu_types::AdapterInfo {
            name: "NVIDIA H100 80GB HBM3".into(),
            vendor: 0x10de,
            device: 0,
            device_type: wgpu_types::DeviceType::DiscreteGpu,
            device_pci_bus_id: String::new(),
            driver: String::new(),
            driver_info: String::new(),
            backend: wgpu_types::Backend::Vulkan,
            subgroup_min_size: 32,
            subgroup_max_size: 32,
            transient_saves_memory: false,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use wgpu_types::DeviceType;

    #[test]
    fn software_renderers_get_low_and_gpus_more() {
        let level = GraphicsLevel::for_adapter;
        assert_eq!(
            level(DeviceType::Cpu, "llvmpipe (LLVM 19.1.7, 256 bits)"),
            GraphicsLevel::Low
        );
        // Some drivers report a software renderer as "other".
        assert_eq!(level(DeviceType::Other, "lavapipe"), GraphicsLevel::Low);
        assert_eq!(
            level(DeviceType::IntegratedGpu, "Intel(R) UHD Graphics 620"),
            GraphicsLevel::Medium
        );
        assert_eq!(
            level(DeviceType::DiscreteGpu, "NVIDIA H100 80GB HBM3"),
            GraphicsLevel::High
        );
    }

    #[test]
    fn a_chosen_level_wins_over_the_adapter() {
        let uncapped = AutoCeiling::default();
        assert_eq!(
            GraphicsLevel::chosen(Quality::High, None, uncapped),
            GraphicsLevel::High
        );
        assert_eq!(
            GraphicsLevel::chosen(Quality::Auto, None, uncapped),
            GraphicsLevel::Low
        );
    }

    #[test]
    fn auto_keeps_under_its_ceiling_and_a_chosen_level_does_not() {
        let gpu = discrete_gpu();
        let capped = AutoCeiling(GraphicsLevel::Medium);
        let chosen = |choice| GraphicsLevel::chosen(choice, Some(&gpu), capped);
        assert_eq!(
            GraphicsLevel::chosen(Quality::Auto, Some(&gpu), AutoCeiling::default()),
            GraphicsLevel::High
        );
        assert_eq!(chosen(Quality::Auto), GraphicsLevel::Medium);
        assert_eq!(chosen(Quality::High), GraphicsLevel::High);
        assert_eq!(GraphicsLevel::High.lower(), Some(GraphicsLevel::Medium));
        assert_eq!(GraphicsLevel::Low.lower(), None);
        assert_eq!(capped.too_slow(), Some(GraphicsLevel::High));
        assert_eq!(AutoCeiling::default().too_slow(), None);
        for level in [GraphicsLevel::Medium, GraphicsLevel::High] {
            assert_eq!(AutoCeiling::below(level).too_slow(), Some(level));
            assert_eq!(GraphicsLevel::named(level.quality()), Some(level));
        }
        assert_eq!(GraphicsLevel::named(Quality::Auto), None);
    }

    #[test]
    fn only_attract_mode_at_high_is_filmed_with_depth_of_field() {
        use crate::game::core::screen::Screen;
        use crate::game::view::camera::Orbit;
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(GraphicsLevel::High)
            .insert_resource(State::new(Screen::Attract))
            .add_systems(Update, focus_on_the_board);
        let camera = app.world_mut().spawn(Orbit::default()).id();
        app.update();
        let focus = app
            .world()
            .get::<DepthOfField>(camera)
            .map(|d| d.focal_distance);
        assert_eq!(focus, Some(Orbit::default().distance));
        *app.world_mut().resource_mut::<GraphicsLevel>() = GraphicsLevel::Medium;
        app.update();
        assert!(app.world().get::<DepthOfField>(camera).is_none());
        *app.world_mut().resource_mut::<GraphicsLevel>() = GraphicsLevel::High;
        app.insert_resource(State::new(Screen::Game));
        app.world_mut().get_mut::<Orbit>(camera).unwrap().distance += 1.0;
        app.update();
        assert!(app.world().get::<DepthOfField>(camera).is_none());
    }

    #[test]
    fn webgl2_caps_auto_at_medium_and_draws_high_without_ambient_occlusion() {
        let mut webgl = discrete_gpu();
        webgl.0.backend = wgpu_types::Backend::Gl;
        let uncapped = AutoCeiling::default();
        let auto = GraphicsLevel::chosen(Quality::Auto, Some(&webgl), uncapped);
        assert_eq!(auto, GraphicsLevel::Medium);
        let high = GraphicsLevel::chosen(Quality::High, Some(&webgl), uncapped);
        assert_eq!(high, GraphicsLevel::High);
        let occluded = |adapter: RenderAdapterInfo| {
            let mut app = App::new();
            app.add_plugins(MinimalPlugins)
                .insert_resource(GraphicsLevel::High)
                .insert_resource(adapter)
                .add_systems(Update, dress_camera);
            let camera = app
                .world_mut()
                .spawn(crate::game::view::camera::Orbit::default())
                .id();
            app.update();
            app.world()
                .get::<ScreenSpaceAmbientOcclusion>(camera)
                .is_some()
        };
        assert!(occluded(discrete_gpu()));
        assert!(!occluded(webgl));
    }
}
