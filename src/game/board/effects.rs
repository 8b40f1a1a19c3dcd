//! Effects that make captures and wins readable from two metres away: a captured stone lifts,
//! flies off and fades with a small burst of sparks (while the stone itself goes to its
//! captor's tray), and a win throws confetti in the winner's colour and gold. The cues come from
//! the applied actions (logic, testable without a renderer); the sparks are drawn here.

use std::collections::HashMap;

use bevy::prelude::*;

use crate::ai::rng::Rng;
use crate::rules::{Game, Outcome, Place, Player};

use crate::game::board::layout::{DiscPlace, place_translation};
use crate::game::board::stones::Disc;
use crate::game::core::preferences::AnimationSpeed;
use crate::game::core::session::{ActionPlayed, BoardReset, Session};

/// Something worth a flourish (and, with the `sound` feature, a sound).
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum EffectCue {
    /// A stone was played (any decision that moved stones).
    Move,
    /// A stone of `colour` was captured where it stood, at `at` (world coordinates).
    Capture {
        /// Where it stood.
        at: Vec3,
        /// Its colour.
        colour: Player,
    },
    /// The game ended: the winner, or none for a draw.
    GameOver {
        /// Who won.
        winner: Option<Player>,
    },
}

/// A short-lived piece of an effect: it drifts, falls, spins, shrinks and fades, then goes.
#[derive(Component, Debug, Clone)]
pub struct Spark {
    /// When it appeared (seconds of `Time` elapsed).
    pub born: f32,
    /// How long it lives.
    pub life: f32,
    /// Its speed (world units per second).
    pub velocity: Vec3,
    /// How strongly it falls.
    pub gravity: f32,
    /// Its size at birth.
    pub scale: f32,
}

/// The shared shapes of the sparks.
#[derive(Resource, Debug, Clone)]
struct SparkShapes {
    bead: Handle<Mesh>,
    flake: Handle<Mesh>,
    disc: Handle<Mesh>,
}

/// The logic: cues from the applied actions and the outcome.
pub(super) fn plugin(app: &mut App) {
    app.add_message::<EffectCue>().add_systems(
        Update,
        cue_effects
            .in_set(crate::game::core::GameSystems::Animate)
            .before(crate::game::board::animation::animate_travels),
    );
}

/// The drawing: sparks for the cues, aged each frame.
pub(super) fn panel_plugin(app: &mut App) {
    app.add_systems(Startup, make_spark_shapes).add_systems(
        Update,
        (spawn_effects, age_sparks, clear_sparks_on_reset)
            .chain()
            .in_set(crate::game::core::GameSystems::Present),
    );
}

/// Turns each applied action into cues: a move, its captures (with where the stone stood and
/// its colour), and the end of the game.
pub(super) fn cue_effects(
    mut played: MessageReader<ActionPlayed>,
    session: Res<Session>,
    discs: Query<&Disc>,
    mut resets: MessageReader<BoardReset>,
    mut cues: MessageWriter<EffectCue>,
    mut ended: Local<Option<Outcome>>,
) {
    let g = session.position().id().geometry();
    // The colour of the stone at each place, followed through the travels (a stone may land
    // on a cell in one stage and be captured from there in the next).
    let mut colour_at: HashMap<Place, Player> = HashMap::new();
    for p in played.read() {
        if colour_at.is_empty() {
            colour_at = discs
                .iter()
                .filter_map(|d| match d.place.place {
                    Place::Board { .. } | Place::Hand { .. } => Some((d.place.place, d.colour)),
                    _ => None,
                })
                .collect();
        }
        if !p.travels.is_empty() {
            cues.write(EffectCue::Move);
        }
        let stages = p.travels.iter().map(|t| t.stage).max().unwrap_or(0);
        for stage in 0..=stages {
            let mut arrived = Vec::new();
            for t in p.travels.iter().filter(|t| t.stage == stage) {
                let colour = match t.from {
                    Place::Supply(c) => Some(c),
                    from => colour_at.remove(&from),
                };
                // A capture, as the rules say: off the board to a captor, or a prisoner.
                let taken = match t.from {
                    Place::Board { cell, level } if t.taken => Some((cell, level)),
                    _ => None,
                };
                if let (Some((cell, level)), Some(colour)) = (taken, colour) {
                    cues.write(EffectCue::Capture {
                        at: place_translation(g, DiscPlace::board(cell, level)),
                        colour,
                    });
                }
                if let Some(colour) = colour {
                    arrived.push((t.to, colour));
                }
            }
            colour_at.extend(arrived);
        }
    }
    // A game that ends here (by a move or a resignation) is celebrated; one that was loaded or
    // set up already over is not.
    let outcome = session.outcome();
    let reset = resets.read().count() > 0;
    if !reset && ended.is_none() && outcome.is_some() {
        cues.write(EffectCue::GameOver {
            winner: outcome.and_then(Outcome::winner),
        });
    }
    *ended = outcome;
}

