# Thin wrapper over CMake. The two commands a new user needs:
#   make run    plays a game (builds first)
#   make test   builds with sanitizers and runs every test through CTest
# Both install missing Debian packages when run as root.

DEBIAN_PACKAGES := cmake build-essential pkg-config liblua5.4-dev lua5.4 \
                   lua-lpeg-dev lua-lpeg libcmocka-dev lua-cjson libxml2-utils \
                   libsqlite3-dev sqlite3 parallel
BUILD      ?= build
TEST_BUILD ?= build-test
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps build run test bench clean

all: build

deps:
	@sh tools/ensure-deps.sh $(DEBIAN_PACKAGES)

build: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@sh tools/run-demo.sh $(BUILD)

test: deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMEEPLE_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	@$(BUILD)/meeple-kernel-bench

clean:
	rm -rf $(BUILD) $(TEST_BUILD)
