# hudi-layout: the two commands a new checkout needs are `make demo` and `make test` (CONTRIBUTING.md
# lists every command and how long it takes).
# Each sets up what is missing (Maven build and Hudi bundle, the .venv with pinned packages)
# and is safe to run again.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MVN    := mvn -B -ntp
STAMP  := $(VENV)/.installed

.PHONY: all venv build peers dist demo check test test-dist test-bench test-compat bench microbench options-table readme docs clean

all: build

venv: $(STAMP)

$(STAMP): requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt
	$(PY) -m pip install -q --no-deps -e .
	touch $@

# The plugin jar of every Hudi line (target/hudi-layout.jar for 1.2, target/hudi-layout-hudi1.0.jar,
# target/hudi-layout-hudi0.15.jar), each built against its own Hudi Spark bundle (target/deps/),
# through Maven.
# Each jar is rebuilt only when a source or the pom is newer than it.
OLDER_LINES := hudi-1.0 hudi-0.15
PLUGIN_SOURCES := pom.xml $(shell find hudi_strategy -type f)
build: venv target/hudi-layout.jar $(foreach line,$(OLDER_LINES),target/hudi-layout-$(line:hudi-%=hudi%).jar)

target/hudi-layout.jar: $(PLUGIN_SOURCES)
	$(MVN) -q package -DskipTests

target/hudi-layout-hudi%.jar: $(PLUGIN_SOURCES)
	$(MVN) -q -Phudi-$* package -DskipTests

# The benchmark's peers, Delta Lake and Iceberg for Spark 3.5 (target/peers/), and its JVM probes
# (target/hudi-layout-bench.jar, from hudi_strategy/src/bench), through Maven; never in the wheel
# nor in the plugin jars.
peers: venv
	$(MVN) -q -Ppeers,bench package -DskipTests

target/hudi-layout-bench.jar: $(PLUGIN_SOURCES)
	$(MVN) -q -Pbench package -DskipTests

# A wheel with the plugin jar inside (dist/hudi_layout-*.whl); the Hudi bundle comes by Maven coordinates.
dist: build
	rm -f dist/hudi_layout-*.whl
	$(PY) python/build_wheel.py --out dist

demo: build
	$(PY) -m hudi_layout demo

# Linters (ruff, mypy; checkstyle runs inside the Maven build) and JUnit (Maven Surefire), the
# Hudi 1.2 jar rebuilt by the way. The older lines' adapter tests run in `make test-compat`.
check: venv
	$(PY) -m ruff check python bench docs/gen tests integration compat examples conftest.py
	$(PY) -m mypy
	$(MVN) package

# The library's tests: `check`, then the pytest of tests/ and integration/ against a real local
# Spark + Hudi 1.2 (markers `bench` and `dist` left out: faults, concurrency, merge-on-read, every
# route), in TEST_WORKERS processes with a Spark session each (pytest-xdist), whole modules to a
# worker, the `slow` ones first. The compatibility suite is `make test-compat`; the benchmark's
# tests are `make test-bench`; the wheel's, `make test-dist`.
TEST_WORKERS ?= 2
test: check
	$(PY) -m pytest -q -p no:cacheprovider --durations=30 -n $(TEST_WORKERS) --dist loadfile \
		--no-loadscope-reorder -m "not bench and not dist" tests integration

# The wheel (what `make dist` builds) installed in a fresh venv outside the checkout: its verbs,
# the demo and a clustering by spark-submit, with the Hudi bundle by its Maven coordinates.
test-dist: build
	$(PY) -m pytest -q -p no:cacheprovider --durations=5 -m dist integration

# The tests of the benchmark and docs tooling (marker `bench`): runners, rounds, peers, frontier,
# and the docs' generated figures against their results files (tests/test_docs.py).
test-bench: peers
	$(PY) -m pytest -q -p no:cacheprovider --durations=10 -m bench

# The compatibility suite: the older lines' JUnit (their adapters, each line's jar rebuilt by the
# way), then compat/ on each Hudi line, one Spark session per line, the lines side by side.
# 1.0.2 and 0.15.0 run every test of compat/ (their own and the suite's scenarios again,
# compat/test_features.py); 1.2.0 runs the line-by-line tests the others are held against (the files
# the default layout writes, the report, the SQL procedure, a killed clustering). Each line's log is
# printed when all are done, the run fails if any failed, and docs/compatibility.md is written from
# what they ran (compat/table.py; the 1.2 column also from `make test`'s last run).
COMPAT_VERSIONS := 1.2.0 1.0.2 0.15.0
COMPAT_LINE = HUDI_LAYOUT_HUDI_VERSION=$$v $(PY) -m pytest -q -p no:cacheprovider --durations=10 \
	--basetemp=$(CURDIR)/target/compat/tmp-$$v compat > target/compat/pytest-$$v.log 2>&1
COMPAT_LOGS = for v in $(COMPAT_VERSIONS); do echo "== compat on Hudi $$v"; cat target/compat/pytest-$$v.log; done
test-compat: build
	for line in $(OLDER_LINES); do $(MVN) -q -P$$line package || exit 1; done
	mkdir -p target/compat
	pids=""; for v in $(COMPAT_VERSIONS); do $(COMPAT_LINE) & pids="$$pids $$!"; done; \
	failed=0; for pid in $$pids; do wait $$pid || failed=1; done; \
	$(COMPAT_LOGS); \
	exit $$failed
	$(PY) compat/table.py

# The skipping benchmark against Hudi's built-in layouts: `make bench ARGS="--rows 6000000 --files 1000"`.
bench: peers
	$(PY) -m bench $(ARGS)

# Curve-key encoder speed, ours against Hudi's HilbertCurveUtils / BinaryUtil in the same JVM.
microbench: build target/hudi-layout-bench.jar
	java -cp target/hudi-layout.jar:target/hudi-layout-bench.jar:target/deps/hudi-spark3.5-bundle_2.12-1.2.0.jar \
		dev.hudilayout.bench.CurveKeyBenchmark $(ARGS)

# The table of our options, from the declarations the jar exports (dev/hudilayout/config/options.json).
options-table: build
	@$(PY) -c "from docs import gen as docs; print(docs.options_table(), end='')"

docs readme: build
	$(PY) -m docs.gen

clean:
	rm -rf target demo-output dist
