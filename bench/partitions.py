"""``bench --partitions P``: the benchmark table partitioned by a date-like column.

The column's values, in order, are cut into P stretches of about equal rows (a value is never
split) and each row gets its stretch's first value, as a string, in the column :data:`FIELD`, the
table's partition path. Every layout of the run (the random table, the floor, each clustering)
holds the same partitions; the random table is written as about ``files / P`` small files per
partition, and each clustering lays every partition out into about as many files.

Measured per layout beside the unpartitioned figures: files read by each point query without a
partition predicate and with one (``AND part = ...``), against the sum of the partitions' own
bounds (each partition's files ``n_p`` give ``n_p ** ((d - 1) / d)``), plan (schedule) time and the
driver's peak heap.
"""
from __future__ import annotations

import math
import random
from itertools import accumulate
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from hudi_layout import tables

#: The partition path column the bench adds.
FIELD = "part"
#: The column partitioned by when ``--partition-column`` is not given.
DEFAULT_COLUMN = "lo_orderdate"


def stretches(counts: Sequence[Tuple[Any, int]], partitions: int, column: str = DEFAULT_COLUMN,
              growth: float = 1.0) -> Dict[Any, str]:
    """Each value of ``counts`` (value, rows), sorted by value, mapped to the first value of its
    stretch as a string: ``partitions`` stretches that never split a value (a stretch takes values
    while that brings its rows nearer its target). The targets are about equal rows, or with
    ``growth`` G > 1 grow geometrically along the values, the last stretch's G times the first's
    (a table that grows over time). ValueError naming ``--partitions`` if there are fewer values
    than partitions."""
    ordered = sorted(counts, key=lambda vc: vc[0])
    if partitions < 1 or partitions > len(ordered):
        raise ValueError(f"--partitions {partitions}: expected 1 to {len(ordered)}, the distinct values of "
                         f"--partition-column {column}")
    weights = [growth ** (i / (partitions - 1)) if partitions > 1 else 1.0 for i in range(partitions)]
    left_rows = sum(c for _, c in ordered)
    left = partitions
    out: Dict[Any, str] = {}
    i = 0
    while i < len(ordered):
        stretch = partitions - left
        target = left_rows * weights[stretch] / sum(weights[stretch:])
        first = ordered[i][0]
        rows = ordered[i][1]
        j = i + 1
        # keep enough values for the stretches after this one
        while j < len(ordered) and left > 1 and len(ordered) - j > left - 1 \
                and abs(rows + ordered[j][1] - target) < abs(rows - target):
            rows += ordered[j][1]
            j += 1
        if left == 1:
            j = len(ordered)
            rows = left_rows
        for v, _ in ordered[i:j]:
            out[v] = str(first)
        left_rows -= rows
        left -= 1
        i = j
    return out


def partitioned_source(spark, source: str, column: str, partitions: int, out: str, growth: float = 1.0) -> str:
    """``source`` (Parquet) with :data:`FIELD` added (:func:`stretches`), written to ``out``; the
    path written. ValueError naming the flag when ``column`` is not a column of the source."""
    from pyspark.sql import functions as F
    df = spark.read.parquet(source)
    if column not in df.columns:
        raise ValueError(f"--partition-column {column}: not a column of the benchmark table; expected one of "
                         + ", ".join(df.columns))
    counts = [(r[0], int(r[1])) for r in df.groupBy(column).count().collect() if r[0] is not None]
    mapping = stretches(counts, partitions, column, growth)
    labels = spark.createDataFrame([(k, v) for k, v in mapping.items()], [column, FIELD])
    df.join(F.broadcast(labels), on=column, how="left").select(*df.columns, FIELD) \
        .write.mode("overwrite").parquet(out)
    return out


def rows_per_partition(df) -> Dict[str, int]:
    """Rows of each partition (:data:`FIELD`) of ``df``."""
    return {str(r[0]): int(r[1]) for r in df.groupBy(FIELD).count().collect()}


