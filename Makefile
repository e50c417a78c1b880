# hudi-layout: the two commands a new checkout needs are `make demo` and `make test`.
# Each sets up what is missing (Maven build and Hudi bundle, the .venv with pinned packages)
# and is safe to run again.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
MVN    := mvn -B -ntp
STAMP  := $(VENV)/.installed

.PHONY: all venv build peers dist demo test bench microbench options-table readme clean

all: build

venv: $(STAMP)

$(STAMP): requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -r requirements-dev.txt
	$(PY) -m pip install -q --no-deps -e .
	touch $@

# The plugin jar (target/hudi-layout.jar) and the Hudi Spark bundle (target/deps/), through Maven.
build: venv
	$(MVN) -q package -DskipTests

# The benchmark's peers, Delta Lake and Iceberg for Spark 3.5 (target/peers/), through Maven; never in the wheel.
peers: venv
	$(MVN) -q -Ppeers package -DskipTests

# A wheel with the plugin jar inside (dist/hudi_layout-*.whl); the Hudi bundle comes by Maven coordinates.
dist: build
	rm -f dist/hudi_layout-*.whl
	$(PY) python/build_wheel.py --out dist

demo: build
	$(PY) -m hudi_layout demo

# Linters (ruff, mypy; checkstyle runs inside the Maven build), JUnit (Maven Surefire), then pytest
# against a real local Spark + Hudi.
test: venv
	$(PY) -m ruff check python tests integration examples conftest.py
	$(PY) -m mypy
	$(MVN) -Ppeers package
	$(PY) -m pytest -q -p no:cacheprovider --durations=15

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
