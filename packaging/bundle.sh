#!/usr/bin/env bash
# Makes the portable bundle: stackyard-<version>-linux-x86_64.tar.gz in target/, holding the
# release binary, assets/ and a short README. Unpacked anywhere, `./stackyard` runs (it finds
# assets/ beside itself).
#   bash packaging/bundle.sh           # builds the release binary if needed
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --locked
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
name="stackyard-${version}-linux-$(uname -m)"
stage=$(mktemp -d)
mkdir "$stage/$name"
cp target/release/stackyard "$stage/$name/"
strip "$stage/$name/stackyard" 2>/dev/null || true
cp -r assets "$stage/$name/assets"
cp LICENSE-MIT LICENSE-APACHE "$stage/$name/"
cp packaging/BUNDLE-README.md "$stage/$name/README.md"
tar -C "$stage" -czf "target/$name.tar.gz" "$name"
rm -rf "$stage"
echo "target/$name.tar.gz"
