//! The render world's pipeline cache as the main world sees it: how many pipelines are known and
//! how many still compile. The render world runs on a thread of its own (pipelined rendering),
//! out of the main app's reach, so it reports here after each of its frames; a screenshot and
//! the off-screen pictures wait on it.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};

/// Pipelines known and still compiling, as of the render world's last frame.
#[derive(Resource, Clone, Debug, Default)]
pub struct Pipelines(Arc<Mutex<(usize, usize)>>);

impl Pipelines {
    /// Pipelines known and those still compiling.
    #[must_use]
    pub fn counts(&self) -> (usize, usize) {
        self.0.lock().map_or((0, 0), |c| *c)
    }
}

/// Has the render world report its pipelines to [`Pipelines`]; once is enough, and it must come
/// before `App::cleanup`, which moves the render world to its thread.
pub fn report(app: &mut App) {
    if app.world().contains_resource::<Pipelines>() {
        return;
    }
    let pipelines = Pipelines::default();
    app.insert_resource(pipelines.clone());
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(pipelines)
            .add_systems(Render, count_pipelines.in_set(RenderSystems::Cleanup));
    }
}

fn count_pipelines(cache: Res<PipelineCache>, pipelines: Res<Pipelines>) {
    if let Ok(mut counts) = pipelines.0.lock() {
        *counts = (cache.pipelines().count(), cache.waiting_pipelines().count());
    }
}