def files_by_rows(rows: Mapping[str, int], files: int) -> Dict[str, int]:
    """About ``files`` files shared out over the partitions in proportion to their ``rows``
    (:func:`rows_per_partition`), at least one each: how the random table is written."""
    total = max(1, sum(rows.values()))
    return {label: max(1, round(files * n / total)) for label, n in rows.items()}


def files_by_bytes(path: str, target_bytes: int) -> Dict[str, int]:
    """The files Hudi's size-based clustering plan gives each partition of the table at ``path``
    (one group a partition): ceil(the partition's base-file bytes / ``target_bytes``), at least
    one. The floor writes these counts, so that it writes the files a clustering does."""
    out: Dict[str, int] = {}
    for label, size in tables.partition_bytes(path).items():
        out[label] = max(1, math.ceil(size / max(1, target_bytes)))
    return out


def spread(df, key: str, files: Mapping[str, int]):
    """``df`` arranged so a bulk insert with Hudi's sort mode NONE writes ``files[p]`` files into
    each partition p (counted before a timed write, see :func:`files_by_rows` and
    :func:`files_by_bytes`): rows of a partition dealt by their key's hash into that many slots,
    and each (partition, slot) pair given a Spark partition of its own (:func:`hash_targets`), so
    the counts are exact and the same on every write of the run."""
    from pyspark.sql import functions as F
    spark = df.sparkSession
    parts = sorted(files)
    targets = hash_targets(spark, max(1, sum(files[p] for p in parts)))
    firsts = list(accumulate((files[p] for p in parts[:-1]), initial=0))
    # per partition, its slot count and the hash target of each of its slots (one broadcast join)
    placed = spark.createDataFrame([(p, files[p], targets[f:f + files[p]]) for p, f in zip(parts, firsts)],
                                   [FIELD, "_bench_slots", "_bench_targets"])
    slot = F.pmod(F.xxhash64(F.col(key)), F.col("_bench_slots")).cast("int") + 1
    return df.join(F.broadcast(placed), on=FIELD, how="left") \
        .withColumn("_bench_target", F.element_at(F.col("_bench_targets"), slot)) \
        .repartition(max(1, len(targets)), F.col("_bench_target")).select(*df.columns)


def hash_targets(spark, n: int) -> List[int]:
    """For each j < n, a long whose Spark hash (the Murmur3 hash ``repartition(n, column)`` places
    rows by) falls in partition j: a column of these values puts its rows in the partition each
    value names, one value per partition."""
    from pyspark.sql import functions as F
    found: Dict[int, int] = {}
    tried = 0
    while len(found) < n:
        rows = spark.range(tried, tried + 64 * n).select(F.pmod(F.hash("id"), F.lit(n)).alias("j"), "id") \
            .groupBy("j").agg(F.min("id").alias("v")).collect()
        for r in rows:
            found.setdefault(int(r["j"]), int(r["v"]))
        tried += 64 * n
    return [found[j] for j in range(n)]


def point_queries_in_partitions(points: Sequence[Tuple[str, str]], labels: Sequence[str],
                                seed: int) -> List[Tuple[str, str]]:
    """Each point query (label, predicate) again with a partition predicate on a partition drawn
    at random (seeded)."""
    rng = random.Random(seed + 1)
    return [(label, f"{predicate} AND {FIELD} = '{rng.choice(sorted(labels))}'") for label, predicate in points]


def files_per_partition(spark, path: str) -> Dict[str, int]:
    """Files of each partition in the table's latest snapshot."""
    from hudi_layout import scan
    rows = scan.skipping_reader(spark, path).select("_hoodie_partition_path", "_hoodie_file_name").distinct() \
        .groupBy("_hoodie_partition_path").count().collect()
    return {str(r[0]): int(r[1]) for r in rows}


def bound_sum(per_partition: Mapping[str, int], d: int) -> float:
    """The sum of the partitions' own bounds: a point query must read at least n_p ** ((d-1)/d)
    of a partition's n_p files when the partition holds the value (the generated columns are
    independent of the partition column, so every partition does)."""
    return sum(n ** ((d - 1) / d) for n in per_partition.values())
