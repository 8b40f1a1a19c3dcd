//! Files in and out of a browser's page: what the player exports (a record, a picture) is
//! offered as a download, and a file the player chooses in the browser's picker is read and
//! waits, as text, until the app takes it. A desktop has folders instead: there nothing is
//! offered or picked.

#[cfg(target_arch = "wasm32")]
use wasm_bindgen::{JsCast, JsValue};

/// A text read from a picked file, or why it could not be read.
pub type Picked = Result<String, String>;

#[cfg(target_arch = "wasm32")]
thread_local! {
    static PICKED: std::cell::RefCell<Vec<Picked>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Offers `bytes` to the browser as a download named `name`.
///
/// # Errors
/// What the page refused (on a desktop: that there is no browser).
pub fn download(name: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        let refused = |e: JsValue| format!("the browser refused the download of {name}: {e:?}");
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let kind = web_sys::BlobPropertyBag::new();
        kind.set_type(mime);
        let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &kind)
            .map_err(refused)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(refused)?;
        let link: web_sys::HtmlAnchorElement = new_element("a")?;
        link.set_href(&url);
        link.set_download(name);
        link.click();
        // The download reads the blob after this returns: it is let go a minute later.
        let forget = wasm_bindgen::closure::Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        if let Some(window) = web_sys::window() {
            let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                forget.unchecked_ref(),
                60_000,
            );
        }
        Ok(())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (bytes, mime);
        Err(format!("{name}: downloads are a browser's"))
    }
}

/// Opens the browser's file picker for files whose names end in one of `accept`'s (".ron,.txt");
/// the chosen file's text, if it has at most `limit` bytes, waits for [`take_picked`].
///
/// # Errors
/// What the page refused (on a desktop: that there is no browser).
pub fn pick_file(accept: &str, limit: u64) -> Result<(), String> {
    #[cfg(target_arch = "wasm32")]
    {
        let input: web_sys::HtmlInputElement = new_element("input")?;
        input.set_type("file");
        input.set_accept(accept);
        let _ = input.set_attribute("style", "display:none");
        let chosen = input.clone();
        let on_change = wasm_bindgen::closure::Closure::once_into_js(move || {
            if let Some(file) = chosen.files().and_then(|files| files.get(0)) {
                wasm_bindgen_futures::spawn_local(read_picked(file, limit));
            }
            chosen.remove();
        });
        input.set_onchange(Some(on_change.unchecked_ref()));
        let body = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
            .ok_or("the page has no body")?;
        body.append_child(&input)
            .map_err(|e| format!("the page refused the file picker: {e:?}"))?;
        input.click();
        Ok(())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = (accept, limit);
        Err("a file picker is a browser's".into())
    }
}

/// The texts of the files picked since the last call, in the order they were read.
#[must_use]
pub fn take_picked() -> Vec<Picked> {
    #[cfg(target_arch = "wasm32")]
    return PICKED.with(|picked| std::mem::take(&mut *picked.borrow_mut()));
    #[cfg(not(target_arch = "wasm32"))]
    Vec::new()
}

/// Reads a picked file's text (refusing one over `limit` bytes) for [`take_picked`].
#[cfg(target_arch = "wasm32")]
async fn read_picked(file: web_sys::File, limit: u64) {
    let name = file.name();
    let read = if file.size() > limit as f64 {
        Err(format!("{name} is larger than {limit} bytes"))
    } else {
        match wasm_bindgen_futures::JsFuture::from(file.text()).await {
            Ok(text) => text
                .as_string()
                .ok_or_else(|| format!("{name} is not text")),
            Err(e) => Err(format!("{name} cannot be read: {e:?}")),
        }
    };
    PICKED.with(|picked| picked.borrow_mut().push(read));
}

/// A new element of the page, of the type `tag` makes.
#[cfg(target_arch = "wasm32")]
fn new_element<T: JsCast>(tag: &str) -> Result<T, String> {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element(tag).ok())
        .and_then(|e| e.dyn_into::<T>().ok())
        .ok_or_else(|| format!("the page cannot make a <{tag}>"))
}
