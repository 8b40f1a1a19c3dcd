//! The best line on the board: the search's expected next moves from the position shown, as
//! arrows from cell to cell over the stacks, in the hint's colour, the first move brightest and
//! numbered by as many dots at its start as its place in the line. Only where the engine's view
//! is allowed ([`engine_view_allowed`]), and while the stones stand still.

use bevy::prelude::*;

use crate::game::board::layout::{cell_centre, stack_top};
use crate::game::board::theme::{ActiveTheme, colour};
use crate::game::core::engine_view::{EngineView, engine_view_allowed};
use crate::game::core::motion::BoardMotion;
use crate::game::core::preferences::ViewSettings;
use crate::game::core::seats::Seats;
use crate::game::core::session::Session;
use crate::game::core::view::BoardView;
use crate::rules::{Action, AnyGame, Cell, Game};

/// The whole moves of the line drawn.
pub const TURNS_SHOWN: usize = 3;

/// How far above a stack's top the arrows run.
const LIFT: f32 = 0.12;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw_best_line.in_set(crate::game::core::GameSystems::Present),
    );
}

/// The cells each of the first `turns` whole moves of `line` names from `position`, in order,
/// a cell named twice in a row once.
#[must_use]
pub fn line_cells(position: &AnyGame, line: &[Action], turns: usize) -> Vec<Vec<Cell>> {
    let mut now = position.clone();
    let mut moves: Vec<Vec<Cell>> = Vec::new();
    let mut cells = Vec::new();
    for &a in line {
        if moves.len() == turns {
            break;
        }
        if let Some(c) = now.action_cell(a)
            && cells.last() != Some(&c)
        {
            cells.push(c);
        }
        now.play(a);
        if !now.in_turn() {
            moves.push(std::mem::take(&mut cells));
        }
    }
    moves
}

/// The line's points in the world: each move's cells above their stacks.
fn line_points(position: &AnyGame, line: &[Action]) -> Vec<Vec<Vec3>> {
    let setup = position.to_setup();
    let g = position.id().geometry();
    let above = |c: Cell| cell_centre(g, c) + Vec3::Y * (stack_top(setup.stack(c).len()) + LIFT);
    line_cells(position, line, TURNS_SHOWN)
        .iter()
        .map(|cells| cells.iter().map(|&c| above(c)).collect())
        .collect()
}

/// Draws the line for the position shown; the points are worked out once per position.
fn draw_best_line(
    mut gizmos: Gizmos,
    mut drawn: Local<Option<(u64, Vec<Vec<Vec3>>)>>,
    engine: Res<EngineView>,
    session: Res<Session>,
    seats: Res<Seats>,
    view: Res<ViewSettings>,
    motion: Res<BoardMotion>,
    theme: Res<ActiveTheme>,
    editor: Option<Res<crate::game::core::editor::Editor>>,
) {
    if !engine_view_allowed(&view, &seats, &session, editor.as_deref()) || motion.moving {
        return;
    }
    let position = session.position();
    let Some(analysis) = engine.of(position) else {
        return;
    };
    let hash = position.hash();
    if drawn.as_ref().is_none_or(|(h, _)| *h != hash) {
        *drawn = Some((hash, line_points(position, &analysis.line)));
    }
    let Some((_, moves)) = drawn.as_ref() else {
        return;
    };
    let hint = colour(theme.theme.markers.hint);
    for (k, points) in moves.iter().enumerate() {
        let shade = hint.with_alpha(1.0 - 0.28 * k as f32);
        for pair in points.windows(2) {
            gizmos.arrow(pair[0], pair[1], shade).with_tip_length(0.18);
        }
        if let Some(&first) = points.first() {
            number_dots(&mut gizmos, first, k + 1, shade);
        }
    }
}

/// `n` small rings in a row at a move's first cell: its place in the line.
fn number_dots(gizmos: &mut Gizmos, at: Vec3, n: usize, shade: Color) {
    let flat = Quat::from_rotation_x(std::f32::consts::FRAC_PI_2);
    for i in 0..n {
        let x = (i as f32 - (n as f32 - 1.0) / 2.0) * 0.12;
        let centre = at + Vec3::new(x, 0.0, 0.0);
        gizmos.circle(Isometry3d::new(centre, flat), 0.045, shade);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, play_move};

    #[test]
    fn each_move_of_the_line_names_its_cells_in_order() {
        let start = AnyGame::start_with(GameId::Splay, []).unwrap();
        let (after, first) = play_move(&start, "c3-c4").unwrap();
        let (_, second) = play_move(&after, "c6-c5").unwrap();
        let line: Vec<Action> = first.iter().chain(&second).copied().collect();
        let cell = |s: &str| s.parse::<Cell>().unwrap();
        assert_eq!(
            line_cells(&start, &line, 3),
            vec![vec![cell("c3"), cell("c4")], vec![cell("c6"), cell("c5")]]
        );
        assert_eq!(line_cells(&start, &line, 1).len(), 1);
    }
}
