"""What the benchmark runners share about Spark: the bench's session (:func:`session`), Spark
conf set for a block and restored after it (:func:`spark_conf`), progress lines, and the stages a
clustering ran (:func:`parse_stages`, :func:`busy_seconds`)."""
from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Iterator, List, Mapping, Optional, Sequence

#: results.json's ``parameters``: the flags of ``python -m bench``, in the order the
#: command line gives them (the bench's and the rounds' specs fill in every one)
PARAMETERS = ("scale", "rows", "variant", "files", "layouts", "queries", "repetitions", "sample_size", "seed",
              "memory", "master", "weights", "groups", "rounds", "rows_per_round", "round_files", "drift", "order",
              "operation", "updates", "update_from", "table_type", "concurrent", "codec", "hudi_option", "partitions",
              "partition_column", "partition_growth", "keep_tables", "warmup", "workload", "out", "render")


@contextmanager
def spark_conf(spark, settings: Mapping[str, str]) -> Iterator[None]:
    """Every key of ``settings`` set to its value inside the block; after it (however it ends),
    each key as it was: its earlier value, or unset if it had none."""
    before = {key: spark.conf.get(key, None) for key in settings}
    try:
        for key, value in settings.items():
            spark.conf.set(key, value)
        yield
    finally:
        for key, value in reversed(list(before.items())):
            if value is None:
                spark.conf.unset(key)
            else:
                spark.conf.set(key, value)


def parse_stages(lines, t0: float) -> List[dict]:
    """``StageLog.take`` lines as dicts; ``offset_seconds``: when the stage started, from ``t0``."""
    out = []
    for line in lines:
        f = str(line).split("\t")
        start, end = int(f[2]), int(f[3])
        out.append({"stage": int(f[0]), "attempt": int(f[1]), "offset_seconds": round(start / 1000 - t0, 3),
                    "seconds": (end - start) / 1000, "tasks": int(f[4]), "input_rows": int(f[5]),
                    "shuffle_read_rows": int(f[6]), "shuffle_write_bytes": int(f[7]), "output_rows": int(f[8]),
                    "failed": f[9] == "true", "name": f[10],
                    "description": f[11] if f[11].strip(": ") else ""})  # Hudi sometimes sets just ":"
    return out


def busy_seconds(stages: Sequence[dict]) -> float:
    """Seconds during which at least one of ``stages`` ran (overlapping stages count once)."""
    total: float = 0.0
    span: Optional[List[float]] = None
    for start, end in sorted((s["offset_seconds"], s["offset_seconds"] + s["seconds"]) for s in stages):
        if span and start <= span[1]:
            span[1] = max(span[1], end)
            continue
        total += span[1] - span[0] if span else 0.0
        span = [start, end]
    return total + (span[1] - span[0] if span else 0.0)


def session(memory: str, master: str = ""):
    """The bench's Spark session: ``local[2]``, or ``master`` (e.g. ``local-cluster[2,1,4096]``:
    executors in JVMs of their own, so the driver's heap is the driver's alone), with the probes' jar
    (:func:`bench.probes.bench_jar`)."""
    from pyspark.sql import SparkSession
    from hudi_layout.spark import configure_spark
    from .probes import bench_jar
    jar = bench_jar()
    builder = (SparkSession.builder.master(master or "local[2]").appName("hudi-layout-bench")
               .config("spark.driver.memory", memory)
               .config("spark.sql.shuffle.partitions", "16")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC"))
    return configure_spark(builder, extra_jars=[jar]).getOrCreate()


def progress(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)
