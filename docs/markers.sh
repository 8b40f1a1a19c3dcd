#!/bin/sh
# Renders docs/markers.png (each kind of lit mark in the wooden theme, at Low) and
# docs/markers-deuteranopia.png (the same as a deuteranope sees it: Viénot 1999's matrix on
# linear sRGB, libDaltonLens' figures). Needs Xvfb, Mesa's Vulkan, ImageMagick and DejaVu Sans.
#   sh docs/markers.sh [path/to/stackyard]
set -eu
bin=${1:-target/release/stackyard}
tmp=$(mktemp -d)
n=0
shot() { # CAPTION, then the app's arguments
    caption=$1
    shift
    n=$((n + 1))
    WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x720x24" "$bin" --screenshot "$tmp/$n.png" \
        --quality low "$@" >/dev/null 2>&1
    convert "$tmp/$n.png" -crop 600x440+340+140 +repage -resize 50% \
        -gravity south -background '#201810' -fill white -font DejaVu-Sans -pointsize 13 -splice 0x20 \
        -annotate +0+3 "$caption" "$tmp/$n.png"
}
shot "Splay: ring, step squares, splay diamonds" \
    --position "$("$bin" new splay)" --partial c2
shot "Splay: forced splays (orange diamonds)" \
    --position 'splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0' --partial e5
shot "Cash In Hand: placements (arrows down)" \
    --position 'cash-in-hand w,1,w3,b2,3,b23/1,w13,1,w4,b4,1,b2,1/w,1,w4,1,w2,3/1,w3,1,w,2,b,1/1,b,6/8/1,b,6/b30,6,w32 w 17' \
    --partial 'e6:2 f7:1 e8:1 (:d8)'
shot "Support: halos to choose, small ones to insert" \
    --position 'support 1,b,1,b,2,w,w,1/b,6,w,w/b,7,b/w,8/8,w/8,w/9/9/1,w,1,b,1,b,3 w 16 1 0 -'
shot "Support: push arrows, step squares" \
    --position 'support 1,b,1,b,2,w,w,1/b,6,w,w/b,7,b/w,8/8,w/8,w/9/9/1,w,1,b,1,b,3 w 16 1 0 -' --partial h9
shot "Grabber: stop cross, jump squares" \
    --position 'grabber b,w,b,w,b,1,b,w/w,b,w,b,w,w,w,b/b,w,b,1,b,bw,b,w/w,b,w,1,w,1,w,b/b,bw,1,bw,1,bw,2/w,2,w,w,b,w,b/b,1,wb,b2,1,w,b,w/w,wb,b,wb,w,b,w,b b 15' --partial g6-g4-e4
montage "$tmp"/[1-6].png -tile 3x2 -geometry +2+2 -background '#201810' docs/markers.png
convert docs/markers.png -colorspace RGB \
    -color-matrix '0.29275 0.70725 0 0.29275 0.70725 0 -0.02234 0.02234 1' \
    -colorspace sRGB docs/markers-deuteranopia.png
rm -r "$tmp"
