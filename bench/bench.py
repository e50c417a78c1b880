"""The skipping benchmark: hudi-layout against Hudi 1.2.0's built-in layouts, same table, same run.

    python -m bench [--scale 0.05 | --rows N] [--files 64]
                                [--variant uniform|skewed|urls|correlated|dated]
                                [--layouts ...] [--queries 5] [--repetitions 1] [--out DIR]

Writes the SSB-shaped table once, in random order, as ``--files`` files with the column-stats
index on; copies it per layout and clusters each copy into the same number of files (one group).
The ``floor`` layout is the cost of rewriting the rows at all: a plain Hudi ``bulk_insert`` of
the random table's rows into a new table with the same config and file count, no sorting.
Then runs, on every table, ``--queries`` queries of each class: point queries per filter column
(random values), range queries per column and two-column conjunctions per pair of columns (see
:func:`bench.queries.make_queries`), with data skipping on. Reports files read (Spark's ``numFiles``), skip %, the bound N^((d-1)/d) for d
filter columns and the effective bound N^((d'-1)/d') for the d' independent axes the data has
(see :func:`bench.queries.independent_axes`), clustering wall time against the floor and the built-in, shuffle
bytes, and where each clustering's time went, stage by stage (``dev.hudilayout.bench.StageLog``).
The peers' layouts (``delta-zorder``, ``delta-liquid``, ``iceberg-zorder``, each also ``-fullstats``;
see :mod:`bench.peers`) lay the same rows out into about the same N files, each in a
Spark session of its own, and count files read by their own scans.
Every layout must return exactly the random layout's rows for every query, or the run fails.
Output: ``results.md``, ``results.json``, ``files_read.png`` in ``--out``.

With ``--partitions P`` every Hudi table of the run is partitioned into P partitions of about equal
rows (see :mod:`bench.partitions`) and one clustering lays out every partition.

With ``--rounds R`` (and ``--rows-per-round``, ``--round-files``) each layout's table grows in R
rounds instead, each a write of small files and a clustering: see :mod:`bench.rounds`.
"""
from __future__ import annotations

import math
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from hudi_layout import clustering, jvm, scan, tables
from hudi_layout import metadata as md
from hudi_layout.options import MAX_GROUPS_KEY, STATS_COLUMNS_KEY
from . import partitions, peers, probes, ssb, workload
from .bench_report import write_outputs
from .layouts import DEFAULT_LAYOUTS, OVERWRITE_FLOOR, Layout, builtin_twin, layouts
from .queries import Query, independent_axes, make_queries, run_query, table_files, weights_text
from .sessions import PARAMETERS, busy_seconds, parse_stages, progress, session, spark_conf
from .specs import TableSpec
from .ssb_queries import EMPTY
from .writes import CODECS, parse_hudi_options, write_floor, write_options

_DEFAULTS = layouts(*DEFAULT_LAYOUTS)


@dataclass(frozen=True)
class BenchSpec(TableSpec):
    """One run of the skipping benchmark, its fields the ``bench`` flags (same names, same
    defaults): e.g. ``BenchSpec(rows=40_000, files=16, layouts=layouts("random", "floor"))``.
    The table's fields are :class:`~bench.specs.TableSpec`'s (``layouts``: ``random``
    is added first if missing); its own: ``files`` every layout writes, ``master``, ``groups``,
    and ``codec``. :meth:`validate` checks
    the fields before Spark starts (:func:`run` calls it)."""
    layouts: Tuple[Layout, ...] = _DEFAULTS
    files: int = 64
    master: str = ""
    groups: int = 1
    codec: str = ""

    def validate(self) -> "BenchSpec":
        """ValueError naming the flag, the value and what is accepted, for any field that cannot
        work; the spec itself otherwise."""
        weights = self.check_table()
        if self.codec not in CODECS:
            raise ValueError(f"--codec {self.codec}: expected one of {', '.join(c for c in CODECS if c)} "
                             "(or none: each system's own)")
        if self.partitions and (self.partitions < 0 or self.partitions > self.files):
            raise ValueError(f"--partitions {self.partitions}: expected 1 to --files ({self.files}), at least "
                             "one file a partition")
        self.refuse_peers_when_partitioned("ours, Hudi's built-in, floor and random only")
        for layout in self.layouts:
            if layout.grouped:
                raise ValueError(f"layout {layout.name}: -grouped only with --rounds R (its group limit is a "
                                 f"quarter of the table the rounds grow)")
            if layout.clusters:
                layout.options(self.columns, 1, 1, 1, weights)
        return self

    def parameters(self) -> Dict[str, Any]:
        """results.json's ``parameters``: every flag of the command line, as it gives them."""
        values: Dict[str, Any] = {
            "layouts": ",".join(lay.name for lay in self.layouts), "weights": weights_text(self.weights),
            "hudi_option": self.hudi_option,
            "partition_column": (self.partition_column or partitions.DEFAULT_COLUMN) if self.partitions else None}
        return {k: values[k] if k in values else getattr(self, k, None) for k in PARAMETERS}


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
    peak_heap: int = 0  # --partitions: the driver's heap after GC, the most while it ran (probes.peak_heap)
    per_partition: Dict[str, int] = field(default_factory=dict)  # --partitions: files of each partition
    empty_seconds: Optional[float] = None  # --workload: the least time of a query no row matches (ssb_queries.EMPTY)
    empty_files: Optional[int] = None  # the files that query read: none where the index skips them all


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


