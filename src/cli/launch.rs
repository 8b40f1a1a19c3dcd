//! Opening the app from the command line: the app's options read and checked in named steps
//! (the opening, the assets, the kiosk's profile, the display, the look), then the app run and
//! `--icons` written. Every refusal names its option before any window opens.

use std::io::Write;

use super::AppArgs;
use super::app_options::app_options;
use super::referee::Failure;
use crate::app::{AppOptions, OpeningScreen, RunMode, TestHooks};
use crate::files::{assets, i18n, profile::Profile, settings};

/// Runs the app as `app` asks; returns the exit status.
pub(super) fn run_app(app: AppArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let options = match checked_options(&app) {
        Ok(options) => options,
        Err(failure) => {
            let _ = writeln!(err, "stackyard: {}", failure.message);
            return failure.code;
        }
    };
    let code = match crate::app::run(options) {
        bevy::app::AppExit::Success => 0,
        bevy::app::AppExit::Error(code) => i32::from(code.get()),
    };
    match app.icons.filter(|_| code == 0) {
        Some(dir) => write_icons(&dir, out, err),
        None => code,
    }
}

/// The app's options from `app`, every one checked.
fn checked_options(app: &AppArgs) -> Result<AppOptions, Failure> {
    let mut options = app_options(
        app.position.as_deref(),
        app.game.as_deref(),
        app.partial.as_deref(),
        app.load.as_deref(),
        app.screen.as_deref(),
        &app.opt,
    )?;
    let assets = assets::settle(app.assets.clone())
        .map_err(|e| Failure::usage(e.to_string()))?
        .is_some();
    use_profile(app, assets, &mut options)?;
    crate::app::check_display().map_err(|why| Failure {
        code: 1,
        message: why.to_string(),
    })?;
    options.run = run_mode(app)?;
    options.print_layout = app.print_layout;
    options.hooks = test_hooks(app)?;
    options.overrides.window_size = app
        .window_size
        .as_deref()
        .map(|size| {
            super::picture_size(size)
                .map_err(|f| Failure::usage(f.message.replace("--size", "--window-size")))
        })
        .transpose()?;
    options.folders.data.clone_from(&app.data_dir);
    options.folders.config.clone_from(&app.config_dir);
    use_look(app, assets, &mut options)?;
    Ok(options)
}

/// How the app runs: a picture taken (`--screenshot`, or `--icons`' picture), a layout reported
/// along a tour (the hidden `--layout-only`), or a window.
fn run_mode(app: &AppArgs) -> Result<RunMode, Failure> {
    let picture = app
        .screenshot
        .clone()
        .or_else(|| app.icons.as_deref().map(crate::app::icon::render_path));
    if let Some(path) = picture {
        return Ok(RunMode::Screenshot(path));
    }
    if !app.layout_only {
        return Ok(RunMode::Window);
    }
    let tour = app
        .layout_tour
        .iter()
        .map(|step| {
            step.parse()
                .map_err(|e| Failure::usage(format!("--layout-tour {step}: {e}")))
        })
        .collect::<Result<_, _>>()?;
    Ok(RunMode::LayoutReport(tour))
}

/// The hidden options' hooks, checked.
fn test_hooks(app: &AppArgs) -> Result<TestHooks, Failure> {
    let room_view = app
        .room_view
        .map(|share| {
            (0.0..=1.0)
                .contains(&share)
                .then_some(share)
                .ok_or_else(|| Failure::usage(format!("--room-view {share}: a share from 0 to 1")))
        })
        .transpose()?;
    let adapter_level = app
        .adapter_level
        .as_deref()
        .map(|name| {
            name.parse::<settings::Quality>()
                .ok()
                .filter(|q| *q != settings::Quality::Auto)
                .ok_or_else(|| {
                    Failure::usage(format!("--adapter-level {name}: low, medium or high"))
                })
        })
        .transpose()?;
    Ok(TestHooks {
        room_view,
        panic_after: app.panic_after,
        freeze_after: app.freeze_after,
        lose_device_after: app.lose_device_after,
        adapter_level,
        watch_frames: app.watch_frames,
    })
}

/// The kiosk's profile, if `--profile` names one: read, its language checked (where there are
/// assets to check it against), and put into `options` with the opening screen.
fn use_profile(app: &AppArgs, assets: bool, options: &mut AppOptions) -> Result<(), Failure> {
    let opening = app.screen.as_deref().and_then(OpeningScreen::named);
    let kiosk_screen = opening.is_some_and(OpeningScreen::needs_profile);
    let Some(path) = &app.profile else {
        return if kiosk_screen {
            Err(Failure::usage(
                "--screen attract, idle-prompt and statistics need an exhibition --profile",
            ))
        } else {
            Ok(())
        };
    };
    let profile =
        Profile::load(path).map_err(|e| Failure::usage(format!("{}: {e}", path.display())))?;
    // Without assets, every language falls back to built-in English.
    let languages = std::iter::once(("language", &profile.language)).chain(
        profile
            .visitor_languages
            .iter()
            .map(|c| ("visitor_languages", c)),
    );
    for (name, code) in languages {
        if let Err(e) = i18n::StringTable::load(&i18n::folder(), code)
            && assets
        {
            return Err(Failure::usage(format!(
                "{}: profile field `{name}`: {e}",
                path.display()
            )));
        }
    }
    options.use_profile(profile, opening);
    Ok(())
}

/// `--theme`, `--quality` and `--language`, checked, into `options`.
fn use_look(app: &AppArgs, assets: bool, options: &mut AppOptions) -> Result<(), Failure> {
    if let Some(theme) = &app.theme {
        settings::check_theme_name(theme)
            .map_err(|why| Failure::usage(format!("bad --theme: {why}")))?;
        options.overrides.theme = Some(theme.clone());
    }
    options.overrides.quality = app.quality;
    if let Some(language) = &app.language {
        if let Err(e) = i18n::StringTable::load(&i18n::folder(), language)
            && assets
        {
            return Err(Failure::usage(format!("bad --language: {e}")));
        }
        options.overrides.language = Some(language.clone());
    }
    Ok(())
}

/// Writes the icons the app rendered for `--icons DIR`, printing each file's path.
fn write_icons(dir: &std::path::Path, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match crate::app::icon::write_icons(dir) {
        Ok(written) => {
            for path in written {
                let _ = writeln!(out, "{}", path.display());
            }
            0
        }
        Err(why) => {
            let _ = writeln!(err, "stackyard: {why}");
            1
        }
    }
}
