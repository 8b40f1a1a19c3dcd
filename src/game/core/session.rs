//! The match being played: the rules state (the single source of truth for the board), and
//! board clicks turned into rules actions.

use bevy::prelude::*;

use crate::rules::{
    Action, ActionList, AnyGame, AnyOptions, Cell, Game, History, Outcome, Place, Player, Reason,
    Travel, Turn, TurnActions,
};

use crate::files::tree::{GameTree, ROOT};
use crate::game::core::view::BoardView;

/// The game in progress. The ECS board is synced from this, never the other way.
#[derive(Resource, Debug, Clone)]
pub struct Session {
    initial: AnyGame,
    turn: Turn<AnyGame>,
    /// Cells whose stones were captured by the last whole move (shown until the next move).
    taken: Vec<Cell>,
    /// Cells captured so far by the turn in progress.
    taking: Vec<Cell>,
    /// The tree's nodes of the whole moves taken back, the last taken back last (what redo
    /// plays again; they stay in the tree).
    redo: Vec<usize>,
    /// An earlier position being looked at: the number of moves played to reach it.
    viewing: Option<(usize, AnyGame)>,
    /// The player who resigned, if one did.
    resigned: Option<Player>,
    /// Every position reached between turns: a third occurrence draws the game.
    history: History,
    /// Every move played, with the variations: the line played is the path to `node`.
    tree: GameTree,
    /// The tree's node of the position the turn in progress started from.
    node: usize,
}

/// A click on the board, from picking observers (or a test).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardClick {
    /// An empty cell or a marker on it.
    Cell(Cell),
    /// A stone of the stack on this cell.
    Stack(Cell),
    /// A lit marker that stands for this decision.
    Choose(Action),
}

/// A request from the panel: the whole-turn decisions a button takes.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionRequest {
    /// Play `pass` (offered only when it is the only decision).
    Pass,
    /// Take back the decisions of the unfinished turn.
    CancelSelection,
    /// Take back the last decision of the unfinished turn (a step, the chosen stack).
    UndoStep,
    /// Start again from the first position.
    NewGame,
    /// Start a new game of another kind, or with other options.
    Start(AnyOptions),
    /// Take back the last whole move (against the computer: back to the person's last turn).
    UndoMove,
    /// Play again the last move taken back.
    RedoMove,
    /// Look at the position after this many moves.
    View(usize),
    /// Back to the live game.
    Live,
    /// The player to move gives up.
    Resign,
    /// Look at the position after this node of the move tree, in the line through it.
    GoTo(usize),
    /// Make the line through this node the main line.
    Promote(usize),
    /// Delete this node and every move after it.
    Delete(usize),
    /// Take this decision (the computer's choice), if it is legal.
    Play(Action),
}

/// A decision was taken: what moved, for the animation.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct ActionPlayed {
    /// The decision.
    pub action: Action,
    /// The stones it moved, in stages.
    pub travels: Vec<Travel>,
    /// Who took it.
    pub by: crate::rules::Player,
    /// It completed the turn.
    pub ends_turn: bool,
}

/// An earlier position is looked at, or the live one again: the stones that differ go to where
/// that position has them; the game itself (and the computer's kept tree) is unchanged.
#[derive(Message, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PositionViewed;

/// Decisions of the turn in progress were taken back (a deselect, a reselect, an undo step):
/// the turn now holds its first `left` decisions. The board is not rebuilt: only stones that
/// moved in the decisions taken back go back.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DecisionsTakenBack {
    /// The decisions the turn still holds.
    pub left: usize,
}

/// The board must be rebuilt from the rules state (a new game, a loaded position).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct BoardReset;

impl Session {
    /// A session starting from `position` (at a turn boundary).
    #[must_use]
    pub fn new(position: AnyGame) -> Session {
        Session {
            turn: Turn::new(position.clone()),
            history: History::new(&position),
            initial: position,
            taken: Vec::new(),
            taking: Vec::new(),
            redo: Vec::new(),
            viewing: None,
            resigned: None,
            tree: GameTree::new(),
            node: ROOT,
        }
    }

