//! The fuzz checks, one function per target: each takes the fuzzer's bytes and panics only when
//! Stackyard breaks a promise. The targets in `fuzz_targets/` call them; the game's own tests
//! (`tests/core/fuzz_inputs.rs`) run them over the seeds and every input that once crashed.

use stackyard::files::profile::Profile;
use stackyard::files::save::SaveFile;
use stackyard::files::settings::Settings;
use stackyard::files::theme::Theme;
use stackyard::rules::{
    ActionList, AnyGame, AnyOptions, BUILT, Game, GameId, Setup, play_move, play_prefix,
    status_line,
};

/// Fuzzes position strings: parsing never panics, and an accepted position writes back to a
/// string that parses to the same position.
pub fn position(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = Setup::parse(text) else {
        return;
    };
    let written = setup.to_string();
    let again = Setup::parse(&written).expect("a written setup parses");
    assert_eq!(again.to_string(), written, "setup strings round-trip");
    let Ok(game) = AnyGame::from_setup_with(&setup, []) else {
        return;
    };
    let canonical = game.to_setup().to_string();
    let reread = AnyGame::from_setup_with(&Setup::parse(&canonical).expect("canonical parses"), [])
        .expect("a legal position's string is legal");
    assert_eq!(reread.hash(), game.hash(), "{canonical}");
    assert_eq!(reread.to_setup().to_string(), canonical);
    // The referee's status, and the first decisions (whole-move lists explode with Cash In
    // Hand's tall stacks, so the fuzzer lists decisions, as the engine does).
    let _ = status_line(&game);
    let mut list = ActionList::new();
    game.legal_actions(&mut list);
    assert_eq!(list.is_empty(), game.outcome().is_some(), "{canonical}");
    for &a in &list {
        let mut next = game.clone();
        let _ = next.travels(a);
        next.play(a);
    }
}

/// Fuzzes move notation: a position (its string on the first line) and move text (the rest);
/// checked play never panics, and an accepted move writes back to notation that replays to the
/// same position.
pub fn moves(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (position, text) = text.split_once('\n').unwrap_or(("", text));
    // The first line: a game's name (its start) or a whole position string.
    let game = match position.trim().parse::<GameId>() {
        Ok(id) => AnyGame::start(AnyOptions::for_game(id)),
        Err(_) => match Setup::parse(position)
            .ok()
            .and_then(|s| AnyGame::from_setup_with(&s, []).ok())
        {
            Some(g) => g,
            None => return,
        },
    };
    let _ = play_prefix(&game, text);
    let Ok((after, actions)) = play_move(&game, text) else {
        return;
    };
    let mut written = String::new();
    game.write_notation(&actions, &mut written);
    let (again, _) = play_move(&game, &written).expect("canonical notation replays");
    assert_eq!(again.hash(), after.hash(), "{written}");
}

/// Fuzzes save files: reading and replaying never panics, and an accepted file writes back to
/// one that loads the same game.
pub fn save_file(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(file) = SaveFile::from_ron(text) else {
        return;
    };
    let Ok(game) = file.replay() else {
        return;
    };
    let again = SaveFile::from_ron(&file.to_ron())
        .expect("a written save reads")
        .replay()
        .expect("a written save replays");
    assert_eq!(again.start.hash(), game.start.hash());
    assert_eq!(again.moves, game.moves);
}

/// Fuzzes sequences of decisions: the first byte picks a game, each later byte one of the legal
/// actions; nothing panics, and at every turn boundary the position string reads back to the
/// same position.
pub fn actions(data: &[u8]) {
    let Some((&pick, choices)) = data.split_first() else {
        return;
    };
    let id = BUILT[usize::from(pick) % BUILT.len()];
    let mut game = AnyGame::start(AnyOptions::for_game(id));
    let mut list = ActionList::new();
    for &choice in choices {
        list.clear();
        game.legal_actions(&mut list);
        if list.is_empty() {
            assert!(game.outcome().is_some(), "no action but no result");
            return;
        }
        let action = list[usize::from(choice) % list.len()];
        let _ = game.travels(action);
        game.play(action);
        if !game.in_turn() {
            let text = game.to_setup().to_string();
            let reread = AnyGame::from_setup(&Setup::parse(&text).expect("parses"), game.options())
                .expect("a reached position is legal");
            assert_eq!(reread.hash(), game.hash(), "{text}");
        }
    }
}

/// Fuzzes settings, theme and exhibition profile files: reading never panics; accepted settings
/// are in range and write back to the same settings; an accepted theme or profile writes back to
/// the same one.
pub fn settings(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(settings) = Settings::from_ron(text) {
        assert!(settings.check().is_ok(), "accepted settings out of range");
        let again = Settings::from_ron(&settings.to_ron()).expect("written settings read");
        assert_eq!(again, settings, "settings change when written and read");
    }
    if let Ok(theme) = Theme::from_ron(text) {
        let written = ron::to_string(&theme).expect("a theme writes");
        assert_eq!(
            Theme::from_ron(&written),
            Ok(theme),
            "a theme changes when written"
        );
    }
    if let Ok(profile) = Profile::from_ron(text) {
        assert!(
            !profile.game_ids().is_empty(),
            "an accepted profile shows no game"
        );
        let written = ron::to_string(&profile).expect("a profile writes");
        assert_eq!(
            Profile::from_ron(&written),
            Ok(profile),
            "a profile changes when written"
        );
    }
}
