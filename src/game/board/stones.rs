//! Stacks and stones in the ECS: one entity per stack (its stones as a component), synced from
//! the rules state, and one disc entity per stone, moved by the animation and checked against
//! the rules whenever the board is at rest.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::rules::{Cell, ExtraField, Game, Geometry, Place, Player, Setup, Stack};

use crate::game::board::layout::{DiscPlace, place_translation};
use crate::game::board::tap::report_clicks;
use crate::game::core::editor::Editor;
use crate::game::core::motion::BoardMotion;
use crate::game::core::session::{
    BoardClick, BoardReset, DecisionsTakenBack, PositionViewed, Session,
};

/// A stack on the board: the cell it stands on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StackView {
    /// The cell.
    pub cell: Cell,
}

/// The stones of a stack, from the bottom up, as the rules say.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct StackStones(pub Stack);

/// The stack under the pointer, if any (for the panel's description).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HoveredStack(pub Option<Cell>);

/// One stone shown on the board or in a capture tray.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Disc {
    /// Its colour.
    pub colour: Player,
    /// Where it is (or is going to, while it moves).
    pub place: DiscPlace,
    /// A small fixed offset and turn, so stacks look hand-placed.
    pub jitter: Vec3,
}

impl Disc {
    /// The stone's resting transform at its place.
    #[must_use]
    pub fn rest(&self, g: crate::rules::Geometry) -> Transform {
        Transform::from_translation(place_translation(g, self.place) + self.jitter.with_y(0.0))
            .with_rotation(Quat::from_rotation_y(self.jitter.y))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HoveredStack>()
        .add_systems(Startup, spawn_discs_from_rules)
        .add_systems(
            Update,
            (
                sync_stack_entities.run_if(
                    resource_changed::<Session>.or_else(resource_exists_and_changed::<Editor>),
                ),
                respawn_discs_on_reset,
                put_back_stones_taken_back,
                reconcile_discs_at_rest,
            )
                .chain()
                .in_set(crate::game::core::GameSystems::Sync),
        );
}

/// What the stones show: the session's position, or the editor's setup while it is open.
#[derive(SystemParam)]
pub struct ShownBoard<'w> {
    session: Res<'w, Session>,
    editor: Option<Res<'w, Editor>>,
}

/// The most stones a capture tray shows of an edited count (a wrong count is the check's to
/// refuse, not the tray's to draw).
const TRAY_SHOWN: u32 = 64;

impl ShownBoard<'_> {
    fn setup(&self) -> Option<&Setup> {
        self.editor.as_ref().map(|e| &e.setup)
    }

    fn geometry(&self) -> Geometry {
        self.setup()
            .map_or(self.session.position().id(), |s| s.game)
            .geometry()
    }

    fn stack(&self, cell: Cell) -> Stack {
        self.setup()
            .map_or_else(|| self.session.position().stack(cell), |s| s.stack(cell))
    }

    fn is_changed(&self) -> bool {
        self.session.is_changed() || self.editor.as_ref().is_some_and(Res::is_changed)
    }

    /// The places of all stones shown.
    fn places(&self) -> Vec<(DiscPlace, Player)> {
        let Some(setup) = self.setup() else {
            return rules_places(&self.session);
        };
        let mut out = board_places(setup.game.geometry(), |c| setup.stack(c));
        for field in ExtraField::of(setup.game) {
            if let ExtraField::Captured(by) = *field {
                for slot in 0..setup.extra_count(*field).min(TRAY_SHOWN) as usize {
                    out.push((DiscPlace::in_row(Place::Captured(by), slot), !by));
                }
            }
        }
        out
    }
}

/// Small deterministic variation per stone.
fn jitter(seed: u64) -> Vec3 {
    let k = crate::rules::zobrist::key(seed);
    let unit = |shift: u32| ((k >> shift) & 0xFFFF) as f32 / 65535.0 - 0.5;
    Vec3::new(
        unit(0) * 0.04,
        unit(16) * std::f32::consts::TAU,
        unit(32) * 0.04,
    )
}

/// Keeps one `StackView` entity per occupied cell, with the stones the rules say.
pub fn sync_stack_entities(
    mut commands: Commands,
    shown: ShownBoard,
    mut stacks: Query<(Entity, &StackView, &mut StackStones)>,
) {
    let g = shown.geometry();
    let mut seen = std::collections::HashSet::new();
    for (entity, view, mut stones) in &mut stacks {
        let wanted = shown.stack(view.cell);
        if wanted.is_empty() || !seen.insert(view.cell) {
            commands.entity(entity).despawn();
        } else if stones.0 != wanted {
            stones.0 = wanted;
        }
    }
    for cell in g.cells() {
        let stack = shown.stack(cell);
        if !stack.is_empty() && !seen.contains(&cell) {
            commands.spawn((
                Name::new(format!("Stack {cell}")),
                StackView { cell },
                StackStones(stack),
                Transform::from_translation(crate::game::board::layout::cell_centre(g, cell)),
            ));
        }
    }
}

/// The places of the stones of the stacks on a board.
fn board_places(g: Geometry, stack: impl Fn(Cell) -> Stack) -> Vec<(DiscPlace, Player)> {
    let mut out = Vec::new();
    for cell in g.cells() {
        for (level, colour) in stack(cell).stones().enumerate() {
            out.push((DiscPlace::board(cell, level as u8), colour));
        }
    }
    out
}

