//! The layering rule: `src/rules` and `src/ai` are plain Rust and never use Bevy.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn rules_and_ai_do_not_use_bevy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    for wing in ["rules", "ai"] {
        rust_files(&root.join(wing), &mut files);
    }
    assert!(files.len() > 5, "the rules module was not found");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            assert!(
                !code.contains("bevy"),
                "{}:{} uses Bevy: {line}",
                f.display(),
                n + 1
            );
        }
    }
}
