target_sources(perfdash_core PRIVATE ${CMAKE_CURRENT_LIST_DIR}/EventSpec.cpp)
