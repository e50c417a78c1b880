"""The benchmark's JVM probes, apart from the library: Spark listeners that meter shuffle bytes and
log stages, a full garbage collection and the driver's heap after GC. Their Java classes
(``dev.hudilayout.bench``, hudi_strategy/src/bench/java) are in ``target/hudi-layout-bench.jar``
(``mvn -Pbench package``, ``make bench``), never in the plugin jar; the bench's Spark sessions add
it (:func:`bench_jar`).

Like :mod:`hudi_layout.jvm` for the library, this module is the one place of ``bench`` that reaches
Spark's JVM through py4j (``tests/test_structure.py`` checks it); what else the bench needs of the
JVM it asks of :mod:`hudi_layout.jvm`.
"""
from __future__ import annotations

from typing import List

#: the jar of the Java probes, in the checkout's ``target`` folder
BENCH_JAR = "hudi-layout-bench.jar"


class BenchJarMissing(RuntimeError):
    """The probes' jar is not built; the message says how to build it."""


def bench_jar() -> str:
    """The path of ``hudi-layout-bench.jar`` in the folders :mod:`hudi_layout.jarpaths` searches (the
    checkout's ``target``, ``HUDI_LAYOUT_JARS_DIR``); :class:`BenchJarMissing` when none holds it."""
    from hudi_layout.jarpaths import search_dirs
    folders = search_dirs()
    for folder in folders:
        if (folder / BENCH_JAR).is_file():
            return str((folder / BENCH_JAR).resolve())
    raise BenchJarMissing(f"the benchmark's probes jar {BENCH_JAR} is not built (looked in: "
                          f"{', '.join(str(f) for f in folders)}): run `make bench` (or "
                          "`mvn -Pbench package -DskipTests`) in the checkout")


def _jvm(spark):
    return spark.sparkContext._jvm


def _spark_context(spark):
    return spark.sparkContext._jsc.sc()


def attach_shuffle_meter(spark):
    """A ``ShuffleMeter`` listening on the session's SparkContext."""
    return _jvm(spark).dev.hudilayout.bench.ShuffleMeter.attach(_spark_context(spark))


def attach_stage_log(spark):
    """A ``StageLog`` listening on the session's SparkContext."""
    return _jvm(spark).dev.hudilayout.bench.StageLog.attach(_spark_context(spark))


def shuffle_bytes_written(spark, meter) -> int:
    """Shuffle bytes written since ``meter`` was attached, once running stages have reported."""
    return int(meter.bytesWritten(_spark_context(spark)))


def full_gc(spark) -> None:
    """A full garbage collection of the driver's JVM (in local mode, the executors' too)."""
    _jvm(spark).java.lang.System.gc()


def peak_heap(spark, reset: bool = False) -> int:
    """The driver JVM's heap in use after a garbage collection, the most since the last reset
    (``bench.HeapAfterGc``: a full collection at the read included; in local mode the driver runs
    the tasks too). ``reset`` starts a new peak and returns 0."""
    meter = _jvm(spark).dev.hudilayout.bench.HeapAfterGc
    if reset:
        meter.start()
        return 0
    return int(meter.peak())


def take_stages(spark, stage_log) -> List[str]:
    """The stages ``stage_log`` saw complete since the last take, one tab-separated line each."""
    return [str(line) for line in stage_log.take(_spark_context(spark))]


def remove_listener(spark, listener) -> None:
    _spark_context(spark).removeSparkListener(listener)


def query_execution(df):
    """The JVM's QueryExecution of ``df``, a DataFrame that has run (for :mod:`bench.recording`)."""
    return df._jdf.queryExecution()
