# CommcheckVerify.cmake: make a device build depend on commcheck, so that a kernel that does not
# verify stops the build before it is compiled.
#
#   include(CommcheckVerify)
#   commcheck_verify_kernels(<target>
#     SOURCES <kernel.cpp>...        kernels to verify (relative to the current source folder)
#     [COMMCHECK <path>]             the commcheck executable (default: see below)
#     [ARGS <arg>...]                extra commcheck arguments, e.g. --fail-on=warning,
#                                    --config-file=..., -p ${CMAKE_BINARY_DIR}, -- -DFOO
#     [DEPENDS <file>...]            more files whose change re-verifies (configuration files,
#                                    intrinsic catalogues, headers the kernels include)
#     [OUTPUT_DIR <dir>]             where verified copies go (default:
#                                    ${CMAKE_CURRENT_BINARY_DIR}/commcheck/<target>)
#     [VERIFIED_SOURCES <var>])      set <var> to the verified copies, in SOURCES order
#
# Each kernel is checked by its own build step, `commcheck --gate --out-dir=...`, whose output is
# the verified copy of the kernel: the gate writes it only for a kernel that parsed, was fully
# analysed and has no unsuppressed error finding (a NOLINT needs a reason), and removes a stale
# one otherwise, so the step fails and its output does not exist. <target> depends on every such
# step (add_dependencies), and each kernel that is also a source of <target> gets its verified copy
# as an OBJECT_DEPENDS: neither the target's own compile steps nor its custom commands run before
# all its kernels verified. Compiling the verified copies (VERIFIED_SOURCES) instead of the
# originals is the strictest form: the compiler then only ever sees bytes the gate passed.
#
# The executable is, in this order: COMMCHECK, the cache variable COMMCHECK_EXECUTABLE, the
# target `commcheck` when the project builds it (it is then built first), `commcheck` on PATH.
# A rebuilt commcheck re-verifies every kernel.

include_guard(GLOBAL)

function(commcheck_verify_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 CV "" "COMMCHECK;OUTPUT_DIR;VERIFIED_SOURCES"
                        "SOURCES;ARGS;DEPENDS")
  if(CV_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "commcheck_verify_kernels: unknown arguments: ${CV_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "commcheck_verify_kernels: '${target}' is not a target")
  endif()
  if(NOT CV_SOURCES)
    message(FATAL_ERROR "commcheck_verify_kernels(${target}): no SOURCES")
  endif()

  # The executable, and what a verification step depends on to re-run when it changes.
  set(tool_depends "")
  if(CV_COMMCHECK)
    set(tool "${CV_COMMCHECK}")
  elseif(COMMCHECK_EXECUTABLE)
    set(tool "${COMMCHECK_EXECUTABLE}")
  elseif(TARGET commcheck)
    set(tool "$<TARGET_FILE:commcheck>")
    list(APPEND tool_depends commcheck)
  else()
    find_program(COMMCHECK_EXECUTABLE commcheck)
    if(NOT COMMCHECK_EXECUTABLE)
      message(FATAL_ERROR "commcheck_verify_kernels(${target}): commcheck not found; pass "
                          "COMMCHECK <path> or set COMMCHECK_EXECUTABLE")
    endif()
    set(tool "${COMMCHECK_EXECUTABLE}")
  endif()
  if(NOT tool_depends AND IS_ABSOLUTE "${tool}")
    list(APPEND tool_depends "${tool}")
  endif()

  if(CV_OUTPUT_DIR)
    get_filename_component(out_root "${CV_OUTPUT_DIR}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  else()
    set(out_root "${CMAKE_CURRENT_BINARY_DIR}/commcheck/${target}")
  endif()

  get_target_property(target_sources ${target} SOURCES)
  set(target_sources_abs "")
  if(target_sources)
    get_target_property(target_source_dir ${target} SOURCE_DIR)
    foreach(s IN LISTS target_sources)
      get_filename_component(s_abs "${s}" ABSOLUTE BASE_DIR "${target_source_dir}")
      list(APPEND target_sources_abs "${s_abs}")
    endforeach()
  endif()

  set(verified "")
  foreach(src IN LISTS CV_SOURCES)
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_filename_component(name "${abs}" NAME)
    get_filename_component(dir "${abs}" DIRECTORY)
    # One output folder per source folder: the gate names copies by file name.
    file(RELATIVE_PATH rel_dir "${CMAKE_CURRENT_SOURCE_DIR}" "${dir}")
    if(rel_dir MATCHES "^\\.\\./" OR rel_dir STREQUAL ".." OR IS_ABSOLUTE "${rel_dir}")
      string(MD5 dir_hash "${dir}")
      string(SUBSTRING "${dir_hash}" 0 12 dir_hash)
      set(rel_dir "_external/${dir_hash}")
    endif()
    if(rel_dir STREQUAL "")
      set(out_dir "${out_root}")
    else()
      set(out_dir "${out_root}/${rel_dir}")
    endif()
    set(out "${out_dir}/${name}")

    add_custom_command(
      OUTPUT "${out}"
      COMMAND "${tool}" --gate "--out-dir=${out_dir}" ${CV_ARGS} "${abs}"
      DEPENDS "${abs}" ${tool_depends} ${CV_DEPENDS}
      COMMENT "commcheck: verifying ${src}"
      VERBATIM)
    list(APPEND verified "${out}")

    if(abs IN_LIST target_sources_abs)
      set_property(SOURCE "${abs}" TARGET_DIRECTORY ${target} APPEND PROPERTY OBJECT_DEPENDS
                   "${out}")
    endif()
  endforeach()

  set(verify_target "${target}_commcheck")
  if(TARGET ${verify_target})
    # A second call for the same target: its kernels join the first call's step.
    string(MAKE_C_IDENTIFIER "${verify_target}_${CV_SOURCES}" suffix)
    string(MD5 suffix "${suffix}")
    string(SUBSTRING "${suffix}" 0 8 suffix)
    set(verify_target "${target}_commcheck_${suffix}")
  endif()
  add_custom_target(${verify_target} DEPENDS ${verified})
  set_property(TARGET ${verify_target} PROPERTY FOLDER "commcheck")
  add_dependencies(${target} ${verify_target})

  if(CV_VERIFIED_SOURCES)
    set(${CV_VERIFIED_SOURCES} "${verified}" PARENT_SCOPE)
  endif()
endfunction()
