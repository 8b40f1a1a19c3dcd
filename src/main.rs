//! The `stackyard` binary: hands the command line to the library (on the web, starts the app in
//! the page).

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(stackyard::cli::main());
}

#[cfg(target_arch = "wasm32")]
fn main() {
    stackyard::app::web::start();
}
