"""The wheel, installed outside the checkout: ``python/build_wheel.py`` (what ``make dist`` runs)
builds it with the plugin jars inside; a fresh venv in a temporary folder installs it with its
dependencies (pyspark and py4j: no numpy, pyarrow or matplotlib); every command runs from another
folder, with no ``HUDI_LAYOUT_JARS_DIR``, so the Hudi bundle comes by its Maven coordinates
(``spark.jars.packages`` / ``--packages``).

Expected: the wheel holds the library alone (``hudi_layout``, its verbs in ``hudi_layout/cli``, the
plugin jars without the benchmark's classes) and none of the checkout's tooling (``bench/``,
``docs/``); ``hudi-layout jars`` prints the jar inside the installed package and names the bundle's
coordinates; ``hudi-layout bench`` says in one line that the benchmark runs from a checkout; a table
written through the API at a relative path is clustered by ``hudi-layout clustering
scheduleAndExecute --path t`` (spark-submit with ``--packages``) with every row kept (the test's
own session reads the table before and after), and ``hudi-layout report t`` reports it (``--png``
says in one line to install matplotlib); a path without a table gets one line saying so and exit
status 2, before Spark starts; ``hudi-layout demo --out out`` (a relative folder) passes, quiet: its
before/after table and the clustering time.
"""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from hudi_layout.jarpaths import ENV_DIR, HUDI_BUNDLE_PACKAGE

REPO = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.spark, pytest.mark.dist]

WRITE = """
import sys
from pyspark.sql import SparkSession
import hudi_layout as hl
spark = hl.configure_spark(SparkSession.builder.master("local[2]").config("spark.ui.enabled", "false")).getOrCreate()
df = spark.range(6000).selectExpr("id AS k", "concat('c', CAST(id * 7919 % 53 AS STRING)) AS city",
                                  "CAST(id * 104729 % 41 AS INT) AS brand").repartition(8)
layout = hl.LayoutOptions(["city", "brand"], target_file_bytes=int(sys.argv[1]), small_file_bytes=1 << 40)
hl.write(df, "t", layout, table="t", record_key="k", operation="bulk_insert",
         extra={"hoodie.bulkinsert.shuffle.parallelism": "8", "hoodie.bulkinsert.sort.mode": "NONE"})
"""


def _run(command, cwd: Path, env) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in command], cwd=str(cwd), env=env, capture_output=True, text=True,
                          timeout=900)


def _contents(spark, path: Path) -> tuple:
    """The table's rows and a checksum, read by the test session (the installed package's runs are
    the ones under test; reading here spares a driver of its own)."""
    row = spark.read.format("hudi").load(str(path)).selectExpr("count(*)", "sum(k * brand)").first()
    return row[0], row[1]


