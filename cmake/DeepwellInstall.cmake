# Where `cmake --install` puts Deepwell (docs/operators.md, "Installing as a service"), from GNUInstallDirs:
#   ${bindir}/deepwell                       the server
#   ${sysconfdir}/deepwell/deepwell.toml      config/deepwell.toml, with service paths (below)
#   ${datadir}/deepwell/content/*.toml        the content tables
#   ${datadir}/deepwell/web/                  the web client's files (web.root)
#   lib/systemd/system/deepwell.service       the systemd unit (DEEPWELL_SYSTEMD_UNIT_DIR)
# A folder under the prefix stays relative, so `cmake --install build --prefix /elsewhere` gives a
# working install there too: the binary finds its config from its own folder and the config names
# the content folder relative to itself. A folder GNUInstallDirs puts outside the prefix (/etc when
# the prefix is /usr) is used as the absolute path it is.
include(GNUInstallDirs)

set(DEEPWELL_SYSTEMD_UNIT_DIR "lib/systemd/system" CACHE STRING
    "Folder of the installed systemd unit (relative to the install prefix unless absolute)")
# The service's writable state: systemd creates these for the unit (StateDirectory=deepwell,
# LogsDirectory=deepwell), so they are fixed rather than derived from the prefix.
set(DEEPWELL_SERVICE_DB "/var/lib/deepwell/deepwell.db")
set(DEEPWELL_SERVICE_LOG_DIR "/var/log/deepwell")
set(DEEPWELL_SERVICE_BACKUP_DIR "/var/lib/deepwell/backups")

# dw_install_dir(<GNUInstallDirs name> <sub folder> <out>): the install destination of <sub folder>,
# relative to the prefix when GNUInstallDirs keeps it under the prefix, else absolute.
function(dw_install_dir name sub out)
  set(full "${CMAKE_INSTALL_FULL_${name}}/${sub}")
  if(NOT IS_ABSOLUTE "${CMAKE_INSTALL_${name}}" AND full STREQUAL "${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_${name}}/${sub}")
    set(${out} "${CMAKE_INSTALL_${name}}/${sub}" PARENT_SCOPE)
  else()
    set(${out} "${full}" PARENT_SCOPE)
  endif()
endfunction()

dw_install_dir(SYSCONFDIR deepwell DEEPWELL_INSTALL_CONFIG_DIR)
dw_install_dir(DATADIR deepwell/content DEEPWELL_INSTALL_CONTENT_DIR)
dw_install_dir(DATADIR deepwell/web DEEPWELL_INSTALL_WEB_DIR)
set(DEEPWELL_INSTALL_BIN_DIR "${CMAKE_INSTALL_BINDIR}")

# dw_relative(<from folder> <to> <out>): <to> as seen from <from> when both are under the prefix,
# else <to> made absolute.
function(dw_relative from to out)
  if(NOT IS_ABSOLUTE "${from}" AND NOT IS_ABSOLUTE "${to}")
    file(RELATIVE_PATH rel "/prefix/${from}" "/prefix/${to}")
    set(${out} "${rel}" PARENT_SCOPE)
  elseif(IS_ABSOLUTE "${to}")
    set(${out} "${to}" PARENT_SCOPE)
  else()
    set(${out} "${CMAKE_INSTALL_PREFIX}/${to}" PARENT_SCOPE)
  endif()
endfunction()

# What the binary compiles in (server/config/CMakeLists.txt) to find its config without --config, and what the
# installed config says about the content folder.
dw_relative("${DEEPWELL_INSTALL_BIN_DIR}" "${DEEPWELL_INSTALL_CONFIG_DIR}/deepwell.toml" DEEPWELL_CONFIG_FROM_BINARY)
dw_relative("${DEEPWELL_INSTALL_CONFIG_DIR}" "${DEEPWELL_INSTALL_CONTENT_DIR}" DEEPWELL_CONTENT_FROM_CONFIG)
dw_relative("${DEEPWELL_INSTALL_CONFIG_DIR}" "${DEEPWELL_INSTALL_WEB_DIR}" DEEPWELL_WEB_FROM_CONFIG)
# True when every destination is under the prefix: `cmake --install --prefix <elsewhere>` then
# moves everything together (the install test needs that, and is skipped otherwise).
if(DEEPWELL_CONFIG_FROM_BINARY MATCHES "^/" OR DEEPWELL_CONTENT_FROM_CONFIG MATCHES "^/"
   OR DEEPWELL_WEB_FROM_CONFIG MATCHES "^/")
  set(DEEPWELL_INSTALL_RELOCATABLE OFF)
