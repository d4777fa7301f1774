# protocol/ is the only code that knows JSON (ARCHITECTURE.md): no source outside protocol/
# mentions nlohmann, except the config file's reader; no public protocol header includes it
# (protocol/detail/ is for protocol's own sources). Run as `cmake -DROOT=<source dir> -P`.
cmake_minimum_required(VERSION 3.20)
file(GLOB_RECURSE sources RELATIVE ${ROOT}
     ${ROOT}/rules/*.?pp ${ROOT}/bots/*.?pp ${ROOT}/ratings/*.?pp ${ROOT}/server/*.?pp
     ${ROOT}/bench/*.?pp
     ${ROOT}/protocol/*.hpp)
set(allowed server/ops/config_loader.cpp server/ops/config_loader.hpp)
set(offenders "")
foreach(source IN LISTS sources)
  if(source IN_LIST allowed OR source MATCHES "^protocol/detail/")
    continue()
  endif()
  file(STRINGS ${ROOT}/${source} hits REGEX "nlohmann")
  if(hits)
    list(APPEND offenders ${source})
  endif()
endforeach()
if(offenders)
  message(FATAL_ERROR "JSON outside protocol/ (use protocol's functions): ${offenders}")
endif()
