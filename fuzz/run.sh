#!/usr/bin/env bash
# Runs fuzz targets for a while each: `bash fuzz/run.sh 600` (every target, 10 minutes each) or
# `bash fuzz/run.sh 60 moves`. Needs the nightly toolchain and `cargo install cargo-fuzz`.
# New inputs go to fuzz/corpus/<target> (not committed); crashes to fuzz/artifacts/<target>
# (copy each into fuzz/regressions/<target> once fixed, so `cargo test` keeps it fixed).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(position moves save_file actions settings)
cargo +nightly fuzz build -s none
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    # Git keeps no empty folders: a target with no seeds or no past crashes has no folder for them.
    dirs=("corpus/$t")
    for d in "seeds/$t" "regressions/$t"; do [ -d "$d" ] && dirs+=("$d"); done
    echo "== $t: $seconds s (${dirs[*]})"
    if [ -n "${FUZZ_QUIET:-}" ]; then
        # libFuzzer prints a line per new input; keep the log and show its end.
        log="corpus/$t.log"
        status=0
        cargo +nightly fuzz run -s none "$t" "${dirs[@]}" -- \
            -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1 >"$log" 2>&1 || status=$?
        grep -E '^(Done|stat::|INFO: +[0-9]+ files|==[0-9]+==|SUMMARY|.*panicked)' "$log" || true
        [ "$status" -eq 0 ] || { tail -n 60 "$log"; exit "$status"; }
    else
        cargo +nightly fuzz run -s none "$t" "${dirs[@]}" -- \
            -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
    fi
done
