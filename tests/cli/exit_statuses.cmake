# The command as scripts meet it (issue 14, issue 16 #6), run with
# cmake -DNAVSPAN=... -DJUNK=... -DSAMPLES=... -DREADME=... -DOUT=... -P:
# exit statuses, one JSON object per file (failures included), standard
# input and output, write errors, validate's filters, and the one exit
# status text shared by every --help and the README.
include(${CMAKE_CURRENT_LIST_DIR}/expect.cmake)

# Writes `file` with the bytes `hex` (two hex digits each) appended, to `out`.
function(copy_with_trailing file hex out)
    file(READ ${file} bytes HEX)
    string(APPEND bytes "${hex}")
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "\\\\x\\1" escaped "${bytes}")
    execute_process(COMMAND printf "${escaped}" OUTPUT_FILE ${out})
endfunction()

# validate --json on two files: status `expected`, one record a line, the
# first matching `first`, the second `second`.
function(expect_two_records expected first second)
    expect_status(${expected} validate --json ${ARGN})
    string(REGEX MATCHALL "[^\n]+" records "${last_out}")
    list(GET records 0 record)
    expect_match("first record" "${first}" "${record}")
    list(GET records 1 record)
    expect_match("second record" "${second}" "${record}")
endfunction()

# validate on `file`, whose one finding is trailing-bytes (info): shown at
# --min-severity info (its line matches `text`), counted in the per-check
# summary, failing --fail-on info unless ignored, and in the JSON record
# (matching `json`) of --only trailing-bytes.
function(expect_trailing_finding file text json)
    expect_status(0 validate --min-severity info ${file})
    expect_match("info finding" "${text}" "${last_out}")
    expect_match("per-check summary" "\n  trailing-bytes +1  info\n" "${last_out}")
    expect_status(3 validate --fail-on info ${file})
    expect_status(0 validate --fail-on info --ignore trailing-bytes ${file})
    expect_status(3 validate --json --fail-on info --only trailing-bytes ${file})
    expect_match("json findings" "${json}" "${last_out}")
endfunction()

set(quake ${SAMPLES}/sample_v18.nav)
set(source ${SAMPLES}/sample_v16_cstrike.nav)

# A file that is not valid: status 1, one stderr line, and its own JSON object.
expect_status(1 info --json ${JUNK})
expect_one_stderr_line()
expect_match("junk reason" "junk.bin: not a navigation mesh: [^\n]*\\(bad magic in file of no known format at offset 0" "${last_err}")
expect_match("invalid file object" "^{\"file\": \"[^\"]*junk.bin\", \"error\": \"bad magic[^\"]*\", \"offset\": 0}\n$" "${last_out}")
# Plain reasons first, the exact detail after (issue 27).
file(WRITE ${OUT}/empty.nav "")
expect_status(1 info ${OUT}/empty.nav)
expect_match("empty reason" "^navspan: [^\n]*empty.nav: empty input \\(the file has no bytes\\)\n$" "${last_err}")
expect_status(1 validate ${JUNK}.missing)
expect_match("missing reason" "^navspan: [^\n]*junk.bin.missing: no such file\n$" "${last_err}")
# One object per file, in order, each naming its file; a missing file is status 1 too.
expect_status(1 info --json ${quake} ${JUNK}.missing ${source})
string(REGEX MATCHALL "[^\n]+" objects "${last_out}")
list(LENGTH objects n)
if(NOT n EQUAL 3)
    message(FATAL_ERROR "expected 3 objects, got: ${last_out}")
endif()
list(GET objects 1 missing)
expect_match("missing file object" "^{\"file\": \"[^\"]*junk.bin.missing\", \"error\": \"[^\"]+\", \"offset\": null}$" "${missing}")
list(GET objects 2 third)
expect_match("third object" "^{\"file\": \"[^\"]*sample_v16_cstrike.nav\", \"format\": \"source_nav\"" "${third}")
# Text info: the file name, labelled bounds, shortest floats, game and place names, no quotes.
expect_status(0 info ${source})
expect_match("text info" "file: +[^\n]*sample_v16_cstrike.nav\nformat: +source_nav\n" "${last_out}")
expect_match("text bounds" "bounds: +min 0 0 0  max 200 200 8  size 200 200 8\n" "${last_out}")
expect_match("text game" "game_data: +Counter-Strike" "${last_out}")
expect_match("text places" "place_names: +BombsiteA, CTSpawn\n" "${last_out}")
expect_status(0 info ${quake})
expect_match("shortest float" "heuristic: +0.8\n" "${last_out}")
if(last_out MATCHES "\"")
    message(FATAL_ERROR "text info quotes strings: ${last_out}")
endif()