    /// A session of a game with its moves and variations, at the end of its main line.
    #[must_use]
    pub fn of_tree(start: AnyGame, tree: GameTree) -> Session {
        let end = tree.line_end(ROOT);
        Session::of_tree_at(start, tree, end)
    }

    /// A session of a game with its moves and variations, played on from node `live` (the
    /// line from the start to it is the line played).
    #[must_use]
    pub fn of_tree_at(start: AnyGame, tree: GameTree, live: usize) -> Session {
        let mut session = Session::new(start);
        let live = if live < tree.len() { live } else { ROOT };
        session.tree = tree;
        session.rebuild_along(live);
        session
    }

    /// The moves played and their variations.
    #[must_use]
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The tree's node of the live turn's start (the end of the line played).
    #[must_use]
    pub fn live_node(&self) -> usize {
        self.node
    }

    /// The tree's node of the position shown: the one looked at, else the live turn's start.
    #[must_use]
    pub fn shown_node(&self) -> usize {
        match self.viewing {
            Some((n, _)) => self.line_node(n),
            None => self.node,
        }
    }

    /// The node after the first `n` moves of the line played.
    fn line_node(&self, n: usize) -> usize {
        let path = self.tree.path_to(self.node);
        n.checked_sub(1)
            .and_then(|i| path.get(i).copied())
            .unwrap_or(ROOT)
    }

    /// Plays the line from the start to `end` again, keeping the tree (the turn in progress,
    /// the view, a resignation and the moves to redo are dropped).
    fn rebuild_along(&mut self, end: usize) {
        let tree = std::mem::take(&mut self.tree);
        *self = Session::new(self.initial.clone());
        self.tree = tree;
        for k in self.tree.path_to(end) {
            let actions = self.tree.node(k).actions.clone();
            for a in actions {
                self.play_inner(a);
            }
        }
    }

    /// Makes the position looked at the live one, to play on from it: the moves after it stay
    /// in the tree (a move played now starts a variation). Nothing changes when no earlier
    /// position is looked at.
    pub fn play_from_view(&mut self) -> bool {
        let Some((n, _)) = self.viewing else {
            return false;
        };
        let at = self.line_node(n);
        self.rebuild_along(at);
        true
    }

    /// Looks at node `n` of the tree: the line through it becomes the line played, shown at `n`.
    pub fn go_to(&mut self, n: usize) {
        self.rebuild_along(self.tree.line_end(n));
        let depth = self.tree.node(n).depth;
        if depth < self.move_count() {
            self.view(depth);
        }
    }

    /// Makes the line through node `n` the main line.
    pub fn promote(&mut self, n: usize) {
        self.tree.promote(n);
    }

    /// Deletes node `n` and every move after it (not the start); the line played goes back to
    /// the move before `n` when it ran through `n`.
    pub fn delete(&mut self, n: usize) {
        if n == ROOT || n >= self.tree.len() {
            return;
        }
        let parent = self.tree.node(n).parent;
        let renumbered = self.tree.delete(n);
        let live = renumbered[self.node].or(renumbered[parent]).unwrap_or(ROOT);
        self.rebuild_along(live);
    }

    /// Continues a turn already begun from this session's position (for `--partial`); a whole
    /// move is played, so the board shows the position after it with its captures marked.
    pub fn resume_turn(&mut self, turn: Turn<AnyGame>) {
        if turn.start() != self.turn.start() {
            return;
        }
        if turn.is_complete() {
            for &a in turn.actions() {
                self.play(a);
            }
        } else {
            self.turn = turn;
        }
    }

