//! Stones move as the rules' travels say: stage by stage (a splay drops its top stone first),
//! with eased hops; captured stones fly to their captor's tray.

use std::collections::{HashMap, VecDeque};

use bevy::prelude::*;

use crate::rules::{Game, Place, Travel};

use crate::game::board::layout::DiscPlace;
use crate::game::board::stones::{Disc, spawn_disc};
use crate::game::core::motion::BoardMotion;
use crate::game::core::preferences::{AnimationSpeed, Motion};
use crate::game::core::session::{ActionPlayed, Session};

/// One eased movement of a stone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tween {
    /// Start transform.
    pub from: Transform,
    /// End transform.
    pub to: Transform,
    /// When it starts (seconds of `Time` elapsed).
    pub start: f64,
    /// How long it takes.
    pub secs: f32,
    /// How high the stone hops on the way.
    pub lift: f32,
}

/// The movements a stone still has to make, in order.
#[derive(Component, Debug, Clone, Default)]
pub struct Tweens(pub VecDeque<Tween>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (animate_travels, advance_tweens, note_motion)
            .chain()
            .in_set(crate::game::core::GameSystems::Animate),
    );
}

/// Says whether any stone is still moving, for those who wait for a still board.
fn note_motion(moving: Query<(), With<Tweens>>, mut motion: ResMut<BoardMotion>) {
    let now = BoardMotion {
        moving: !moving.is_empty(),
    };
    if *motion != now {
        *motion = now;
    }
}

