# Helpers of the command's script tests (cmake -P), shared by
# tests/cli/exit_statuses.cmake, tests/tools/picture_options.cmake and each
# format's tests/<format>/cli.cmake; NAVSPAN names the command.

# Runs navspan with ARGN and fails unless its exit status is `expected`;
# leaves its output in last_out and last_err.
function(expect_status expected)
    execute_process(COMMAND ${NAVSPAN} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL expected)
        message(FATAL_ERROR "navspan ${ARGN}: status ${status}, expected ${expected}\nstdout: ${out}\nstderr: ${err}")
    endif()
    set(last_out "${out}" PARENT_SCOPE)
    set(last_err "${err}" PARENT_SCOPE)
endfunction()

function(expect_match what regex text)
    if(NOT "${text}" MATCHES "${regex}")
        message(FATAL_ERROR "${what}: expected to match '${regex}', got:\n${text}")
    endif()
endfunction()

function(expect_one_stderr_line)
    string(REGEX MATCHALL "\n" lines "${last_err}")
    list(LENGTH lines n)
    if(NOT n EQUAL 1)
        message(FATAL_ERROR "expected one stderr line, got: ${last_err}")
    endif()
endfunction()

# Runs navspan with ARGN: status `expected`, and its output (stdout, then
# stderr, where status lines such as "wrote ..." go) matches `regex`.
function(expect_run expected regex)
    execute_process(COMMAND ${NAVSPAN} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT status EQUAL expected)
        message(FATAL_ERROR "navspan ${ARGN}: status ${status}, expected ${expected}\nstdout: ${out}\nstderr: ${err}")
    endif()
    if(NOT "${out}${err}" MATCHES "${regex}")
        message(FATAL_ERROR "navspan ${ARGN}: expected output to match '${regex}', got:\n${out}${err}")
    endif()
endfunction()

# The first runs of every format's sample (tests/<format>/cli.cmake): dump
# --json, validate (no findings), then svg and obj written to OUT/<stem>.svg
# and OUT/<stem>.obj; each regex is what that run's output must match.
function(expect_sample_basics sample stem dump_regex svg_regex obj_regex)
    get_filename_component(name ${sample} NAME)
    expect_run(0 "${dump_regex}" dump --json ${sample})
    expect_run(0 "${name}: 0 findings" validate ${sample})
    expect_run(0 "${svg_regex}" svg ${sample} -o ${OUT}/${stem}.svg)
    expect_run(0 "${obj_regex}" obj ${sample} -o ${OUT}/${stem}.obj)
endfunction()
