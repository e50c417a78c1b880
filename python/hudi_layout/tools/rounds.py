"""The rounds benchmark: ``python -m hudi_layout bench --rounds R``, skipping while a table keeps growing.

    python -m hudi_layout bench --rounds R [--rows-per-round M] [--round-files F]
                                [--scale 0.05 | --rows N] [--variant ...] [--layouts ...] [--out DIR]

Users cluster inside their ingestion (inline every few commits, or async beside a stream): each
round of new rows lands as small files and one clustering with Hudi's size-based plan follows.
This runner grows one table per layout through R such rounds, with the same rows for every
layout, and measures after each round what a reader gets and what the writer paid.

Rows: one seeded SSB table of R x M rows (M = ``--rows-per-round``, default the ``--rows`` /
``--scale`` total divided by R), cut into R consecutive slices. The generator draws rows in random
order with unique keys, so every slice is a random sample of the same distribution and no key
repeats across rounds. With ``--drift COLUMN`` (one of the filter columns) the table is first
ordered by that column (stable, so ties keep the generator's order): round r holds the r-th 1/R of
its values, as rows ordered by a timestamp or a growing id reach a table, and every round's rows
lie beyond the range the first round's sample saw.

Each round, per layout: the round's M rows are bulk-inserted as F small files (``--round-files``,
default 40); then, unless the layout is ``random``, one clustering of the layout with Hudi's
size-based plan. The plan's sizes are fixed once for the run, as a user configures them once,
from the bytes B the first round's small files take (measured on the random table):

- ``W = max(1, F // 5)`` files per round after clustering: target file size ``T = B / (W - 1/2)``,
  so a round of about B bytes becomes ceil(B / T) = W files (within +-1/(2W) of B);
- small-file limit ``S = B / sqrt(F * W)``, the geometric mean of a small file (B / F) and a
  clustered one (B / W): each round's small files are picked, the files earlier clusterings wrote
  are not (a clustered file below S would be picked again, as Hudi would for a user);
- ``-whole`` layouts take every file (small-file limit above any file size) into one group: each
  round lays the whole table out again, the full re-layout baseline;
- ``-continuous`` layouts use the continuous plan (every file; groups by region of the grid the
  first round records), and their writes are what ``LayoutOptions(continuous=True).write_options()``
  makes them: from round 2 on, a bulk insert puts each new row in its region of that grid
  (``RegionWritePartitioner``), one file per region it reaches instead of F files that span them
  all. A round whose plan finds no region due clusters nothing. Their groups are unbounded, except for ``-continuous-grouped``: from
  round 2 on, ``max.bytes.per.group`` is a quarter of the table the run ends with, estimated as R
  x the bytes its round-1 clustering wrote, so later rounds' new rows and due regions are cut
  into groups as a table four times larger than the limit would be;
- Hudi writes a bloom filter of its keys into every file's footer, sized by
  ``hoodie.index.bloom.num_entries`` (60,000 keys, about 430 KB, by default). At benchmark scale
  that would be most of a small file's bytes and would make sizes say little about rows; every
  write and clustering here sizes it for the rows of one small file, so file sizes stay about
  proportional to rows, as they are at production file sizes.

After each round, per layout: the files in the table (N), the files read per point query on each
filter column, per range query and per two-column conjunction, both as Spark read them for the
one-shot benchmark's few queries (:func:`hudi_layout.tools.bench.make_queries`) and averaged over
every query of each class the table's rows allow, counted from the column-stats index as
:mod:`hudi_layout.tools.every_query` counts them (every value each filter column holds so far,
every range position, the values of up to ``EVERY_ROWS`` rows ingested so far on each column pair;
each sampled query must count alike or the run fails), the bound N^((d'-1)/d') for that round's N (d' independent
axes found in the data, d' = d on uniform data) and the ratio to it; bytes written by all
clusterings so far against bytes ingested so far (from the commit metadata on the timeline); the
files the round's clustering replaced and wrote, and its seconds. Every round the table's rows are
read with data skipping off and checked against the model (count and a checksum of every column of
every row ingested so far), and every query must return what the random table returns in the same
round: otherwise the run fails with WRONG RESULT.

Output in ``--out``: ``results.json`` (per layout, per round), ``results.md`` (a row per round and
layout) and ``files_per_round.png`` (files per point query over rounds, one line per layout, and
the bound).
"""
from __future__ import annotations

