#!/usr/bin/env bash
# Builds Stackyard for the web into target/web/: index.html, the wasm and its JS glue, and the
# assets, a static folder that any web server can host. Installs what a fresh machine lacks:
# the wasm32 target (rustup) and wasm-bindgen-cli at Cargo.lock's version (into target/tools).
# Where rustup cannot fetch the target, it builds with Debian's rustc-web and its std sources
# instead (unpacked into target/tools/rustc-web, std rebuilt with -Zbuild-std);
# STACKYARD_WEB_RUSTC=debian takes that way on purpose.
# Usage: bash web/build.sh [--profile web|web-dev]
set -euo pipefail
cd "$(dirname "$0")/.."
profile=web
if [ "${1:-}" = "--profile" ]; then profile=$2; fi
target=wasm32-unknown-unknown
out=target/web
# A target folder of its own: the desktop's builds go on beside it.
build=target/web-build

# Debian's rustc-web (bookworm-security) and its std sources, unpacked without installing
# (they conflict with rustup's packages): its rustc then rebuilds std for wasm32 (-Zbuild-std).
debian_rustc_web() {
  local prefix=target/tools/rustc-web
  if ! [ -x "$prefix/usr/bin/rustc" ]; then
    echo "unpacking Debian's rustc-web into $prefix"
    mkdir -p "$prefix/debs"
    local std llvm
    std=$(apt-cache depends libstd-rust-web-dev | sed -n 's/.*Depends: \(libstd-rust-web-1\..*\)/\1/p')
    llvm=$(apt-cache depends "$std" | sed -n 's/.*Depends: \(libllvm[0-9]*\)$/\1/p')
    (cd "$prefix/debs" && apt-get download rustc-web libstd-rust-web-dev "$std" $llvm rust-web-src)
    for deb in "$prefix"/debs/*.deb; do dpkg -x "$deb" "$prefix"; done
  fi
  local root; root=$(realpath "$prefix")
  local sysroot="$root/usr/lib/rustlib"
  if ! [ -e "$sysroot/src/rust" ]; then
    mkdir -p "$sysroot/src"
    ln -s "$root/usr/src/rustc-$("$root/usr/bin/rustc" --version | cut -d' ' -f2)" "$sysroot/src/rust" 2>/dev/null \
      || ln -s "$(ls -d "$root"/usr/src/rustc-* | head -1)" "$sysroot/src/rust"
  fi
  export RUSTC="$root/usr/bin/rustc" RUSTC_BOOTSTRAP=1
  export LD_LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu:$root/usr/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  # rustc-web has no wasm linker of its own: rustup's rust-lld where there is one, else LLVM's.
  local lld; lld=$(find "$HOME/.rustup/toolchains" -name rust-lld -path '*x86_64*' 2>/dev/null | head -1)
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER="${lld:-$(command -v wasm-ld || command -v rust-lld)}"
  build_std=(-Zbuild-std=std,panic_abort)
  build="$build-debian"
}

build_std=()
if [ "${STACKYARD_WEB_RUSTC:-}" = debian ]; then
  debian_rustc_web
elif ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  if ! rustup target add "$target"; then
    echo "rustup could not add $target: building with Debian's rustc-web instead"
    debian_rustc_web
  fi
fi

# wasm-bindgen's command must be the version the crate links.
version=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p')
tools=target/tools
bindgen=$tools/bin/wasm-bindgen
if ! [ -x "$bindgen" ] || ! "$bindgen" --version | grep -q " $version\$"; then
  echo "installing wasm-bindgen-cli $version into $tools"
  cargo install --quiet --root "$tools" wasm-bindgen-cli --version "=$version"
fi

cargo build --locked --profile "$profile" --target "$target" --target-dir "$build" --bin stackyard \
  "${build_std[@]}"

rm -rf "$out"
mkdir -p "$out"
"$bindgen" --target web --no-typescript --remove-name-section --remove-producers-section \
  --out-dir "$out" --out-name stackyard "$build/$target/$profile/stackyard.wasm"
cp web/index.html "$out/"
cp -r assets "$out/assets"
echo "built $out ($(du -sh "$out" | cut -f1)); serve it with: python3 -m http.server --directory $out 8000"
