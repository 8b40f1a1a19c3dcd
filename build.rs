//! Build script: the version `stackyard --version` prints, with the commit when built from a
//! git checkout (`0.1.0 (1a2b3c4d5)`), and the bare package version outside one.

use std::path::Path;
use std::process::Command;

fn main() {
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
