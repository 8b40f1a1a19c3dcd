//! Where the game's own files are (`assets/`: themes, string tables, card pictures, the example
//! kiosk profile), wherever the program was installed or copied and whatever folder it was
//! started from. In order: `--assets DIR`, then `$STACKYARD_ASSETS`, then an `assets/` folder
//! beside the program, then the folder the package installs (`/usr/share/stackyard/assets`),
//! then the source folder it was built from (unless `$STACKYARD_NO_SOURCE_ASSETS` is set: tests
//! of an installed copy switch it off). A folder counts when it holds `themes/` and `i18n/`.
//! Without one, the game runs with its built-in English texts and default theme.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Names the asset folder (below `--assets`).
pub const ASSETS_ENV: &str = "STACKYARD_ASSETS";

/// Set (to anything) to never use the source folder the program was built from.
pub const NO_SOURCE_ENV: &str = "STACKYARD_NO_SOURCE_ASSETS";

/// Where the Linux package installs the assets.
pub const SYSTEM_FOLDER: &str = "/usr/share/stackyard/assets";

/// Where a folder of assets was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// `--assets DIR`.
    Option,
    /// `$STACKYARD_ASSETS`.
    Environment,
    /// `assets/` beside the program.
    BesideProgram,
    /// The package's folder.
    System,
    /// The source folder the program was built from.
    Source,
}

/// A folder of assets and where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetFolder {
    /// The folder (absolute).
    pub path: PathBuf,
    /// How it was found.
    pub origin: Origin,
}

/// Why no folder of assets is in use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AssetsError {
    /// A folder named by `--assets` or `$STACKYARD_ASSETS` holds no assets.
    NotAssets {
        /// The folder named.
        path: PathBuf,
        /// Who named it.
        origin: Origin,
    },
    /// No folder was found where one is looked for.
    Missing {
        /// The places looked in, in order.
        looked_in: Vec<PathBuf>,
    },
}