    /// The cells named by the last whole move's decisions (origin, steps, landings…), once
    /// each, in order; none while an earlier position is looked at.
    #[must_use]
    pub fn last_move_cells(&self) -> Vec<Cell> {
        let mut cells = Vec::new();
        if self.viewing.is_some() {
            return cells;
        }
        for a in &self.tree.node(self.node).actions {
            if let Action::Cell(c) = a
                && !cells.contains(c)
            {
                cells.push(*c);
            }
        }
        cells
    }

    /// The position the game started from.
    #[must_use]
    pub fn initial(&self) -> &AnyGame {
        &self.initial
    }

    /// Cells whose stones the last whole move captured.
    #[must_use]
    pub fn taken(&self) -> &[Cell] {
        if self.viewing.is_some() {
            return &[];
        }
        &self.taken
    }

    /// The position shown: the state now, with the decisions of the unfinished turn, or the
    /// earlier position being looked at.
    #[must_use]
    pub fn position(&self) -> &AnyGame {
        self.viewing.as_ref().map_or(self.turn.now(), |(_, g)| g)
    }

    /// The number of moves played to reach the earlier position being looked at, if any.
    #[must_use]
    pub fn viewing(&self) -> Option<usize> {
        self.viewing.as_ref().map(|(n, _)| *n)
    }

    /// The move that led to the position shown (the one looked at, else the live one), in
    /// notation; none at the start.
    #[must_use]
    pub fn shown_last_move(&self) -> Option<&str> {
        let shown = self.shown_node();
        (shown != ROOT).then(|| self.tree.node(shown).notation.as_str())
    }

    /// Looks at the position after the first `n` moves (the live game when `n` is all of them).
    pub fn view(&mut self, n: usize) {
        if n >= self.move_count() {
            self.viewing = None;
            return;
        }
        let mut g = self.initial.clone();
        for k in self.tree.path_to(self.node).into_iter().take(n) {
            for &a in &self.tree.node(k).actions {
                g.play(a);
            }
        }
        self.viewing = Some((n, g));
    }

    /// Back to the live game.
    pub fn live(&mut self) {
        self.viewing = None;
    }

    /// Whether a whole move can be taken back, or played again.
    #[must_use]
    pub fn can_undo_move(&self) -> bool {
        self.node != ROOT
    }

    /// Whether a move taken back can be played again.
    #[must_use]
    pub fn can_redo_move(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last whole move (and the unfinished turn's decisions).
    pub fn undo_move(&mut self) -> bool {
        self.cancel_selection();
        if self.node == ROOT {
            return false;
        }
        let mut redo = std::mem::take(&mut self.redo);
        redo.push(self.node);
        let parent = self.tree.node(self.node).parent;
        self.rebuild_along(parent);
        self.redo = redo;
        true
    }

    /// Plays again the last whole move taken back.
    pub fn redo_move(&mut self) -> bool {
        self.cancel_selection();
        let Some(k) = self.redo.pop() else {
            return false;
        };
        for a in self.tree.node(k).actions.clone() {
            self.play_inner(a);
        }
        true
    }

    /// The player to move gives the game up.
    pub fn resign(&mut self) {
        if self.outcome().is_none() {
            self.viewing = None;
            self.resigned = Some(self.turn.now().to_move());
        }
    }

    /// The unfinished turn.
    #[must_use]
    pub fn turn(&self) -> &Turn<AnyGame> {
        &self.turn
    }

    /// The whole moves played so far, in notation (the line from the start to the live turn,
    /// read from the tree).
    #[must_use]
    pub fn moves(&self) -> Vec<String> {
        self.tree
            .path_to(self.node)
            .into_iter()
            .map(|k| self.tree.node(k).notation.clone())
            .collect()
    }

    /// How many whole moves were played to reach the live turn.
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.tree.node(self.node).depth
    }

    /// The positions the game has reached between turns (what a search needs to see a
    /// repetition or the no-progress draw coming).
    #[must_use]
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The legal decisions now (none while an earlier position is looked at, after a
    /// resignation, or once the history has drawn the game: a third occurrence of a position
    /// or the no-progress draw).
    #[must_use]
    pub fn legal_actions(&self) -> ActionList {
        if self.viewing.is_some() || self.resigned.is_some() || self.history.is_drawn() {
            return ActionList::new();
        }
        self.turn.legal_actions()
    }

    /// The result of the live game, once it is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(p) = self.resigned {
            return Some(Outcome::Win(!p, Reason::Resignation));
        }
        self.history.outcome(self.turn.now())
    }

