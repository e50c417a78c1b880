"""Shared fixtures for tests/ and integration/: one local Spark session with Hudi and hudi-layout
for the whole test run.

The session is local[2] with few shuffle partitions; tables in tests are thousands of rows.
The plugin jar must be built first (``make test`` does it); the benchmark's probes jar
(``target/hudi-layout-bench.jar``, ``make peers``, which ``make test-bench`` runs) joins the session
when it is built, for the tests that run the bench in it. Its Hudi line is the one
``HUDI_LAYOUT_HUDI_VERSION`` names (1.2 when unset), as for any user of ``configure_spark``; each
test's outcome on that line goes to target/compat/<line>.json, which ``python compat/table.py``
turns into docs/compatibility.md.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from compat.table import merge_outcomes
from hudi_layout import configure_spark, jarpaths
from hudi_layout.jarpaths import JarNotFoundError, jars

_OUTCOMES = {}

#: Hudi sizes objects with a bundled JOL, whose first use in a JVM tries to attach to the JVM
#: itself. On a stock JDK that fails, after starting 2-6 helper JVMs with the whole Hudi classpath,
#: and JOL falls back to its in-process estimate. The test JVMs take that fallback at once.
SKIP_JOL_ATTACH = "-Djol.skipHotspotSAAttach=true -Djol.skipDynamicAttach=true"

#: Every test JVM (the session's driver, the drivers and executors tests start) compiles with C1
#: alone and collects with the parallel collector. On 2 cores shared by two workers, C2's compiler
#: threads and G1's concurrent threads take the cores from the tests, and a test's work is too short
#: for C2's code to pay back. CONTRIBUTING.md ("What makes the suite fast") gives the measurements.
TEST_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseParallelGC"


#: The test tables hold thousands of rows, so compiling a query's generated code costs more than
#: running it: every Spark SQL plan here runs interpreted, which gives the same rows (Spark's own
#: tests hold its interpreted and generated code to the same results). CONTRIBUTING.md ("What makes
#: the suite fast") gives the measurements.
INTERPRETED = {"spark.sql.codegen.wholeStage": "false", "spark.sql.codegen.factoryMode": "NO_CODEGEN"}


_RANK = {"skipped": 0, "passed": 1, "failed": 2}


def pytest_runtest_logreport(report):
    """A test's outcome, by its name: failed if any phase of any run of it failed, else passed if
    one ran, else skipped (compat/ re-runs tests of tests/ under their own names, and skips them
    on the line they already ran on)."""
    name = report.nodeid.split("::", 1)[-1]
    if report.outcome != "passed" or report.when == "call":
        if _RANK[report.outcome] >= _RANK[_OUTCOMES.get(name, "skipped")]:
            _OUTCOMES[name] = report.outcome


def pytest_collection_modifyitems(session, config, items):
    """Modules marked ``slow`` first, each module's tests kept together and in order: ``make test``
    hands whole modules to its two workers in this order (pytest-xdist ``--dist loadfile
    --no-loadscope-reorder``), so the longest start first and the short ones fill in at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_sessionfinish(session, exitstatus):
    # under pytest-xdist the controller, which sees every worker's reports, writes the file alone
    if not _OUTCOMES or session.config.getoption("collectonly") or hasattr(session.config, "workerinput"):
        return
    version = jarpaths.resolve_version()
    out = Path(__file__).resolve().parent / "target" / "compat"
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{jarpaths.hudi_line(version)}.json"
    kept = json.loads(path.read_text())["outcomes"] if path.is_file() else {}
    merged = merge_outcomes(kept, _OUTCOMES)
    path.write_text(json.dumps({"version": version, "outcomes": merged}, indent=1, sort_keys=True))


@pytest.fixture(scope="session")
def spark():
    try:
        jars()
    except JarNotFoundError as e:
        pytest.fail(str(e))
    from pyspark.sql import SparkSession
    builder = (SparkSession.builder.master("local[2]").appName("hudi-layout-tests")
               .config("spark.driver.memory", "3g")
               .config("spark.sql.shuffle.partitions", "4")
               .config("spark.default.parallelism", "4")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.driver.extraJavaOptions", f"{SKIP_JOL_ATTACH} {TEST_JVM}")
               .config("spark.executor.extraJavaOptions", f"{SKIP_JOL_ATTACH} {TEST_JVM}"))
    for key, value in INTERPRETED.items():
        builder = builder.config(key, value)
    from bench.probes import BenchJarMissing, bench_jar
    try:
        probes = [bench_jar()]
    except BenchJarMissing:
        probes = []
    session = configure_spark(builder, extra_jars=probes).getOrCreate()
    session.sparkContext.setLogLevel("ERROR")
    # The drivers tests start in processes of their own (spark-submit jobs, verbs, killed drivers)
    # get the session's JVM flags (TEST_JVM), skip JOL's attach attempts and run queries
    # interpreted (a spark.* system property is a Spark conf to a driver), as it does.
    interpreted = [f"-D{key}={value}" for key, value in INTERPRETED.items()]
    os.environ["SPARK_SUBMIT_OPTS"] = " ".join(dict.fromkeys(
        os.environ.get("SPARK_SUBMIT_OPTS", "").split() + TEST_JVM.split() + SKIP_JOL_ATTACH.split() + interpreted))
    yield session
    session.stop()