fn make_spark_shapes(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>) {
    commands.insert_resource(SparkShapes {
        bead: meshes.add(Sphere::new(0.07).mesh().uv(10, 6)),
        flake: meshes.add(Cuboid::new(0.12, 0.012, 0.07)),
        disc: meshes.add(Cylinder::new(
            crate::game::board::layout::DISC_RADIUS,
            crate::game::board::layout::DISC_HEIGHT,
        )),
    });
}

/// A colour's glow for sparks: the theme's stone colour, brightened.
fn stone_tint(theme: Option<&crate::game::board::theme::ActiveTheme>, colour: Player) -> Color {
    let rgb = theme.map(|t| match colour {
        Player::Black => t.theme.black_stone,
        Player::White => t.theme.white_stone,
    });
    rgb.map_or(Color::WHITE, crate::game::board::theme::colour)
}

fn fading_material(colour: Color, glow: f32) -> StandardMaterial {
    let lin = colour.to_linear();
    StandardMaterial {
        base_color: colour,
        emissive: LinearRgba::rgb(lin.red * glow, lin.green * glow, lin.blue * glow),
        alpha_mode: AlphaMode::Blend,
        perceptual_roughness: 0.4,
        ..default()
    }
}

fn spawn_effects(
    mut commands: Commands,
    mut cues: MessageReader<EffectCue>,
    shapes: Option<Res<SparkShapes>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    theme: Option<Res<crate::game::board::theme::ActiveTheme>>,
    motion: crate::game::core::preferences::Motion,
    time: Res<Time>,
    mut rng: Local<Option<Rng>>,
) {
    // Screenshots and "animation off" show positions, not flourishes.
    let Some(shapes) = shapes.filter(|_| motion.speed() != AnimationSpeed::Off) else {
        cues.clear();
        return;
    };
    let mut maker = SparkMaker {
        commands: &mut commands,
        shapes: &shapes,
        materials: &mut materials,
        rng: rng.get_or_insert_with(|| Rng::new(0x5eed)),
        now: time.elapsed_secs(),
    };
    for cue in cues.read() {
        match *cue {
            EffectCue::Move => {}
            EffectCue::Capture { at, colour } => {
                maker.capture(at, stone_tint(theme.as_deref(), colour));
            }
            EffectCue::GameOver { winner } => {
                let colour = match winner {
                    Some(p) => stone_tint(theme.as_deref(), p),
                    None => Color::srgb(0.8, 0.8, 0.85),
                };
                maker.confetti(colour);
            }
        }
    }
}

/// The gold of every celebration.
const GOLD: Color = Color::srgb(1.0, 0.78, 0.3);

/// Spawns the sparks of one frame's cues.
struct SparkMaker<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    shapes: &'a SparkShapes,
    materials: &'a mut Assets<StandardMaterial>,
    rng: &'a mut Rng,
    now: f32,
}

impl SparkMaker<'_, '_, '_> {
    /// A captured stone: its ghost lifts, drifts away and fades, with a small burst of sparks
    /// in its colour and gold.
    fn capture(&mut self, at: Vec3, tint: Color) {
        let rng = &mut *self.rng;
        let ghost = self.materials.add(fading_material(tint, 0.3));
        let away = Vec3::new(rng.unit() - 0.5, 0.0, rng.unit() - 0.5).normalize_or_zero();
        self.commands.spawn((
            Name::new("Captured stone"),
            Mesh3d(self.shapes.disc.clone()),
            MeshMaterial3d(ghost),
            Transform::from_translation(at),
            Spark {
                born: self.now,
                life: 1.2,
                velocity: away * 1.2 + Vec3::Y * 2.6,
                gravity: 1.5,
                scale: 1.0,
            },
        ));
        for i in 0..20 {
            let colour = if i % 2 == 0 { tint } else { GOLD };
            let angle = rng.unit() * std::f32::consts::TAU;
            let out = Vec3::new(angle.cos(), 0.0, angle.sin());
            self.commands.spawn((
                Name::new("Spark"),
                Mesh3d(self.shapes.bead.clone()),
                MeshMaterial3d(self.materials.add(fading_material(colour, 2.5))),
                Transform::from_translation(at + Vec3::Y * 0.1),
                Spark {
                    born: self.now,
                    life: 0.7 + rng.unit() * 0.5,
                    velocity: out * (1.2 + rng.unit() * 1.6) + Vec3::Y * (1.5 + rng.unit() * 2.0),
                    gravity: 6.0,
                    scale: 0.7 + rng.unit() * 0.6,
                },
            ));
        }
    }

    /// The end of a game: confetti in the winner's colour (grey for a draw) and gold.
    fn confetti(&mut self, colour: Color) {
        let rng = &mut *self.rng;
        let looks = [colour, GOLD].map(|c| self.materials.add(fading_material(c, 1.2)));
        for i in 0..90 {
            let start = Vec3::new(
                (rng.unit() - 0.5) * 7.0,
                4.5 + rng.unit() * 2.5,
                (rng.unit() - 0.5) * 7.0,
            );
            let turn = Quat::from_euler(
                EulerRot::XYZ,
                rng.unit() * 6.0,
                rng.unit() * 6.0,
                rng.unit() * 6.0,
            );
            self.commands.spawn((
                Name::new("Confetti"),
                Mesh3d(self.shapes.flake.clone()),
                MeshMaterial3d(looks[i % 2].clone()),
                Transform::from_translation(start).with_rotation(turn),
                Spark {
                    born: self.now + rng.unit() * 0.6,
                    life: 2.6 + rng.unit(),
                    velocity: Vec3::new(rng.unit() - 0.5, -0.4, rng.unit() - 0.5) * 1.4,
                    gravity: 0.9,
                    scale: 1.0,
                },
            ));
        }
    }
}