    /// Takes a decision if it is legal; finishes the turn when it is complete.
    /// Returns what moved, or `None` (and nothing changes) for an illegal decision, while an
    /// earlier position is looked at, after a resignation or a draw by the history. Moves taken
    /// back are forgotten.
    pub fn play(&mut self, action: Action) -> Option<ActionPlayed> {
        if self.viewing.is_some() || self.resigned.is_some() || self.history.is_drawn() {
            return None;
        }
        let played = self.play_inner(action)?;
        self.redo.clear();
        Some(played)
    }

    fn play_inner(&mut self, action: Action) -> Option<ActionPlayed> {
        let travels = self.turn.now().travels(action);
        let by = self.turn.now().to_move();
        self.turn.play(action).ok()?;
        if self.turn.actions().len() == 1 {
            self.taken.clear();
            self.taking.clear();
        }
        for t in &travels {
            if let (Place::Board { cell, .. }, Place::Captured(_) | Place::Supply(_)) =
                (t.from, t.to)
                && !self.taking.contains(&cell)
            {
                self.taking.push(cell);
            }
        }
        let ends_turn = self.turn.is_complete();
        if ends_turn {
            let notation = self.turn.notation();
            let actions: TurnActions = self.turn.actions().iter().copied().collect();
            self.node = self.tree.play(self.node, actions, notation);
            self.turn = Turn::new(self.turn.now().clone());
            self.history.push(self.turn.start());
            self.taken = std::mem::take(&mut self.taking);
        }
        Some(ActionPlayed {
            action,
            travels,
            by,
            ends_turn,
        })
    }

    /// Takes back the last decision of the unfinished turn, if any.
    pub fn undo_step(&mut self) -> bool {
        self.turn.undo().is_some()
    }

    /// Takes back all the decisions of the unfinished turn.
    pub fn cancel_selection(&mut self) -> bool {
        let mut any = false;
        while self.turn.undo().is_some() {
            any = true;
        }
        any
    }

    /// Starts the game again from its first position.
    pub fn restart(&mut self) {
        *self = Session::new(self.initial.clone());
    }

    /// The decision a click on `cell` stands for now, if any: a target of the chosen stack,
    /// or a stack to choose (switching from the one chosen).
    #[must_use]
    pub fn decision_for(&self, click: BoardClick) -> ClickDecision {
        let legal = self.legal_actions();
        let cell = match click {
            BoardClick::Cell(c) | BoardClick::Stack(c) => c,
            BoardClick::Choose(a) if legal.contains(&a) => return ClickDecision::Play(a),
            BoardClick::Choose(a) => match self.turn.now().action_cell(a) {
                Some(c) => c,
                None => return ClickDecision::Nothing,
            },
        };
        let now = self.turn.now();
        if let Some(&a) = legal.iter().find(|&&a| now.action_cell(a) == Some(cell)) {
            return ClickDecision::Play(a);
        }
        // Only a bare choice of stack is switched by clicking: steps already taken are undone
        // one at a time, on purpose.
        if self.turn.actions().len() == 1 {
            if now.selected() == Some(cell) {
                return ClickDecision::Deselect;
            }
            let mut first = ActionList::new();
            self.turn.start().legal_actions(&mut first);
            if first.contains(&Action::Cell(cell)) {
                return ClickDecision::Reselect(Action::Cell(cell));
            }
        }
        ClickDecision::Nothing
    }
}