def run(spec: BenchSpec, spark=None) -> dict:
    """Run the benchmark ``spec`` describes (checked first: ValueError before Spark starts); uses
    ``spark`` if given (and leaves it running, its conf as it was), else its own session. Writes
    results.json, results.md and the chart into ``spec.out``; returns the report."""
    spec.validate()
    layouts = list(spec.layouts)
    peers.check_runnable([lay.name for lay in layouts])
    weights = spec.shares
    if layouts[0].name != "random":
        layouts.insert(0, Layout.random())
    out = Path(spec.out).resolve()  # Hudi takes a relative path for a URI without a scheme
    shutil.rmtree(out / "tables", ignore_errors=True)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    own_session = spark is None
    if own_session:
        spark = session(spec.memory, spec.master)
        spark.sparkContext.setLogLevel("ERROR")
    try:
        # Hudi's built-in linear layout sorts into spark.sql.shuffle.partitions ranges (which adaptive
        # execution would coalesce) and then coalesces to the file count; shuffle partitions = N and
        # no adaptive coalescing let that layout write N files too.
        with spark_conf(spark, {"spark.sql.shuffle.partitions": str(spec.files),
                                "spark.sql.adaptive.coalescePartitions.enabled": "false"}):
            results, axes, writer, table_rows = _measure(spec, spark, layouts, weights, out)
        hudi_version = jvm.hudi_line(spark)["running"]
    finally:
        if own_session:
            spark.stop()
    report = summarise(spec, spec.columns, results, weights, axes)
    report["hudi_write_options"] = writer
    if spec.workload:
        report["table_rows"] = table_rows
        report["workload"] = workload.summary(report["layouts"], name=spec.workload, table_rows=table_rows)
    report["hudi_version"] = hudi_version  # the Hudi the run's session ran (--hudi-version)
    write_outputs(out, report)
    return report


def _measure(spec: BenchSpec, spark, layouts: Sequence[Layout], weights: Optional[List[float]],
             out: Path) -> Tuple[List[Measured], List[Tuple[str, ...]], Dict[str, str], int]:
    """Every layout of the run measured (the listeners it needs attached while it runs): the
    measures, the data's independent axes, the options every Hudi table was written with and the
    table's rows."""
    meter = probes.attach_shuffle_meter(spark)
    stage_log = probes.attach_stage_log(spark)
    try:
        return _measure_layouts(spec, spark, layouts, weights, out, meter, stage_log)
    finally:
        for listener in (meter, stage_log):
            probes.remove_listener(spark, listener)


