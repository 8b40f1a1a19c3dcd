//! The accessibility tree a screen reader is given (the `a11y` feature hands it to AT-SPI), read
//! in the test's own process with AccessKit's consumer, as the Linux adapter reads it: every
//! control with a role and a name on the title, in the Settings window and in a game; the board
//! as a grid of cells named by their stacks; and a move announced through the live log.

use accesskit_consumer::{Node, Tree, TreeChangeHandler};
use bevy::prelude::*;
use bevy_egui::egui::accesskit::{Action, Live, Role};
use bevy_egui::{EguiContext, EguiOutput, PrimaryEguiContext};
use stackyard::app::{AppOptions, RunMode};
use stackyard::game::core::screen::Screen;
use stackyard::game::core::session::BoardClick;
use stackyard::game::screens::keyboard_bar::MoveField;
use stackyard::game::screens::view_settings::SettingsWindow;

use crate::common::headless::{WholeApp, position};

/// Splay: White to move, and its four-stone stack on e5 must splay.
const SPLAY: &str = "splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0";

/// The whole app without a window on `screen` of the Splay position above, with egui building
/// its accessibility tree as it does once a screen reader's adapter asks for one.
fn app_on(name: &str, screen: Screen, settings_open: bool) -> WholeApp {
    let mut options = AppOptions {
        run: RunMode::Headless,
        ..AppOptions::default()
    };
    options.opens.position = position(SPLAY);
    options.opens.screen = screen;
    options.opens.settings_open = settings_open;
    let mut app = WholeApp::new(&format!("screen-reader-{name}"), options);
    app.update();
    let mut contexts = app
        .world_mut()
        .query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
    contexts
        .single_mut(app.world_mut())
        .unwrap()
        .get_mut()
        .enable_accesskit();
    app
}

/// [`app_on`] and what a screen reader holds of it after three frames.
fn read(name: &str, screen: Screen, settings_open: bool) -> (WholeApp, Reader) {
    let mut app = app_on(name, screen, settings_open);
    let mut reader = Reader::default();
    reader.frames(&mut app, 3);
    (app, reader)
}

/// What a screen reader holds: the tree, and what the live regions said as it changed.
#[derive(Default)]
struct Reader {
    tree: Option<Tree>,
    said: Vec<String>,
}

/// A node's name as AT-SPI gives it: a label's text is its value.
fn name(node: &Node) -> String {
    let name = if node.label_comes_from_value() {
        node.value()
    } else {
        node.label()
    };
    name.unwrap_or_default()
}

/// Collects what a live region says, as the adapter announces it: a node added to one, or its
/// name changed.
struct Said<'a>(&'a mut Vec<String>);

impl TreeChangeHandler for Said<'_> {
    fn node_added(&mut self, node: &Node) {
        if node.live() != Live::Off && !name(node).is_empty() {
            self.0.push(name(node));
        }
    }
    fn node_updated(&mut self, old: &Node, new: &Node) {
        if new.live() != Live::Off && name(old) != name(new) {
            self.0.push(name(new));
        }
    }
    fn focus_moved(&mut self, _: Option<&Node>, _: Option<&Node>) {}
    fn node_removed(&mut self, _: &Node) {}
}

impl Reader {
    /// Runs a frame and takes egui's tree update of it.
    fn frame(&mut self, app: &mut App) {
        app.update();
        let update = app
            .world_mut()
            .query_filtered::<&EguiOutput, With<PrimaryEguiContext>>()
            .single(app.world())
            .unwrap()
            .platform_output
            .accesskit_update
            .clone()
            .expect("egui builds a tree once asked to");
        match &mut self.tree {
            None => self.tree = Some(Tree::new(update, true)),
            Some(tree) => tree.update_and_process_changes(update, &mut Said(&mut self.said)),
        }
    }

    fn frames(&mut self, app: &mut App, n: usize) {
        for _ in 0..n {
            self.frame(app);
        }
    }

    /// Every node of the tree, depth first, with its role and name.
    fn nodes(&self) -> Vec<(Role, String, Vec<usize>)> {
        fn walk(node: Node, into: &mut Vec<(Role, String, Vec<usize>)>) {
            let place = [node.data().row_index(), node.data().column_index()];
            into.push((
                node.role(),
                name(&node),
                place.into_iter().flatten().collect(),
            ));
            for child in node.children() {
                walk(child, into);
            }
        }
        let mut nodes = Vec::new();
        walk(self.tree.as_ref().unwrap().state().root(), &mut nodes);
        nodes
    }

    /// The controls (what takes the keyboard's focus or a click): role and name.
    fn controls(&self) -> Vec<(Role, String)> {
        fn walk(node: Node, into: &mut Vec<(Role, String)>) {
            if node.is_hidden() {
                return;
            }
            let data = node.data();
            if data.supports_action(Action::Focus) || data.supports_action(Action::Click) {
                into.push((node.role(), name(&node)));
            }
            for child in node.children() {
                walk(child, into);
            }
        }
        let mut controls = Vec::new();
        walk(self.tree.as_ref().unwrap().state().root(), &mut controls);
        controls
    }