/// What a click does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClickDecision {
    /// Take this decision.
    Play(Action),
    /// Drop the chosen stack and choose this one instead.
    Reselect(Action),
    /// Drop the chosen stack.
    Deselect,
    /// Ignore the click (it is not legal).
    Nothing,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<BoardClick>()
        .add_message::<SessionRequest>()
        .add_message::<ActionPlayed>()
        .add_message::<BoardReset>()
        .add_message::<DecisionsTakenBack>()
        .add_message::<PositionViewed>()
        .add_systems(
            Update,
            (
                apply_board_clicks.run_if(crate::game::core::screen::people_play),
                apply_session_requests,
            )
                .chain()
                .in_set(crate::game::core::GameSystems::Rules),
        );
}

/// Turns board clicks into rules actions; illegal clicks change nothing.
fn apply_board_clicks(
    mut clicks: MessageReader<BoardClick>,
    mut session: ResMut<Session>,
    mut played: MessageWriter<ActionPlayed>,
    mut taken_back: MessageWriter<DecisionsTakenBack>,
    mut viewed: MessageWriter<PositionViewed>,
    seats: Option<Res<crate::game::core::seats::Seats>>,
) {
    for &click in clicks.read() {
        // The computer's pieces are not for the people at the table to move.
        let mover = session.position().to_move();
        if seats
            .as_ref()
            .is_some_and(|s| s.of(mover) != crate::game::core::seats::Seat::Human)
        {
            continue;
        }
        // A click that is a decision in an earlier position plays on from it: a move made
        // there starts a variation, and the moves after it are kept. Any other click there
        // changes nothing.
        if session.viewing().is_some() {
            let mut from_view = session.clone();
            from_view.play_from_view();
            if from_view.decision_for(click) == ClickDecision::Nothing {
                continue;
            }
            *session = from_view;
            viewed.write(PositionViewed);
        }
        match session.decision_for(click) {
            ClickDecision::Play(a) => {
                if let Some(p) = session.play(a) {
                    played.write(p);
                }
                // A decision with one choice that is not a cell (a capture that can only stop,
                // a drop that must put down every stone) is taken for the person.
                while let [only @ (Action::Stop | Action::Count(_))] =
                    session.legal_actions().as_slice()
                    && let Some(p) = session.play(*only)
                {
                    played.write(p);
                }
            }
            ClickDecision::Reselect(a) => {
                session.cancel_selection();
                taken_back.write(DecisionsTakenBack { left: 0 });
                if let Some(p) = session.play(a) {
                    played.write(p);
                }
            }
            ClickDecision::Deselect => {
                session.cancel_selection();
                taken_back.write(DecisionsTakenBack { left: 0 });
            }
            ClickDecision::Nothing => {}
        }
    }
}

pub(crate) fn apply_session_requests(
    mut requests: MessageReader<SessionRequest>,
    mut session: ResMut<Session>,
    mut played: MessageWriter<ActionPlayed>,
    mut reset: MessageWriter<BoardReset>,
    mut taken_back: MessageWriter<DecisionsTakenBack>,
    mut viewed: MessageWriter<PositionViewed>,
    seats: Option<Res<crate::game::core::seats::Seats>>,
) {
    let computer_to_move = |session: &Session| {
        seats.as_ref().is_some_and(|s| {
            s.of(session.position().to_move()) != crate::game::core::seats::Seat::Human
        })
    };
    for request in requests.read() {
        match apply_request(&mut session, *request, computer_to_move) {
            Change::Played(p) => {
                played.write(p);
            }
            Change::TakenBack(left) => {
                taken_back.write(DecisionsTakenBack { left });
            }
            Change::Reset => {
                reset.write(BoardReset);
            }
            Change::Viewed => {
                viewed.write(PositionViewed);
            }
            Change::Nothing => {}
        }
    }
}

/// What a request changed, for the board and the computer to follow.
enum Change {
    Played(ActionPlayed),
    TakenBack(usize),
    Reset,
    Viewed,
    Nothing,
}

