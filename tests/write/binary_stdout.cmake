# `navspan dump --json` then `navspan pack FILE.json -o -` gives the sample's
# exact bytes on standard output: on Windows standard output is switched to
# binary, so no LF becomes CR LF. Runs natively and, through EMULATOR (wine),
# for the Windows build.
# cmake -DNAVSPAN=<exe> [-DEMULATOR=wine] -DSAMPLE=<file.nav> -DOUT=<dir> -P binary_stdout.cmake
set(json "${OUT}/binary_stdout.json")
set(packed "${OUT}/binary_stdout.nav")
execute_process(COMMAND ${EMULATOR} "${NAVSPAN}" dump --json "${SAMPLE}" OUTPUT_FILE "${json}" RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "dump --json ${SAMPLE}: status ${status}: ${err}")
endif()
execute_process(COMMAND ${EMULATOR} "${NAVSPAN}" pack "${json}" -o - OUTPUT_FILE "${packed}" RESULT_VARIABLE status ERROR_VARIABLE err)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "pack ${json} -o -: status ${status}: ${err}")
endif()
file(SHA256 "${SAMPLE}" want)
file(SHA256 "${packed}" got)
file(SIZE "${SAMPLE}" want_size)
file(SIZE "${packed}" got_size)
if(NOT want STREQUAL got)
    message(FATAL_ERROR "pack -o - wrote ${got_size} bytes, not the sample's ${want_size} bytes")
endif()
message(STATUS "pack -o -: ${got_size} bytes, identical to ${SAMPLE}")
