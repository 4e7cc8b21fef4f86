# Writes the program of docs/nav.md (the ```cpp block after the line
# "<!-- docs example: ... -->") to OUT, so the tests build the example as
# the docs show it (cmake -DDOC=docs/nav.md -DOUT=file.cpp -P; CMake and
# Meson both run it). A doc without the block fails here, not silently.
file(READ ${DOC} doc)
string(FIND "${doc}" "<!-- docs example:" at)
if(at EQUAL -1)
    message(FATAL_ERROR "${DOC}: no '<!-- docs example: ... -->' line")
endif()
string(SUBSTRING "${doc}" ${at} -1 doc)
string(FIND "${doc}" "```cpp\n" start)
if(start EQUAL -1)
    message(FATAL_ERROR "${DOC}: no ```cpp block after the docs example line")
endif()
math(EXPR start "${start} + 7")
string(SUBSTRING "${doc}" ${start} -1 doc)
string(FIND "${doc}" "\n```" end)
string(SUBSTRING "${doc}" 0 ${end} code)
file(WRITE ${OUT}.new "// Written from ${DOC} by tests/nav/docs_example.cmake: edit the docs, not this file.\n${code}\n")
# Replaced only when it changed, so an unchanged doc rebuilds nothing.
file(COPY_FILE ${OUT}.new ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.new)