def _measure_layouts(spec: BenchSpec, spark, layouts: Sequence[Layout], weights: Optional[List[float]], out: Path,
                     meter, stage_log) -> Tuple[List[Measured], List[Tuple[str, ...]], Dict[str, str], int]:
    groups = spec.groups
    columns = spec.columns
    progress(f"generating {spec.rows or spec.scale} {'rows' if spec.rows else 'x SSB scale'} "
             f"({spec.variant}, seed {spec.seed})")
    t0 = time.time()
    source = ssb.write_parquet(str(out / "tables" / "source"), spec.rows, spec.seed, spec.scale, spec.variant)
    progress(f"generated in {time.time() - t0:.1f}s")
    partition_count = spec.partitions
    partition_column = spec.partition_column or partitions.DEFAULT_COLUMN
    labels: List[str] = []
    partition_rows: Dict[str, int] = {}
    if partition_count:
        source = partitions.partitioned_source(spark, source, partition_column, partition_count,
                                               str(out / "tables" / "source-partitioned"),
                                               spec.partition_growth or 1.0)
        partition_rows = partitions.rows_per_partition(spark.read.parquet(source))
        labels = sorted(partition_rows)
        progress(f"{len(labels)} partitions by {partition_column}, about {spec.files // partition_count} "
                 "files each" + (f" on average, growing {spec.partition_growth:g}x from the first to the last"
                                 if spec.partition_growth else ""))
    axes = independent_axes(spark.read.parquet(source), columns)
    progress(f"{len(columns)} filter columns, {len(axes)} independent axes: "
             + ", ".join("+".join(a) for a in axes))
    base = str(out / "tables" / "random")
    progress(f"writing the random table as {spec.files} files")
    codec = spec.codec
    rows_total = spark.read.parquet(source).count()
    writer = write_options(codec, math.ceil(rows_total / spec.files), parse_hudi_options(spec.hudi_option))
    # with a workload the index covers every column it filters, for every layout alike
    index_columns = spec.index_columns
    opts = {**tables.table_options("ssb", "lo_key", index_columns, spec.files,
                                   partition_by=partitions.FIELD if partition_count else ""), **writer}
    rows_in = spark.read.parquet(source)
    rows_in = (partitions.spread(rows_in, "lo_key", partitions.files_by_rows(partition_rows, spec.files))
               if partition_count else rows_in.repartition(spec.files))
    rows_in.write.format("hudi").options(**opts).mode("overwrite").save(base)
    total = tables.table_bytes(base)
    sized = tables.file_bytes(base)  # rows and footers apart, as our plans size files
    # the floor writes each partition the files Hudi's plan gives a clustering there (the target
    # size Layout.options sets: the random table's bytes / --files)
    floor_files = (partitions.files_by_bytes(base, tables.target_file_bytes(total, spec.files)) if partition_count else None)
    queries = workload.queries(spec.workload) if spec.workload else make_queries(spark, source, columns, spec.queries, spec.seed)
    if partition_count:
        points = [(q.label, q.predicate) for q in queries if q.kind == "point"]
        queries += [Query("ppoint", label, predicate)
                    for label, predicate in partitions.point_queries_in_partitions(points, labels, spec.seed)]
    if spec.warmup:
        warm_up(spark, source, out / "tables", columns, layouts, spec.sample_size, weights, groups, writer)

    results: List[Measured] = []
    expected: Dict[str, Tuple[int, int]] = {}
    for layout in layouts:
        if layout.impl == "peer":
            results.append(run_peer(spec, layout.name, source, columns, total, queries, out / "tables", expected))
            continue
        path = base
        m = Measured(layout.name)
        if layout.name != "random":
            path = str(out / "tables" / layout.name)
            if layout.rewrites:
                shutil.copytree(base, path)
            if layout.auto:
                progress(f"recording the workload on {layout.name}'s copy: {workload.record(spark, path, queries)} scans")
            progress(f"{'clustering' if layout.clusters else 'writing'} {layout.name}")
            # no layout pays for collecting the garbage an earlier one left in the (local) JVM
            probes.full_gc(spark)
            before = probes.shuffle_bytes_written(spark, meter)
            probes.take_stages(spark, stage_log)  # drop the stages that ran before
            probes.peak_heap(spark, reset=True)
            t0 = time.time()
            if layout.clusters:
                layout_opts = {**layout.options(columns, sized, spec.files, spec.sample_size, weights, groups),
                               **writer}
                if spec.workload:
                    layout_opts[STATS_COLUMNS_KEY] = ",".join(index_columns)
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
                write_floor(spark, base, path, columns, spec.files, writer, floor_files,
                            overwrite=layout.name == OVERWRITE_FLOOR)
            m.cluster_seconds = time.time() - t0
            m.peak_heap = probes.peak_heap(spark)
            m.shuffle_bytes = probes.shuffle_bytes_written(spark, meter) - before
            # a clustered copy holds the random table's files beside those its clustering wrote
            m.bytes_written = tables.table_bytes(path) - (total if layout.rewrites else 0)
            m.stages = parse_stages(probes.take_stages(spark, stage_log), t0)
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
        with spark_conf(spark, {"spark.sql.adaptive.enabled": "false"}):
            table = scan.skipping_reader(spark, path)  # one file listing for all of the layout's queries
            for q in queries:
                runs = [run_query(spark, path, q, table) for _ in range(spec.repetitions)]
                rows = runs[0].rows
                if layout.name == "random":
                    expected[q.predicate] = rows
                elif rows != expected[q.predicate]:
                    raise SystemExit(f"WRONG RESULT: {layout.name} returned {rows} for {q.predicate}, "
                                     f"random layout returned {expected[q.predicate]}")
                m.queries.append({"kind": q.kind, "label": q.label, "predicate": q.predicate,
                                  "files": runs[0].files, "bytes": runs[0].bytes, "rows": rows[0],
                                  "seconds": min(r.seconds for r in runs)})
            if spec.workload:
                empty = [run_query(spark, path, Query("empty", "", EMPTY), table) for _ in range(peers.EMPTY_RUNS)]
                m.empty_seconds, m.empty_files = min(r.seconds for r in empty), empty[0].files
        results.append(m)
        if layout.name != "random" and not spec.keep_tables:
            shutil.rmtree(path, ignore_errors=True)
    return results, axes, writer, rows_total


