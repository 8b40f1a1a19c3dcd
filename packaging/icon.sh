#!/usr/bin/env bash
# Makes the program's icon from the game itself: renders a Splay position with mixed stacks in
# the board's middle (Xvfb and Mesa's software Vulkan, as the tests use) and writes
# packaging/icons/<size>/stackyard.png, 16 to 256 px. Run it again after the look changes.
#   bash packaging/icon.sh            # with the release build (cargo build --release first)
#   STACKYARD=target/debug/stackyard bash packaging/icon.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${STACKYARD:-target/release/stackyard}"
[ -x "$bin" ] || { echo "no $bin: build it first (cargo build --release)" >&2; exit 1; }
# Four stacks of both colours meet in the middle of the board.
position='splay 8/8/8/3,bwb,wbwb,3/3,wbwb,bwb,3/8/8/8 b 0 0 0'
# No lit targets and no coordinates: only the stones and the board.
config=$(mktemp -d)
echo '(version: 1, legal_highlighting: false, coordinates: false)' > "$config/settings.ron"
WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" \
  "$bin" --position "$position" --icons packaging/icons --config-dir "$config"
rm -rf "$config"
rm -f packaging/icons/render.png
