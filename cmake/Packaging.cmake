# The Debian package: `cpack -G DEB` in the build folder writes commcheck_<version>_amd64.deb with
# the install rules' files (bin/commcheck, bin/commgen, share/commcheck/{shim,intrinsics.json,
# cmake/CommcheckVerify.cmake}, the man pages, share/doc/commcheck) under /usr.
#
# Its dependencies: dpkg-shlibdeps finds the shared libraries the binaries load (libc6,
# libstdc++6, libgcc-s1, libzstd1, zlib1g; libclang-cpp19 and libllvm19 when the CLI links the
# shared clang: COMMCHECK_STATIC_CLANG=OFF). The parse needs two more things at run time that no
# library dependency shows: clang's resource directory (the builtin headers, stddef.h and the
# like, compiled in as COMMCHECK_CLANG_RESOURCE_DIR), which libclang-common-19-dev installs, and
# a C++ standard library's headers (the shim includes <cstdint>; kernels include more), which
# every libstdc++-N-dev provides as libstdc++-dev (g++ brings one).

# Man pages from the programs' own --help (cmake/ManPage.cmake).
set(COMMCHECK_MAN_DIR ${PROJECT_BINARY_DIR}/man)
set(COMMCHECK_MAN_PAGES)
set(commcheck_summary "verify the synchronisation of Ascend NPU communication kernels")
set(commgen_summary "generate reference communication kernels and their mutants")
foreach(program commcheck commgen)
  if(NOT TARGET ${program})
    continue()
  endif()
  set(summary "${${program}_summary}")
  add_custom_command(OUTPUT ${COMMCHECK_MAN_DIR}/${program}.1
    COMMAND ${CMAKE_COMMAND} -E make_directory ${COMMCHECK_MAN_DIR}
    COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${program}> -DNAME=${program}
            "-DSUMMARY=${summary}" -DOUT=${COMMCHECK_MAN_DIR}/${program}.1
            -P ${PROJECT_SOURCE_DIR}/cmake/ManPage.cmake
    DEPENDS ${program} ${PROJECT_SOURCE_DIR}/cmake/ManPage.cmake
    COMMENT "Writing the man page of ${program}")
  list(APPEND COMMCHECK_MAN_PAGES ${COMMCHECK_MAN_DIR}/${program}.1)
endforeach()
add_custom_target(man_pages ALL DEPENDS ${COMMCHECK_MAN_PAGES})
install(FILES ${COMMCHECK_MAN_PAGES} DESTINATION share/man/man1)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/commcheck)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME commcheck)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "commcheck maintainers <commcheck@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "static verifier of the synchronisation of Ascend NPU communication kernels")
set(CPACK_PACKAGE_DESCRIPTION
    "commcheck parses kernel C++ with Clang 19 and its bundled PTO shim headers and proves on every \
path that data is released before it is signalled, waits are followed by invalidates, async \
transfers are drained and flags balance. commgen generates the reference kernels.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang-common-19-dev, g++ | libstdc++-dev")
include(CPack)
