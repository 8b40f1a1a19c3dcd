//! Stones move as the rules' travels say: stage by stage (a splay drops its top stone first),
//! with eased hops; captured stones fly to their captor's tray.

use std::collections::{HashMap, VecDeque};

use bevy::prelude::*;

use crate::rules::{Game, Place, Travel};

use crate::game::board::layout::DiscPlace;
use crate::game::board::stones::Disc;
use crate::game::core::motion::BoardMotion;
use crate::game::core::preferences::AnimationSpeed;
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
    speed: Res<AnimationSpeed>,
    time: Res<Time>,
    mut discs: Query<(Entity, &mut Disc, &mut Transform, Option<&mut Tweens>)>,
) {
    let g = session.position().id().geometry();
    for p in played.read() {
        if p.travels.is_empty() {
            continue;
        }
        let mut at: HashMap<DiscPlace, Entity> =
            discs.iter().map(|(e, d, ..)| (d.place, e)).collect();
        let mut slots = [0usize; 2];
        let mut removed = [0usize; 2];
        for (_, d, ..) in &discs {
            match d.place {
                DiscPlace::Captured { by, .. } => slots[by.index()] += 1,
                DiscPlace::Removed { colour, .. } => removed[colour.index()] += 1,
                _ => {}
            }
        }
        let stages = p.travels.iter().map(|t| t.stage).max().unwrap_or(0);
        let mut queued: HashMap<Entity, Vec<Tween>> = HashMap::new();
        for stage in 0..=stages {
            let this: Vec<&Travel> = p.travels.iter().filter(|t| t.stage == stage).collect();
            let mut moved = Vec::new();
            for t in &this {
                let from = match t.from {
                    Place::Board { cell, level } => DiscPlace::Board { cell, level },
                    Place::Hand { cell, level } => DiscPlace::Hand { cell, level },
                    Place::Captured(_) | Place::Removed(_) | Place::Supply(_) => continue,
                };
                if let Some(e) = at.remove(&from) {
                    moved.push((e, t.to));
                }
            }
            // New stones come from the player's supply: spawned there, moved like any other.
            for t in &this {
                if let (Place::Supply(colour), Place::Board { cell, level }) = (t.from, t.to) {
                    let disc = crate::game::board::stones::Disc {
                        colour,
                        place: DiscPlace::Board { cell, level },
                        jitter: Vec3::ZERO,
                    };
                    let from =
                        Transform::from_translation(crate::game::board::layout::place_translation(
                            g,
                            DiscPlace::Supply { colour },
                        ));
                    let at_rest = disc.rest(g);
                    let e = if *speed == AnimationSpeed::Off {
                        crate::game::board::stones::spawn_disc(&mut commands, disc, at_rest)
                    } else {
                        let e = crate::game::board::stones::spawn_disc(&mut commands, disc, from);
                        let secs = speed.stage_secs();
                        commands.entity(e).insert(Tweens(
                            vec![Tween {
                                from,
                                to: at_rest,
                                start: time.elapsed_secs_f64() + f64::from(stage) * f64::from(secs),
                                secs: secs * 1.25,
                                lift: 0.8,
                            }]
                            .into(),
                        ));
                        e
                    };
                    at.insert(DiscPlace::Board { cell, level }, e);
                }
            }
            for (e, to) in moved {
                let place = match to {
                    Place::Board { cell, level } => DiscPlace::Board { cell, level },
                    Place::Hand { cell, level } => DiscPlace::Hand { cell, level },
                    Place::Supply(colour) => DiscPlace::Supply { colour },
                    Place::Removed(colour) => {
                        let slot = removed[colour.index()];
                        removed[colour.index()] += 1;
                        DiscPlace::Removed { colour, slot }
                    }
                    Place::Captured(by) => {
                        let slot = slots[by.index()];
                        slots[by.index()] += 1;
                        DiscPlace::Captured { by, slot }
                    }
                };
                at.insert(place, e);
                let Ok((_, mut disc, mut transform, pending)) = discs.get_mut(e) else {
                    continue;
                };
                // Carry on from where the stone's earlier movements (this move's or a previous
                // move's, still under way) leave it, and not before they end.
                let last = queued
                    .get(&e)
                    .and_then(|q| q.last().copied())
                    .or_else(|| pending.and_then(|p| p.0.back().copied()));
                let from = last.map_or(*transform, |t| t.to);
                let earliest = last.map_or(0.0, |t| t.start + f64::from(t.secs));
                disc.place = place;
                let rest = disc.rest(g);
                if *speed == AnimationSpeed::Off {
                    *transform = rest;
                    if matches!(place, DiscPlace::Supply { .. }) {
                        // Back to the supply: the stone leaves the table.
                        commands.entity(e).despawn();
                    }
                    continue;
                }
                let secs = speed.stage_secs();
                let lift = if matches!(
                    place,
                    DiscPlace::Captured { .. } | DiscPlace::Removed { .. }
                ) {
                    1.2
                } else {
                    0.45
                };
                queued.entry(e).or_default().push(Tween {
                    from,
                    to: rest,
                    start: (time.elapsed_secs_f64() + f64::from(stage) * f64::from(secs))
                        .max(earliest),
                    secs: secs * 1.25,
                    lift,
                });
            }
        }
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
            if disc.is_some_and(|d| matches!(d.place, DiscPlace::Supply { .. })) {
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