fn ease_in_out(t: f32) -> f32 {
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

/// Turns each played action's travels into stone movements.
pub(super) fn animate_travels(
    mut commands: Commands,
    mut played: MessageReader<ActionPlayed>,
    session: Res<Session>,
    motion: Motion,
    time: Res<Time>,
    mut discs: Query<(Entity, &mut Disc, &mut Transform, Option<&mut Tweens>)>,
) {
    let g = session.position().id().geometry();
    let clock = Clock {
        now: time.elapsed_secs_f64(),
        speed: motion.speed(),
    };
    for p in played.read() {
        if p.travels.is_empty() {
            continue;
        }
        let mut places = Places::of(&discs);
        let stages = p.travels.iter().map(|t| t.stage).max().unwrap_or(0);
        let mut queued: HashMap<Entity, Vec<Tween>> = HashMap::new();
        for stage in 0..=stages {
            let this: Vec<&Travel> = p.travels.iter().filter(|t| t.stage == stage).collect();
            let moved = places.take_movers(&this);
            // New stones come from the player's supply: spawned there, moved like any other.
            for t in &this {
                if let Some((place, e)) = spawn_from_supply(&mut commands, t, g, clock, stage) {
                    places.at.insert(place, e);
                }
            }
            for (e, to) in moved {
                let place = places.land(e, to);
                let moving = Moving { e, place, stage };
                queue_move(&mut commands, &mut discs, &mut queued, moving, g, clock);
            }
        }
        hand_over(&mut commands, &mut discs, queued);
    }
}

/// When the stones start moving, and how fast.
#[derive(Debug, Clone, Copy)]
struct Clock {
    now: f64,
    speed: AnimationSpeed,
}

impl Clock {
    /// When a stage starts.
    fn stage_start(self, stage: u8) -> f64 {
        self.now + f64::from(stage) * f64::from(self.speed.stage_secs())
    }

    /// How long one movement takes.
    fn secs(self) -> f32 {
        self.speed.stage_secs() * 1.25
    }
}

/// Where each stone stands, and the next free slots of the capture trays and removed rows.
struct Places {
    at: HashMap<DiscPlace, Entity>,
    captured: [usize; 2],
    removed: [usize; 2],
}

impl Places {
    fn of(discs: &Query<(Entity, &mut Disc, &mut Transform, Option<&mut Tweens>)>) -> Places {
        let mut places = Places {
            at: discs.iter().map(|(e, d, ..)| (d.place, e)).collect(),
            captured: [0; 2],
            removed: [0; 2],
        };
        for (_, d, ..) in discs {
            match d.place.place {
                Place::Captured(by) => places.captured[by.index()] += 1,
                Place::Removed(colour) => places.removed[colour.index()] += 1,
                _ => {}
            }
        }
        places
    }

    /// The stones that leave their places in this stage, with where they go.
    fn take_movers(&mut self, this: &[&Travel]) -> Vec<(Entity, Place)> {
        let mut moved = Vec::new();
        for t in this {
            let from = match t.from {
                Place::Board { .. } | Place::Hand { .. } => DiscPlace::at(t.from),
                Place::Captured(_) | Place::Removed(_) | Place::Supply(_) => continue,
            };
            if let Some(e) = self.at.remove(&from) {
                moved.push((e, t.to));
            }
        }
        moved
    }

    /// The place a stone lands on (the next slot of a tray or a row), now its own.
    fn land(&mut self, e: Entity, to: Place) -> DiscPlace {
        let row = match to {
            Place::Removed(colour) => Some(&mut self.removed[colour.index()]),
            Place::Captured(by) => Some(&mut self.captured[by.index()]),
            Place::Board { .. } | Place::Hand { .. } | Place::Supply(_) => None,
        };
        let place = match row {
            Some(next) => {
                *next += 1;
                DiscPlace::in_row(to, *next - 1)
            }
            None => DiscPlace::at(to),
        };
        self.at.insert(place, e);
        place
    }
}

/// A new stone for a travel from the supply onto the board, flying in (or at once when the
/// animation is off).
fn spawn_from_supply(
    commands: &mut Commands,
    t: &Travel,
    g: crate::rules::Geometry,
    clock: Clock,
    stage: u8,
) -> Option<(DiscPlace, Entity)> {
    let (Place::Supply(colour), Place::Board { cell, level }) = (t.from, t.to) else {
        return None;
    };
    let place = DiscPlace::board(cell, level);
    let disc = Disc {
        colour,
        place,
        jitter: Vec3::ZERO,
    };
    let from = Transform::from_translation(crate::game::board::layout::place_translation(
        g,
        DiscPlace::at(t.from),
    ));
    let at_rest = disc.rest(g);
    if clock.speed == AnimationSpeed::Off {
        return Some((place, spawn_disc(commands, disc, at_rest)));
    }
    let e = spawn_disc(commands, disc, from);
    commands.entity(e).insert(Tweens(
        vec![Tween {
            from,
            to: at_rest,
            start: clock.stage_start(stage),
            secs: clock.secs(),
            lift: 0.8,
        }]
        .into(),
    ));
    Some((place, e))
}

/// A stone on its way to a new place in a stage.
#[derive(Debug, Clone, Copy)]
struct Moving {
    e: Entity,
    place: DiscPlace,
    stage: u8,
}

/// Queues a stone's movement, carrying on from where its earlier movements (this move's or a
/// previous move's, still under way) leave it, and not before they end; with the animation off
/// it is put at its place at once (and a stone back to the supply leaves the table).
fn queue_move(
    commands: &mut Commands,
    discs: &mut Query<(Entity, &mut Disc, &mut Transform, Option<&mut Tweens>)>,
    queued: &mut HashMap<Entity, Vec<Tween>>,
    moving: Moving,
    g: crate::rules::Geometry,
    clock: Clock,
) {
    let Ok((_, mut disc, mut transform, pending)) = discs.get_mut(moving.e) else {
        return;
    };
    let last = queued
        .get(&moving.e)
        .and_then(|q| q.last().copied())
        .or_else(|| pending.and_then(|p| p.0.back().copied()));
    let from = last.map_or(*transform, |t| t.to);
    let earliest = last.map_or(0.0, |t| t.start + f64::from(t.secs));
    disc.place = moving.place;
    let rest = disc.rest(g);
    if clock.speed == AnimationSpeed::Off {
        *transform = rest;
        if matches!(moving.place.place, Place::Supply(_)) {
            commands.entity(moving.e).despawn();
        }
        return;
    }
    let lift = if matches!(moving.place.place, Place::Captured(_) | Place::Removed(_)) {
        1.2
    } else {
        0.45
    };
    queued.entry(moving.e).or_default().push(Tween {
        from,
        to: rest,
        start: clock.stage_start(moving.stage).max(earliest),
        secs: clock.secs(),
        lift,
    });
}

/// Gives each stone the movements queued for it, after those it still has.
fn hand_over(
    commands: &mut Commands,
    discs: &mut Query<(Entity, &mut Disc, &mut Transform, Option<&mut Tweens>)>,
    queued: HashMap<Entity, Vec<Tween>>,
) {
    for (e, list) in queued {
        if let Ok((_, _, _, existing)) = discs.get_mut(e) {
            match existing {
                Some(mut tw) => tw.0.extend(list),
                None => {
                    commands.entity(e).insert(Tweens(list.into()));
                }
            }
        }
    }
}

/// Moves stones along their tweens; a stone whose tweens are done rests at its place.
fn advance_tweens(
    mut commands: Commands,
    time: Res<Time>,
    mut moving: Query<(
        Entity,
        &mut Transform,
        &mut Tweens,
        Option<&crate::game::board::stones::Disc>,
    )>,
) {
    let now = time.elapsed_secs_f64();
    for (e, mut transform, mut tweens, disc) in &mut moving {
        while let Some(t) = tweens.0.front().copied() {
            if now < t.start {
                break;
            }
            let k = ((now - t.start) as f32 / t.secs.max(1e-3)).min(1.0);
            let e_k = ease_in_out(k);
            let mut pos = t.from.translation.lerp(t.to.translation, e_k);
            pos.y += t.lift * 4.0 * k * (1.0 - k);
            transform.translation = pos;
            transform.rotation = t.from.rotation.slerp(t.to.rotation, e_k);
            if k < 1.0 {
                break;
            }
            tweens.0.pop_front();
        }
        if tweens.0.is_empty() {
            if disc.is_some_and(|d| matches!(d.place.place, Place::Supply(_))) {
                // A stone that went back to the supply leaves the table.
                commands.entity(e).despawn();
            } else {
                commands.entity(e).remove::<Tweens>();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easing_starts_and_ends_at_rest() {
        assert_eq!(ease_in_out(0.0), 0.0);
        assert_eq!(ease_in_out(1.0), 1.0);
        assert!((ease_in_out(0.5) - 0.5).abs() < 1e-6);
        assert!(ease_in_out(0.1) < 0.1 && ease_in_out(0.9) > 0.9);
    }
}