/// Moves, spins, shrinks and fades the sparks; a spark whose life is over goes, with its
/// material when no other spark shares it.
fn age_sparks(
    mut commands: Commands,
    time: Res<Time>,
    mut sparks: Query<(
        Entity,
        &Spark,
        &mut Transform,
        &MeshMaterial3d<StandardMaterial>,
    )>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let now = time.elapsed_secs();
    let dt = time.delta_secs();
    for (e, spark, mut transform, material) in &mut sparks {
        let age = now - spark.born;
        if age < 0.0 {
            transform.scale = Vec3::ZERO;
            continue;
        }
        let k = age / spark.life;
        if k >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        let v = spark.velocity - Vec3::Y * spark.gravity * age;
        transform.translation += v * dt;
        transform.rotate_local_y(dt * 3.0);
        transform.rotate_local_x(dt * 2.0);
        transform.scale = Vec3::splat(spark.scale * (1.0 - 0.6 * k));
        if let Some(mut m) = materials.get_mut(&material.0) {
            m.base_color.set_alpha(1.0 - k * k);
        }
    }
}

/// A new game or a loaded one starts without leftover sparks.
fn clear_sparks_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    sparks: Query<Entity, With<Spark>>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for e in &sparks {
        commands.entity(e).despawn();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::time::TimeUpdateStrategy;

    use super::*;

    #[test]
    fn a_capture_bursts_and_a_win_throws_confetti_and_all_of_it_goes() {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                100,
            )))
            .insert_resource(AnimationSpeed::Normal)
            .init_resource::<Assets<Mesh>>()
            .init_resource::<Assets<StandardMaterial>>()
            .add_message::<EffectCue>()
            .add_message::<BoardReset>()
            .add_systems(Startup, make_spark_shapes)
            .add_systems(Update, (spawn_effects, age_sparks).chain());
        app.update();
        let sparks = |app: &mut App| app.world_mut().query::<&Spark>().iter(app.world()).count();
        app.world_mut().write_message(EffectCue::Capture {
            at: Vec3::ZERO,
            colour: Player::White,
        });
        app.update();
        assert_eq!(sparks(&mut app), 21, "the stone's ghost and twenty sparks");
        let ghost = app
            .world_mut()
            .query::<(&Name, &Transform)>()
            .iter(app.world())
            .find(|(n, _)| n.as_str() == "Captured stone")
            .map(|(_, t)| t.translation.y)
            .unwrap();
        for _ in 0..4 {
            app.update();
        }
        let risen = app
            .world_mut()
            .query::<(&Name, &Transform)>()
            .iter(app.world())
            .find(|(n, _)| n.as_str() == "Captured stone")
            .map(|(_, t)| t.translation.y)
            .unwrap();
        assert!(
            risen > ghost + 0.3,
            "the captured stone lifts: {ghost} to {risen}"
        );
        for _ in 0..20 {
            app.update();
        }
        assert_eq!(sparks(&mut app), 0, "all gone after two seconds");

        app.world_mut().write_message(EffectCue::GameOver {
            winner: Some(Player::Black),
        });
        app.update();
        assert_eq!(sparks(&mut app), 90, "confetti");
        for _ in 0..50 {
            app.update();
        }
        assert_eq!(sparks(&mut app), 0);

        // With animation off (screenshots), no flourish.
        app.insert_resource(AnimationSpeed::Off);
        app.world_mut()
            .write_message(EffectCue::GameOver { winner: None });
        app.update();
        assert_eq!(sparks(&mut app), 0);
    }
}
