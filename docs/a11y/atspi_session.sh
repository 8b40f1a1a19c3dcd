#!/bin/sh
# Runs Stackyard built with `--features a11y` in a private desktop session (its own D-Bus,
# Xvfb, the AT-SPI bus) and reads its accessibility tree with atspi_probe.py, the way a
# screen reader would. What the session turns on is the first argument:
#   screen-reader  org.a11y.Status.ScreenReaderEnabled = true (what Orca set up to AT-SPI 2.50)
#   is-enabled     only org.a11y.Status.IsEnabled = true (what newer AT-SPI and Orca leave)
# The other arguments go to atspi_probe.py (--watch 60, --press Settings, --type-move c3-c4);
# SCREEN=game opens the game rather than the title.
# Needs: Xvfb, dbus (dbus-run-session), at-spi2-core, python3-pyatspi; README, "Accessibility".
# Example: sh docs/a11y/atspi_session.sh screen-reader --press Settings
set -eu
mode=${1:?screen-reader or is-enabled}
shift
here=$(cd "$(dirname "$0")/../.." && pwd)
program=${STACKYARD:-$here/target/debug/stackyard}
exec dbus-run-session -- sh -eu -c '
  mode=$1; program=$2; probe=$3; shift 3
  scratch=$(mktemp -d)
  Xvfb :91 -screen 0 1280x720x24 >/dev/null 2>&1 &
  xvfb=$!
  export DISPLAY=:91 NO_AT_BRIDGE=0
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
  launcher=$!
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    gdbus introspect --session --dest org.a11y.Bus --object-path /org/a11y/bus >/dev/null 2>&1 && break
    sleep 0.5
  done
  set_status() {
    gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus \
      --method org.freedesktop.DBus.Properties.Set org.a11y.Status "$1" "<$2>" >/dev/null
  }
  case $mode in
    screen-reader) set_status ScreenReaderEnabled true ;;
    is-enabled) set_status IsEnabled true; set_status ScreenReaderEnabled false ;;
    *) echo "unknown mode $mode" >&2; exit 2 ;;
  esac
  WGPU_BACKEND=vulkan "$program" --data-dir "$scratch/data" --config-dir "$scratch/config" \
    --game splay --screen "${SCREEN:-title}" >"$scratch/log" 2>&1 &
  game=$!
  status=0
  "${PYTHON:-/usr/bin/python3}" "$probe" "$@" || status=$?
  xdotool search --name Stackyard >/dev/null && echo "(the game'"'"'s window was open)"
  kill $game $launcher $xvfb 2>/dev/null || true
  rm -rf "$scratch"
  exit $status
' sh "$mode" "$program" "$here/docs/a11y/atspi_probe.py" "$@"