/// The places of all stones as the rules state has them.
fn rules_places(session: &Session) -> Vec<(DiscPlace, Player)> {
    let position = session.position();
    let mut out = board_places(position.id().geometry(), |c| position.stack(c));
    if let Some((cell, stones)) = position.hand() {
        for (level, colour) in stones.stones().enumerate() {
            let level = level as u8;
            out.push((DiscPlace::at(Place::Hand { cell, level }), colour));
        }
    }
    for colour in Player::ALL {
        for slot in 0..position.removed(colour) {
            out.push((DiscPlace::in_row(Place::Removed(colour), slot), colour));
        }
    }
    for by in Player::ALL {
        for slot in 0..position.captured_by(by) {
            out.push((DiscPlace::in_row(Place::Captured(by), slot), !by));
        }
    }
    out
}

fn spawn_all_discs(commands: &mut Commands, shown: &ShownBoard) {
    let g = shown.geometry();
    let moves = shown.session.move_count() as u64;
    for (n, (place, colour)) in shown.places().into_iter().enumerate() {
        let disc = Disc {
            colour,
            place,
            jitter: jitter(n as u64 * 7919 + moves),
        };
        spawn_disc(commands, disc, disc.rest(g));
    }
}

/// Spawns one stone (clickable, hoverable) with this transform; its looks are added on spawn.
pub fn spawn_disc(commands: &mut Commands, disc: Disc, at: Transform) -> Entity {
    {
        commands
            .spawn((
                Name::new(format!("{} stone", disc.colour)),
                disc,
                at,
                Pickable::default(),
            ))
            .observe(report_clicks(|d: &Disc| {
                d.place.on_board().map(|(cell, _)| BoardClick::Stack(cell))
            }))
            .observe(hover_stack)
            .observe(leave_stack)
            .id()
    }
}

/// Builds the stones of the starting position.
pub fn spawn_discs_from_rules(mut commands: Commands, shown: ShownBoard) {
    spawn_all_discs(&mut commands, &shown);
}

fn respawn_discs_on_reset(
    mut commands: Commands,
    mut resets: MessageReader<BoardReset>,
    shown: ShownBoard,
    discs: Query<Entity, With<Disc>>,
) {
    if resets.read().count() == 0 {
        return;
    }
    for e in &discs {
        commands.entity(e).despawn();
    }
    spawn_all_discs(&mut commands, &shown);
}

/// Decisions taken back, or another position looked at: the stones stay (the same entities)
/// unless some must stand elsewhere (an Intermedium step taken back, an earlier move), and then
/// they are rebuilt from the rules.
fn put_back_stones_taken_back(
    mut commands: Commands,
    mut taken_back: MessageReader<DecisionsTakenBack>,
    mut viewed: MessageReader<PositionViewed>,
    shown: ShownBoard,
    discs: Query<(Entity, &Disc)>,
) {
    let changed = taken_back.read().count() + viewed.read().count() > 0;
    if !changed || stones_match_rules(&shown, &discs) {
        return;
    }
    for (e, _) in &discs {
        commands.entity(e).despawn();
    }
    spawn_all_discs(&mut commands, &shown);
}

/// Whether every stone is (or is going) where the rules (or the editor) say.
fn stones_match_rules(shown: &ShownBoard, discs: &Query<(Entity, &Disc)>) -> bool {
    let mut on_screen: Vec<(DiscPlace, Player)> =
        discs.iter().map(|(_, d)| (d.place, d.colour)).collect();
    let mut wanted = shown.places();
    on_screen.sort_unstable();
    wanted.sort_unstable();
    on_screen == wanted
}

/// When nothing moves, the stones must be exactly where the rules say; if they are not (which
/// would be a bug), they are rebuilt from the rules, and the mismatch is logged.
fn reconcile_discs_at_rest(
    mut commands: Commands,
    shown: ShownBoard,
    discs: Query<(Entity, &Disc)>,
    motion: Res<BoardMotion>,
    mut was_moving: Local<bool>,
) {
    if motion.moving {
        *was_moving = true;
        return;
    }
    if !shown.is_changed() && !std::mem::take(&mut *was_moving) {
        return;
    }
    if !stones_match_rules(&shown, &discs) {
        if shown.editor.is_none() {
            warn!("the stones on screen differ from the rules state; rebuilding them");
        }
        for (e, _) in &discs {
            commands.entity(e).despawn();
        }
        spawn_all_discs(&mut commands, &shown);
    }
}

fn hover_stack(over: On<Pointer<Over>>, discs: Query<&Disc>, mut hovered: ResMut<HoveredStack>) {
    if let Some((cell, _)) = discs.get(over.entity).ok().and_then(|d| d.place.on_board()) {
        hovered.0 = Some(cell);
    }
}

fn leave_stack(_out: On<Pointer<Out>>, mut hovered: ResMut<HoveredStack>) {
    hovered.0 = None;
}

/// How the panel describes a stack: its height and its stones from the bottom up.
#[must_use]
pub fn describe_stack(tr: &crate::game::core::i18n::Tr, cell: Cell, stack: Stack) -> String {
    if stack.is_empty() {
        return tr.tf("stack.empty", &[("cell", &cell)]);
    }
    let stones: Vec<&str> = stack
        .stones()
        .map(|p| {
            tr.t(match p {
                crate::rules::Player::Black => "stack.black",
                crate::rules::Player::White => "stack.white",
            })
        })
        .collect();
    tr.tn(
        "stack",
        stack.len(),
        &[("cell", &cell), ("stones", &stones.join(", "))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_are_described_bottom_to_top() {
        let c: Cell = "c3".parse().unwrap();
        let s = Stack::parse_token("wb2").unwrap();
        let tr = crate::game::core::i18n::Tr::default();
        assert_eq!(
            describe_stack(&tr, c, s),
            "c3: 3 stones, bottom to top: white, black, black"
        );
        assert_eq!(
            describe_stack(&tr, c, Stack::parse_token("b").unwrap()),
            "c3: 1 stone, bottom to top: black"
        );
        assert_eq!(describe_stack(&tr, c, Stack::EMPTY), "c3: empty");
    }
}
