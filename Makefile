# Thin wrapper over CMake. The two commands a new user needs:
#   make run    plays a game (builds first)
#   make test   builds with sanitizers and runs every test through CTest
# Both install missing Debian packages when run as root.

# npm for the browser tests' driver, unless a nodejs that ships it is there
NPM_PACKAGE := $(if $(shell command -v npm 2>/dev/null),,npm)
# What building and playing need (make build, make run: meeple play, sim,
# replay, view, serve; libjs-chart.js: the charts meeple view, sim --html
# and meeple report copy into their page) ...
RUN_PACKAGES := cmake build-essential pkg-config liblua5.4-dev lua5.4 \
                lua-lpeg-dev lua-lpeg libcmocka-dev lua-cjson libsqlite3-dev \
                libmicrohttpd-dev libjs-chart.js
# ... and what only the tests, the fuzzers and the benchmarks need (make
# test installs both: CI runs it on a bare machine; #43).
TEST_PACKAGES := lua-dkjson libxml2-utils luarocks python3-dev python3-setuptools \
                 python3-wheel python3-venv python3-pip \
                 python3-numpy clang sqlite3 parallel rsync time \
                 slurm-wlm munge chromium nodejs python3-jsonschema $(NPM_PACKAGE)
DEBIAN_PACKAGES := $(RUN_PACKAGES) $(TEST_PACKAGES)
BUILD      ?= build
TEST_BUILD ?= build-test
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= tiles record record_files scenario hook serve
FUZZ_SANITIZERS ?= address,undefined
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all deps deps-run build run test fuzz bench bench-hooks bench-rulesets clean agents-check invariants-check strength schema

all: build

deps:
	@sh tools/ensure-deps.sh $(DEBIAN_PACKAGES)

deps-run:
	@sh tools/ensure-deps.sh $(RUN_PACKAGES)

# One progress line; the full log is $(BUILD)/build.log, errors print in
# full. `make build VERBOSE=1` shows every compiler line instead.
build: deps-run
ifeq ($(VERBOSE),)
	@sh tools/quiet-build.sh $(BUILD) $(JOBS) -DCMAKE_BUILD_TYPE=Release
else
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)
endif

run: build
	@sh tools/run-demo.sh $(BUILD)

test: deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMEEPLE_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j $(JOBS) -LE '^(fuzz|agents_long|invariants_long)$$'


# The agents' long checks (issue 21): the 1,000-game legality run under
# the sanitizers (CTest label agents_long, left out of make test), and the
# strength study of bench/strength.sh (release build; long: niced).
agents-check: deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMEEPLE_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j $(JOBS) -L agents_long

# The declared invariants over 10,000 random games of every combination
# of the shipped rule sets (issue 37; CTest label invariants_long, left
# out of make test), under the sanitizers.
invariants-check: deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMEEPLE_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j $(JOBS) -L invariants_long

strength: build
	@nice -n 15 sh bench/strength.sh $(or $(GAMES),200) $(BUILD)/meeple

# Every benchmark, one after the other (about a minute): the kernel alone,
# the turn flow in C, the rules layer (`meeple bench`) and Python.
bench: deps build
	@sh tools/bench-all.sh $(BUILD)

# What a rule author's own Lua costs (issue #19): the base game with each
# script of bench/hooks/ as a house rule, as ratios to the base game in
# the same run. `sh bench/hooks/bench.sh build --callgrind` counts
# instructions per game instead (exact, for before/after comparisons).
bench-hooks: build
	@sh bench/hooks/bench.sh $(BUILD)

# Every shipped rule set against the base game in one run (issue #41:
# each >= 0.5x the base game's games/s): bench/rulesets/list names them.
# ARGS passes options on, e.g. ARGS="--callgrind" or ARGS="--only tower --min 0.5".
bench-rulesets: build
	@sh bench/rulesets/bench.sh $(BUILD) $(ARGS)

# Rewrites the declaration tables of bindings/meta/rules.lua (LuaCATS
# stubs) and docs/lua-api.md from bindings/lua/meeple/loader/schema.lua;
# make test fails (lua/schema_sync_test) while they differ.
schema: deps
	@LUA_PATH="bindings/lua/?.lua;;" lua5.4 tools/schema_sync.lua

# The libFuzzer targets (tile notation, record reader, records' file
# lists, scenario loader, random hook scripts, meeple serve's request
# handling), FUZZ_SECONDS each (default 600), corpora kept in
# $(FUZZ_BUILD)/corpus; prints executions and findings per target.
# FUZZ_SANITIZERS=undefined runs some 50 times faster than with ASan.
# First the long fuzzing runs of CTest (label fuzz, kept out of make test).
fuzz: deps
	@cmake -S . -B $(TEST_BUILD) -DCMAKE_BUILD_TYPE=Debug -DMEEPLE_SANITIZE=ON >/dev/null
	@cmake --build $(TEST_BUILD) -j $(JOBS)
	@cd $(TEST_BUILD) && ctest --output-on-failure -j $(JOBS) -L fuzz
	@CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMEEPLE_FUZZ=ON \
	  -DMEEPLE_FUZZ_SANITIZERS=$(FUZZ_SANITIZERS) >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) $(patsubst %,--target fuzz_%,$(FUZZ_TARGETS))
	@sh tools/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(FUZZ_BUILD)
