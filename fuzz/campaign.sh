#!/usr/bin/env bash
# One fuzzing campaign for one target: run it for a number of executions from
# its committed seeds and corpus, then merge what it found back into the
# minimised corpus fuzz/corpus/<target>/ (which CI replays and starts from).
#
#   cmake --preset fuzz && cmake --build build/fuzz
#   nice fuzz/campaign.sh <target> [executions=10000000] [build dir=build/fuzz]
#
# Long campaigns run faster on the UBSan-only build (preset fuzz-ubsan: about
# 4x the executions per second of ASan); the merged corpus is then replayed
# through the ASan build (build/fuzz) when it exists, so a memory error the
# UBSan build could not see still fails the campaign.
#
# NAVSPAN_CAMPAIGN_SECONDS=N also stops it after N seconds (for slow targets).
# NAVSPAN_CAMPAIGN_MAX_LEN=N caps the input size (default 65536); the command
# target's work grows with its input, and the merge keeps inputs of at most
# 4 KiB anyway, so its long campaigns run with 4096.
# Prints one line for docs/fuzzing.md: date, target, executions, seconds,
# coverage (edges) and features, corpus size, findings. Crash reproducers stay in
# build/campaign/<target>/ (artifact prefix) for the finder to turn into a test.
set -u
name=$1
runs=${2:-10000000}
build=${3:-build/fuzz}
root=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/$build/fuzz/navspan_fuzz_$name"
[ -x "$binary" ] || { echo "campaign: no $binary (build the fuzz preset)" >&2; exit 2; }

work="$root/build/campaign/$name"
mkdir -p "$work/found" "$root/fuzz/corpus/$name"
inputs=("$work/found" "$root/fuzz/corpus/$name")
[ -d "$root/fuzz/seeds/$name" ] && inputs+=("$root/fuzz/seeds/$name")
if [ "$name" = nav ] || [ "$name" = work ]; then  # the queries run on every format's seeds
    for format in source quake fox creation; do inputs+=("$root/fuzz/seeds/$format"); done
fi
dict=()
[ -f "$root/fuzz/$name.dict" ] && dict=(-dict="$root/fuzz/$name.dict")

# Inputs stay small (64 KiB) so the kept corpus stays small; -timeout makes
# a superlinear input a finding.
start=$(date +%s)
time_limit=()
[ -n "${NAVSPAN_CAMPAIGN_SECONDS:-}" ] && time_limit=(-max_total_time="$NAVSPAN_CAMPAIGN_SECONDS")
"$binary" "${dict[@]}" -runs="$runs" "${time_limit[@]}" -max_len="${NAVSPAN_CAMPAIGN_MAX_LEN:-65536}" -timeout=5 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/" "${inputs[@]}" > "$work/log" 2>&1
status=$?
seconds=$(( $(date +%s) - start ))

# Merge: of the inputs of at most 4 KiB (the committed corpus stays a few
# MB for all targets), keep those that add coverage.
rm -rf "$work/merged" "$work/small" && mkdir -p "$work/merged" "$work/small"
find "$root/fuzz/corpus/$name" "$work/found" -type f -size -4097c -exec cp {} "$work/small/" \;
"$binary" -merge=1 -max_len=65536 -timeout=5 "$work/merged" "$work/small" \
    > "$work/merge.log" 2>&1 && rm -rf "$root/fuzz/corpus/$name" && mv "$work/merged" "$root/fuzz/corpus/$name"

# Replay what was kept through the ASan build when the campaign ran another.
asan="$root/build/fuzz/fuzz/navspan_fuzz_$name"
replay=""
if [ "$binary" != "$asan" ] && [ -x "$asan" ]; then
    if "$asan" -runs=0 -timeout=5 -rss_limit_mb=2048 "$root/fuzz/corpus/$name" > "$work/replay.log" 2>&1; then
        replay=", corpus replayed under ASan: clean"
    else
        status=1
        replay=", corpus replay under ASan FAILED (see $work/replay.log)"
    fi
fi

executed=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/log" | grep -o '[0-9]*$')
coverage=$(grep -E '^#[0-9]+.*cov:' "$work/log" | tail -1 | sed -E 's/.*cov: ([0-9]+) ft: ([0-9]+).*/\1 edges, \2 features/')
files=$(ls "$root/fuzz/corpus/$name" | wc -l)
bytes=$(( $(cat "$root"/fuzz/corpus/"$name"/* 2>/dev/null | wc -c) / 1024 ))
findings=none
[ $status -ne 0 ] && findings="exit $status: $(ls "$work" | grep -E '^(crash|leak|timeout|oom|slow-unit)-' | tr '\n' ' ')"
echo "$(date -u +%Y-%m-%d) | $name | ${executed:-?} | ${seconds} s | ${coverage:-?} | $files files, ${bytes} KiB | $findings$replay"
