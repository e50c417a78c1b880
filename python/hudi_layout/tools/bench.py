"""The skipping benchmark: hudi-layout against Hudi 1.2.0's built-in layouts, same table, same run.

    python -m hudi_layout bench [--scale 0.05 | --rows N] [--files 64]
                                [--variant uniform|skewed|urls|correlated|dated]
                                [--layouts ...] [--queries 5] [--repetitions 1] [--out DIR]

Writes the SSB-shaped table once, in random order, as ``--files`` files with the column-stats
index on; copies it per layout and clusters each copy into the same number of files (one group).
The ``floor`` layout is the cost of rewriting the rows at all: a plain Hudi ``bulk_insert`` of
the random table's rows into a new table with the same config and file count, no sorting.
Then runs, on every table, ``--queries`` queries of each class: point queries per filter column
(random values), range queries per column and two-column conjunctions per pair of columns (see
:func:`make_queries`), with data skipping on. Reports files read (Spark's ``numFiles``), skip %, the bound N^((d-1)/d) for d
filter columns and the effective bound N^((d'-1)/d') for the d' independent axes the data has
(see :func:`independent_axes`), clustering wall time against the floor and the built-in, shuffle
bytes, and where each clustering's time went, stage by stage (``dev.hudilayout.bench.StageLog``).
The peers' layouts (``delta-zorder``, ``delta-liquid``, ``iceberg-zorder``, each also ``-fullstats``;
see :mod:`hudi_layout.tools.peers`) lay the same rows out into about the same N files, each in a
Spark session of its own, and count files read by their own scans.
Every layout must return exactly the random layout's rows for every query, or the run fails.
Output: ``results.md``, ``results.json``, ``files_read.png`` in ``--out``.

With ``--partitions P`` every Hudi table of the run is partitioned into P partitions of about equal
rows (see :mod:`hudi_layout.tools.partitions`) and one clustering lays out every partition.

With ``--rounds R`` (and ``--rows-per-round``, ``--round-files``) each layout's table grows in R
rounds instead, each a write of small files and a clustering: see :mod:`hudi_layout.tools.rounds`.
"""
from __future__ import annotations

import itertools
import json
import math
import random
import shutil
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from .. import clustering, jvm, scan, tables
from .. import metadata as md
from ..options import MAX_GROUPS_KEY, parse_shares
from . import partitions, peers, ssb
from .layouts import (COMPRESSION_RATIO_KEY, DEFAULT_LAYOUTS, OVERWRITE_FLOOR, WRITER_HEADROOM, Layout,  # noqa: F401
                      builtin_twin)

STAGE_BREAKDOWN = ("floor", "builtin-hilbert-sample", "ours-hilbert-sample")


@dataclass
class Query:
    kind: str           # point | range | and
    label: str
    predicate: str


@dataclass
class Measured:
    layout: str
    files: int = 0
    cluster_seconds: float = 0.0
    shuffle_bytes: int = 0
    bytes_written: int = 0  # the Parquet bytes the layout wrote (the table's live files)
    recorded: Dict[str, str] = field(default_factory=dict)  # hudilayout.* of our replacecommit
    queries: List[dict] = field(default_factory=list)
    stages: List[dict] = field(default_factory=list)  # the stages the clustering (or floor) ran
    peer: Dict[str, int] = field(default_factory=dict)  # a peer's files and bytes before and after
    plan_seconds: float = 0.0  # --partitions: the schedule's share of cluster_seconds
    peak_heap: int = 0  # --partitions: the driver's heap after GC, the most while it ran (jvm.peak_heap)
    per_partition: Dict[str, int] = field(default_factory=dict)  # --partitions: files of each partition


def column_pairs(columns: Sequence[str]) -> List[Tuple[str, str]]:
    """The column pairs of the two-column conjunctions: each adjacent pair, then first & last,
    then, for d <= 4, the remaining pairs, so up to 4 columns every pair is queried and above
    that d pairs. For (a, b, c): (a, b), (b, c), (a, c); for (a, b, c, d): (a, b), (b, c),
    (c, d), (a, d), (a, c), (b, d)."""
    d = len(columns)
    order = [(i, i + 1) for i in range(d - 1)] + ([(0, d - 1)] if d > 2 else [])
    if d <= 4:
        order += [pair for pair in itertools.combinations(range(d), 2) if pair not in order]
    return [(columns[i], columns[j]) for i, j in order]


