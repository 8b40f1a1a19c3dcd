//! The computer's thinking on the board: while it searches (its own move, or a Hint), the cells
//! of the decisions it weighs glow in the hint's colour by their share of its playouts, the
//! leading one brightest, refreshed four times a second from a snapshot of the search's root
//! (`ai::Glimpse`), so watching costs the search almost nothing. Unlit discs on the stacks: they
//! read at every quality level, bloom or not. The View window turns them off.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::board::layout::{CELL, cell_centre, stack_top};
use crate::game::board::theme::ActiveTheme;
use crate::game::core::opponent::Thinking;
use crate::game::core::preferences::ViewSettings;
use crate::game::core::session::Session;
use crate::game::core::view::{BoardView, MarkerKind};
use crate::rules::{Action, Cell, Game};

/// A glowing disc over a cell the computer is weighing.
#[derive(Component, Debug, Clone, Copy)]
pub struct ThoughtGlow {
    /// The cell.
    pub cell: Cell,
    /// Its share of the playouts, relative to the leading cell's (1 for the leader).
    pub strength: f32,
}

/// How often the glows follow the search.
const REFRESH: Duration = Duration::from_millis(250);

/// The most cells that glow (the most visited).
const MOST_CELLS: usize = 8;

/// The disc every glow is drawn with.
#[derive(Resource)]
struct GlowLook {
    disc: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_glow_look).add_systems(
        Update,
        show_thinking.in_set(crate::game::core::GameSystems::Present),
    );
}

fn make_glow_look(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>) {
    commands.insert_resource(GlowLook {
        disc: meshes.add(Cylinder::new(CELL * 0.4, 0.01)),
    });
}

/// The cells of the decisions weighed, each with its strength (its playouts over the leading
/// cell's, decisions on one cell added up), strongest first, at most [`MOST_CELLS`]; nothing before
/// any playout.
#[must_use]
pub fn weighed_cells(
    decisions: &[(Action, u32)],
    cell_of: impl Fn(Action) -> Option<Cell>,
) -> Vec<(Cell, f32)> {
    let mut cells: Vec<(Cell, u32)> = Vec::new();
    for &(action, visits) in decisions {
        let Some(cell) = cell_of(action) else {
            continue;
        };
        match cells.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, v)) => *v += visits,
            None => cells.push((cell, visits)),
        }
    }
    cells.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    cells.truncate(MOST_CELLS);
    let most = cells.first().map_or(0, |c| c.1);
    if most == 0 {
        return Vec::new();
    }
    cells
        .into_iter()
        .filter(|(_, v)| *v > 0)
        .map(|(c, v)| (c, v as f32 / most as f32))
        .collect()
}

/// What draws and clears the glows.
#[derive(SystemParam)]
struct GlowPainter<'w, 's> {
    commands: Commands<'w, 's>,
    look: Option<Res<'w, GlowLook>>,
    theme: Res<'w, ActiveTheme>,
    materials: ResMut<'w, Assets<StandardMaterial>>,
    old: Query<'w, 's, (Entity, &'static MeshMaterial3d<StandardMaterial>), With<ThoughtGlow>>,
}

impl GlowPainter<'_, '_> {
    fn clear(&mut self) {
        for (glow, material) in &self.old {
            self.materials.remove(&material.0);
            self.commands.entity(glow).despawn();
        }
    }

    /// A glow over each weighed cell of `position`.
    fn paint(&mut self, position: &crate::rules::AnyGame, decisions: &[(Action, u32)]) {
        let Some(disc) = self.look.as_ref().map(|l| l.disc.clone()) else {
            return;
        };
        let g = position.id().geometry();
        let colour = crate::game::board::highlight::marker_colour(
            MarkerKind::Hint,
            &self.theme.theme.markers,
        );
        for (cell, strength) in weighed_cells(decisions, |a| position.action_cell(a)) {
            let height = position.stack(cell).len();
            let at = cell_centre(g, cell) + Vec3::Y * (stack_top(height) + 0.03);
            let material = self.materials.add(glow_material(colour, strength));
            self.commands.spawn((
                Name::new(format!("Thought {cell}")),
                ThoughtGlow { cell, strength },
                Mesh3d(disc.clone()),
                MeshMaterial3d(material),
                Transform::from_translation(at).with_scale(Vec3::splat(0.55 + 0.45 * strength)),
                Pickable::IGNORE,
            ));
        }
    }
}

/// Every [`REFRESH`], redraws the glows from the search's snapshot (none when no search runs on
/// the position shown, or the View option is off).
fn show_thinking(
    time: Res<Time>,
    mut since: Local<Duration>,
    thinking: Option<Res<Thinking>>,
    session: Res<Session>,
    view: Res<ViewSettings>,
    mut painter: GlowPainter,
) {
    *since += time.delta();
    let searching = thinking
        .as_ref()
        .filter(|t| view.thinking && t.position_hash() == session.position().hash());
    if *since < REFRESH && (searching.is_some() || painter.old.is_empty()) {
        return;
    }
    *since = Duration::ZERO;
    painter.clear();
    if let Some(thinking) = searching {
        let decisions = thinking
            .glimpse
            .lock()
            .map(|d| d.clone())
            .unwrap_or_default();
        painter.paint(session.position(), &decisions);
    }
}

/// An unlit, see-through disc in `colour`: the leader nearly opaque, the least faint.
fn glow_material(colour: Color, strength: f32) -> StandardMaterial {
    StandardMaterial {
        base_color: colour.with_alpha(0.15 + 0.6 * strength),
        unlit: true,
        alpha_mode: AlphaMode::Blend,
        ..default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_glow_by_their_share_of_the_playouts_the_leader_brightest() {
        let c = |s: &str| s.parse::<Cell>().unwrap();
        let decisions = [
            (Action::Cell(c("b2")), 10),
            (Action::Cell(c("c3")), 40),
            (Action::Pass, 99),
            (Action::Cell(c("d4")), 0),
            (Action::Cell(c("b2")), 10),
        ];
        let cell_of = |a| match a {
            Action::Cell(cell) => Some(cell),
            _ => None,
        };
        assert_eq!(
            weighed_cells(&decisions, cell_of),
            vec![(c("c3"), 1.0), (c("b2"), 0.5)]
        );
        assert!(weighed_cells(&[(Action::Cell(c("a1")), 0)], cell_of).is_empty());
        let many: Vec<(Action, u32)> = (0..8u8)
            .flat_map(|x| (0..2u8).map(move |y| (Action::Cell(Cell::new(x, y)), 1 + u32::from(x))))
            .collect();
        assert_eq!(weighed_cells(&many, cell_of).len(), MOST_CELLS);
    }
}
