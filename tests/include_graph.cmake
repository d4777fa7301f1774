# The arrows between folders (ARCHITECTURE.md): every #include "..." in rules/, bots/, ratings/,
# events/, protocol/, server/, bench/ and tests/ names a folder its own folder may include, else
# this fails naming the file, the line and the arrow. Every source includes from the repository
# root, so include paths alone cannot stop an include against the arrows; this runs at every build
# (server/CMakeLists.txt) and as the ctest `include_graph`. Run as `cmake -DROOT=<source dir> -P`.
# The arrows are the folders' libraries' links in server/CMakeLists.txt: change both together.
cmake_minimum_required(VERSION 3.20)

# What each folder may include besides itself, from the bottom up. bench/ and tests/ use
# everything.
set(folders rules bots ratings events protocol
    server/ops server/dice server/push server/asio server/identity server/rooms server/store server/cluster
    server/api server/app server/net server/serve server/cli
    bench tests)
set(may_include_rules "")
set(may_include_bots rules)
set(may_include_ratings "")
set(may_include_events "")
set(may_include_protocol rules bots)
set(may_include_server/ops protocol rules)
set(may_include_server/dice "")
set(may_include_server/push server/ops)
set(may_include_server/asio "")
set(may_include_server/identity server/dice)
set(may_include_server/rooms server/identity server/dice server/ops protocol bots rules)
set(may_include_server/store
    server/rooms server/identity server/dice server/ops protocol bots ratings rules)
set(may_include_server/cluster server/store server/rooms server/ops)
set(may_include_server/api server/store server/rooms protocol ratings rules)
set(may_include_server/app
    server/api server/store server/rooms server/identity server/dice server/push server/ops
    protocol rules)
set(may_include_server/net server/app server/rooms server/ops protocol)
set(may_include_server/serve
    server/net server/app server/cluster server/api server/store server/rooms server/identity
    server/dice server/ops protocol)
set(may_include_server/cli
    server/serve server/app server/store server/ops server/dice protocol bots rules)
set(may_include_bench ${folders})
set(may_include_tests ${folders})

# The folder a path in the repository belongs to: server/<folder>, else its top folder.
function(folder_of path out)
  if(path MATCHES "^server/([^/]+)/")
    set(${out} "server/${CMAKE_MATCH_1}" PARENT_SCOPE)
  elseif(path MATCHES "^([^/]+)/")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)
  endif()
endfunction()

# The line number of the first line of `file` that is `text`.
function(line_of file text out)
  file(READ ${ROOT}/${file} content)
  string(FIND "${content}" "${text}" at)
  string(SUBSTRING "${content}" 0 ${at} before)
  string(REGEX MATCHALL "\n" newlines "${before}")
  list(LENGTH newlines count)
  math(EXPR line "${count} + 1")
  set(${out} ${line} PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE sources RELATIVE ${ROOT}
     ${ROOT}/rules/*.?pp ${ROOT}/bots/*.?pp ${ROOT}/ratings/*.?pp ${ROOT}/events/*.?pp
     ${ROOT}/protocol/*.?pp
     ${ROOT}/server/*.?pp ${ROOT}/bench/*.?pp ${ROOT}/tests/*.?pp)
list(FILTER sources EXCLUDE REGEX "^tests/browser/node_modules/")
set(violations "")
foreach(source IN LISTS sources)
  folder_of(${source} from)
  if(NOT from IN_LIST folders)
    list(APPEND violations "${source}: ${from}/ has no arrows: add it to tests/include_graph.cmake")
    continue()
  endif()
  get_filename_component(directory ${source} DIRECTORY)
  file(STRINGS ${ROOT}/${source} includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
  foreach(include_line IN LISTS includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\".*" "\\1" included
           "${include_line}")
    # From the repository root, else (a file of its own folder) relative to the includer.
    if(included MATCHES "^(rules|bots|ratings|events|protocol|server|bench|tests)/")
      set(path ${included})
    else()
      cmake_path(SET path NORMALIZE "${directory}/${included}")
    endif()
    folder_of(${path} to)
    if(to STREQUAL from OR to IN_LIST may_include_${from} OR
       (NOT to IN_LIST folders AND NOT to MATCHES "^server/"))
      continue()
    endif()
    line_of(${source} "${include_line}" line)
    list(APPEND violations
         "${source}:${line}: ${from} may not include ${to} (\"${included}\"), against the arrows")
  endforeach()
endforeach()
if(violations)
  list(JOIN violations "\n  " listed)
  message(FATAL_ERROR "Includes against the arrows (ARCHITECTURE.md):\n  ${listed}")
endif()