def make_queries(spark, source: str, columns, per_column: int, seed: int) -> List[Query]:
    """``per_column`` queries of each class: point queries on random values of each column, range
    queries over about 5% of a column's values at random positions, and conjunctions of the values
    of random rows on each pair of :func:`column_pairs`. One range per column is not enough: where
    a range lies decides much of what it reads (beside a heavy value, or across a coarse cell
    boundary of the curve), so a class average needs several. Points are drawn first, so the same
    seed gives the same points for any count."""
    rng = random.Random(seed)
    df = spark.read.parquet(source)
    values = {c: sorted(r[0] for r in df.select(c).distinct().collect()) for c in columns}
    out: List[Query] = []
    for c in columns:
        for v in rng.sample(values[c], min(per_column, len(values[c]))):
            out.append(Query("point", c, f"{c} = '{v}'"))
    for c in columns:
        vs = values[c]
        width = max(1, len(vs) // 20)  # about 5% of the column's values
        starts = range(max(1, len(vs) - width))
        for i in sorted(rng.sample(starts, min(per_column, len(starts)))):
            out.append(Query("range", c, f"{c} BETWEEN '{vs[i]}' AND '{vs[i + width - 1]}'"))
    for a, b in column_pairs(columns):
        for _ in range(per_column):
            row = df.select(a, b).limit(1 + rng.randrange(1000)).collect()[-1]
            out.append(Query("and", f"{a}&{b}", f"{a} = '{row[0]}' AND {b} = '{row[1]}'"))
    return out


@contextmanager
def spark_conf(spark, key: str, value: str):
    """``key`` set to ``value`` inside the block, as it was after."""
    before = spark.conf.get(key)
    spark.conf.set(key, value)
    try:
        yield
    finally:
        spark.conf.set(key, before)


def run_query(spark, path: str, q: Query, table=None) -> Tuple[int, Tuple[int, int], float]:
    """(files read, (rows, checksum of their record keys), seconds). Keys identify rows; that
    clustering leaves every row's contents unchanged is what the test suite checks. ``table``:
    a skipping reader of ``path`` to share between queries (its file listing is made once)."""
    from pyspark.sql import functions as F
    df = (scan.skipping_reader(spark, path) if table is None else table).where(q.predicate)
    agg = df.agg(F.count(F.lit(1)).alias("n"), F.sum(F.xxhash64("lo_key").cast("decimal(38,0)")).alias("h"))
    t0 = time.time()
    rows, files = scan.files_read(agg)
    return files, (int(rows[0]["n"]), int(rows[0]["h"] or 0)), time.time() - t0


def independent_axes(df, columns: Sequence[str], slack: float = 1.01,
                     min_rows_per_value: float = 2.0) -> List[Tuple[str, ...]]:
    """The independent axes of ``columns`` in ``df``: the columns grouped by functional
    dependency, found from the data with one aggregation (exact distinct counts of every column
    and every pair; nulls count as a value).

    Column a determines column b when (nearly) every value of a comes with one value of b:
    distinct (a, b) pairs <= ``slack`` x distinct a. That says something only if a's values
    repeat: a column with about one row per value (a key) would "determine" every column, so a
    counts as a determinant only with at least ``min_rows_per_value`` rows per value on average.
    (With two rows per value, an independent b that is not nearly constant gives pairs ~1.5 x a
    or more, far above the slack.) Columns joined by dependencies in either direction form one
    axis; d' = len(result). Axes and their columns keep the order of ``columns``.

    Example: s_city (250 values), s_nation (25, one per city), p_brand (1000), p_category (25,
    one per brand) give [(s_city, s_nation), (p_brand, p_category)]: d = 4, d' = 2.
    """
    from pyspark.sql import functions as F
    cols = list(columns)
    pairs = list(itertools.combinations(range(len(cols)), 2))
    aggs = [F.count(F.lit(1)).alias("n")]
    aggs += [F.countDistinct(F.struct(F.col(c))).alias(f"c{i}") for i, c in enumerate(cols)]
    aggs += [F.countDistinct(F.struct(F.col(cols[i]), F.col(cols[j]))).alias(f"p{i}_{j}") for i, j in pairs]
    row = df.agg(*aggs).collect()[0]
    distinct = [row[f"c{i}"] for i in range(len(cols))]

    def determines(a: int, b: int, both: int) -> bool:
        return distinct[a] > 0 and row["n"] >= min_rows_per_value * distinct[a] and both <= slack * distinct[a]

    axis = list(range(len(cols)))  # union-find: each column's representative

    def root(i: int) -> int:
        while axis[i] != i:
            i = axis[i]
        return i

    for i, j in pairs:
        both = row[f"p{i}_{j}"]
        if determines(i, j, both) or determines(j, i, both):
            axis[max(root(i), root(j))] = min(root(i), root(j))
    groups: Dict[int, List[str]] = {}
    for i, c in enumerate(cols):
        groups.setdefault(root(i), []).append(c)
    return [tuple(g) for _, g in sorted(groups.items())]


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
    total, span = 0.0, None  # type: float, Optional[List[float]]
    for start, end in sorted((s["offset_seconds"], s["offset_seconds"] + s["seconds"]) for s in stages):
        if span and start <= span[1]:
            span[1] = max(span[1], end)
            continue
        total += span[1] - span[0] if span else 0.0
        span = [start, end]
    return total + (span[1] - span[0] if span else 0.0)


#: ``--codec`` values: Parquet codecs Hudi, Delta (Spark's writer) and Iceberg all write
CODECS = ("", "zstd", "snappy", "gzip", "uncompressed")

#: Hudi's key for the Parquet codec of the files it writes (gzip by default)
CODEC_KEY = "hoodie.parquet.compression.codec"


#: Hudi's key for the keys its per-file bloom filter of record keys is sized for (60,000 by default)
BLOOM_ENTRIES_KEY = "hoodie.index.bloom.num_entries"


def parse_hudi_options(pairs: Sequence[str]) -> Dict[str, str]:
    """``--hudi-option KEY=VALUE`` flags as the options they set: each key a Hudi one
    (``hoodie.``), not one the bench sets itself for every layout alike."""
    out: Dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise ValueError(f"--hudi-option {pair!r}: expected KEY=VALUE, e.g. "
                             "hoodie.metadata.index.column.stats.parallelism=8")
        if not key.startswith("hoodie."):
            raise ValueError(f"--hudi-option {pair!r}: key {key!r} is not a Hudi option; a key starting "
                             "with 'hoodie.' is accepted")
        if key in (CODEC_KEY, BLOOM_ENTRIES_KEY, COMPRESSION_RATIO_KEY):
            raise ValueError(f"--hudi-option {pair!r}: {key} is set by the bench for every layout alike "
                             f"({'--codec' if key == CODEC_KEY else 'from the rows per file'}); other "
                             "hoodie.* keys are accepted")
        out[key] = value
    return out


def write_options(codec: str, rows_per_file: int, extra: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    """What every Hudi table of a run is written with beside its layout: ``codec`` ("" keeps Hudi's
    gzip) and Hudi's bloom filter of record keys, which it writes into every file's footer, sized
    for the run's rows per file. Hudi sizes that filter for 60,000 keys by default, 431 KB at its
    false-positive rate of 1e-9: a rounding error in a file of 120 MB, but most of the bytes of a
    bench file of a few thousand rows (129 of 210 MB in a run of 300 files), which no table of
    production-sized files pays. The filter keeps its false-positive rate at the size it is given
    (Hudi's dynamic filter grows past it), so the table holds the same index; every Hudi layout,
    the floor and the random table alike get it. ``extra``: the run's ``--hudi-option`` flags,
    which every Hudi table gets as well."""
    out = {BLOOM_ENTRIES_KEY: str(max(1000, rows_per_file))}
    if codec:
        out[CODEC_KEY] = codec
    out.update(extra or {})
    return out


def write_floor(spark, random_table: str, path: str, columns, files: int,
                writer: Optional[Dict[str, str]] = None, partition_files: Optional[Dict[str, int]] = None,
                overwrite: bool = False) -> None:
    """The floor: the random table's rows (without Hudi's ``_hoodie_*`` columns) bulk-inserted
    as they come into a new table with the same config (metadata table, column stats on
    ``columns``) and the same file count: the read, shuffle and write every clustering pays,
    without any sorting. Being a new table, it also creates the table and its metadata table,
    which a clustering of an existing table does not; its stage breakdown shows what that took.
    With ``partition_files`` (``--partitions``: the files Hudi's plan gives each partition of the
    random table, counted before the clock starts), into the random table's partitions, as many
    files each as a clustering writes there. ``overwrite``: into the copy of the random table at
    ``path``, replacing the partitions written (Hudi's row-writer bulk insert as an
    insert_overwrite: a replacecommit, as a clustering's, whose metadata-table update looks up the
    column stats of every partition it touches)."""
    df = spark.read.format("hudi").load(random_table)
    df = df.select([c for c in df.columns if not c.startswith("_hoodie_")])
    # sort mode NONE, as the random table
    opts = tables.table_options("ssb", "lo_key", columns, files,
                                partition_by=partitions.FIELD if partition_files else "")
    opts[COMPRESSION_RATIO_KEY] = WRITER_HEADROOM  # the writer headroom every layout gets (Layout.options)
    opts.update(writer or {})
    df = partitions.spread(df, "lo_key", partition_files) if partition_files else df.repartition(files)
    if overwrite:
        opts[OVERWRITE_KEY] = "insert_overwrite"
    df.write.format("hudi").options(**opts).mode("append" if overwrite else "overwrite").save(path)


#: Hudi's key that makes a row-writer bulk insert replace the partitions it writes
OVERWRITE_KEY = "hoodie.bulkinsert.overwrite.operation.type"

#: the commit key that records the rows our clustering's sample held
SAMPLE_TAKEN = md.PREFIX + "sample.taken"

WARMUP_ROWS, WARMUP_FILES_IN, WARMUP_FILES_OUT = 100_000, 16, 8


def warm_up(spark, source: str, folder: Path, columns, layouts, sample_size: int,
            weights: Optional[Sequence[float]], groups: int, writer: Optional[Dict[str, str]] = None) -> List[str]:
    """Every measured layout once on a small table, figures thrown away, so that no layout pays
    for JIT compilation and class loading that another one's run would have done for it: each
    strategy's own code (ours, Hudi's built-in, the plain write) is warm when it is measured.
    Returns the layouts run; leaves no table behind."""
    base = str(folder / "warmup")
    rows = spark.read.parquet(source).limit(WARMUP_ROWS).repartition(WARMUP_FILES_IN)
    rows.write.format("hudi").options(**tables.cow_table_options("ssb", "lo_key", columns, WARMUP_FILES_IN),
                                      **(writer or {})).mode("overwrite").save(base)
    total = tables.table_bytes(base)
    ran = []
    for layout in layouts:
        if layout.name == "random" or layout.impl == "peer":  # a peer warms up in its own session
            continue
        ran.append(layout.name)
        progress(f"warm-up: {layout.name} on {WARMUP_ROWS} rows (not measured)")
        path = str(folder / f"warmup-{layout.name}")
        if layout.rewrites:
            shutil.copytree(base, path)
        if layout.clusters:
            clustering.schedule_and_execute(spark, path, {**layout.options(columns, total, WARMUP_FILES_OUT,
                                                                           sample_size, weights, groups),
                                                          **(writer or {})})
        else:
            write_floor(spark, base, path, columns, WARMUP_FILES_OUT, writer, overwrite=layout.rewrites)
        shutil.rmtree(path, ignore_errors=True)
    shutil.rmtree(base, ignore_errors=True)
    return ran


def table_files(spark, path: str) -> int:
    """Files in the table's latest snapshot: what a scan with no filter reads."""
    _, files = scan.files_read(scan.skipping_reader(spark, path).groupBy().count())
    return files


def session(memory: str, master: str = ""):
    """The bench's Spark session: ``local[2]``, or ``master`` (e.g. ``local-cluster[2,1,4096]``:
    executors in JVMs of their own, so the driver's heap is the driver's alone)."""
    from pyspark.sql import SparkSession
    from ..spark import configure_spark
    builder = (SparkSession.builder.master(master or "local[2]").appName("hudi-layout-bench")
               .config("spark.driver.memory", memory)
               .config("spark.sql.shuffle.partitions", "16")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC"))
    return configure_spark(builder).getOrCreate()


def progress(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def run(args, spark=None) -> dict:
    """Run the benchmark; uses ``spark`` if given (and leaves it running), else its own session."""
    layouts = [Layout.parse(n) for n in args.layouts.split(",")]
    weights = parse_weights(getattr(args, "weights", ""), ssb.filter_columns(args.variant))
    groups = getattr(args, "groups", 1)
    if layouts[0].name != "random":
        layouts.insert(0, Layout("random"))
    out = Path(args.out).resolve()  # Hudi takes a relative path for a URI without a scheme
    shutil.rmtree(out / "tables", ignore_errors=True)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    own_session = spark is None
    if own_session:
        spark = session(args.memory, getattr(args, "master", "") or "")
        spark.sparkContext.setLogLevel("ERROR")
    # Hudi's built-in linear layout sorts into spark.sql.shuffle.partitions ranges (which adaptive
    # execution would coalesce) and then coalesces to the file count; shuffle partitions = N and
    # no adaptive coalescing let that layout write N files too.
    saved = {k: spark.conf.get(k) for k in ("spark.sql.shuffle.partitions",
                                             "spark.sql.adaptive.coalescePartitions.enabled")}
    spark.conf.set("spark.sql.shuffle.partitions", str(args.files))
    spark.conf.set("spark.sql.adaptive.coalescePartitions.enabled", "false")
    meter = jvm.attach_shuffle_meter(spark)
    stage_log = jvm.attach_stage_log(spark)

    columns = ssb.filter_columns(args.variant)
    progress(f"generating {args.rows or args.scale} {'rows' if args.rows else 'x SSB scale'} "
             f"({args.variant}, seed {args.seed})")
    t0 = time.time()
    source = ssb.write_parquet(str(out / "tables" / "source"), args.rows, args.seed, args.scale, args.variant)
    progress(f"generated in {time.time() - t0:.1f}s")
    partition_count = getattr(args, "partitions", 0) or 0
    labels: List[str] = []
    partition_rows: Dict[str, int] = {}
    if partition_count:
        source = partitions.partitioned_source(spark, source, args.partition_column, partition_count,
                                               str(out / "tables" / "source-partitioned"),
                                               getattr(args, "partition_growth", None) or 1.0)
        partition_rows = partitions.rows_per_partition(spark.read.parquet(source))
        labels = sorted(partition_rows)
        progress(f"{len(labels)} partitions by {args.partition_column}, about {args.files // partition_count} "
                 "files each" + (f" on average, growing {args.partition_growth:g}x from the first to the last"
                                 if getattr(args, "partition_growth", None) else ""))
    axes = independent_axes(spark.read.parquet(source), columns)
    progress(f"{len(columns)} filter columns, {len(axes)} independent axes: "
             + ", ".join("+".join(a) for a in axes))
    base = str(out / "tables" / "random")
    progress(f"writing the random table as {args.files} files")
    codec = getattr(args, "codec", "") or ""
    rows_total = spark.read.parquet(source).count()
    writer = write_options(codec, math.ceil(rows_total / args.files),
                           parse_hudi_options(getattr(args, "hudi_option", None) or []))
    opts = {**tables.table_options("ssb", "lo_key", columns, args.files,
                                   partition_by=partitions.FIELD if partition_count else ""), **writer}
    rows_in = spark.read.parquet(source)
    rows_in = (partitions.spread(rows_in, "lo_key", partitions.files_by_rows(partition_rows, args.files))
               if partition_count else rows_in.repartition(args.files))
    rows_in.write.format("hudi").options(**opts).mode("overwrite").save(base)
    total = tables.table_bytes(base)
    # the floor writes each partition the files Hudi's plan gives a clustering there (the target
    # size Layout.options sets: the random table's bytes / --files)
    floor_files = (partitions.files_by_bytes(base, tables.target_file_bytes(total, args.files)) if partition_count else None)
    queries = make_queries(spark, source, columns, args.queries, args.seed)
    if partition_count:
        points = [(q.label, q.predicate) for q in queries if q.kind == "point"]
        queries += [Query("ppoint", label, predicate)
                    for label, predicate in partitions.point_queries_in_partitions(points, labels, args.seed)]
    if args.warmup:
        warm_up(spark, source, out / "tables", columns, layouts, args.sample_size, weights, groups, writer)

    results: List[Measured] = []
    expected: Dict[str, Tuple[int, int]] = {}
    for layout in layouts:
        if layout.impl == "peer":
            measured = run_peer(args, layout.name, source, columns, total, queries, out / "tables", expected)
            results += [measured] if measured else []
            continue
        path = base
        m = Measured(layout.name)
        if layout.name != "random":
            path = str(out / "tables" / layout.name)
            if layout.rewrites:
                shutil.copytree(base, path)
            progress(f"{'clustering' if layout.clusters else 'writing'} {layout.name}")
            # no layout pays for collecting the garbage an earlier one left in the (local) JVM
            jvm.full_gc(spark)
            before = jvm.shuffle_bytes_written(spark, meter)
            jvm.take_stages(spark, stage_log)  # drop the stages that ran before
            jvm.peak_heap(spark, reset=True)
            t0 = time.time()
            if layout.clusters:
                layout_opts = {**layout.options(columns, total, args.files, args.sample_size, weights, groups),
                               **writer}
                if partition_count:
                    # every partition in the one plan, for Hudi's built-in as for ours
                    layout_opts[MAX_GROUPS_KEY] = str(max(30, partition_count * max(1, groups)))
                    instant = jvm.schedule(spark, path, layout_opts)
                    m.plan_seconds = time.time() - t0
                    if instant:
                        jvm.execute(spark, path, layout_opts, instant)
                else:
                    instant = clustering.schedule_and_execute(spark, path, layout_opts)
            else:
                write_floor(spark, base, path, columns, args.files, writer, floor_files,
                            overwrite=layout.name == OVERWRITE_FLOOR)
            m.cluster_seconds = time.time() - t0
            m.peak_heap = jvm.peak_heap(spark)
            m.shuffle_bytes = jvm.shuffle_bytes_written(spark, meter) - before
            # a clustered copy holds the random table's files beside those its clustering wrote
            m.bytes_written = tables.table_bytes(path) - (total if layout.rewrites else 0)
            m.stages = parse_stages(jvm.take_stages(spark, stage_log), t0)
            if layout.clusters:
                if not instant:
                    raise SystemExit(f"Hudi scheduled no clustering for {layout.name}")
                m.recorded = clustering.recorded(spark, path, instant)
        m.files = table_files(spark, path)
        if partition_count:
            m.per_partition = partitions.files_per_partition(spark, path)
        progress(f"querying {layout.name} ({m.files} files)")
        # adaptive execution re-plans each tiny aggregation (about a quarter of its time); files read
        # come from the scan either way
        with spark_conf(spark, "spark.sql.adaptive.enabled", "false"):
            table = scan.skipping_reader(spark, path)  # one file listing for all of the layout's queries
            for q in queries:
                runs = [run_query(spark, path, q, table) for _ in range(args.repetitions)]
                files, rows, _ = runs[0]
                if layout.name == "random":
                    expected[q.predicate] = rows
                elif rows != expected[q.predicate]:
                    raise SystemExit(f"WRONG RESULT: {layout.name} returned {rows} for {q.predicate}, "
                                     f"random layout returned {expected[q.predicate]}")
                m.queries.append({"kind": q.kind, "label": q.label, "predicate": q.predicate,
                                  "files": files, "rows": rows[0], "seconds": min(r[2] for r in runs)})
        results.append(m)
        if layout.name != "random" and not args.keep_tables:
            shutil.rmtree(path, ignore_errors=True)
    for k, v in saved.items():
        spark.conf.set(k, v)
    for listener in (meter, stage_log):
        jvm.remove_listener(spark, listener)
    if own_session:
        spark.stop()
    report = summarise(args, columns, results, weights, axes)
    report["hudi_write_options"] = writer
    write_outputs(out, report)
    return report


def run_peer(args, name: str, source: str, columns: Sequence[str], total_bytes: int, queries: Sequence[Query],
             tables_dir: Path, expected: Dict[str, Tuple[int, int]]) -> Optional[Measured]:
    """A peer layout (:mod:`hudi_layout.tools.peers`) in a child process with a Spark session of its
    own, on the same rows, file count and queries; each query's rows and checksum held against the
    random table's. None, with one line saying why, when the peer cannot run here."""
    folder = tables_dir / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    request = {"layout": name, "source": source, "columns": list(columns), "key": "lo_key", "files": args.files,
               "total_bytes": total_bytes, "folder": str(folder), "memory": args.memory or "4g",
               "codec": getattr(args, "codec", "") or "", "warmup": bool(getattr(args, "warmup", True)),
               "queries": [{"kind": q.kind, "label": q.label, "predicate": q.predicate} for q in queries]}
    progress(f"laying out {name} (its own Spark session)")
    result = peers.run_child(request, folder, progress)
    if result is None:
        return None
    m = Measured(name, files=result["files"], cluster_seconds=result["cluster_seconds"],
                 shuffle_bytes=result["shuffle_bytes"], bytes_written=result["bytes"],
                 stages=parse_stages(result["stages"], result["started"]))
    for q in result["queries"]:
        rows = (q["rows"], q["checksum"])
        if rows != expected[q["predicate"]]:
            raise SystemExit(f"WRONG RESULT: {name} returned {rows} for {q['predicate']}, "
                             f"random layout returned {expected[q['predicate']]}")
        m.queries.append({k: q[k] for k in ("kind", "label", "predicate", "files", "rows", "seconds")})
    m.peer = {k: result[k] for k in ("random_files", "random_query_files", "bytes", "random_bytes")}
    if not args.keep_tables:
        shutil.rmtree(folder, ignore_errors=True)
    return m


def parse_weights(raw: str, columns: Sequence[str]) -> Optional[List[float]]:
    """``--weights``: the query shares of the filter columns, in their order (normalised)."""
    if not raw:
        return None
    try:
        return parse_shares(raw, len(columns))
    except ValueError as e:
        raise ValueError(f"--weights {e} (for {', '.join(columns)})") from None


def summarise(args, columns, results: List[Measured], weights: Optional[Sequence[float]] = None,
              axes: Optional[Sequence[Sequence[str]]] = None) -> dict:
    d = len(columns)
    axes = [list(a) for a in axes] if axes else [[c] for c in columns]
    d_eff = len(axes)
    rows = []
    for m in results:
        def avg(kind, label=None):
            xs = [q["files"] for q in m.queries if q["kind"] == kind and (label is None or q["label"] == label)]
            return sum(xs) / len(xs) if xs else 0.0
        point = {c: avg("point", c) for c in columns}
        busy = busy_seconds(m.stages)
        rows.append({
            "layout": m.layout, "files": m.files, "bound": m.files ** ((d - 1) / d),
            "effective_bound": m.files ** ((d_eff - 1) / d_eff),
            "point": point, "point_avg": sum(point.values()) / d,
            "range_avg": avg("range"), "and_avg": avg("and"),
            "cluster_seconds": m.cluster_seconds, "shuffle_bytes": m.shuffle_bytes, "bytes_written": m.bytes_written,
            "query_seconds": sum(q["seconds"] for q in m.queries),
            "groups": int(m.recorded[md.GROUPS]) if md.GROUPS in m.recorded else None,
            "buckets": m.recorded.get(md.BUCKETS),
            # the rows our clustering's sample held (its commit's record), the driver's heap after GC
            "sample_taken": int(m.recorded[SAMPLE_TAKEN]) if SAMPLE_TAKEN in m.recorded else None,
            "heap_after_gc_bytes": m.peak_heap,
            "stages": m.stages, "stage_seconds": busy,
            # planning, timeline and metadata work on the driver while no stage ran
            "outside_stages_seconds": max(0.0, m.cluster_seconds - busy) if m.stages else 0.0,
            "queries": m.queries,
            **({"peer": m.peer} if m.peer else {}),
            **(partition_figures(m, d, avg("ppoint")) if m.per_partition else {}),
        })
        if weights:
            rows[-1]["workload_avg"] = sum(p * point[c] for p, c in zip(weights, columns))
    by_name = {r["layout"]: r for r in rows}
    floor, overwrite = by_name.get("floor"), by_name.get(OVERWRITE_FLOOR)
    for r in rows:
        if floor and floor["cluster_seconds"] > 0 and r["cluster_seconds"] > 0:
            r["time_vs_floor"] = r["cluster_seconds"] / floor["cluster_seconds"]
        if overwrite and overwrite["cluster_seconds"] > 0 and r["cluster_seconds"] > 0:
            r["time_vs_floor_overwrite"] = r["cluster_seconds"] / overwrite["cluster_seconds"]
        twin = by_name.get(builtin_twin(r["layout"], list(by_name)) or "")
        if twin and twin["cluster_seconds"] > 0:
            r["time_vs_builtin"] = r["cluster_seconds"] / twin["cluster_seconds"]
        if twin and twin["shuffle_bytes"] > 0:
            r["shuffle_vs_builtin"] = r["shuffle_bytes"] / twin["shuffle_bytes"]
    params = {k: v for k, v in vars(args).items() if k != "func"}
    params.setdefault("weights", "")
    params.setdefault("groups", 1)
    return {"parameters": params, "filter_columns": list(columns), "axes": axes, "d": d, "d_effective": d_eff,
            "layouts": rows}


def partition_figures(m: Measured, d: int, ppoint_avg: float) -> dict:
    """A partitioned run's figures of one layout: its partitions and their files, the sum of their
    bounds (what a point query without a partition predicate must read at least), files per point
    query in one partition against a partition's average bound, plan time and the driver's heap
    after GC (the most over the clustering)."""
    counts = list(m.per_partition.values())
    return {"partitions": len(counts), "min_partition_files": min(counts), "max_partition_files": max(counts),
            "partition_bound_sum": partitions.bound_sum(m.per_partition, d),
            "ppoint_avg": ppoint_avg,
            "partition_bound_avg": partitions.bound_sum(m.per_partition, d) / len(counts),
            "plan_seconds": m.plan_seconds,
            "partition_files": dict(sorted(m.per_partition.items()))}


def partition_table(report: dict) -> str:
    """results.md's table of a ``--partitions`` run (empty for other runs)."""
    rows = [r for r in report["layouts"] if "partitions" in r]
    if not rows:
        return ""
    growth = report["parameters"].get("partition_growth")
    lines = ["", f"Partitioned by {report['parameters'].get('partition_column')} into "
             f"{report['parameters'].get('partitions')} partitions (column {partitions.FIELD}"
             + (f"; rows growing {growth:g}x from the first to the last" if growth else "")
             + "). Point queries without a "
             "partition predicate against the sum of the partitions' bounds; with one (`AND part = ...`, a random "
             "partition) against a partition's average bound:", "",
             "| layout | partitions | files (per partition) | point avg | sum of bounds | x | point in a partition "
             "| its bound | x | plan s | cluster s | time vs floor | time vs built-in | driver heap MB |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        lines.append(
            f"| {r['layout']} | {r['partitions']} | {r['files']} ({r['min_partition_files']}-{r['max_partition_files']})"
            f" | {r['point_avg']:.1f} | {r['partition_bound_sum']:.1f}"
            f" | {r['point_avg'] / r['partition_bound_sum']:.2f}x | {r['ppoint_avg']:.2f}"
            f" | {r['partition_bound_avg']:.2f} | {r['ppoint_avg'] / r['partition_bound_avg']:.2f}x"
            f" | {r['plan_seconds']:.1f} | {r['cluster_seconds']:.1f} | {_ratio(r, 'time_vs_floor')}"
            f" | {_ratio(r, 'time_vs_builtin')} | {_heap(r)} |")
    against = [r for r in rows if "time_vs_floor_overwrite" in r and r["layout"] != OVERWRITE_FLOOR]
    if against:
        lines += ["", f"Time against {OVERWRITE_FLOOR} (the same bulk insert over a copy of the random table, a "
                  "replacecommit as a clustering's): " + ", ".join(f"{r['layout']} {r['time_vs_floor_overwrite']:.2f}x"
                                                                   for r in against)]
    if any("heap_after_gc_bytes" not in r for r in rows):
        lines += ["", "\\* the sum of the heap pools' own peaks (garbage included), as runs before the heap after GC "
                  "was measured reported it"]
    return "\n".join(lines) + "\n"


def _heap(r: dict) -> str:
    """The driver heap column: after GC, or marked (*) the pools' peaks of an older run."""
    if "heap_after_gc_bytes" in r:
        return f"{r['heap_after_gc_bytes'] / 1e6:.0f}"
    return f"{r.get('peak_heap_bytes', 0) / 1e6:.0f}\\*"


def _ratio(r: dict, key: str) -> str:
    return f"{r[key]:.2f}x" if key in r else ""


def markdown(report: dict) -> str:
    p = report["parameters"]
    cols = report["filter_columns"]
    d = len(cols)
    axes = report.get("axes") or [[c] for c in cols]
    d_eff = len(axes)
    size = f"rows={p['rows']}" if p["rows"] else f"scale={p['scale']}"
    weighted = bool(p.get("weights"))
    grouped = p.get("groups", 1) > 1
    extra_head = (" workload avg |" if weighted else "") + (" groups |" if grouped else "")
    lines = [f"{size} variant={p['variant']} files={p['files']} queries/column={p['queries']} "
             f"repetitions={p['repetitions']} seed={p['seed']} sample.size={p['sample_size']}"
             + (f" weights={p['weights']}" if weighted else "") + (f" groups={p['groups']}" if grouped else "")
             + (f" codec={p['codec']}" if p.get("codec") else "")
             + "".join(f" {pair}" for pair in p.get("hudi_option") or []), "",
             f"d={d} filter columns ({', '.join(cols)}) on d'={d_eff} independent axes found in the data "
             f"({', '.join('+'.join(a) for a in axes)}): bound N^((d-1)/d), effective bound N^((d'-1)/d')"
             if "axes" in report else f"d={d} filter columns ({', '.join(cols)}), axes not measured: "
             "effective bound taken as the bound", "",
             "| layout | files | " + " | ".join(f"{c} files read (skip %)" for c in cols)
             + " | point avg |" + extra_head + " bound | eff. bound | range avg | 2-col avg | cluster s "
             "| time vs floor | time vs built-in | shuffle MB | shuffle vs built-in | written MB |",
             "| --- | --- | " + " | ".join("---" for _ in cols) + " | --- |" + " --- |" * (weighted + grouped)
             + " --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in report["layouts"]:
        cells = [f"{r['point'][c]:.1f} ({100 * (1 - r['point'][c] / r['files']):.1f}%)" for c in cols]
        extra = (f" {r['workload_avg']:.1f} |" if weighted else "") \
            + (f" {r['groups'] if r.get('groups') else ''} |" if grouped else "")
        eff = r.get("effective_bound", r["bound"])
        lines.append(f"| {r['layout']} | {r['files']} | " + " | ".join(cells) + f" | {r['point_avg']:.1f} |" + extra
                     + f" {r['bound']:.1f} | {eff:.1f} | {r['range_avg']:.1f} | {r['and_avg']:.1f}"
                     + f" | {r['cluster_seconds']:.1f} | {_ratio(r, 'time_vs_floor')} | {_ratio(r, 'time_vs_builtin')}"
                     + f" | {r['shuffle_bytes'] / 1e6:.1f} | {_ratio(r, 'shuffle_vs_builtin')}"
                     + f" | {r.get('bytes_written', 0) / 1e6:.1f} |")
    return "\n".join(lines) + "\n"


def _cell(text: str, width: int = 70) -> str:
    text = text.replace("|", "\\|")
    return text if len(text) <= width else text[:width - 3] + "..."


def stage_breakdown(report: dict, top: int = 5) -> str:
    """Where the time of the floor, the built-in Hilbert/sample and our Hilbert/sample went: their
    longest stages, the rest together, and the wall time no stage was running (the driver planning,
    reading the timeline and metadata, committing)."""
    out = []
    for r in report["layouts"]:
        if (r["layout"] not in STAGE_BREAKDOWN and not peers.is_peer(r["layout"])) or not r.get("stages"):
            continue
        wall = r["cluster_seconds"]
        def share(s: float, wall: float = wall) -> str:
            return f"{100 * s / wall:.0f}%" if wall > 0 else ""
        stages = sorted(r["stages"], key=lambda s: -s["seconds"])
        out += [f"Stages of {r['layout']}: {wall:.1f} s wall, {len(stages)} stages", "",
                "| stage | job description | call site | s | share of wall | tasks | input rows "
                "| shuffle read rows | shuffle write MB |",
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for s in stages[:top]:
            out.append(f"| {s['stage']}{' (failed)' if s['failed'] else ''} | {_cell(s['description'])} "
                       f"| {_cell(s['name'])} | {s['seconds']:.2f} | {share(s['seconds'])} | {s['tasks']} "
                       f"| {s['input_rows']} | {s['shuffle_read_rows']} | {s['shuffle_write_bytes'] / 1e6:.1f} |")
        rest = stages[top:]
        if rest:
            secs = sum(s["seconds"] for s in rest)
            def total(key: str, rest: list = rest) -> int:
                return sum(s[key] for s in rest)
            out.append(f"| | {len(rest)} other stages | | {secs:.2f} | {share(secs)} | {total('tasks')} "
                       f"| {total('input_rows')} | {total('shuffle_read_rows')} "
                       f"| {total('shuffle_write_bytes') / 1e6:.1f} |")
        idle = r.get("outside_stages_seconds", 0.0)
        out += [f"| | no stage running (driver: planning, timeline, commit) | | {idle:.2f} | {share(idle)} "
                f"| | | | |", ""]
    return "\n".join(out)


#: the phases of a layout's work, as :func:`phase` names them from a stage's own measures
PHASES = ("read, shuffle write", "scan without shuffle (sample, stats)", "shuffle read, sort, write",
          "other stages (metadata table, commit jobs)")


def phase(stage: dict, rows: int, files_in: int) -> str:
    """Which of :data:`PHASES` a stage belongs to, from its measures alone, so the stages of every
    system (Hudi, Delta, Iceberg) are read alike: it reads a shuffle of at least half the table's
    ``rows`` (the sort and the files' write: encode, Parquet, column stats are one stage); it
    writes a shuffle of at least a megabyte (the read before it); it reads the table without a
    shuffle (a sample, a range partitioner's bounds): at least half its rows, or one task per
    input file where the reader reports no rows (Hudi's built-in reads its files that way); or
    anything else (small jobs on the metadata table or the log)."""
    big = max(1, rows // 2)
    if stage["shuffle_read_rows"] >= big:
        return PHASES[2]
    if stage["shuffle_write_bytes"] >= 1 << 20:
        return PHASES[0]
    if stage["input_rows"] >= big or (stage["input_rows"] == 0 and stage["shuffle_read_rows"] == 0
                                      and stage["tasks"] == files_in):
        return PHASES[1]
    return PHASES[3]


def phase_breakdown(report: dict) -> str:
    """Per layout, the seconds of each of :data:`PHASES` and the wall time no stage ran."""
    with_stages = [r for r in report["layouts"] if r.get("stages")]
    if not with_stages:
        return ""
    lines = ["| layout | wall s | " + " | ".join(PHASES) + " | no stage running (driver) |",
             "| --- | --- | " + " | ".join("---" for _ in PHASES) + " | --- |"]
    files_in = report["parameters"].get("files", 0)
    for r in with_stages:
        rows = max(max(s["input_rows"], s["shuffle_read_rows"]) for s in r["stages"])
        secs = {p: 0.0 for p in PHASES}
        for s in r["stages"]:
            secs[phase(s, rows, files_in)] += s["seconds"]
        lines.append(f"| {r['layout']} | {r['cluster_seconds']:.1f} | "
                     + " | ".join(f"{secs[p]:.1f}" for p in PHASES)
                     + f" | {r.get('outside_stages_seconds', 0.0):.1f} |")
    return "\n".join(lines) + "\n"


def head_to_head(report: dict) -> str:
    """Per query, ours against the built-in implementation of the same curve and mapping."""
    by_name = {r["layout"]: r for r in report["layouts"]}
    lines = ["| curve / mapping | queries | ours fewer files | equal | ours more | ours avg | built-in avg "
             "| worst query for ours (ours / built-in) |", "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, ours in by_name.items():
        twin = builtin_twin(name, list(by_name))
        if not twin:
            continue
        theirs = by_name[twin]
        pairs = list(zip(ours["queries"], theirs["queries"]))
        fewer = sum(1 for a, b in pairs if a["files"] < b["files"])
        more = [(a["files"] - b["files"], a, b) for a, b in pairs if a["files"] > b["files"]]
        worst = max(more, key=lambda t: t[0]) if more else None
        worst_text = f"{worst[1]['predicate']} ({worst[1]['files']} / {worst[2]['files']})" if worst else "none"
        def avg(r: dict) -> float:
            return sum(q["files"] for q in r["queries"]) / max(1, len(r["queries"]))
        lines.append(f"| {name[5:]} | {len(pairs)} | {fewer} | {len(pairs) - fewer - len(more)} | {len(more)} "
                     f"| {avg(ours):.1f} | {avg(theirs):.1f} | {worst_text} |")
    return "\n".join(lines) + "\n"


def render(report: dict) -> str:
    """``results.md``: the table, ours against the built-in per query, the stage breakdowns."""
    phases, breakdown = phase_breakdown(report), stage_breakdown(report)
    return (markdown(report) + partition_table(report) + "\n" + head_to_head(report) + ("\nWhere the time went (stage seconds; stages "
            "may overlap)\n\n" + phases if phases else "") + ("\n" + breakdown if breakdown else ""))


def write_outputs(out: Path, report: dict) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(report, indent=2))
    (out / "results.md").write_text(render(report))
    try:
        chart(report, out / "files_read.png")
    except ImportError:
        print("matplotlib is not installed: no chart", file=sys.stderr)


def chart(report: dict, png: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = report["layouts"]
    cols = report["filter_columns"]
    fig, ax = plt.subplots(figsize=(max(8, 1.1 * len(rows)), 5))
    width = 0.8 / len(cols)
    for i, c in enumerate(cols):
        ax.bar([x + i * width for x in range(len(rows))], [r["point"][c] for r in rows], width, label=c)
    bound = rows[-1]["bound"]
    ax.axhline(bound, color="black", linestyle="--", linewidth=1, label=f"bound N^((d-1)/d) = {bound:.1f}")
    d_eff = report.get("d_effective", len(cols))
    if d_eff < len(cols):
        eff = rows[-1]["effective_bound"]
        ax.axhline(eff, color="grey", linestyle=":", linewidth=1,
                   label=f"effective bound N^((d'-1)/d'), d'={d_eff}: {eff:.1f}")
    ax.set_xticks([x + width * (len(cols) - 1) / 2 for x in range(len(rows))])
    ax.set_xticklabels([r["layout"] for r in rows], rotation=35, ha="right")
    ax.set_ylabel("files read per point query (avg)")
    p = report["parameters"]
    size = f"{p['rows']} rows" if p["rows"] else f"scale {p['scale']}"
    ax.set_title(f"SSB {size} ({p['variant']}), {p['files']} files: files read per point query")
    ax.legend()
    fig.tight_layout()
    fig.savefig(png, dpi=110)
