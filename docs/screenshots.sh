#!/bin/sh
# Renders each game at its start and in a capture (a capturing turn in progress, from the
# recorded games in assets/replays) at Low and at High quality into docs/look/ (1280x720), and
# the README's other pictures and the title's cards, through Xvfb and Mesa's software Vulkan.
# Every file it writes is tracked (docs/, docs/look/, assets/cards/):
#   sh docs/screenshots.sh [path/to/stackyard] [look]     (look: only docs/look/)
set -eu
bin=${1:-target/release/stackyard}
only=${2:-all}
mkdir -p docs/look
shot() { # FILE ARGS...: one screenshot
    file=$1
    shift
    WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --screenshot "$file" "$@"
}
shot_at() { # WxH FILE ARGS...: one screenshot in a window of that size
    size=$1
    file=$2
    shift 2
    WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 ${size}x24" "$bin" --screenshot "$file" --window-size "$size" "$@"
}
for game in cash-in-hand intermedium grabber support splay; do
    for quality in low high; do
        shot "docs/look/$game-$quality.png" --position "$("$bin" new "$game")" --quality "$quality"
    done
done
capture() { # GAME POSITION PARTIAL: the capturing turn of a recorded game, under way
    for quality in low high; do
        shot "docs/look/$1-capture-$quality.png" --position "$2" --partial "$3" --quality "$quality"
    done
}
capture cash-in-hand 'cash-in-hand w,1,w3,b2,3,b23/1,w13,1,w4,b4,1,b2,1/w,1,w4,1,w2,3/1,w3,1,w,2,b,1/1,b,6/8/1,b,6/b30,6,w32 w 17' 'e6:2 f7:1 e8:1 (:d8)'
capture intermedium 'intermedium 7/w4,1,w4,1,w4,2/b,w5,b,w4,1,w6,b/1,b2,1,b,w5,b,w/b,1,b,2,w2,1/w2,b3,3,b,w2/b,w,2,b4,2/w,2,b4,1,b4,1/b4,1,b4,1,b4,1,b4/7 b 8' 'f3-g4-f5-g6'
capture grabber 'grabber b,w,b,w,b,1,b,w/w,b,w,b,w,w,w,b/b,w,b,1,b,bw,b,w/w,b,w,1,w,1,w,b/b,bw,1,bw,1,bw,2/w,2,w,w,b,w,b/b,1,wb,b2,1,w,b,w/w,wb,b,wb,w,b,w,b b 15' 'g6-g4-e4'
capture support 'support 1,b,1,b,2,w,w,1/b,6,w,w/b,7,b/w,8/8,w/8,w/9/9/1,w,1,b,1,b,3 w 16 1 0 -' 'h9'
capture splay 'splay 8/1,w2,w3,w2,1,w2,2/4,w,w,w,w2/2,w,3,bw2,1/b3w,3,b,b,2/2,b,b,1,b3,b3,1/3,b2,1,b2,2/8 w 15 0 0' 'g5'
[ "$only" = look ] && exit 0
cp docs/look/splay-high.png docs/splay-start.png
python3 docs/cards.py
shot docs/title.png --screen title --quality high
# The smallest supported window, in the longer language: the cards narrow, Start stays in view.
shot_at 1024x768 docs/title-1024x768.png --screen title --language de --quality low
shot docs/languages-fr-title.png --screen title --game splay --language fr
shot docs/languages-pl-how-to-play.png --screen how-to-play --game intermedium --language pl
shot docs/how-to-play-intermedium.png --game intermedium --screen how-to-play --quality high
shot docs/how-to-play-splay.png --game splay --screen how-to-play --quality high
shot docs/high-contrast.png --game support --theme high-contrast --quality high
shot docs/idle-prompt.png --profile assets/exhibition.ron --screen idle-prompt --quality high
shot docs/attract.png --profile assets/exhibition.ron --screen attract --quality high
# A visitor's game at a kiosk's 1080p screen: the game's own view, no desktop controls.
shot_at 1920x1080 docs/kiosk-visitor-game.png --profile assets/exhibition.ron --screen game --quality low
# The room, from where attract mode's walk of the camera starts (the hidden --room-view holds
# the walk at a share of the way).
shot docs/room.png --profile assets/exhibition.ron --screen attract --quality high --room-view 0
# A Splay game drawn by the no-progress rule, opened with --load (game 6 of `stackyard match
# --game splay greedy greedy --games 20 --seed 3 --opt no_capture_turns=40 --records DIR`: the
# rule at 40 turns, so that greedy players reach it).
shot docs/splay-no-capture-draw.png --load docs/records/splay-no-capture-40.ron --quality high
# The same for Cash In Hand (game 6 of `stackyard match --game cash-in-hand random random --games
# 6 --seed 3 --opt no_capture_turns=40 --records DIR`). docs/cash-in-hand-options.png, the
# picker, was taken in a real window (the title's Choose clicked with xdotool under Xvfb).
shot docs/cash-in-hand-no-capture-draw.png --load docs/records/cash-in-hand-no-capture-40.ron --quality high
# A game with two variations, one inside the other, in the Moves window, with the engine's view
# (graph, bar, best line) of two people's game (a hand-written save).
shot docs/variations.png --load docs/records/variations.ron --quality low
# A variation made from move 58 by clicks (tests/window/real_window.rs's scenario; its autosave, left in
# the variation, is docs/records/splay-60-variation.ron).
shot docs/variation-from-58.png --load docs/records/splay-60-variation.ron --quality low
# The position editor on a Splay position set up from the start, with the engine's view.
shot docs/editor.png --screen editor --quality low --position 'splay 8/1,w2,w2,1,w2,w2,w2,1/1,w,w,1,w,w,w,1/3,w,4/2,b2,5/1,b,1,b,b,b,b,1/1,b2,b2,b2,b2,1,b2,1/8 w 3 0 0'
# A GIF of a recorded game (the first 24 moves of Splay's replay) by `stackyard gif`.
first24=$(mktemp --suffix=.ron)
awk '/^        "/ { if (++n > 24) next } { print }' assets/replays/splay.ron >"$first24"
"$bin" gif --load "$first24" --out docs/game.gif
rm "$first24"
# Settings after Auto stepped down from Medium on this screen: a kiosk whose Auto takes the
# software renderer for a GPU that calls for Medium (the hidden --adapter-level) runs on the game
# screen until graphics.ron keeps its step, then the next start opens Settings.
steps=$(mktemp -d)
WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --profile assets/exhibition.ron \
    --screen game --adapter-level medium --data-dir "$steps" --config-dir "$steps" &
kiosk=$!
until grep -qs too_slow "$steps/graphics.ron"; do sleep 2; done
kill $kiosk
wait $kiosk || true
shot docs/settings-stepped-down.png --screen settings --adapter-level medium --data-dir "$steps" --config-dir "$steps"
rm -rf "$steps"
