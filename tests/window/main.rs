//! The program in a real window: an X server of the test's own (Xvfb), Mesa's software Vulkan
//! and xdotool; one test at a time holds the X servers (`common::xvfb::one_at_a_time`), as the
//! apps share two cores.

#[path = "../common/mod.rs"]
mod common;

mod framing;
mod installed;
mod panels;
mod real_window;
mod render;
mod take_home;
