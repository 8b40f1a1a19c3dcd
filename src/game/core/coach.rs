//! The coach at the table: while a coached person decides, a short study of their turns runs on
//! the async compute pool; when their turn ends it is weighed against that study, and a turn
//! that gives away the game or stones at once, where another would not, is warned of. The turn
//! is never held up: the computer's reply waits only while the verdict is weighed (a few
//! hundredths of a second) and while a warning stands, for Take back or Play anyway.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

use crate::ai::coach::{JUDGING_BUDGET, STUDY_BUDGET, Study, Warning, judge, study};
use crate::rules::{AnyGame, Game, Player, play_move};

use crate::game::core::kiosk::{Kiosk, kiosk_coach};
use crate::game::core::screen::Screen;
use crate::game::core::seats::Seats;
use crate::game::core::session::{ActionPlayed, Session, SessionRequest};

/// The study of the turn a coached person is deciding.
#[derive(Resource)]
struct CoachStudy {
    /// The position the turn starts from.
    start: AnyGame,
    task: Option<Task<Study>>,
    cancel: Arc<AtomicBool>,
}

impl Drop for CoachStudy {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A finished turn being weighed.
#[derive(Resource)]
pub struct CoachJudging {
    task: Task<Option<Warning>>,
    /// The position after the turn.
    after: u64,
    mover: Player,
}

/// A warning the coach shows about the turn just played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownWarning {
    /// What the turn gives away, and the reply.
    pub warning: Warning,
    /// The position after the turn (the warning goes once it is left).
    pub position: u64,
    /// Who played the turn.
    pub mover: Player,
}

/// The coach's warning standing now, if any.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct CoachWarning(pub Option<ShownWarning>);

/// A person's answer to the coach's warning.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoachAnswer {
    /// Take the turn back and choose again.
    TakeBack,
    /// Keep the turn.
    PlayAnyway,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CoachWarning>()
        .add_message::<CoachAnswer>()
        .add_systems(OnExit(Screen::Game), stop_coaching)
        .add_systems(
            Update,
            (
                start_study,
                weigh_ended_turn,
                show_verdict,
                forget_stale_warning,
                answer_warning,
            )
                .chain()
                .run_if(in_state(Screen::Game))
                .in_set(crate::game::core::GameSystems::Present),
        );
}

/// Whether the computer may play its reply: not while the coach weighs the turn before it or
/// its warning stands.
#[must_use]
pub fn lets_the_computer_play(
    judging: Option<Res<CoachJudging>>,
    warning: Option<Res<CoachWarning>>,
) -> bool {
    judging.is_none() && warning.is_none_or(|w| w.0.is_none())
}

/// Leaving the game drops the coach's work.
fn stop_coaching(mut commands: Commands, mut warning: ResMut<CoachWarning>) {
    commands.remove_resource::<CoachStudy>();
    commands.remove_resource::<CoachJudging>();
    warning.0 = None;
}

/// Starts studying as soon as a coached person is to begin a turn.
fn start_study(
    mut commands: Commands,
    current: Option<Res<CoachStudy>>,
    session: Res<Session>,
    seats: Res<Seats>,
    kiosk: Option<Res<Kiosk>>,
) {
    let position = session.position();
    let studied = current.is_some_and(|s| s.start.hash() == position.hash());
    if studied
        || position.in_turn()
        || session.outcome().is_some()
        || session.viewing().is_some()
        || !seats.coached(position.to_move(), kiosk_coach(kiosk.as_deref()))
    {
        return;
    }
    let start = position.clone();
    let cancel = Arc::new(AtomicBool::new(false));
    let (flag, studied) = (cancel.clone(), start.clone());
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { study(&studied, STUDY_BUDGET, Some(&flag)) });
    commands.insert_resource(CoachStudy {
        start,
        task: Some(task),
        cancel,
    });
}

/// When the studied turn ends, weighs it (on the pool: the study may still be finishing).
fn weigh_ended_turn(
    mut commands: Commands,
    mut played: MessageReader<ActionPlayed>,
    session: Res<Session>,
    mut studied: Option<ResMut<CoachStudy>>,
) {
    let Some(mover) = played.read().filter(|p| p.ends_turn).map(|p| p.by).last() else {
        return;
    };
    let Some(s) = studied.as_deref_mut() else {
        return;
    };
    let after = session.position().clone();
    let from_start = session
        .moves()
        .last()
        .and_then(|m| play_move(&s.start, m).ok())
        .is_some_and(|(end, _)| end.hash() == after.hash());
    if s.start.to_move() != mover || !from_start {
        return;
    }
    let Some(study_task) = s.task.take() else {
        return;
    };
    let start = s.start.clone();
    let hash = after.hash();
    let task = AsyncComputeTaskPool::get().spawn(async move {
        let study = study_task.await;
        judge(&study, &start, &after, JUDGING_BUDGET)
    });
    commands.remove_resource::<CoachStudy>();
    commands.insert_resource(CoachJudging {
        task,
        after: hash,
        mover,
    });
}

/// Shows the verdict once it is weighed, if the turn's position is still on the board.
fn show_verdict(
    mut commands: Commands,
    judging: Option<ResMut<CoachJudging>>,
    session: Res<Session>,
    mut shown: ResMut<CoachWarning>,
) {
    let Some(mut j) = judging else { return };
    let Some(verdict) = check_ready(&mut j.task) else {
        return;
    };
    if j.after == session.position().hash()
        && let Some(warning) = verdict
    {
        shown.0 = Some(ShownWarning {
            warning,
            position: j.after,
            mover: j.mover,
        });
    }
    commands.remove_resource::<CoachJudging>();
}

/// A warning goes when its position leaves the board (a take back, a new game).
fn forget_stale_warning(session: Res<Session>, mut shown: ResMut<CoachWarning>) {
    if shown
        .0
        .as_ref()
        .is_some_and(|w| w.position != session.position().hash())
    {
        shown.0 = None;
    }
}

/// Take back undoes the turn; Play anyway lets the game go on.
fn answer_warning(
    mut answers: MessageReader<CoachAnswer>,
    mut shown: ResMut<CoachWarning>,
    mut requests: MessageWriter<SessionRequest>,
) {
    for answer in answers.read() {
        if shown.0.take().is_some() && *answer == CoachAnswer::TakeBack {
            requests.write(SessionRequest::UndoMove);
        }
    }
}

/// The warning's line, in the texts' words.
#[must_use]
pub fn warning_line(tr: &crate::game::core::i18n::Tr, shown: &ShownWarning) -> String {
    let other = tr.player(!shown.mover);
    let reply = &shown.warning.reply;
    match shown.warning.blunder {
        crate::ai::coach::Blunder::LosesGame => {
            tr.tf("coach.loses_game", &[("other", &other), ("reply", reply)])
        }
        crate::ai::coach::Blunder::LosesStones(n) => tr.tf(
            "coach.loses_stones",
            &[("other", &other), ("reply", reply), ("stones", &n)],
        ),
    }
}
