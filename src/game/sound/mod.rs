//! Sound effects for a move, a capture and a win, synthesised when the app starts (short
//! plucked tones written as WAV, so no sound files ship). Playing them needs the opt-in `sound`
//! feature; the synthesis is plain Rust and tested in every build.

use std::f32::consts::TAU;

/// The sounds the game makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoundKind {
    /// A stone set down: a short wooden knock.
    Move,
    /// A capture: two falling notes.
    Capture,
    /// A win: a rising arpeggio.
    Win,
}

/// Samples per second of the synthesised sounds.
pub const SAMPLE_RATE: u32 = 44_100;

/// The notes of a sound: (start in seconds, frequency in Hz, length in seconds, loudness).
fn notes(kind: SoundKind) -> &'static [(f32, f32, f32, f32)] {
    match kind {
        SoundKind::Move => &[(0.0, 196.0, 0.09, 0.8), (0.0, 523.0, 0.05, 0.25)],
        SoundKind::Capture => &[(0.0, 880.0, 0.16, 0.55), (0.09, 659.0, 0.22, 0.55)],
        SoundKind::Win => &[
            (0.0, 523.0, 0.3, 0.45),
            (0.12, 659.0, 0.3, 0.45),
            (0.24, 784.0, 0.3, 0.45),
            (0.36, 1047.0, 0.55, 0.5),
        ],
    }
}

/// The samples of a sound, from -1 to 1: each note a sine with a touch of its octave, struck
/// and dying away, so every sound ends in silence.
#[must_use]
pub fn samples(kind: SoundKind) -> Vec<f32> {
    let list = notes(kind);
    let end = list.iter().map(|n| n.0 + n.2).fold(0.0, f32::max);
    let len = (end * SAMPLE_RATE as f32).ceil() as usize;
    let mut out = vec![0.0_f32; len];
    for &(start, freq, secs, loud) in list {
        let first = (start * SAMPLE_RATE as f32) as usize;
        let count = (secs * SAMPLE_RATE as f32) as usize;
        for i in 0..count {
            let Some(slot) = out.get_mut(first + i) else {
                break;
            };
            let t = i as f32 / SAMPLE_RATE as f32;
            let attack = (t / 0.004).min(1.0);
            let decay = (1.0 - t / secs).max(0.0).powi(2);
            let tone = (TAU * freq * t).sin() + 0.3 * (TAU * 2.0 * freq * t).sin();
            *slot += loud * attack * decay * tone / 1.3;
        }
    }
    for s in &mut out {
        *s = s.clamp(-1.0, 1.0);
    }
    out
}

/// A sound as a WAV file (16-bit mono PCM).
#[must_use]
pub fn wav(kind: SoundKind) -> Vec<u8> {
    let pcm: Vec<i16> = samples(kind)
        .iter()
        .map(|s| (s * f32::from(i16::MAX)) as i16)
        .collect();
    let data_len = (pcm.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + pcm.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16_u32.to_le_bytes());
    out.extend_from_slice(&1_u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1_u16.to_le_bytes()); // mono
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 2).to_le_bytes());
    out.extend_from_slice(&2_u16.to_le_bytes());
    out.extend_from_slice(&16_u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in pcm {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(feature = "sound")]
pub(super) use playing::plugin;

#[cfg(feature = "sound")]
mod playing {
    use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
    use bevy::prelude::*;

    use crate::game::board::effects::EffectCue;
    use crate::game::core::preferences::SoundLevel;
    use crate::game::sound::{SoundKind, wav};

    /// The synthesised sounds.
    #[derive(Resource, Debug, Clone)]
    struct Sounds {
        knock: Handle<AudioSource>,
        capture: Handle<AudioSource>,
        win: Handle<AudioSource>,
    }

    pub(in crate::game) fn plugin(app: &mut App) {
        app.add_systems(Startup, make_sounds).add_systems(
            Update,
            play_sounds.in_set(crate::game::core::GameSystems::Present),
        );
    }

    fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
        let mut add = |kind| {
            sources.add(AudioSource {
                bytes: wav(kind).into(),
            })
        };
        commands.insert_resource(Sounds {
            knock: add(SoundKind::Move),
            capture: add(SoundKind::Capture),
            win: add(SoundKind::Win),
        });
    }

    /// One sound per kind and frame: a splay that captures three stones knocks once and
    /// chimes once.
    fn play_sounds(
        mut commands: Commands,
        mut cues: MessageReader<EffectCue>,
        sounds: Option<Res<Sounds>>,
        level: Res<SoundLevel>,
    ) {
        let mut kinds = Vec::new();
        for cue in cues.read() {
            let kind = match cue {
                EffectCue::Move => SoundKind::Move,
                EffectCue::Capture { .. } => SoundKind::Capture,
                EffectCue::GameOver { winner: Some(_) } => SoundKind::Win,
                EffectCue::GameOver { winner: None } => continue,
            };
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        let Some(sounds) = sounds else {
            return;
        };
        if level.mute || level.volume <= 0.0 {
            return;
        }
        for kind in kinds {
            let source = match kind {
                SoundKind::Move => sounds.knock.clone(),
                SoundKind::Capture => sounds.capture.clone(),
                SoundKind::Win => sounds.win.clone(),
            };
            commands.spawn((
                AudioPlayer(source),
                PlaybackSettings::DESPAWN.with_volume(Volume::Linear(level.volume)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_a_wav_that_ends_in_silence() {
        for kind in [SoundKind::Move, SoundKind::Capture, SoundKind::Win] {
            let s = samples(kind);
            let secs = s.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.05..1.5).contains(&secs), "{kind:?} lasts {secs} s");
            let peak = s.iter().fold(0.0_f32, |m, x| m.max(x.abs()));
            assert!(peak > 0.2 && peak <= 1.0, "{kind:?} peaks at {peak}");
            let tail = &s[s.len() - 40..];
            assert!(
                tail.iter().all(|x| x.abs() < 0.02),
                "{kind:?} ends in a click"
            );
            let file = wav(kind);
            assert_eq!(&file[..4], b"RIFF");
            assert_eq!(&file[8..16], b"WAVEfmt ");
            assert_eq!(file.len(), 44 + s.len() * 2);
            let riff = u32::from_le_bytes([file[4], file[5], file[6], file[7]]) as usize;
            assert_eq!(riff + 8, file.len());
        }
    }
}