import math
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Set, Tuple

from .. import clustering, scan, tables, timeline
from .. import metadata as md
from ..options import BULK_INSERT_PARTITIONER_KEY, REGION_WRITE_PARTITIONER
from . import every_query, ssb
from .bench import (Layout, Query, column_pairs, independent_axes, make_queries, parse_weights, progress, run_query,
                    spark_conf, session)

DEFAULT_ROUND_FILES = 40
#: Small files per clustered file within a round: W = max(1, F // ROUND_COMPACTION).
ROUND_COMPACTION = 5
DEFAULT_LAYOUTS = ["random", "builtin-hilbert-sample", "ours-hilbert-sample", "ours-hilbert-sample-continuous",
                   "ours-hilbert-sample-whole"]
BLOOM_ENTRIES_KEY = "hoodie.index.bloom.num_entries"
GROUP_BYTES_KEY = "hoodie.clustering.plan.strategy.max.bytes.per.group"
#: -continuous-grouped: the group limit is the final table's bytes over this.
GROUPED_SHARE = 4
#: A small-file limit above any file: the plan takes every file (the -whole layouts).
EVERY_FILE = 1 << 62
CHART = "files_per_round.png"
#: Rows whose values make the two-column conjunctions counted over every query after each round.
EVERY_ROWS = 1000


