# The repo holds its own rules (docs/rules.md): no file outside bench/ and scripts/ may cite the
# documents kept beside the repo, which a clone does not have (the shared folder with its rule
# set, product brief and seed documents). Each offending line is named as file:line.
# Run as `cmake -DROOT=<source dir> -P`.
cmake_minimum_required(VERSION 3.20)

# The patterns are put together from pieces so that this file does not match them itself.
set(dots "[.][.]")
set(dot_md "[.]md")
set(patterns "${dots}/shared/" "shared/(spec|seeds)/" "RULES${dot_md}" "PRODUCT${dot_md}")
list(JOIN patterns "|" cited)
set(exempt "^(bench|scripts|build[^/]*|node_modules|[.]git)/|/node_modules/")

# The tracked files when ROOT is a git checkout, otherwise every file under ROOT.
find_package(Git QUIET)
if(GIT_FOUND AND EXISTS "${ROOT}/.git")
  execute_process(COMMAND "${GIT_EXECUTABLE}" -c core.quotePath=false ls-files
                  WORKING_DIRECTORY "${ROOT}" OUTPUT_VARIABLE listed RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "git ls-files failed in ${ROOT}")
  endif()
  string(REPLACE "\n" ";" files "${listed}")
else()
  file(GLOB_RECURSE files RELATIVE "${ROOT}" "${ROOT}/*")
endif()

set(offences "")
foreach(path IN LISTS files)
  if(path MATCHES "${exempt}" OR IS_DIRECTORY "${ROOT}/${path}" OR NOT EXISTS "${ROOT}/${path}")
    continue()
  endif()
  file(READ "${ROOT}/${path}" text)
  if(NOT text MATCHES "${cited}")
    continue()
  endif()
  # Walk the lines one by one (a CMake list would split them at ';' and join them at brackets).
  set(number 0)
  while(NOT text STREQUAL "")
    math(EXPR number "${number} + 1")
    string(FIND "${text}" "\n" end)
    if(end EQUAL -1)
      set(line "${text}")
      set(text "")
    else()
      string(SUBSTRING "${text}" 0 ${end} line)
      math(EXPR next "${end} + 1")
      string(SUBSTRING "${text}" ${next} -1 text)
    endif()
    if(line MATCHES "${cited}")
      string(APPEND offences "\n  ${path}:${number}: ${line}")
    endif()
  endwhile()
endforeach()
if(offences)
  message(FATAL_ERROR "Files of the repo cite documents outside it; cite docs/rules.md, README.md, "
                      "protocol/PROTOCOL.md, ARCHITECTURE.md or config/quadra.json instead:"
                      "${offences}")
endif()
