# Writes OUT, a C++ fragment with one {"rule-id", R"doc(...)doc"} entry per docs/rules/*.md, so
# that `commcheck --explain` prints the specification the repository keeps beside the code.
# Usage: cmake -DDOCS=<docs/rules> -DOUT=<file> -P EmbedRuleDocs.cmake
file(GLOB Docs "${DOCS}/*.md")
list(SORT Docs)
set(Text "// Generated from docs/rules/*.md by cmake/EmbedRuleDocs.cmake: do not edit.\n")
foreach(Doc ${Docs})
  get_filename_component(Id "${Doc}" NAME_WE)
  file(READ "${Doc}" Body)
  string(FIND "${Body}" ")commcheck-doc\"" Clash)
  if(NOT Clash EQUAL -1)
    message(FATAL_ERROR "${Doc} contains the raw-string delimiter )commcheck-doc\"")
  endif()
  string(APPEND Text "{\"${Id}\", R\"commcheck-doc(${Body})commcheck-doc\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "${Text}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