@dataclass(frozen=True)
class RoundsPlan:
    """R rounds of M rows, each written as F small files and clustered into W files."""
    rounds: int
    rows_per_round: int
    round_files: int

    @property
    def files_per_round(self) -> int:
        return max(1, self.round_files // ROUND_COMPACTION)

    @property
    def total_rows(self) -> int:
        return self.rounds * self.rows_per_round

    @property
    def bloom_entries(self) -> int:
        """Keys of one small file: what each file's bloom filter is sized for."""
        return max(1, -(-self.rows_per_round // self.round_files))


@dataclass(frozen=True)
class Sizes:
    """The clustering plan's sizes, fixed for the run from the bytes of one round's small files."""
    round_bytes: int
    target_file_bytes: int
    small_file_bytes: int

    @staticmethod
    def of_round(round_bytes: int, plan: RoundsPlan) -> "Sizes":
        w = plan.files_per_round
        return Sizes(round_bytes, math.ceil(round_bytes / (w - 0.5)),
                     int(round_bytes / math.sqrt(plan.round_files * w)))


def plan_from_args(args) -> RoundsPlan:
    """The rounds plan from the command line; ValueError naming the flag for a value that cannot work."""
    rounds = args.rounds
    if not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"--rounds {rounds}: expected a whole number of rounds, at least 1")
    files = DEFAULT_ROUND_FILES if getattr(args, "round_files", None) is None else args.round_files
    if files < 2:
        raise ValueError(f"--round-files {files}: expected at least 2 small files per round (they are "
                         f"clustered into max(1, F // {ROUND_COMPACTION}) files per round)")
    if getattr(args, "files", None) is not None:
        raise ValueError(f"--files {args.files}: not with --rounds; the table's file count grows round by "
                         f"round: --round-files small files per round, clustered into max(1, F // "
                         f"{ROUND_COMPACTION}) files")
    drift = getattr(args, "drift", None)
    if drift is not None and drift not in ssb.filter_columns(args.variant):
        raise ValueError(f"--drift {drift}: expected one of the {args.variant} variant's filter columns: "
                         + ", ".join(ssb.filter_columns(args.variant)))
    if getattr(args, "groups", 1) not in (None, 1):
        raise ValueError(f"--groups {args.groups}: not with --rounds; each round's clustering plans its "
                         f"small files as Hudi's size-based plan does (-whole layouts: the whole table)")
    per_round = getattr(args, "rows_per_round", None)
    if per_round is not None:
        if per_round < 1:
            raise ValueError(f"--rows-per-round {per_round}: expected a whole number of rows, at least 1")
        if args.rows and args.rows != per_round * rounds:
            raise ValueError(f"--rows {args.rows} and --rows-per-round {per_round} with --rounds {rounds} "
                             f"disagree: give one of them (the total is rounds x rows per round)")
        given = f"--rows-per-round {per_round}"
    else:
        total = args.rows or int(round(args.scale * ssb.ROWS_PER_SCALE))
        per_round = total // rounds
        given = (f"--rows {args.rows}" if args.rows else f"--scale {args.scale}") + \
            f" over --rounds {rounds} ({per_round} rows per round)"
    if per_round < files:
        raise ValueError(f"{given}: expected at least --round-files {files} rows per round, one per small "
                         f"file; raise --rows, --scale or --rows-per-round")
    return RoundsPlan(rounds, per_round, files)


def parse_layouts(names: str) -> List[Layout]:
    """``--layouts`` for rounds: random first (added if missing); ``floor`` is refused."""
    layouts: List[Layout] = []
    for name in names.split(","):
        layout = Layout.parse(name)
        if layout.impl == "floor":
            raise ValueError("layout floor: not with --rounds; the floor is one bulk insert of the whole "
                             "table into N files and has no counterpart in a table that grows round by "
                             "round. Leave it out of --layouts (e.g. --layouts "
                             f"{','.join(DEFAULT_LAYOUTS)})")
        if layout.name not in (lay.name for lay in layouts):
            layouts.append(layout)
    if layouts[0].name != "random":
        layouts = [Layout("random")] + [lay for lay in layouts if lay.name != "random"]
    return layouts


def write_round_sources(folder: Path, plan: RoundsPlan, seed: int, variant: str,
                        drift: Optional[str] = None) -> Tuple[List[str], List[str]]:
    """One seeded SSB table of ``plan.total_rows`` rows cut into the rounds' slices (in the order
    of the column ``drift`` if given), written as Parquet under ``folder/round=<r>``; returns (the
    slices' folders, the data columns)."""
    import pyarrow.parquet as pq
    table = ssb.generate(plan.total_rows, seed, 0.0, variant)
    if drift:
        import pyarrow as pa
        import pyarrow.compute as pc
        column = table.column(drift)
        if pa.types.is_dictionary(column.type):
            column = column.cast(column.type.value_type)
        table = table.take(pc.sort_indices(column))  # a stable sort
    shutil.rmtree(folder, ignore_errors=True)
    folders = []
    for r in range(plan.rounds):
        part = table.slice(r * plan.rows_per_round, plan.rows_per_round)
        out = folder / f"round={r + 1}"
        out.mkdir(parents=True)
        step = max(1, -(-part.num_rows // 4))  # a few files, so Spark reads them in parallel
        for i, start in enumerate(range(0, part.num_rows, step)):
            pq.write_table(part.slice(start, step), out / f"part-{i}.parquet")
        folders.append(str(out))
    return folders, list(table.column_names)


def _checksum(columns: Sequence[str]) -> list:
    """Aggregates ``n`` (rows) and ``h`` (the sum of a 64-bit hash of every column of a row)."""
    from pyspark.sql import functions as F
    return [F.count(F.lit(1)).alias("n"),
            F.sum(F.xxhash64(*[F.col(c) for c in columns]).cast("decimal(38,0)")).alias("h")]


def round_checksums(spark, folder: Path, columns: Sequence[str]) -> Dict[int, Tuple[int, int]]:
    """(rows, checksum over every column) of each round's slice under ``folder``, by round."""
    sums = spark.read.parquet(str(folder)).groupBy("round").agg(*_checksum(columns))
    return {int(row["round"]): (int(row["n"]), int(row["h"] or 0)) for row in sums.collect()}


def table_contents(spark, path: str, columns: Sequence[str]) -> Tuple[int, Tuple[int, int]]:
    """(files in the latest snapshot, (rows, checksum over ``columns``)), read with data skipping off."""
    rows, files = scan.files_read(scan.read(spark, path, skipping=False).agg(*_checksum(columns)))
    return files, (int(rows[0]["n"]), int(rows[0]["h"] or 0))


def ingest(spark, path: str, source: str, columns: Sequence[str], plan: RoundsPlan, first: bool,
           on_grid: bool = False) -> None:
    """One round's rows bulk-inserted as ``plan.round_files`` small files (column stats on ``columns``),
    or, ``on_grid``, as the continuous layout's writes put them: one file per region of the
    recorded grid they reach."""
    opts = tables.cow_table_options("ssb", "lo_key", columns, plan.round_files)
    opts[BLOOM_ENTRIES_KEY] = str(plan.bloom_entries)
    if on_grid:
        opts[BULK_INSERT_PARTITIONER_KEY] = REGION_WRITE_PARTITIONER
    spark.read.parquet(source).repartition(plan.round_files).write.format("hudi").options(**opts) \
        .mode("overwrite" if first else "append").save(path)


def round_options(layout: Layout, columns, sizes: Sizes, plan: RoundsPlan, sample_size: int,
                  weights: Optional[Sequence[float]], group_bytes: Optional[int] = None) -> Dict[str, str]:
    """The layout's clustering options with the run's plan sizes (see the module's docstring);
    ``group_bytes``, if given, is the plan's max.bytes.per.group."""
    small = EVERY_FILE if layout.whole else sizes.small_file_bytes
    opts = layout.options(columns, sizes.round_bytes, plan.files_per_round, sample_size, weights,
                          target_file_bytes=sizes.target_file_bytes, small_file_bytes=small)
    opts[BLOOM_ENTRIES_KEY] = str(plan.bloom_entries)
    if group_bytes is not None:
        opts[GROUP_BYTES_KEY] = str(group_bytes)
    elif layout.continuous:
        # unbounded: the table outgrows any multiple of a round, and a due region that missed the
        # group of new rows would get its share of them back as a pending layer at once
        opts[GROUP_BYTES_KEY] = str(EVERY_FILE)
    return opts


@dataclass
class WriteTotals:
    """Bytes written by ingestion and by clustering, summed over every commit seen so far.
    Read after each commit, so commits Hudi archives later still count."""
    ingested: int = 0
    rewritten: int = 0
    seen: Set[str] = field(default_factory=set)

    def update(self, spark, path: str) -> List[dict]:
        """Adds the commits not seen before; returns them."""
        new = [c for c in timeline.write_stats(spark, path) if c["instant"] not in self.seen]
        for c in new:
            self.seen.add(c["instant"])
            if c["operation"] == "CLUSTER":
                self.rewritten += c["bytes_written"]
            else:
                self.ingested += c["bytes_written"]
        return new

    @property
    def ratio(self) -> float:
        return self.rewritten / self.ingested if self.ingested else 0.0


@dataclass
class RoundsRun:
    """What every layout's growth shares: the plan, the rows, the queries and the expected answers."""
    spark: Any
    args: Any
    plan: RoundsPlan
    columns: Tuple[str, ...]
    data_columns: List[str]
    sources: List[str]
    models: List[Tuple[int, int]]  # (rows, checksum) of the table after each round
    queries: List[Query]
    axes: List[List[str]]  # the filter columns grouped into the data's independent axes
    weights: Optional[List[float]] = None
    sizes: Sizes = None  # type: ignore[assignment]  # set once the first round is written
    expected: Dict[Tuple[int, str], Tuple[int, int]] = field(default_factory=dict)
    held: Dict[int, Tuple[Dict[str, list], List[dict]]] = field(default_factory=dict)  # see held_values

    @property
    def d_effective(self) -> int:
        return len(self.axes)


def cumulative_models(spark, folder: Path, rounds: int, columns: Sequence[str]) -> List[Tuple[int, int]]:
    """(rows, checksum) the table must hold after each round: the sums over the slices so far."""
    per_round = round_checksums(spark, folder, columns)
    out, rows, total = [], 0, 0
    for r in range(1, rounds + 1):
        n, h = per_round.get(r, (0, 0))
        rows, total = rows + n, total + h
        out.append((rows, total))
    return out


def check_rows(name: str, r: int, held: Tuple[int, int], model: Tuple[int, int]) -> None:
    if held != model:
        raise SystemExit(f"WRONG RESULT: {name} after round {r} holds {held[0]} rows (checksum {held[1]}), "
                         f"the model {model[0]} rows (checksum {model[1]})")


def run_queries(ctx: RoundsRun, name: str, r: int, path: str) -> List[dict]:
    """Every query on the table after round ``r``; each must return the random table's rows.
    Adaptive execution is off while they run: it re-plans each tiny aggregation at a cost of
    about a quarter of its time, and files read come from the scan either way."""
    with spark_conf(ctx.spark, "spark.sql.adaptive.enabled", "false"):
        return _run_queries(ctx, name, r, path)


def _run_queries(ctx: RoundsRun, name: str, r: int, path: str) -> List[dict]:
    out, table = [], scan.skipping_reader(ctx.spark, path)  # one listing of the round's snapshot
    for q in ctx.queries:
        files, rows, seconds = run_query(ctx.spark, path, q, table)
        key = (r, q.predicate)
        if name == "random":
            ctx.expected[key] = rows
        elif rows != ctx.expected[key]:
            raise SystemExit(f"WRONG RESULT: {name} after round {r} returned {rows} for {q.predicate}, "
                             f"the random table returned {ctx.expected[key]}")
        out.append({"kind": q.kind, "label": q.label, "predicate": q.predicate, "files": files,
                    "rows": rows[0], "seconds": seconds})
    return out


def held_values(ctx: RoundsRun, r: int) -> Tuple[Dict[str, list], List[dict]]:
    """After round ``r``: every value each filter column holds (sorted), and up to ``EVERY_ROWS``
    seeded random rows of the filter columns, from the rounds' rows so far (the same for every
    layout, so computed once per round)."""
    if r not in ctx.held:
        from pyspark.sql import functions as F
        rows = ctx.spark.read.parquet(*ctx.sources[:r]).select(*ctx.columns)
        values = {c: sorted(x[0] for x in rows.select(c).distinct().collect() if x[0] is not None)
                  for c in ctx.columns}
        sample = [x.asDict() for x in rows.orderBy(F.rand(ctx.args.seed)).limit(EVERY_ROWS).collect()]
        ctx.held[r] = (values, sample)
    return ctx.held[r]


def every_value(ctx: RoundsRun, name: str, r: int, path: str, queries: Sequence[dict]) -> dict:
    """Files read per query class over every query the table's rows allow after round ``r``, from
    the column-stats index (:func:`hudi_layout.tools.every_query.class_averages`); the sampled
    ``queries`` must count as Spark read them, else the run fails."""
    bounds = every_query.FileBounds(ctx.spark, path, ctx.columns)
    values, sample = held_values(ctx, r)
    figures = every_query.class_averages(bounds, values, sample, column_pairs(ctx.columns))
    agree, differ = every_query.sampled_counts(bounds, queries)
    if differ:
        raise SystemExit(f"WRONG COUNT: {name} after round {r}: the column-stats index and Spark's scan "
                         f"disagree on {len(differ)} queries: " + "; ".join(differ[:3]))
    return {k: figures[k] for k in ("point", "range", "point_avg", "range_avg", "and_avg")}


def cluster_round(ctx: RoundsRun, layout: Layout, path: str, r: int,
                  group_bytes: Optional[int] = None) -> Tuple[float, Optional[str]]:
    """One clustering as configured; (seconds, instant). Hudi must plan one (the round left small
    files), except for a continuous layout with no region due (instant None)."""
    expected_files = ctx.plan.files_per_round * (r if layout.whole else 1)
    ctx.spark.conf.set("spark.sql.shuffle.partitions", str(expected_files))
    opts = round_options(layout, ctx.columns, ctx.sizes, ctx.plan, ctx.args.sample_size, ctx.weights, group_bytes)
    t0 = time.time()
    instant = clustering.schedule_and_execute(ctx.spark, path, opts)
    seconds = time.time() - t0
    if not instant and not layout.continuous:
        raise SystemExit(f"Hudi scheduled no clustering for {layout.name} in round {r} (small-file limit "
                         f"{ctx.sizes.small_file_bytes} bytes, target {ctx.sizes.target_file_bytes} bytes)")
    return seconds, instant


def clustering_groups(spark, path: str, instant: str) -> int:
    """The groups the clustering at ``instant`` ran (``hudilayout.groups`` on our commits; 0 for the built-in's)."""
    commit = next((c for c in timeline.clustering_commits(spark, path) if c["instant"] == instant), None)
    return int(commit["extra"].get(md.GROUPS, 0)) if commit else 0


def averages(queries: Sequence[dict], columns: Sequence[str]) -> dict:
    def avg(kind, label=None):
        xs = [q["files"] for q in queries if q["kind"] == kind and (label is None or q["label"] == label)]
        return sum(xs) / len(xs) if xs else 0.0
    point = {c: avg("point", c) for c in columns}
    return {"point": point, "point_avg": sum(point.values()) / len(columns),
            "range_avg": avg("range"), "and_avg": avg("and")}


def round_row(ctx: RoundsRun, name: str, r: int, files: int, queries: List[dict], every: dict,
              totals: WriteTotals, seconds: float, clustered: Optional[dict]) -> dict:
    d, d_eff = len(ctx.columns), ctx.d_effective
    row = {"round": r, "layout": name, "rows": ctx.models[r - 1][0], "files": files,
           **averages(queries, ctx.columns),
           "bound": files ** ((d - 1) / d), "effective_bound": files ** ((d_eff - 1) / d_eff)}
    row.update({"ratio_to_bound": row["point_avg"] / row["effective_bound"] if files else 0.0,
                "every": every,
                "every_ratio_to_bound": every["point_avg"] / row["effective_bound"] if files else 0.0,
                "ingested_bytes": totals.ingested, "rewritten_bytes": totals.rewritten,
                "rewritten_vs_ingested": totals.ratio, "cluster_seconds": seconds,
                "clustered_files": clustered["files_replaced"] if clustered else 0,
                "written_files": clustered["files_written"] if clustered else 0,
                "written_file_bytes": sorted(clustered["file_sizes"]) if clustered else [],
                "groups": clustered["groups"] if clustered else 0,
                "verified": True, "queries": queries})
    return row


def grow(ctx: RoundsRun, layout: Layout, path: str) -> List[dict]:
    """The layout's table through every round: ingest, cluster, check the rows, query."""
    totals, rows = WriteTotals(), []
    group_bytes: Optional[int] = None  # -continuous-grouped: set after round 1
    for r, source in enumerate(ctx.sources, 1):
        progress(f"{layout.name}: round {r}/{ctx.plan.rounds}: {ctx.plan.rows_per_round} rows as "
                 f"{ctx.plan.round_files} files")
        ingest(ctx.spark, path, source, ctx.columns, ctx.plan, first=r == 1, on_grid=layout.continuous)
        written = totals.update(ctx.spark, path)
        if ctx.sizes is None:
            ctx.sizes = Sizes.of_round(sum(c["bytes_written"] for c in written), ctx.plan)
            progress(f"plan sizes from round 1: {ctx.sizes}")
        seconds, clustered = 0.0, None
        if layout.clusters:
            seconds, instant = cluster_round(ctx, layout, path, r, group_bytes)
            written = totals.update(ctx.spark, path)
            if instant:
                clustered = next(c for c in written if c["instant"] == instant)
                clustered["groups"] = clustering_groups(ctx.spark, path, instant)
                if layout.grouped and r == 1:
                    group_bytes = max(1, ctx.plan.rounds * clustered["bytes_written"] // GROUPED_SHARE)
                    progress(f"{layout.name}: groups of at most {group_bytes} bytes from round 2 on")
        files, held = table_contents(ctx.spark, path, ctx.data_columns)
        check_rows(layout.name, r, held, ctx.models[r - 1])
        queries = run_queries(ctx, layout.name, r, path)
        every = every_value(ctx, layout.name, r, path, queries)
        rows.append(round_row(ctx, layout.name, r, files, queries, every, totals, seconds, clustered))
        progress(f"{layout.name}: round {r}: {files} files, point avg over every value {every['point_avg']:.1f} "
                 f"({rows[-1]['every_ratio_to_bound']:.2f}x the bound), rewritten/ingested "
                 f"{totals.ratio:.2f}, cluster {seconds:.1f}s")
    return rows


def warm_up(ctx: RoundsRun, folder: Path) -> None:
    """One round and one clustering whose figures are thrown away, so JIT and class loading do
    not count against whichever layout clusters first."""
    progress("warm-up round (not measured)")
    warm = str(folder / "warmup")
    ingest(ctx.spark, warm, ctx.sources[0], ctx.columns, ctx.plan, first=True)
    clustering.schedule_and_execute(ctx.spark, warm, round_options(
        Layout.parse("builtin-zorder-sample"), ctx.columns, ctx.sizes, ctx.plan, ctx.args.sample_size, None))
    shutil.rmtree(warm, ignore_errors=True)


def prepare(spark, args, plan: RoundsPlan, folder: Path) -> RoundsRun:
    """The rounds' rows, the model after each round, the queries and the data's independent axes."""
    columns = ssb.filter_columns(args.variant)
    progress(f"generating {plan.rounds} rounds x {plan.rows_per_round} rows ({args.variant}, seed {args.seed})")
    drift = getattr(args, "drift", None)
    sources, data_columns = write_round_sources(folder / "source", plan, args.seed, args.variant, drift)
    axes = independent_axes(spark.read.parquet(str(folder / "source")), columns)
    ctx = RoundsRun(spark, args, plan, columns, data_columns, sources,
                    cumulative_models(spark, folder / "source", plan.rounds, data_columns),
                    make_queries(spark, str(folder / "source"), columns, args.queries, args.seed),
                    [list(a) for a in axes], parse_weights(getattr(args, "weights", ""), columns))
    progress(f"{len(columns)} filter columns, {len(axes)} independent axes: " + ", ".join("+".join(a) for a in axes))
    return ctx


def run(args, spark=None) -> dict:
    """Run the rounds benchmark; uses ``spark`` if given (and leaves it running), else its own session."""
    plan = plan_from_args(args)
    layouts = parse_layouts(args.layouts or ",".join(DEFAULT_LAYOUTS))
    out = Path(args.out).resolve()  # Hudi takes a relative path for a URI without a scheme
    folder = out / "tables"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    own_session = spark is None
    if own_session:
        spark = session(args.memory)
        spark.sparkContext.setLogLevel("ERROR")
    keys = ("spark.sql.shuffle.partitions", "spark.sql.adaptive.coalescePartitions.enabled")
    saved = {k: spark.conf.get(k) for k in keys}
    spark.conf.set("spark.sql.adaptive.coalescePartitions.enabled", "false")
    try:
        ctx = prepare(spark, args, plan, folder)
        rows: List[dict] = []
        for layout in layouts:
            path = str(folder / layout.name)
            rows += grow(ctx, layout, path)
            if layout.name == "random" and args.warmup and any(lay.clusters for lay in layouts):
                warm_up(ctx, folder)
            if not args.keep_tables:
                shutil.rmtree(path, ignore_errors=True)
    finally:
        for k, v in saved.items():
            spark.conf.set(k, v)
        if own_session:
            spark.stop()
    report = summarise(args, ctx, layouts, rows)
    write_outputs(out, report)
    return report


def summarise(args, ctx: RoundsRun, layouts: Sequence[Layout], rows: List[dict]) -> dict:
    params = {k: v for k, v in vars(args).items() if k != "func"}
    params["layouts"] = ",".join(lay.name for lay in layouts)
    order = {lay.name: i for i, lay in enumerate(layouts)}
    return {"mode": "rounds", "parameters": params,
            "plan": {**asdict(ctx.plan), "files_per_round": ctx.plan.files_per_round,
                     "total_rows": ctx.plan.total_rows, "bloom_entries": ctx.plan.bloom_entries},
            "sizes": asdict(ctx.sizes) if ctx.sizes else None,
            "filter_columns": list(ctx.columns), "axes": ctx.axes, "d": len(ctx.columns),
            "d_effective": ctx.d_effective,
            "rounds": sorted(rows, key=lambda x: (x["round"], order[x["layout"]]))}


def markdown(report: dict) -> str:
    p, plan, sizes = report["parameters"], report["plan"], report["sizes"]
    cols, axes = report["filter_columns"], report["axes"]
    d, d_eff = report["d"], report["d_effective"]
    bound = "N^((d-1)/d)" if d_eff == d else "N^((d'-1)/d')"
    lines = [f"rounds={plan['rounds']} rows/round={plan['rows_per_round']} small files/round={plan['round_files']} "
             f"clustered files/round={plan['files_per_round']} variant={p['variant']} "
             f"queries/column={p['queries']} seed={p['seed']} sample.size={p['sample_size']}"
             + (f" drift={p['drift']} (rounds in the order of {p['drift']})" if p.get("drift") else ""), "",
             f"Hudi's size-based plan, sizes from round 1 ({sizes['round_bytes']} bytes of small files): "
             f"target.file.max.bytes={sizes['target_file_bytes']}, small.file.limit="
             f"{sizes['small_file_bytes']} (-whole layouts: every file); bloom filters sized for "
             f"{plan['bloom_entries']} keys", "",
             f"d={d} filter columns ({', '.join(cols)}) on d'={d_eff} independent axes "
             f"({', '.join('+'.join(a) for a in axes)}): bound {bound} for the table's N files after the round", "",
             "Files read per query: over every value, range position and (up to "
             f"{EVERY_ROWS}) rows' value pairs the table holds after the round, from the column-stats index "
             f"(every); and as Spark read them for the {p['queries']} sampled queries per column and class "
             "(sampled).", "",
             "Rewritten / ingested: bytes all clusterings wrote so far over the bytes the layout's own writes "
             "ingested; over plain writes: over the bytes the random table's writes ingested, the same rows "
             "as plain small files (the continuous layouts' writes on the grid compress better).", "",
             "| round | layout | rows | files | point avg (every) | bound | ratio to bound (every) | range avg (every) "
             "| 2-col avg (every) | point avg (sampled) | ratio to bound (sampled) | files clustered "
             "| rewritten / ingested | rewritten / plain writes | cluster s |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    plain = {r["round"]: r["ingested_bytes"] for r in report["rounds"] if r["layout"] == "random"}
    for r in report["rounds"]:
        clustered = f"{r['clustered_files']} -> {r['written_files']}" if r["clustered_files"] else ""
        if r.get("groups", 0) > 1:
            clustered += f" in {r['groups']} groups"
        e = r["every"]
        lines.append(f"| {r['round']} | {r['layout']} | {r['rows']} | {r['files']} | {e['point_avg']:.1f} "
                     f"| {r['effective_bound']:.1f} | {r['every_ratio_to_bound']:.2f}x | {e['range_avg']:.1f} "
                     f"| {e['and_avg']:.1f} | {r['point_avg']:.1f} | {r['ratio_to_bound']:.2f}x | {clustered} "
                     f"| {r['rewritten_vs_ingested']:.2f} | {r['rewritten_bytes'] / max(1, plain[r['round']]):.2f} "
                     f"| {r['cluster_seconds']:.1f} |")
    return "\n".join(lines) + "\n"


def render(report: dict) -> str:
    return markdown(report)


def write_outputs(out: Path, report: dict) -> None:
    import json
    import sys
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.json").write_text(json.dumps(report, indent=2))
    (out / "results.md").write_text(render(report))
    try:
        chart(report, out / CHART)
    except ImportError:
        print("matplotlib is not installed: no chart", file=sys.stderr)


def _series(report: dict) -> Dict[str, List[dict]]:
    series: Dict[str, List[dict]] = {}
    for r in report["rounds"]:
        series.setdefault(r["layout"], []).append(r)
    return series


def chart(report: dict, png: Path) -> None:
    """Files per point query over rounds, one line per layout (log scale: the random table reads
    every file), with the bound for the clustered layouts' file counts (one dashed line if they
    hold the same N every round, else one per layout in its colour)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker
    series = _series(report)
    fig, ax = plt.subplots(figsize=(8, 5))
    bounds = {}
    for name, rows in series.items():
        xs = [r["round"] for r in rows]
        line, = ax.plot(xs, [r["every"]["point_avg"] for r in rows], marker="o", label=name)
        if name != "random" or len(series) == 1:
            bounds[name] = (xs, [r["effective_bound"] for r in rows], line.get_color())
    distinct = {tuple(round(b, 6) for b in ys) for _, ys, _ in bounds.values()}
    for name, (xs, ys, colour) in bounds.items():
        if len(distinct) == 1:
            ax.plot(xs, ys, color="black", linestyle="--", linewidth=1, label="bound for the table's N files")
            break
        ax.plot(xs, ys, color=colour, linestyle="--", linewidth=1, label=f"bound for {name}'s N files")
    ax.set_yscale("log")
    plain = matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}")
    ax.yaxis.set_major_formatter(plain)
    ax.yaxis.set_minor_formatter(plain)
    ax.set_xlabel("round")
    ax.set_ylabel("files read per point query (avg over every value)")
    plan = report["plan"]
    drift = report["parameters"].get("drift")
    ax.set_title(f"SSB {report['parameters']['variant']}, {plan['rounds']} rounds of {plan['rows_per_round']} rows "
                 f"({plan['round_files']} small files each)" + (f", in {drift} order" if drift else ""))
    ax.set_xticks(sorted({r["round"] for r in report["rounds"]}))
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(png, dpi=110)
    plt.close(fig)
