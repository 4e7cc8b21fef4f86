#!/usr/bin/env bash
# The navspan command on files that are not what they seem (issue 16 #1, #3,
# #5): a file truncated and rewritten while `navspan dump` reads it, a FIFO,
# a device, a plugin followed by gigabytes of zeros. Each gives status 0 or
# 1 (or 2 for what is not a file) with at most one line on stderr: never a
# signal, never a hang.
#
#   hostile_files.sh NAVSPAN SAMPLE.nav PLUGIN.esp [CORPUS]
# With the real corpus, its largest Source map is the file changed under the
# dump (a longer dump, a wider race window).
set -u
navspan=$1
sample=$2
plugin=$3
corpus=${4:-}
if [ -n "$corpus" ] && [ -d "$corpus/source-nav/files" ]; then
    largest=$(ls -S "$corpus"/source-nav/files/*.nav 2>/dev/null | head -1)
    [ -n "$largest" ] && sample=$largest
fi
work=$(mktemp -d)
mutator=
cleanup() {
    [ -n "$mutator" ] && kill "$mutator" 2>/dev/null && wait "$mutator" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Runs navspan (with a hang guard); sets status, out, err, err_lines.
run() {
    timeout 20 "$navspan" "$@" > "$work/out" 2> "$work/err"
    status=$?
    err_lines=$(wc -l < "$work/err")
}
expect() {  # expect "what" allowed-statuses...
    local what=$1; shift
    local ok=0
    for s in "$@"; do [ "$status" -eq "$s" ] && ok=1; done
    [ $ok -eq 1 ] || fail "$what: status $status (expected $*): $(head -3 "$work/err")"
    if [ "$status" -ne 0 ] && [ "$err_lines" -ne 1 ]; then
        fail "$what: $err_lines stderr lines: $(head -3 "$work/err")"
    fi
}

# 1. A file truncated and rewritten in place while it is dumped. The file
# never becomes empty (that would be status 2, "file is empty"): it is cut
# to half, restored, overwritten with 0xFF from byte 64, restored.
size=$(wc -c < "$sample")
cp "$sample" "$work/live.nav"
head -c $((size - 64)) /dev/zero | tr '\0' '\377' > "$work/ff"
(
    while :; do
        truncate -s $((size / 2)) "$work/live.nav"
        dd if="$sample" of="$work/live.nav" conv=notrunc status=none
        dd if="$work/ff" of="$work/live.nav" bs=64 seek=1 conv=notrunc status=none
        dd if="$sample" of="$work/live.nav" conv=notrunc status=none
    done
) &
mutator=$!
statuses=""
for i in $(seq 1 25); do
    run dump "$work/live.nav"
    statuses="$statuses $status"
    expect "dump of a file changing underneath (run $i)" 0 1
done
kill "$mutator" 2>/dev/null; wait "$mutator" 2>/dev/null; mutator=
echo "dump of a changing file, 25 runs, statuses:$statuses"

# 2. A FIFO with no writer, and a character device: refused at once.
mkfifo "$work/fifo"
run info "$work/fifo"
expect "info on a FIFO" 1
grep -q "not a regular file" "$work/err" || fail "FIFO message: $(cat "$work/err")"
run dump "$work/fifo"
expect "dump on a FIFO" 1
run info /dev/zero
expect "info on /dev/zero" 1

# 3. A valid plugin followed by zeros: 3 GB (a sparse file) is over the
# default file size limit; 64 MiB stops at the first zero header.
cp "$plugin" "$work/tail.esp"
truncate -s +3G "$work/tail.esp"
run info "$work/tail.esp"
expect "info on a plugin followed by 3 GB of zeros" 1
grep -q "limit exceeded" "$work/err" || fail "3 GB message: $(cat "$work/err")"
cp "$plugin" "$work/tail.esp"
truncate -s +64M "$work/tail.esp"
start=$(date +%s%N)
run info "$work/tail.esp"
echo "info on a plugin followed by 64 MiB of zeros: $(( ($(date +%s%N) - start) / 1000000 )) ms"
expect "info on a plugin followed by 64 MiB of zeros" 1
grep -q "at offset $(wc -c < "$plugin")" "$work/err" || fail "64 MiB message: $(cat "$work/err")"
for command in validate dump; do
    run $command "$work/tail.esp"
    expect "$command on a plugin followed by 64 MiB of zeros" 1
done

[ $failures -eq 0 ] && echo "all hostile-file checks passed"
exit $((failures > 0))