# Standard input and output.
expect_status(0 info --json - INPUT_FILE ${quake})
expect_match("stdin" "^{\"file\": \"-\", \"format\": \"quake_nav\"" "${last_out}")
expect_status(0 svg ${quake} -o -)
expect_match("svg on stdout" "^<svg " "${last_out}")
expect_match("status on stderr" "^wrote " "${last_err}")
expect_status(0 obj ${quake} -o -)
expect_match("obj on stdout" "\nv " "${last_out}")

# Usage errors say what was expected.
expect_status(2 info --bogus ${JUNK})
expect_match("unknown option" "unknown option '--bogus'" "${last_err}")
expect_status(2 svg ${quake} -o)
expect_match("missing value" "-o needs a value: an output file" "${last_err}")
expect_status(2 validate --fail-on loud ${quake})
expect_match("bad level" "--fail-on expects error, warning or info, got 'loud'" "${last_err}")
expect_status(2 info)
expect_status(2 frobnicate)
expect_status(2)
expect_status(0 info --help)
expect_status(0 --help)
expect_status(0 --version)
expect_match("version" "^navspan [0-9]+\\.[0-9]+\\.[0-9]+\n$" "${last_out}")

# Write errors are never lost (issue 16 #6): one stderr line, status 4.
if(EXISTS /dev/full)
    foreach(args "dump;${quake}" "info;--json;${quake}" "validate;--json;${quake}" "path;${quake};--from;1;--to;4" "svg;${quake};-o;-")
        execute_process(COMMAND ${NAVSPAN} ${args} OUTPUT_FILE /dev/full RESULT_VARIABLE status ERROR_VARIABLE err)
        if(NOT status EQUAL 4 OR NOT err MATCHES "^navspan: cannot write standard output: [^\n]+\n$")
            message(FATAL_ERROR "navspan ${args} > /dev/full: status ${status}, stderr: ${err}")
        endif()
    endforeach()
    expect_status(4 svg ${quake} -o /dev/full)
    expect_match("svg -o /dev/full" "^navspan: cannot write /dev/full: " "${last_err}")
endif()

# validate: severities, filters, the per-check summary, one JSON record per file.
expect_status(0 validate ${source})
expect_match("summary" "sample_v16_cstrike.nav: 0 findings \\(0 error, 0 warning, 0 info\\)" "${last_out}")
expect_two_records(1 "^{\"file\": \"[^\"]*sample_v18.nav\", \"findings\": \\[\\], \"counts\": {}, \"severities\": {\"error\": 0, \"warning\": 0, \"info\": 0}}$"
    "^{\"file\": \"[^\"]*junk.bin\", \"error\": " ${quake} ${JUNK})
# The source sample with two trailing bytes: one info finding (trailing-bytes).
copy_with_trailing(${source} "0102" ${OUT}/trailing.nav)
expect_trailing_finding(${OUT}/trailing.nav "info: trailing-bytes: file at offset 771"
    "^{\"file\": \"[^\"]*trailing.nav\", \"findings\": \\[{\"check\": \"trailing-bytes\", \"severity\": \"info\", .*\"counts\": {\"trailing-bytes\": 1}, \"severities\": {[^}]*}}\n$")
expect_status(0 validate --fail-on info --only one-way-connection ${OUT}/trailing.nav)

# Fox and plugins print the library's checks the same way: a clean record
# each, then the Fox sample with four bytes after its file size (one info
# finding, named and filtered like Source's).
set(fox ${SAMPLES}/fox_sample.nav2)
set(plugin ${SAMPLES}/sample_skyrim.esp)
expect_two_records(0 "^{\"file\": \"[^\"]*fox_sample.nav2\", \"findings\": \\[\\], \"counts\": {}, \"severities\": {[^}]*}}$"
    "^{\"file\": \"[^\"]*sample_skyrim.esp\", \"findings\": \\[\\], \"counts\": {}, \"severities\": {[^}]*}}$" ${fox} ${plugin})
copy_with_trailing(${fox} "01020304" ${OUT}/trailing.nav2)
expect_trailing_finding(${OUT}/trailing.nav2 "info: trailing-bytes: end of file at offset 2478: [^\n]* \\(bytes 4\\)\n"
    "^{\"file\": \"[^\"]*trailing.nav2\", \"findings\": \\[{\"check\": \"trailing-bytes\", \"severity\": \"info\", \"record\": \"end of file\", \"offset\": 2478, .*\"counts\": {\"trailing-bytes\": 1}, \"severities\": {[^}]*}}\n$")
expect_status(0 validate --fail-on warning ${OUT}/trailing.nav2)

