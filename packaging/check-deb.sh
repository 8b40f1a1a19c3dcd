#!/usr/bin/env bash
# Builds the Debian package with `cargo deb` and checks what it holds: the program on the PATH,
# the whole assets folder where the program looks for it, the desktop entry, the icons, the
# kiosk's unit and profile, the licences, and the run-time libraries in Depends (loaded with
# dlopen, so cargo-deb's `$auto` cannot see them).
#   bash packaging/check-deb.sh            # packages target/release/stackyard (build it first)
#   bash packaging/check-deb.sh --debug    # packages the debug build instead (what CI does: the
#                                          # release build would not fit CI's time; the files
#                                          # and the control data are the same; compressed
#                                          # fast, as the package is only looked into)
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/deb-check
rm -rf "$out"
if [ "${1:-}" = "--debug" ]; then
  cargo deb --no-build --profile dev --no-strip --fast -o "$out/"
else
  cargo deb --no-build --strip -o "$out/"
fi
deb=$(ls "$out"/stackyard_*.deb)
echo "$deb: $(du -h "$deb" | cut -f1)"
files=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
depends=$(dpkg-deb -f "$deb" Depends)
fail=0
must_hold() {
  if ! grep -qx "$1" <<<"$files"; then echo "missing from the package: $1" >&2; fail=1; fi
}
must_hold /usr/bin/stackyard
must_hold /usr/share/applications/stackyard.desktop
for size in 16 32 48 64 128 256; do
  must_hold "/usr/share/icons/hicolor/${size}x${size}/apps/stackyard.png"
done
must_hold /usr/share/stackyard/kiosk/stackyard-kiosk.service
must_hold /usr/share/stackyard/kiosk/exhibition.ron
must_hold /usr/share/doc/stackyard/README.md
must_hold /usr/share/doc/stackyard/copyright
# Every file of assets/, at the place the program looks (files::assets::SYSTEM_FOLDER).
while IFS= read -r f; do
  must_hold "/usr/share/stackyard/$f"
done < <(find assets -type f | sort)
for lib in libvulkan1 'mesa-vulkan-drivers | vulkan-icd' libxkbcommon-x11-0 libxcursor1 libxi6 \
  libxrandr2 libx11-xcb1; do
  if ! grep -qF "$lib" <<<"$depends"; then echo "Depends lacks $lib: $depends" >&2; fail=1; fi
done
grep -q '^Categories=Game;BoardGame;$' packaging/stackyard.desktop || {
  echo "the desktop entry's categories are not Game;BoardGame;" >&2
  fail=1
}
[ "$fail" = 0 ] && echo "package contents: ok ($(wc -l <<<"$files") entries; Depends: $depends)"
exit "$fail"
