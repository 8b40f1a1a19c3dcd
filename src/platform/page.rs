//! The seam to the web page the app runs in: its address (without the part after `#`), what
//! its query asks for, and the canvas's `data-` attributes the page's scripts read. A desktop
//! has no page: there the answers are empty.

/// The page's address up to its `#`, on the web.
#[must_use]
pub fn address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        let href = location.href().ok()?;
        Some(href.split('#').next().unwrap_or_default().to_owned())
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Sets `data-<name>` on the page's canvas to `value`, for the page's scripts (a desktop has
/// no page: nothing happens).
pub fn mark(name: &str, value: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(canvas) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector("#stackyard").ok().flatten())
    {
        let _ = canvas.set_attribute(&format!("data-{name}"), value);
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (name, value);
}

/// Hands a report's line to whoever reads the run: the page's scripts on the web (the canvas's
/// `data-<name>`), the standard output as `<name>: <line>` on a desktop.
pub fn publish(name: &str, line: &str) {
    mark(name, line);
    #[cfg(not(target_arch = "wasm32"))]
    println!("{name}: {line}");
}

/// Whether the page's address asks for `word` in its query (`?layout`), on the web.
#[must_use]
pub fn asks_for(word: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .is_some_and(|q| q.trim_start_matches('?').split('&').any(|w| w == word))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = word;
        false
    }
}