def test_the_wheel_installs_and_runs_outside_the_checkout(spark, tmp_path):
    built = _run([sys.executable, REPO / "python" / "build_wheel.py", "--out", tmp_path / "dist"], tmp_path,
                 dict(os.environ))
    assert built.returncode == 0, built.stderr[-3000:]
    wheel = built.stdout.strip().splitlines()[-1]
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        plugin_jars = [n for n in names if n.endswith(".jar")]
        probes = [f"{j}: {c}" for j in plugin_jars for c in zipfile.ZipFile(z.open(j)).namelist()
                  if c.startswith("dev/hudilayout/bench/")]
    tops = {n.split("/")[0] for n in names}
    assert tops == {"hudi_layout", next(n for n in tops if n.endswith(".dist-info"))}, sorted(tops)
    assert not [n for n in names if {"bench", "docs", "tools", "gen"} & set(n.split("/")[:-1])], names
    assert {f"hudi_layout/cli/{verb}.py" for verb in ("jars", "demo", "report", "sql", "clustering", "advise")} \
        <= set(names), names
    assert len(plugin_jars) == 3 and not probes, (plugin_jars, probes[:5])
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if k not in (ENV_DIR, "PYTHONPATH", "VIRTUAL_ENV", "SPARK_HOME")}
    assert _run([sys.executable, "-m", "venv", venv], tmp_path, env).returncode == 0
    installed = _run([venv / "bin" / "python", "-m", "pip", "install", "-q", wheel], tmp_path, env)
    assert installed.returncode == 0, installed.stderr[-3000:]
    work = tmp_path / "work"
    work.mkdir()
    cli = venv / "bin" / "hudi-layout"

    jars = _run([cli, "jars"], work, env)
    assert jars.returncode == 0, jars.stderr
    [plugin] = jars.stdout.split()
    assert plugin.startswith(str(venv)) and plugin.endswith("hudi_layout/jars/hudi-layout.jar"), plugin
    assert f"--packages {HUDI_BUNDLE_PACKAGE}" in jars.stderr, jars.stderr
    # every Hudi line's jar is in the wheel, and the variable picks one
    older = _run([cli, "jars"], work, dict(env, HUDI_LAYOUT_HUDI_VERSION="0.15.0"))
    assert older.returncode == 0, older.stderr
    assert older.stdout.split() == [plugin.replace("hudi-layout.jar", "hudi-layout-hudi0.15.jar")], older.stdout
    assert "--packages org.apache.hudi:hudi-spark3.5-bundle_2.12:0.15.0" in older.stderr, older.stderr
    assert os.path.isfile(plugin.replace("hudi-layout.jar", "hudi-layout-hudi1.0.jar"))
    refused = _run([cli, "jars"], work, dict(env, HUDI_LAYOUT_HUDI_VERSION="1.1.0"))
    assert refused.returncode == 2 and refused.stderr.splitlines() == [
        "error: Hudi 1.1.0 (HUDI_LAYOUT_HUDI_VERSION) is not supported by hudi-layout; supported Hudi lines: "
        "0.15.x, 1.0.x, 1.2.x (set HUDI_LAYOUT_HUDI_VERSION or hudi_version= to one of 0.15.0, 1.0.2, 1.2.0)"], \
        refused.stderr

    bench = _run([cli, "bench", "--rows", "100"], work, env)
    assert bench.returncode == 2 and bench.stderr.splitlines() == [
        "error: the benchmark runs from a source checkout of hudi-layout (`make bench` or `python -m bench` "
        "there); it is not part of the installed package"], bench.stderr[-3000:]

    (work / "write.py").write_text(WRITE)
    wrote = _run([venv / "bin" / "python", "write.py", "500000"], work, env)
    assert wrote.returncode == 0, wrote.stderr[-3000:]
    written = _contents(spark, work / "t")
    assert written[0] == 6000, written

    run = _run([cli, "clustering", "scheduleAndExecute", "--path", "t", "--hoodieConfigs",
                "hoodie.clustering.execution.strategy.class=dev.hudilayout.SpaceCurveExecutionStrategy",
                "hoodie.clustering.plan.strategy.sort.columns=city,brand",
                "hoodie.clustering.plan.strategy.target.file.max.bytes=500000",
                "hoodie.clustering.plan.strategy.small.file.limit=1099511627776"], work, env)
    assert run.returncode == 0, (run.stdout, run.stderr[-3000:])
    scheduled, completed = run.stdout.splitlines()
    assert completed.startswith(f"completed {scheduled.split()[1]} operation=CLUSTER files=8->") and \
        "hudilayout.strategy=dev.hudilayout.SpaceCurveExecutionStrategy" in completed, run.stdout

    assert _contents(spark, work / "t") == written  # every row kept, none twice

    report = _run([cli, "report", "t"], work, env)
    assert report.returncode == 0 and "city" in report.stdout, (report.stdout, report.stderr[-3000:])
    png = _run([cli, "report", "t", "--png", "t.png", "--x", "city", "--y", "brand"], work, env)
    assert png.returncode == 2 and png.stderr.splitlines() == [
        "error: report --png needs matplotlib, which is not installed: pip install matplotlib"], png.stderr
    missing = _run([cli, "report", "nowhere"], work, env)
    assert missing.returncode == 2, missing.stderr[-3000:]
    # one line, said before Spark starts (no Ivy report of resolving --packages either)
    assert missing.stderr.splitlines() == [f"error: no Hudi table at "
                                           f"{work / 'nowhere'} (no .hoodie/hoodie.properties there)"], \
        missing.stderr[-2000:]

    # the demo too runs with pyspark and py4j alone
    assert _run([venv / "bin" / "python", "-c", "import numpy"], work, env).returncode != 0
    demo = _run([cli, "demo", "--rows", "2000", "--files", "8", "--out", "out"], work, env)
    assert demo.returncode == 0, (demo.stdout[-3000:], demo.stderr[-3000:])
    # quiet by default: no Spark/Hudi log lines, none of the JVM's "# WARNING" lines (what is left on
    # stderr is Ivy's report of resolving the bundle's coordinates, printed by spark-submit itself)
    said = demo.stdout.splitlines() + demo.stderr.splitlines()
    assert not [line for line in said if " WARN " in line or " INFO " in line or line.startswith("# WARNING")], \
        (demo.stdout[-3000:], demo.stderr[-3000:])
    lines = demo.stdout.splitlines()
    assert lines[0].startswith("hudi-layout demo: 2,000 rows written in random order as 8 files"), lines
    assert [line.split()[0] for line in lines if "= '" in line] == ["s_city", "c_city", "p_brand"], lines
    assert lines[-1].startswith("clustering took ") and "out/demo" in lines[-1], lines
    assert len(lines) <= 10 and not [line for line in lines if len(line) > 160], lines
    assert (work / "out" / "demo" / ".hoodie" / "hoodie.properties").is_file()
