#!/bin/sh
# Renders each game's start position at Low and at High quality into docs/look/ (1280x720),
# and the README's Splay picture, through Xvfb and Mesa's software Vulkan:
#   sh docs/screenshots.sh [path/to/stackyard]
set -eu
bin=${1:-target/release/stackyard}
mkdir -p docs/look
for game in cash-in-hand intermedium grabber support splay; do
    position=$("$bin" new "$game")
    for quality in low high; do
        WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" "$bin" \
            --screenshot "docs/look/$game-$quality.png" --position "$position" --quality "$quality"
    done
done
cp docs/look/splay-high.png docs/splay-start.png
