#!/usr/bin/env bash
# The computer opponents' targets in one run: every match, the engine's speed, each beside its target.
#
# Usage: bash benches/ai-targets.sh [--jobs J] [--games N] [--seed S] [--only REGEX] [--out DIR] [--no-bench]
#
# Plays, for every game, the matches that BENCHMARKS.md and the AI issue name (Casual against
# random, greedy and Beginner; each level against the one below; 1 s of our search against 1 s of
# plain UCT; 250 ms of search on two threads against 250 ms on one), each as a sequential test
# (`match --sprt`, alpha = beta = 0.05): a target score p is tested as H0: score <= p - d against
# H1: score >= p + d, d = min(5 points, (100% - p) / 2), in Elo; a match stops once one is
# accepted, or after `--games` games (200 by default), on `--jobs` threads (every core by default:
# time-limited players need a core each, so never more jobs than cores; a pairing with a player on
# two threads plays half as many games at once). A target is met only when H1 is accepted, not met
# when H0 is, and otherwise undecided with its games and log-likelihood ratio so far. Then
# `stackyard bench` (unless `--no-bench`), which wants an otherwise idle machine. Each match's
# JSON goes to DIR/<game>.<a>.<b>.json (target/ai-targets by default; a relative DIR is taken
# from the repository's root), written once the match is over; a match whose file is already
# there (from a sequential run) is not played again, and the match a run was stopped in goes on
# from the games its journal (DIR/<game>.<a>.<b>.journal, `match --resume`) holds; each game is
# kept as a save file in DIR/<game>.<a>.<b>.records/ (`match --records`: Load replays it). `--only`
# keeps the matches whose "<game> <a> <b>" matches the extended regular expression, e.g.
# `--only 'splay .*master'`.
#
# The Master pairings and those against plain UCT take most of the time: about 350 core-hours
# for the thirty matches of BENCHMARKS.md at its speeds: about six hours on a 64-core machine.
set -euo pipefail

jobs=$(nproc)
games=200
seed=11
only='.'
out=target/ai-targets
bench=1
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs) jobs=${2:?--jobs needs a value}; shift 2 ;;
    --games) games=${2:?--games needs a value}; shift 2 ;;
    --seed) seed=${2:?--seed needs a value}; shift 2 ;;
    --only) only=${2:?--only needs a value}; shift 2 ;;
    --out) out=${2:?--out needs a value}; shift 2 ;;
    --no-bench) bench=0; shift ;;
    -h|--help) sed -n '4,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "ai-targets: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
for number in "$jobs" "$games" "$seed"; do
  case "$number" in
    ''|*[!0-9]*) echo "ai-targets: '$number' is not a whole number" >&2; exit 2 ;;
  esac
done

cd "$(dirname "$0")/.."
cargo build --release --no-default-features --target-dir target/cli
bin=target/cli/release/stackyard
mkdir -p "$out"

