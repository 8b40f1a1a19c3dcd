//! A match's results as its games end (in any order, from several threads): each game reported
//! on the progress stream, the records kept in game order, each game written as a save file
//! with `--records`, and, with `--sprt`, the sequential test over game pairs (games `2j` and
//! `2j + 1`, one with each colour), which says when the match may stop.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;

use crate::ai::arena::GameRecord;
use crate::ai::sprt::{Decision, Sprt};
use crate::files::save::{SaveFile, SavedSeats};
use crate::rules::{AnyGame, Player};

/// Where each game of a match is written as a save file (`match --records DIR`): the app's
/// format, so Load replays it move by move.
pub struct Records {
    /// The folder.
    pub dir: PathBuf,
    /// The position every game starts from.
    pub start: AnyGame,
    /// Players A and B, as written on the command line.
    pub players: (String, String),
}

impl Records {
    /// A game's file name: its number, who had Black and White, and the result, as in
    /// `0003-random-vs-mcts_casual-white-won.ron`.
    #[must_use]
    pub fn file_name(&self, k: u32, record: &GameRecord) -> String {
        let safe = |name: &str| -> String {
            name.chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect()
        };
        let (a, b) = (&self.players.0, &self.players.1);
        let (black, white) = match record.a_colour {
            Player::Black => (a, b),
            Player::White => (b, a),
        };
        let result = match record.outcome.winner() {
            Some(Player::Black) => "black-won",
            Some(Player::White) => "white-won",
            None => "drawn",
        };
        format!("{k:04}-{}-vs-{}-{result}.ron", safe(black), safe(white))
    }

    /// Writes a game (atomically); what went wrong, if anything.
    fn write(&self, k: u32, record: &GameRecord) -> Result<(), String> {
        let path = self.dir.join(self.file_name(k, record));
        SaveFile::of(&self.start, &record.moves, SavedSeats::default()).store(&path)
    }
}

/// The sequential test under way.
struct SprtRun {
    test: Sprt,
    /// Half points A scored, and games ended, in each pair not yet complete.
    open: HashMap<u32, (u32, u32)>,
    /// Complete pairs by A's half points (0 to 4).
    pairs: [u32; 5],
    llr: f64,
    /// The decision and the games ended when it was reached.
    decided: Option<(Decision, usize)>,
}

/// Where the test stands at the end of a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtResult {
    /// The log-likelihood ratio of the complete pairs.
    pub llr: f64,
    /// Its bounds.
    pub bounds: (f64, f64),
    /// The decision, with the games ended when it was reached; `None`: undecided.
    pub decided: Option<(Decision, usize)>,
    /// Complete pairs.
    pub pairs: u32,
}

/// A match's results so far.
pub struct Tally {
    games: u32,
    slots: Vec<Option<GameRecord>>,
    ended: usize,
    /// Won, drawn, lost, from A's side.
    wdl: [u32; 3],
    unplayable: bool,
    sprt: Option<SprtRun>,
    records: Option<Records>,
}

impl Tally {
    /// An empty tally of a match of at most `games` games.
    #[must_use]
    pub fn new(games: u32, sprt: Option<Sprt>, records: Option<Records>) -> Tally {
        Tally {
            records,
            games,
            slots: vec![None; games as usize],
            ended: 0,
            wdl: [0; 3],
            unplayable: false,
            sprt: sprt.map(|test| SprtRun {
                test,
                open: HashMap::new(),
                pairs: [0; 5],
                llr: 0.0,
                decided: None,
            }),
        }
    }

