//! The `stackyard` binary: hands the command line to the library.

fn main() {
    std::process::exit(stackyard::cli::main());
}