    /// The grid's cells under the grid named `board`: each cell's name, row by row from the top.
    fn grid(&self, board: &str) -> Vec<Vec<String>> {
        let state = self.tree.as_ref().unwrap().state();
        let mut stack = vec![state.root()];
        while let Some(node) = stack.pop() {
            if node.role() == Role::Grid && name(&node) == board {
                return node
                    .children()
                    .filter(|row| row.role() == Role::Row)
                    .map(|row| {
                        let cells = row.children().filter(|c| c.role() == Role::GridCell);
                        cells.map(|c| name(&c)).collect()
                    })
                    .collect();
            }
            stack.extend(node.children());
        }
        panic!("no grid named {board:?} in {:#?}", self.nodes());
    }
}

/// Every control has a role and a name, and the ones a player looks for are there by name.
fn assert_named(reader: &Reader, expected: &[(Role, &str)]) {
    let controls = reader.controls();
    let unnamed: Vec<_> = controls
        .iter()
        .filter(|(role, name)| *role == Role::Unknown || name.trim().is_empty())
        .collect();
    assert!(unnamed.is_empty(), "unnamed: {unnamed:?} of {controls:#?}");
    for (role, label) in expected {
        assert!(
            controls.iter().any(|(r, n)| r == role && n == label),
            "no {role:?} {label:?} in {controls:#?}"
        );
    }
}

#[test]
fn every_control_on_the_title_in_the_settings_and_in_a_game_has_a_role_and_a_name() {
    let (_title, reader) = read("title", Screen::Title, false);
    assert_named(
        &reader,
        &[
            (Role::Button, "Start"),
            (Role::Button, "Choose"),
            (Role::Button, "Settings"),
        ],
    );
    let (_settings, reader) = read("settings", Screen::Title, true);
    assert_named(&reader, &[(Role::CheckBox, "Speak moves")]);
    let (mut game, mut reader) = read("game", Screen::Game, false);
    // With the keyboard bar shown (as once the cursor moved), its move field is named too.
    game.world_mut().resource_mut::<MoveField>().shown = true;
    reader.frames(&mut game, 3);
    assert_named(
        &reader,
        &[
            (Role::Button, "Menu"),
            (Role::Button, "New game"),
            (Role::TextInput, "Move"),
        ],
    );
    // And they stay named once the Settings window opens over the game.
    game.world_mut()
        .resource_mut::<NextState<SettingsWindow>>()
        .set(SettingsWindow::Open);
    reader.frames(&mut game, 3);
    assert_named(&reader, &[(Role::CheckBox, "Speak moves")]);
}

#[test]
fn the_board_is_a_grid_of_cells_named_by_their_stacks() {
    let (_app, reader) = read("grid", Screen::Game, false);
    let grid = reader.grid("Splay board, 8 by 8");
    assert_eq!(grid.len(), 8, "{grid:?}");
    assert!(grid.iter().all(|row| row.len() == 8), "{grid:?}");
    // The top row is rank 8, a cell's name is what K reads.
    assert_eq!(grid[0][0], "a8: empty");
    assert_eq!(grid[4][4], "e4: empty");
    assert_eq!(
        grid[3][4],
        "e5: 4 stones, White on top; from the bottom: 4 white"
    );
    assert_eq!(
        grid[6][1],
        "b2: 3 stones, Black on top; from the bottom: 1 white, 2 black"
    );
    let rows: Vec<_> = reader
        .nodes()
        .into_iter()
        .filter(|(role, ..)| *role == Role::Row)
        .map(|(_, name, place)| (name, place))
        .collect();
    assert_eq!(rows[0], ("Rank 8".to_owned(), vec![0]));
    assert_eq!(rows[7], ("Rank 1".to_owned(), vec![7]));
}

#[test]
fn a_move_is_announced_through_the_live_log_and_the_cells_follow_it() {
    let (mut app, mut reader) = read("live", Screen::Game, false);
    assert!(
        reader.said.is_empty(),
        "nothing said before a move: {:?}",
        reader.said
    );
    for click in [
        BoardClick::Stack("e5".parse().unwrap()),
        BoardClick::Cell("a5".parse().unwrap()),
    ] {
        app.world_mut().write_message(click);
        reader.frames(&mut app, 3);
    }
    assert_eq!(
        reader.said.last().map(String::as_str),
        Some("White: e5 splays west. Black to move"),
        "{:?}",
        reader.said
    );
    let log = reader
        .nodes()
        .into_iter()
        .find(|(role, name, _)| *role == Role::Log && name == "Announcements");
    assert!(
        log.is_some(),
        "a log named Announcements: {:#?}",
        reader.nodes()
    );
    let grid = reader.grid("Splay board, 8 by 8");
    assert_eq!(grid[3][4], "e5: empty");
    assert_eq!(grid[3][0], "a5: 1 stone, White");
}
