# Install rules and the packages a host builds against (docs/install.md):
# headers, libDLC.so (with SONAME) and libDLC.a, the runtime, the tools,
# the mlir-opt plugin, the Python package, the IRDL files plus their combination, a CMake package (find_package(DLC)
# -> DLC::DLC) and dlc.pc.
include(CMakePackageConfigHelpers)

set(DLC_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/DLC")
set(DLC_SHARE_DIR "${CMAKE_INSTALL_DATADIR}/dlc")

# All dialects in one file, generated at build time.
set(DLC_COMBINED_IRDL "${CMAKE_BINARY_DIR}/share/dlc/dlc-dialects.irdl.mlir")
add_custom_command(
  OUTPUT "${DLC_COMBINED_IRDL}"
  COMMAND ${CMAKE_COMMAND} -DOUT=${DLC_COMBINED_IRDL} "-DNAMES=${DLC_DIALECTS}"
          -DDIR=${DLC_DIALECT_DIR}
          -P ${CMAKE_SOURCE_DIR}/cmake/CombineDialects.cmake
  DEPENDS ${DLC_DIALECT_FILES} ${CMAKE_SOURCE_DIR}/cmake/CombineDialects.cmake
  COMMENT "Combining IRDL dialects"
  VERBATIM)
add_custom_target(dlc-combined-irdl ALL DEPENDS "${DLC_COMBINED_IRDL}")

install(DIRECTORY "${CMAKE_SOURCE_DIR}/include/dlc"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS DLCShared DLC DLCRuntime DLCRuntimeShared DLCMLIR
        EXPORT DLCTargets
        LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}"
        ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}")
install(TARGETS dlc-opt dlc-translate dlc-run dlc-interp dlc-compile
        RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
install(TARGETS DLCPlugin LIBRARY DESTINATION "${CMAKE_INSTALL_LIBDIR}")
# The Python package (docs/python.md); it finds libDLC.so.0 three levels up.
install(DIRECTORY "${CMAKE_SOURCE_DIR}/python/dlc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/python3/dist-packages"
        PATTERN "__pycache__" EXCLUDE)
install(FILES ${DLC_DIALECT_FILES} "${DLC_COMBINED_IRDL}"
        DESTINATION "${DLC_SHARE_DIR}/dialects")

install(EXPORT DLCTargets NAMESPACE DLC:: DESTINATION "${DLC_CMAKE_DIR}")
configure_package_config_file(
  "${CMAKE_SOURCE_DIR}/cmake/DLCConfig.cmake.in"
  "${CMAKE_BINARY_DIR}/cmake/DLCConfig.cmake"
  INSTALL_DESTINATION "${DLC_CMAKE_DIR}"
  PATH_VARS DLC_SHARE_DIR)
write_basic_package_version_file(
  "${CMAKE_BINARY_DIR}/cmake/DLCConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/cmake/DLCConfig.cmake"
              "${CMAKE_BINARY_DIR}/cmake/DLCConfigVersion.cmake"
        DESTINATION "${DLC_CMAKE_DIR}")

# pkg-config: the same link interface as DLC::DLC, written as flags. The
# prefix is found from the .pc file's own place, so a prefix chosen at
# install time (cmake --install --prefix) works.
string(REPLACE ";" " " DLC_PC_CAPI_LIBS "${DLC_MLIR_CAPI_LIBS}")
configure_file("${CMAKE_SOURCE_DIR}/cmake/dlc.pc.in"
               "${CMAKE_BINARY_DIR}/cmake/dlc.pc" @ONLY)
install(FILES "${CMAKE_BINARY_DIR}/cmake/dlc.pc"
        DESTINATION "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