# A script can trust validate (issue 27): a check id no format has is a usage
# error naming the ids; info findings are counted, listed with --min-severity
# info; -q gives one line per file; several files end with a total; JSON
# findings carry the library's numbers and counts per severity.
expect_status(2 validate --only one-way-conection ${source})
expect_match("unknown check" "--only: no check is called 'one-way-conection' \\(did you mean one-way-connection\\?\\)\n" "${last_err}")
expect_match("known checks listed" "\n  duplicate-area-id [^\n]*\n(.*\n)? +[^\n]*grid-cell-misses-triangle" "${last_err}")
expect_match("one usage line" "\nusage: navspan validate [^\n]*\\(--help for more\\)\n$" "${last_err}")
expect_status(2 validate --ignore trailing-bytes,no-such-check ${source})
expect_match("unknown ignored check" "--ignore: no check is called 'no-such-check'" "${last_err}")
expect_status(2 validate --min-severity loud ${source})
expect_status(0 validate ${OUT}/trailing.nav)
if(last_out MATCHES "info: trailing-bytes")
    message(FATAL_ERROR "info findings listed without --min-severity info: ${last_out}")
endif()
expect_match("info counted" "trailing.nav: 1 finding \\(0 error, 0 warning, 1 info\\); 1 below warning not listed" "${last_out}")
expect_status(0 validate -q ${OUT}/trailing.nav ${source})
expect_match("summary lines" "^[^\n]*trailing.nav: 1 finding \\(0 error, 0 warning, 1 info\\)\n[^\n]*sample_v16_cstrike.nav: 0 findings \\(0 error, 0 warning, 0 info\\)\ntotal: 2 files, 1 finding \\(0 error, 0 warning, 1 info\\); 0 at or above --fail-on warning\n$" "${last_out}")
expect_status(1 validate --summary ${OUT}/trailing.nav ${JUNK})
expect_match("total with an unreadable file" "\ntotal: 1 file, 1 finding [^\n]*; 1 not read\n$" "${last_out}")
expect_status(0 validate --json ${OUT}/trailing.nav)
expect_match("json numbers" "\"check\": \"trailing-bytes\", \"severity\": \"info\", \"record\": \"file\", \"offset\": 771, \"message\": \"[^\"]*\", \"kind\": \"file\", \"index\": 0, \"id\": 0, \"value\": 2}" "${last_out}")
expect_match("json severities" "\"counts\": {\"trailing-bytes\": 1}, \"severities\": {\"error\": 0, \"warning\": 0, \"info\": 1}}\n$" "${last_out}")
expect_status(0 validate --json --min-severity warning ${OUT}/trailing.nav)
expect_match("json lists at --min-severity" "\"findings\": \\[\\], \"counts\": {\"trailing-bytes\": 1}" "${last_out}")
expect_status(0 validate --json -q ${OUT}/trailing.nav)
expect_match("json summary" "^{\"file\": \"[^\"]*trailing.nav\", \"counts\": {\"trailing-bytes\": 1}, \"severities\": {[^}]*}}\n$" "${last_out}")

# One text of the exit statuses: every --help and the README say it.
execute_process(COMMAND ${NAVSPAN} --help OUTPUT_VARIABLE main_help)
string(REGEX MATCH "Exit status: [^\n]*\n[^\n]*\n[^\n]*\n[^\n]*\n" statuses "${main_help}")
if(statuses STREQUAL "")
    message(FATAL_ERROR "navspan --help gives no exit statuses")
endif()
foreach(command info dump validate svg obj path)
    execute_process(COMMAND ${NAVSPAN} ${command} --help OUTPUT_VARIABLE help)
    string(FIND "${help}" "${statuses}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "navspan ${command} --help does not give the exit statuses of navspan --help:\n${statuses}")
    endif()
endforeach()
file(READ ${README} readme)
string(FIND "${readme}" "${statuses}" at)
if(at EQUAL -1)
    message(FATAL_ERROR "README.md does not give the exit statuses of navspan --help:\n${statuses}")
endif()
# path and locate: usage errors are 2, an invalid file 1.
expect_status(2 locate ${JUNK})
expect_status(2 locate ${JUNK} 1,2)
expect_status(1 locate ${JUNK} 1,2,3)
expect_status(2 path ${JUNK} --from 1)
expect_status(1 path ${JUNK} --from 1 --to 2)
expect_status(0 locate --help)
expect_status(0 path --help)
# A point at infinity or past a billion units: a usage error, not an answer (issue 28 G7).
expect_status(2 locate ${source} 1e39,0,0)
expect_match("locate out of range" "out of range" "${last_err}")
expect_status(2 locate ${source} 0,nan,0)
expect_status(2 path ${source} --from 1 --to 5e9,0,0)
expect_match("path out of range" "out of range" "${last_err}")