impl fmt::Display for AssetsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AssetsError::NotAssets { path, origin } => {
                let who = match origin {
                    Origin::Option => "--assets".to_string(),
                    _ => format!("${ASSETS_ENV}"),
                };
                write!(
                    f,
                    "{who} names {}, which is not a Stackyard assets folder (it needs themes/ \
                     and i18n/)",
                    path.display()
                )
            }
            AssetsError::Missing { looked_in } => {
                let places: Vec<String> =
                    looked_in.iter().map(|p| p.display().to_string()).collect();
                write!(
                    f,
                    "no assets folder found (looked in {}); playing with the built-in English \
                     texts and the default theme, without the title's pictures; name one with \
                     --assets DIR or ${ASSETS_ENV}",
                    places.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for AssetsError {}

/// Whether `dir` holds Stackyard's assets.
#[must_use]
pub fn holds_assets(dir: &Path) -> bool {
    dir.join("themes").is_dir() && dir.join("i18n").is_dir()
}

/// What the places to look depend on.
#[derive(Debug, Clone, Default)]
pub struct Places {
    /// `--assets`.
    pub option: Option<PathBuf>,
    /// `$STACKYARD_ASSETS`.
    pub environment: Option<PathBuf>,
    /// The program's own folder.
    pub program_folder: Option<PathBuf>,
    /// The package's folder, where the platform has one.
    pub system: Option<PathBuf>,
    /// The source folder's `assets/`, unless switched off.
    pub source: Option<PathBuf>,
}

impl Places {
    /// The places of this process: its environment and its program's folder.
    #[must_use]
    pub fn of_this_process(option: Option<PathBuf>) -> Places {
        let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        Places {
            option,
            environment: set(ASSETS_ENV).map(PathBuf::from),
            program_folder: std::env::current_exe()
                .ok()
                .and_then(|exe| exe.parent().map(Path::to_path_buf)),
            system: cfg!(target_os = "linux").then(|| PathBuf::from(SYSTEM_FOLDER)),
            source: set(NO_SOURCE_ENV)
                .is_none()
                .then(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets")),
        }
    }
}

/// The first folder of assets among `places`. A folder named by `--assets` or the environment
/// must hold assets; the others are skipped when they do not.
///
/// # Errors
/// A named folder that holds no assets, or none found.
pub fn locate(places: &Places) -> Result<AssetFolder, AssetsError> {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    for (named, origin) in [
        (&places.option, Origin::Option),
        (&places.environment, Origin::Environment),
    ] {
        if let Some(path) = named {
            return if holds_assets(path) {
                Ok(AssetFolder {
                    path: absolute(path),
                    origin,
                })
            } else {
                Err(AssetsError::NotAssets {
                    path: path.clone(),
                    origin,
                })
            };
        }
    }
    let looked_in: Vec<(PathBuf, Origin)> = [
        (
            places.program_folder.as_ref().map(|d| d.join("assets")),
            Origin::BesideProgram,
        ),
        (places.system.clone(), Origin::System),
        (places.source.clone(), Origin::Source),
    ]
    .into_iter()
    .filter_map(|(p, o)| Some((p?, o)))
    .collect();
    looked_in
        .iter()
        .find(|(p, _)| holds_assets(p))
        .map(|(p, origin)| AssetFolder {
            path: absolute(p),
            origin: *origin,
        })
        .ok_or_else(|| AssetsError::Missing {
            looked_in: looked_in.into_iter().map(|(p, _)| p).collect(),
        })
}

static IN_USE: OnceLock<Option<AssetFolder>> = OnceLock::new();

/// Settles the folder of assets for this run (once; later calls change nothing): the one found
/// among this process's places, or none (reported once on the error stream).
///
/// # Errors
/// A folder named by `--assets` or `$STACKYARD_ASSETS` that holds no assets.
pub fn settle(option: Option<PathBuf>) -> Result<Option<&'static AssetFolder>, AssetsError> {
    if let Some(settled) = IN_USE.get() {
        return Ok(settled.as_ref());
    }
    let found = match locate(&Places::of_this_process(option)) {
        Ok(folder) => Some(folder),
        Err(missing @ AssetsError::Missing { .. }) => {
            eprintln!("stackyard: {missing}");
            None
        }
        Err(named) => return Err(named),
    };
    Ok(IN_USE.get_or_init(|| found).as_ref())
}

/// The folder of assets in use (settled on first use), if any.
#[must_use]
pub fn folder() -> Option<&'static Path> {
    settle(None).ok().flatten().map(|f| f.path.as_path())
}

/// A subfolder of the assets (`themes`, `i18n`), or where it would be when none are found (so
/// that reading from it fails with a message naming a path).
#[must_use]
pub fn subfolder(name: &str) -> PathBuf {
    folder().map_or_else(|| PathBuf::from("assets").join(name), |f| f.join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::Scratch::new(&format!("assets-{name}"))
    }

    fn make_assets(dir: &Path) {
        std::fs::create_dir_all(dir.join("themes")).unwrap();
        std::fs::create_dir_all(dir.join("i18n")).unwrap();
    }

    #[test]
    fn the_first_place_holding_assets_wins_in_order() {
        let root = scratch("order");
        let (program, system, source) = (root.join("bin"), root.join("share"), root.join("src"));
        make_assets(&system);
        make_assets(&source);
        let mut places = Places {
            program_folder: Some(program.clone()),
            system: Some(system.clone()),
            source: Some(source.clone()),
            ..Places::default()
        };
        assert_eq!(locate(&places).unwrap().origin, Origin::System);
        make_assets(&program.join("assets"));
        let found = locate(&places).unwrap();
        assert_eq!(found.origin, Origin::BesideProgram);
        assert_eq!(found.path, program.join("assets"));
        places.environment = Some(source.clone());
        assert_eq!(locate(&places).unwrap().origin, Origin::Environment);
        places.option = Some(system);
        assert_eq!(locate(&places).unwrap().origin, Origin::Option);
    }

    #[test]
    fn a_named_folder_without_assets_is_refused_by_name() {
        let root = scratch("named");
        make_assets(&root.join("good"));
        let places = Places {
            option: Some(root.join("empty")),
            program_folder: Some(root.join("good")),
            ..Places::default()
        };
        let e = locate(&places).unwrap_err();
        assert!(matches!(
            e,
            AssetsError::NotAssets {
                origin: Origin::Option,
                ..
            }
        ));
        assert!(e.to_string().contains("--assets names"), "{e}");
        assert!(e.to_string().contains("empty"), "{e}");
    }

    #[test]
    fn nothing_found_lists_the_places_looked_in() {
        let root = scratch("missing");
        let places = Places {
            program_folder: Some(root.join("bin")),
            system: Some(root.join("share")),
            ..Places::default()
        };
        let e = locate(&places).unwrap_err();
        let AssetsError::Missing { looked_in } = &e else {
            panic!("{e}");
        };
        assert_eq!(looked_in, &[root.join("bin/assets"), root.join("share")]);
        assert!(e.to_string().contains("built-in English"), "{e}");
    }
}