/// Applies a panel's request to the session. Taking back decisions is for the people at the
/// table, on their own turn (the computer's turn in progress is its own); undoing a move
/// against the computer goes back to the person's last turn.
fn apply_request(
    session: &mut Session,
    request: SessionRequest,
    computer_to_move: impl Fn(&Session) -> bool,
) -> Change {
    let changed = |yes: bool, change: Change| if yes { change } else { Change::Nothing };
    match request {
        SessionRequest::UndoStep | SessionRequest::CancelSelection if computer_to_move(session) => {
            Change::Nothing
        }
        SessionRequest::Pass if session.legal_actions().as_slice() == [Action::Pass] => session
            .play(Action::Pass)
            .map_or(Change::Nothing, Change::Played),
        SessionRequest::Pass => Change::Nothing,
        SessionRequest::CancelSelection => {
            changed(session.cancel_selection(), Change::TakenBack(0))
        }
        SessionRequest::UndoStep => {
            let undone = session.undo_step();
            changed(undone, Change::TakenBack(session.turn().actions().len()))
        }
        SessionRequest::NewGame => {
            session.restart();
            Change::Reset
        }
        SessionRequest::Start(options) => {
            *session = Session::new(AnyGame::start(options));
            Change::Reset
        }
        SessionRequest::UndoMove => {
            let mut any = session.undo_move();
            while any && session.can_undo_move() && computer_to_move(session) {
                any = session.undo_move();
            }
            changed(any, Change::Reset)
        }
        SessionRequest::RedoMove => changed(session.redo_move(), Change::Reset),
        SessionRequest::View(n) => {
            session.view(n);
            Change::Viewed
        }
        SessionRequest::Live => {
            session.live();
            Change::Viewed
        }
        SessionRequest::Resign => {
            session.resign();
            Change::Nothing
        }
        SessionRequest::GoTo(n) => {
            session.go_to(n);
            Change::Reset
        }
        SessionRequest::Promote(n) => {
            session.promote(n);
            Change::Nothing
        }
        SessionRequest::Delete(n) => {
            session.delete(n);
            Change::Reset
        }
        SessionRequest::Play(a) => session.play(a).map_or(Change::Nothing, Change::Played),
    }
}

