//! What a layout report shows wrong, in words: a cell, a stack's top or a height tag under a
//! panel or off the window, panels over each other, controls past the window or covered, and
//! named buttons narrower than their labels. The real-window and the headless layout tests
//! both read their reports with these.

use stackyard::app::layout_report::{
    LayoutReport, PixelRect, controls_off_window, covered_controls, cut_labels, panels_off_window,
};

fn inside(p: [f32; 2], r: PixelRect) -> bool {
    r[0] < p[0] && p[0] < r[2] && r[1] < p[1] && p[1] < r[3]
}

fn overlap(a: PixelRect, b: PixelRect) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// What lies under a panel or off the window on one screen, in words.
pub fn hidden(report: &LayoutReport) -> Vec<String> {
    let mut found = Vec::new();
    let window = [0.0, 0.0, report.window[0], report.window[1]];
    let panels: Vec<_> = report.panels.iter().filter(|p| !p.dialog).collect();
    for cell in &report.cells {
        for (what, p) in [("centre", cell.board), ("stack top", cell.top)] {
            if !inside(p, window) {
                found.push(format!("{}'s {what} {p:?} is off the window", cell.cell));
            }
            for panel in panels.iter().filter(|panel| inside(p, panel.rect)) {
                found.push(format!(
                    "{}'s {what} {p:?} is under {}",
                    cell.cell, panel.id
                ));
            }
        }
    }
    for label in &report.labels {
        for panel in panels.iter().filter(|panel| overlap(*label, panel.rect)) {
            found.push(format!("a height tag at {label:?} is under {}", panel.id));
        }
    }
    for (n, a) in panels.iter().enumerate() {
        for b in &panels[n + 1..] {
            if overlap(a.rect, b.rect) {
                found.push(format!(
                    "{} at {:?} overlaps {} at {:?}",
                    a.id, a.rect, b.id, b.rect
                ));
            }
        }
    }
    found.extend(misplaced(report));
    found
}

/// Controls that run past the window, and named buttons narrower than their labels.
pub fn off_or_cut(report: &LayoutReport) -> Vec<String> {
    let name = |c: usize| {
        let control = &report.controls[c];
        let name = control.name.as_deref().unwrap_or("a control");
        format!("{name} at {:?}", control.whole)
    };
    let mut found: Vec<String> = controls_off_window(report)
        .into_iter()
        .map(|c| format!("{} runs past the window", name(c)))
        .collect();
    for c in cut_labels(report) {
        let wants = report.controls[c].wants.unwrap_or_default();
        found.push(format!(
            "{} is narrower than its label ({wants} px)",
            name(c)
        ));
    }
    found
}

/// What runs past the window, is covered or is cut on a screen without the board's checks.
pub fn misplaced(report: &LayoutReport) -> Vec<String> {
    let mut found = off_or_cut(report);
    for p in panels_off_window(report) {
        let panel = &report.panels[p];
        found.push(format!(
            "{} at {:?} runs past the window",
            panel.id, panel.rect
        ));
    }
    for (c, p) in covered_controls(report) {
        found.push(format!(
            "a control at {:?} is under {}",
            report.controls[c].rect, report.panels[p].id
        ));
    }
    found
}

/// The window sizes the layout tests check: 4:3, 16:9 at three sizes, ultra-wide and portrait.
pub const SIZES: [(u32, u32); 6] = [
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
    (2560, 1080),
    (1080, 1920),
];

/// The smallest touch target a kiosk may show, in window pixels (WCAG's and the Smithsonian's
/// 44-48 px, at the larger end).
pub const TOUCH_TARGET: f32 = 48.0;

/// The controls on a screen smaller than a finger's [`TOUCH_TARGET`], each with its name and
/// place.
pub fn small_controls(report: &LayoutReport) -> Vec<String> {
    report
        .controls
        .iter()
        .filter(|c| {
            let (w, h) = (c.rect[2] - c.rect[0], c.rect[3] - c.rect[1]);
            w < TOUCH_TARGET || h < TOUCH_TARGET
        })
        .map(|c| {
            let name = c.name.as_deref().unwrap_or("a control");
            format!("{name} at {:?}", c.rect)
        })
        .collect()
}