else()
  set(DEEPWELL_INSTALL_RELOCATABLE ON)
endif()

# The installed config is config/deepwell.toml with the five paths made fit for an install: the
# content tables and the web client where they were installed, the database, its backups and the log
# in the service's writable folders. Every other line, comments included, stays as documented.
set(dw_config_source "${PROJECT_SOURCE_DIR}/config/deepwell.toml")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${dw_config_source}")
file(READ "${dw_config_source}" dw_config_text)
foreach(pair
    "path = \"../data/deepwell.db\"|path = \"${DEEPWELL_SERVICE_DB}\""
    "dir = \"../data/logs\"|dir = \"${DEEPWELL_SERVICE_LOG_DIR}\""
    "folder = \"../data/backups\"|folder = \"${DEEPWELL_SERVICE_BACKUP_DIR}\""
    "dir = \"../content\"|dir = \"${DEEPWELL_CONTENT_FROM_CONFIG}\""
    "root = \"../web\"|root = \"${DEEPWELL_WEB_FROM_CONFIG}\"")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 from)
  list(GET pair 1 to)
  string(FIND "${dw_config_text}" "\n${from}\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "config/deepwell.toml has no line '${from}': update cmake/DeepwellInstall.cmake to match")
  endif()
  string(REPLACE "\n${from}\n" "\n${to}\n" dw_config_text "${dw_config_text}")
endforeach()
string(PREPEND dw_config_text
  "# Installed by `cmake --install` from config/deepwell.toml. Unlike that file, content.dir names the\n"
  "# installed tables, and the database and the log live in the service's writable folders, which\n"
  "# systemd makes for deepwell.service (StateDirectory=deepwell, LogsDirectory=deepwell).\n"
  "# Run by hand, give your own with --db and --log-dir.\n"
  "#\n")
file(CONFIGURE OUTPUT "${PROJECT_BINARY_DIR}/install/deepwell.toml" CONTENT "${dw_config_text}" @ONLY)

set(DEEPWELL_FULL_BINARY "${CMAKE_INSTALL_FULL_BINDIR}/deepwell")
if(IS_ABSOLUTE "${DEEPWELL_INSTALL_CONFIG_DIR}")
  set(DEEPWELL_FULL_CONFIG "${DEEPWELL_INSTALL_CONFIG_DIR}/deepwell.toml")
else()
  set(DEEPWELL_FULL_CONFIG "${CMAKE_INSTALL_PREFIX}/${DEEPWELL_INSTALL_CONFIG_DIR}/deepwell.toml")
endif()
configure_file("${PROJECT_SOURCE_DIR}/packaging/deepwell.service.in" "${PROJECT_BINARY_DIR}/install/deepwell.service" @ONLY)

# The binary itself is installed by server/CMakeLists.txt, where the target is made.
install(FILES "${PROJECT_BINARY_DIR}/install/deepwell.toml" DESTINATION "${DEEPWELL_INSTALL_CONFIG_DIR}")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/content/" DESTINATION "${DEEPWELL_INSTALL_CONTENT_DIR}"
        FILES_MATCHING PATTERN "*.toml" PATTERN "*.json")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/web/" DESTINATION "${DEEPWELL_INSTALL_WEB_DIR}")
install(FILES "${PROJECT_BINARY_DIR}/install/deepwell.service" DESTINATION "${DEEPWELL_SYSTEMD_UNIT_DIR}")