impl Session {
    /// A link that carries the game, its moves and variations, at the move play goes on from,
    /// starting with `base` (no seats: whoever opens it chooses theirs).
    #[must_use]
    pub fn link(&self, base: &str) -> String {
        let file = crate::files::save::SaveFile::of_tree_left_at(
            self.initial(),
            self.tree(),
            self.live_node(),
            crate::files::save::SavedSeats::default(),
        );
        crate::files::share_link::link_to(base, &file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::files::save::{SaveFile, SavedSeats};
    use crate::rules::{GameId, play_move};

    fn play_text(session: &mut Session, text: &str) {
        let (_, actions) = play_move(session.position(), text).unwrap();
        for a in actions {
            assert!(session.play(a).is_some(), "{text}");
        }
    }

    fn splay_with(moves: &[&str]) -> Session {
        let mut session = Session::new(AnyGame::start_with(GameId::Splay, []).unwrap());
        for m in moves {
            play_text(&mut session, m);
        }
        session
    }

    #[test]
    fn a_move_from_an_earlier_position_starts_a_variation_and_keeps_the_later_moves() {
        let mut session = splay_with(&["c3-c4", "c6-c5", "d3-d4"]);
        let main = session.tree().main_line();
        session.view(1);
        assert!(session.play_from_view());
        play_text(&mut session, "f6-f5");
        assert_eq!(session.moves(), ["c3-c4", "f6-f5"]);
        assert_eq!(
            session.tree().main_line(),
            main,
            "the old line is kept as the main line"
        );
        assert_eq!(session.tree().variation_starts(), vec![session.live_node()]);
        // Back to the main line's last move, and the variation made the main line.
        session.go_to(main[2]);
        assert_eq!(session.moves(), ["c3-c4", "c6-c5", "d3-d4"]);
        let side = session.tree().variation_starts()[0];
        apply_request(&mut session, SessionRequest::Promote(side), |_| false);
        assert_eq!(session.tree().main_line(), vec![main[0], side]);
        apply_request(&mut session, SessionRequest::Delete(main[1]), |_| false);
        assert_eq!(session.tree().len(), 3);
        assert_eq!(
            session.moves(),
            ["c3-c4"],
            "the line played went back to before the deleted move"
        );
    }

    #[test]
    fn the_last_move_is_the_shown_positions() {
        let mut session = splay_with(&["c3-c4", "c6-c5", "d3-d4"]);
        assert_eq!(session.shown_last_move(), Some("d3-d4"));
        session.view(2);
        assert_eq!(session.shown_last_move(), Some("c6-c5"));
        assert_eq!(session.position().ply(), 2);
        session.view(0);
        assert_eq!(session.shown_last_move(), None);
        session.live();
        assert_eq!(session.shown_last_move(), Some("d3-d4"));
    }

    #[test]
    fn undo_and_redo_walk_the_line_and_keep_the_tree() {
        let mut session = splay_with(&["c3-c4", "c6-c5"]);
        assert!(session.undo_move());
        assert_eq!(session.moves(), ["c3-c4"]);
        assert_eq!(session.tree().len(), 3, "an undone move stays in the tree");
        assert!(session.redo_move());
        assert_eq!(session.moves(), ["c3-c4", "c6-c5"]);
        assert_eq!(session.tree().len(), 3, "redoing finds the same move");
        session.undo_move();
        play_text(&mut session, "f6-f5");
        assert_eq!(session.tree().variation_starts().len(), 1);
        assert!(!session.can_redo_move());
    }

    #[test]
    fn variations_survive_a_save_and_a_load() {
        let mut session = splay_with(&["c3-c4", "c6-c5", "d3-d4"]);
        session.view(2);
        session.play_from_view();
        play_text(&mut session, "b2-b1");
        let file = SaveFile::of_tree(session.initial(), session.tree(), SavedSeats::default());
        let loaded = SaveFile::from_ron(&file.to_ron())
            .unwrap()
            .replay()
            .unwrap();
        let back = crate::game::core::saving::session_of(&loaded);
        assert_eq!(back.tree(), session.tree());
        assert_eq!(
            back.moves(),
            ["c3-c4", "c6-c5", "d3-d4"],
            "a load opens at the main line's end"
        );
    }

    /// The autosave of a game left in a variation, or part way along a line, continues there.
    #[test]
    fn a_game_left_in_a_variation_continues_there() {
        let mut session = splay_with(&["c3-c4", "c6-c5", "d3-d4"]);
        session.view(2);
        session.play_from_view();
        play_text(&mut session, "b2-b1");
        let reloaded = |session: &Session| {
            let file = SaveFile::of_tree_left_at(
                session.initial(),
                session.tree(),
                session.live_node(),
                SavedSeats::default(),
            );
            let text = file.to_ron();
            let loaded = SaveFile::from_ron(&text).unwrap().replay().unwrap();
            (crate::game::core::saving::session_of(&loaded), text)
        };
        let (back, text) = reloaded(&session);
        assert!(text.contains("left_at"), "{text}");
        assert_eq!(back.tree(), session.tree());
        assert_eq!(back.moves(), ["c3-c4", "c6-c5", "b2-b1"]);
        assert_eq!(back.position(), session.position());
        session.view(1);
        session.play_from_view();
        let (back, _) = reloaded(&session);
        assert_eq!(back.moves(), ["c3-c4"], "left part way along a line");
        let (start, tree) = (session.initial(), session.tree().clone());
        let at_end = Session::of_tree(start.clone(), tree.clone());
        let (back, text) = reloaded(&at_end);
        assert!(
            !text.contains("left_at"),
            "the main line's end is not written"
        );
        assert_eq!(back.moves(), ["c3-c4", "c6-c5", "d3-d4"]);
    }
}
