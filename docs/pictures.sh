#!/bin/sh
# Makes the README's pictures of maps: `navspan svg` of one real map of each
# format, rendered 900 pixels wide by headless Chromium.
#
#   docs/pictures.sh NAVSPAN CORPUS [OUT]
#
# NAVSPAN is the built command (build/test/examples/navspan), CORPUS the
# folder of real files (one subfolder per format, each with files/; the
# tests' NAVSPAN_CORPUS), OUT the folder for the PNGs (docs/ by default).
# The files are linked under their plain names first, so that the titles
# say "de_dust2.nav".
set -eu
navspan=$1 corpus=$2 out=${3:-docs}
browser=${CHROMIUM:-chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

picture() {  # NAME FILE [svg options...]
    name=$1 file=$2
    shift 2
    plain="$work/$(basename "$file" | sed 's/^.*__//')"
    ln -sf "$file" "$plain"
    "$navspan" svg "$plain" -o "$work/$name.svg" "$@"
    size=$(sed -n 's/^<svg[^>]* width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' "$work/$name.svg" | head -n 1)
    width=${size% *} height=${size#* }
    shown=$((height * 900 / width))
    printf '<!doctype html><body style="margin:0"><img src="%s.svg" width="900" height="%s">' "$name" "$shown" \
        > "$work/$name.html"
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="900,$shown" \
        --screenshot="$out/$name.png" "file://$work/$name.html" 2>/dev/null
    echo "$out/$name.png"
}

picture source_de_dust2 "$corpus/source-nav/files/pnxenopoulos__awpy__de_dust2.nav"
picture source2_workshop_example_tilemesh \
    "$corpus/source2-nav/files/ValveResourceFormat__ValveResourceFormat__workshop_example_tilemesh.nav"
picture quake_hip1m3 "$corpus/quake-nav/files/Ryason55__quake_mission_packs_ry-vitalized__hip1m3.nav"
picture fox_ssav_139_128 "$corpus/fox-nav2/files/TinManTex__InfiniteHeaven__ssav_139_128_nav.nav2"
picture creation_companion_arissa "$corpus/creation-plugins/files/chesko256__Arissa__CompanionArissa.esm"