def run_peer(spec: BenchSpec, name: str, source: str, columns: Sequence[str], total_bytes: int, queries: Sequence[Query],
             tables_dir: Path, expected: Dict[str, Tuple[int, int]]) -> Measured:
    """A peer layout (:mod:`bench.peers`) in a child process with a Spark session of its
    own, on the same rows, file count and queries; each query's rows and checksum held against the
    random table's. :class:`bench.peers.LayoutUnavailable` when the peer cannot run here."""
    folder = tables_dir / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    request = {"layout": name, "source": source, "columns": list(columns), "key": "lo_key", "files": spec.files,
               "total_bytes": total_bytes, "folder": str(folder), "memory": spec.memory or "4g",
               "codec": spec.codec, "warmup": bool(spec.warmup), "empty": EMPTY if spec.workload else "",
               "queries": [{"kind": q.kind, "label": q.label, "predicate": q.predicate} for q in queries]}
    progress(f"laying out {name} (its own Spark session)")
    result = peers.run_child(request, folder, progress)
    m = Measured(name, files=result["files"], cluster_seconds=result["cluster_seconds"],
                 shuffle_bytes=result["shuffle_bytes"], bytes_written=result["bytes"],
                 stages=parse_stages(result["stages"], result["started"]),
                 empty_seconds=result.get("empty_seconds"), empty_files=result.get("empty_files"))
    for q in result["queries"]:
        rows = (q["rows"], q["checksum"])
        if rows != expected[q["predicate"]]:
            raise SystemExit(f"WRONG RESULT: {name} returned {rows} for {q['predicate']}, "
                             f"random layout returned {expected[q['predicate']]}")
        m.queries.append({k: q[k] for k in ("kind", "label", "predicate", "files", "bytes", "rows", "seconds")})
    m.peer = {k: result[k] for k in ("random_files", "random_query_files", "bytes", "random_bytes")}
    if not spec.keep_tables:
        shutil.rmtree(folder, ignore_errors=True)
    return m


def summarise(spec: BenchSpec, columns, results: List[Measured], weights: Optional[Sequence[float]] = None,
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
            **({"empty_query_seconds": m.empty_seconds, "empty_query_files": m.empty_files}
               if m.empty_seconds is not None else {}),
            **({"auto": m.recorded[md.AUTO]} if md.AUTO in m.recorded else {}),
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
    return {"parameters": spec.parameters(), "filter_columns": list(columns), "axes": axes, "d": d, "d_effective": d_eff,
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
