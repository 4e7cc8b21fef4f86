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
