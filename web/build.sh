#!/usr/bin/env bash
# Builds Stackyard for the web into target/web/: index.html, the wasm and its JS glue, and the
# assets, a static folder that any web server can host. Installs what a fresh machine lacks:
# the wasm32 target (rustup) and wasm-bindgen-cli at Cargo.lock's version (into target/tools).
# Usage: bash web/build.sh [--profile web|web-dev]
set -euo pipefail
cd "$(dirname "$0")/.."
profile=web
if [ "${1:-}" = "--profile" ]; then profile=$2; fi
target=wasm32-unknown-unknown
out=target/web
# A target folder of its own: the desktop's builds go on beside it.
build=target/web-build

if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  rustup target add "$target"
fi

# wasm-bindgen's command must be the version the crate links.
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
tools=target/tools
bindgen=$tools/bin/wasm-bindgen
if ! [ -x "$bindgen" ] || ! "$bindgen" --version | grep -q " $version\$"; then
  echo "installing wasm-bindgen-cli $version into $tools"
  cargo install --quiet --root "$tools" wasm-bindgen-cli --version "=$version"
fi

cargo build --locked --profile "$profile" --target "$target" --target-dir "$build" --bin stackyard

rm -rf "$out"
mkdir -p "$out"
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name stackyard "$build/$target/$profile/stackyard.wasm"
cp web/index.html "$out/"
cp -r assets "$out/assets"
echo "built $out ($(du -sh "$out" | cut -f1)); serve it with: python3 -m http.server --directory $out 8000"
