//! Build script: the version `stackyard --version` prints, with the commit when built from a
//! git checkout (`0.1.0 (1a2b3c4d5)`), and the bare package version outside one; and the list
//! of text assets the web build carries inside it (`$OUT_DIR/bundled_files.rs`), every file of
//! the folders it reads, so that a new string table or theme is carried without a Rust change.

use std::path::Path;
use std::process::Command;

/// The asset folders the web build carries whole, and its single files.
const BUNDLED_FOLDERS: [&str; 4] = ["themes", "i18n", "puzzles", "replays"];
const BUNDLED_FILES: [&str; 1] = ["exhibition.ron"];

fn main() {
    // Only the web build carries the assets inside it; a desktop build reads the folder.
    if std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32") {
        write_bundled_files();
    }
    let version = env!("CARGO_PKG_VERSION");
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let git = Path::new(&manifest).join(".git");
    let commit = git
        .exists()
        .then(|| {
            Command::new("git")
                .args(["rev-parse", "--short=9", "HEAD"])
                .current_dir(&manifest)
                .output()
                .ok()
                .filter(|out| out.status.success())
                .and_then(|out| String::from_utf8(out.stdout).ok())
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
        })
        .flatten();
    match commit {
        Some(c) => println!("cargo:rustc-env=STACKYARD_VERSION={version} ({c})"),
        None => println!("cargo:rustc-env=STACKYARD_VERSION={version}"),
    }
    // A new commit moves the branch's ref (or packed-refs); a checkout changes HEAD. Only files
    // that exist are watched: cargo takes a missing one as changed and would rebuild every time.
    for file in ["HEAD", "packed-refs"] {
        let path = git.join(file);
        if path.exists() {
            println!("cargo:rerun-if-changed={}", path.display());
        }
    }
    if let Ok(head) = std::fs::read_to_string(git.join("HEAD"))
        && let Some(branch) = head.trim().strip_prefix("ref: ")
        && let ref_file = git.join(branch)
        && ref_file.exists()
    {
        println!("cargo:rerun-if-changed={}", ref_file.display());
    }
    println!("cargo:rerun-if-changed=build.rs");
}

/// Writes the web build's list of built-in text assets: `(path below assets/, text)` pairs.
fn write_bundled_files() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let assets = Path::new(&manifest).join("assets");
    let mut names: Vec<String> = BUNDLED_FILES.iter().map(|f| (*f).to_owned()).collect();
    for folder in BUNDLED_FOLDERS {
        println!("cargo:rerun-if-changed={}", assets.join(folder).display());
        let Ok(entries) = std::fs::read_dir(assets.join(folder)) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.ends_with(".ron") {
                names.push(format!("{folder}/{name}"));
            }
        }
    }
    names.sort();
    let mut out = String::from("&[\n");
    for name in &names {
        let path = assets.join(name);
        out.push_str(&format!(
            "    ({name:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    out.push_str("]\n");
    let dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&dir).join("bundled_files.rs"), out).expect("write to OUT_DIR");
}
