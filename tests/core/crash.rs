//! A panic writes a crash report and the mark that makes the next start resume the autosave
//! (its own test binary: the panic hook is global to the process).

use stackyard::files::crash::{install_panic_hook, report_path, take_resume_mark};
use stackyard::files::scratch::Scratch;

#[test]
fn a_panic_leaves_a_report_and_asks_the_next_start_to_resume() {
    let dir = Scratch::new("crash-test");
    install_panic_hook(dir.to_path_buf());
    let result = std::panic::catch_unwind(|| panic!("the board fell off the table"));
    assert!(result.is_err());
    let report = std::fs::read_to_string(report_path(&dir)).expect("a crash report");
    assert!(report.contains("the board fell off the table"), "{report}");
    assert!(
        report.contains("crash.rs"),
        "the report says where: {report}"
    );
    assert!(take_resume_mark(&dir), "the next start resumes");
    assert!(!take_resume_mark(&dir), "once");
    let _ = std::fs::remove_dir_all(&dir);
}
