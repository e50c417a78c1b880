# hudi-layout: the two commands a new checkout needs are `make demo` and `make test`.
# Each sets up what is missing (Maven build and Hudi bundle, the .venv with pinned packages)
# and is safe to run again.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MVN    := mvn -B -ntp
STAMP  := $(VENV)/.installed

.PHONY: all venv build peers dist demo test test-compat bench microbench options-table readme clean

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
OLDER_LINES := hudi-1.0 hudi-0.15
build: venv
	$(MVN) -q package -DskipTests
	for line in $(OLDER_LINES); do $(MVN) -q -P$$line package -DskipTests || exit 1; done

# The benchmark's peers, Delta Lake and Iceberg for Spark 3.5 (target/peers/), through Maven; never in the wheel.
peers: venv
	$(MVN) -q -Ppeers package -DskipTests

# A wheel with the plugin jar inside (dist/hudi_layout-*.whl); the Hudi bundle comes by Maven coordinates.
dist: build
	rm -f dist/hudi_layout-*.whl
	$(PY) python/build_wheel.py --out dist

demo: build
	$(PY) -m hudi_layout demo

# Linters (ruff, mypy; checkstyle runs inside the Maven build), JUnit (Maven Surefire; on the older
# lines their adapter tests), then pytest against a real local Spark + Hudi 1.2.
test: venv
	$(PY) -m ruff check python tests integration compat examples conftest.py
	$(PY) -m mypy
	$(MVN) -Ppeers package
	for line in $(OLDER_LINES); do $(MVN) -P$$line package || exit 1; done
	$(PY) -m pytest -q -p no:cacheprovider --durations=15

# The compatibility suite (compat/) on each older Hudi line, one Spark session per line.
test-compat: build
	HUDI_LAYOUT_HUDI_VERSION=1.0.2 $(PY) -m pytest -q -p no:cacheprovider --durations=5 compat
	HUDI_LAYOUT_HUDI_VERSION=0.15.0 $(PY) -m pytest -q -p no:cacheprovider --durations=5 compat
	$(PY) compat/table.py

# The skipping benchmark against Hudi's built-in layouts: `make bench ARGS="--rows 6000000 --files 1000"`.
bench: peers
	$(PY) -m hudi_layout bench $(ARGS)

# Curve-key encoder speed, ours against Hudi's HilbertCurveUtils / BinaryUtil in the same JVM.
microbench: build
	java -cp target/hudi-layout.jar:target/deps/hudi-spark3.5-bundle_2.12-1.2.0.jar dev.hudilayout.bench.CurveKeyBenchmark $(ARGS)

# The table of our options, from the declarations the jar exports (dev/hudilayout/config/options.json).
options-table: build
	@$(PY) -c "from hudi_layout.tools import docs; print(docs.options_table(), end='')"

readme: build
	$(PY) -m hudi_layout.tools.docs

clean:
	rm -rf target demo-output dist