    /// Notes game `k`'s end (`None`: it could not be played) and reports it; whether the match
    /// may stop (the test has decided).
    pub fn note(&mut self, k: u32, record: Option<GameRecord>, progress: &mut dyn Write) -> bool {
        self.ended += 1;
        let Some(r) = record else {
            self.unplayable = true;
            return true;
        };
        let outcome = match r.outcome.winner() {
            Some(p) if p == r.a_colour => 0,
            Some(_) => 2,
            None => 1,
        };
        self.wdl[outcome] += 1;
        let [w, d, l] = self.wdl;
        let _ = writeln!(
            progress,
            "game {} of {} (#{k}, A {}): A {} ({}), {} turns, at most {} in a row without a \
             capture; A {w}-{d}-{l} so far; {:.1} ms a decision, at most {:.1} ms past a time \
             budget",
            self.ended,
            self.games,
            r.a_colour,
            ["won", "drew", "lost"][outcome],
            r.outcome.reason().word(),
            r.plies,
            r.longest_quiet,
            r.ms_per_decision(),
            r.overrun.as_secs_f64() * 1000.0,
        );
        if let Some(records) = &self.records
            && let Err(e) = records.write(k, &r)
        {
            let _ = writeln!(progress, "game #{k}: its record was not written: {e}");
        }
        self.slots[k as usize] = Some(r);
        let halves = 2 - outcome as u32;
        self.note_for_the_test(k, halves, progress)
    }

    /// Notes game `k` read back from a match's journal, as [`Tally::note`] does but without
    /// writing its record (the journal keeps no moves); whether the match may stop.
    pub fn resume(&mut self, k: u32, record: GameRecord, progress: &mut dyn Write) -> bool {
        let records = self.records.take();
        let stop = self.note(k, Some(record), progress);
        self.records = records;
        stop
    }

    /// The most games the match plays.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Whether game `k` has ended.
    #[must_use]
    pub fn has_ended(&self, k: u32) -> bool {
        self.slots.get(k as usize).is_some_and(Option::is_some)
    }

    /// Adds a game's half points to its pair; a complete pair moves the test on.
    fn note_for_the_test(&mut self, k: u32, halves: u32, progress: &mut dyn Write) -> bool {
        let ended = self.ended;
        let Some(run) = self.sprt.as_mut() else {
            return false;
        };
        let pair = run.open.entry(k / 2).or_insert((0, 0));
        pair.0 += halves;
        pair.1 += 1;
        if pair.1 < 2 {
            return run.decided.is_some();
        }
        let (points, _) = run.open.remove(&(k / 2)).unwrap_or_default();
        run.pairs[points as usize] += 1;
        run.llr = run.test.llr(&run.pairs);
        let (lower, upper) = run.test.bounds();
        let _ = writeln!(
            progress,
            "pair {} (games #{} and #{}): A {} of 2; LLR {:.3} ({lower:.3}, {upper:.3})",
            k / 2,
            k / 2 * 2,
            k / 2 * 2 + 1,
            f64::from(points) / 2.0,
            run.llr,
        );
        if run.decided.is_none()
            && let Some(d) = run.test.decide(run.llr)
        {
            run.decided = Some((d, ended));
        }
        run.decided.is_some()
    }

    /// A game could not be played.
    #[must_use]
    pub fn unplayable(&self) -> bool {
        self.unplayable
    }

    /// The records of the games that ended, in game order.
    #[must_use]
    pub fn records(&self) -> Vec<GameRecord> {
        self.slots.iter().flatten().cloned().collect()
    }

    /// Where the test stands, if one runs.
    #[must_use]
    pub fn sprt(&self) -> Option<SprtResult> {
        self.sprt.as_ref().map(|run| SprtResult {
            llr: run.llr,
            bounds: run.test.bounds(),
            decided: run.decided,
            pairs: run.pairs.iter().sum(),
        })
    }
}

impl SprtResult {
    /// The verdict in words: "H1 accepted after N games", or "undecided after N games".
    #[must_use]
    pub fn verdict(&self, games: usize) -> String {
        match self.decided {
            Some((d, at)) => format!("{d} accepted after {at} games"),
            None => format!("undecided after {games} games"),
        }
    }

    /// The JSON object `match --json` adds.
    #[must_use]
    pub fn json(&self) -> String {
        let decision = self
            .decided
            .map_or_else(|| "undecided".to_owned(), |(d, _)| d.to_string());
        format!(
            "{{\"llr\":{:.4},\"lower\":{:.4},\"upper\":{:.4},\"decision\":\"{decision}\",\
             \"pairs\":{}}}",
            self.llr, self.bounds.0, self.bounds.1, self.pairs
        )
    }
}