# Player A, player B, and the least score A must reach.
pairings=(
  "mcts:casual random 0.95"
  "mcts:casual greedy 0.75"
  "mcts:casual mcts:beginner 0.65"
  "mcts:strong mcts:casual 0.65"
  "mcts:master mcts:strong 0.65"
  "mcts:ms=1000 uct:ms=1000 0.75"
  "mcts:ms=250,threads=2 mcts:ms=250,threads=1 0.55"
)
# The Elo bounds of the sequential test for a target score p: p -/+ min(0.05, (1 - p) / 2).
sprt_bounds() {
  awk -v p="$1" 'function elo(x) { return -400 * log(1 / x - 1) / log(10) }
    function shown(x) { x = sprintf("%.1f", x); return x == "-0.0" ? "0.0" : x }
    BEGIN { d = 0.05; if ((1 - p) / 2 < d) d = (1 - p) / 2; printf "%s,%s", shown(elo(p - d)), shown(elo(p + d)) }'
}
played=()
for game in cash-in-hand intermedium grabber support splay; do
  for pairing in "${pairings[@]}"; do
    read -r a b target <<<"$pairing"
    echo "$game $a $b" | grep -Eq -- "$only" || continue
    file="$out/$game.${a//[:=,]/-}.${b//[:=,]/-}.json"
    played+=("$file $game $a $b $target")
    if [ -f "$file" ] && grep -q '"sprt"' "$file"; then
      echo "== $game: $a against $b: already played ($file)"
      continue
    fi
    bounds=$(sprt_bounds "$target")
    at_once=$jobs
    case "$a $b" in *threads=2*) at_once=$(( jobs / 2 > 0 ? jobs / 2 : 1 )) ;; esac
    echo "== $game: $a against $b, --sprt $bounds, at most $games games, --jobs $at_once ($(date -u +%H:%M) UTC)"
    "$bin" match --game "$game" "$a" "$b" --games "$games" --seed "$seed" --jobs "$at_once" --json \
      --sprt="$bounds" --resume "${file%.json}.journal" --records "${file%.json}.records" \
      >"$file.part" 2>"${file%.json}.log" || {
      echo "ai-targets: the match failed; its last words, from ${file%.json}.log:" >&2
      tail -n 3 "${file%.json}.log" >&2
      rm -f "$file.part"
      exit 1
    }
    mv "$file.part" "$file"
  done
done
if [ ${#played[@]} -eq 0 ]; then
  echo "ai-targets: no match is '<game> <a> <b>' for --only '$only'" >&2
  exit 2
fi

# A number field of a one-line JSON object.
field() { grep -o "\"$2\":[-0-9.]*" "$1" | head -n 1 | cut -d: -f2; }
# The sequential test's decision: H0, H1 or undecided.
decision() { grep -o '"decision":"[A-Za-z0-9]*"' "$1" | head -n 1 | cut -d'"' -f4; }

echo
printf '%-13s %-28s %6s %8s %7s %13s  %s\n' game match games score target "ms past budget" verdict
shortfalls=0
undecided=0
for entry in "${played[@]}"; do
  read -r file game a b target <<<"$entry"
  score=$(field "$file" a_score)
  over=$(field "$file" max_ms_over_budget)
  verdict=$(awk -v d="$(decision "$file")" -v l="$(field "$file" llr)" -v o="$over" \
    'BEGIN { v = (d == "H1") ? "met" : (d == "H0") ? "NOT MET" : sprintf("undecided (LLR %.2f)", l)
             if (o > 50) v = v ", over the 50 ms allowed"; print v }')
  case "$verdict" in met) ;; undecided*over*|NOT*) shortfalls=$((shortfalls + 1)) ;; undecided*) undecided=$((undecided + 1)) ;; esac
  printf '%-13s %-28s %6s %7.1f%% %6.0f%% %13s  %s\n' "$game" "$a vs $b" "$(field "$file" games)" \
    "$(awk -v s="$score" 'BEGIN { print s * 100 }')" "$(awk -v t="$target" 'BEGIN { print t * 100 }')" \
    "$over" "$verdict"
done
echo
slow=0
if [ "$bench" -eq 1 ]; then
  "$bin" bench --seconds 3 --json >"$out/bench.json"
  speeds=$(grep -o '"[a-z0-9-]*":{[^}]*}' "$out/bench.json" | awk -F'"' '{
    match($0, /"actions_per_s":[0-9.]+/); a = substr($0, RSTART + 16, RLENGTH - 16) + 0
    printf "%-13s %6.2f M random-playout actions/s (target 1 M): %s\n", $2, a / 1e6, (a >= 1e6) ? "met" : "NOT MET"
  }')
  echo "$speeds"
  slow=$(grep -c 'NOT MET' <<<"$speeds" || true)
  echo
fi
echo "$shortfalls of ${#played[@]} matches and $slow games' speeds short of their targets, $undecided matches undecided; the JSON is in $out"
[ "$shortfalls" -eq 0 ] && [ "$slow" -eq 0 ]
