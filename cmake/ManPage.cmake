# Writes a man page from a program's --help and --version output, so that the page says exactly
# what the installed program says (no second copy of the option list to keep in step).
#
#   cmake -DPROGRAM=<exe> -DNAME=<name> -DSUMMARY=<one line> -DOUT=<file.1> -P ManPage.cmake
foreach(var PROGRAM NAME SUMMARY OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "ManPage.cmake: ${var} is not set")
  endif()
endforeach()

execute_process(COMMAND "${PROGRAM}" --help OUTPUT_VARIABLE help ERROR_VARIABLE help_err
                RESULT_VARIABLE help_rc)
if(NOT help_rc EQUAL 0 OR help STREQUAL "")
  message(FATAL_ERROR "ManPage.cmake: '${PROGRAM} --help' failed (${help_rc}): ${help_err}")
endif()
execute_process(COMMAND "${PROGRAM}" --version OUTPUT_VARIABLE version RESULT_VARIABLE version_rc ERROR_QUIET
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT version_rc EQUAL 0)
  set(version "${NAME}")
endif()

# roff: a backslash is \e; a line starting with . or ' would be a request.
string(REPLACE "\\" "\\e" help "${help}")
string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" help "${help}")
string(TOUPPER "${NAME}" title)
file(WRITE "${OUT}"
  ".TH ${title} 1 \"\" \"${version}\" \"User Commands\"\n"
  ".SH NAME\n${NAME} \\- ${SUMMARY}\n"
  ".SH DESCRIPTION\n"
  "The text below is the output of \\fB${NAME} \\-\\-help\\fR.\n"
  ".PP\n.nf\n${help}.fi\n"
  ".SH SEE ALSO\n"
  "/usr/share/doc/commcheck/README.md, \\fBcommcheck \\-\\-explain=<rule>\\fR\n")
