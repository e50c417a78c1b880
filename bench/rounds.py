"""The rounds benchmark: ``python -m bench --rounds R``, skipping while a table keeps growing.

    python -m bench --rounds R [--rows-per-round M] [--round-files F]
                                [--scale 0.05 | --rows N] [--variant ...] [--layouts ...] [--out DIR]
                                [--order random|time | --drift COLUMN]
                                [--operation bulk_insert|insert|upsert] [--updates U [--update-from all|latest]]
                                [--table-type COPY_ON_WRITE|MERGE_ON_READ] [--concurrent]
                                [--partitions P [--partition-column C] [--partition-growth G]]

Users cluster inside their ingestion (inline every few commits, or async beside a stream): each
round of new rows lands as small files and one clustering with Hudi's size-based plan follows.
This runner grows one table per layout through R such rounds, with the same rows for every
layout, and measures after each round what a reader gets and what the writer paid.

Rows: one seeded SSB table of R x M rows (M = ``--rows-per-round``, default the ``--rows`` /
``--scale`` total divided by R), cut into R consecutive slices. The generator draws rows in random
order with unique keys, so every slice is a random sample of the same distribution and no key
repeats across rounds (``--order random``, the default). ``--order time`` first sorts the table by
its order date ``lo_orderdate`` (stable, so ties keep the generator's order): rows arrive in time
order, and every round's dates lie past the earlier rounds' (a date at a round's boundary may
reach both). SSB's usual filter columns do not depend on the date; the ``dated`` variant
(``--variant dated``: the uniform rows, filtered on s_city, p_brand, lo_orderdate) gives a time-ordered
run a filter column that moves past every earlier value. ``--drift COLUMN`` (one of the filter
columns; not with ``--order time``) sorts by that column instead: round r holds the r-th 1/R of its
values, as rows ordered by a timestamp or a growing id reach a table, and every round's rows lie
beyond the range the first round's sample saw.

Writes (the same for every layout): every round's rows go in by one write with ``--operation``
(default ``bulk_insert``) into a table of ``--table-type`` (default ``COPY_ON_WRITE``):

- ``bulk_insert`` writes the round's M rows as F small files (``--round-files``, default 40);
- ``insert`` and ``upsert`` need an ordering field: every row then carries an int column
  ``version``, the round that last wrote it, and the table's ``hoodie.table.ordering.fields`` is
  ``version`` (Hudi 1.2.0 fails upserts whose ordering field is a DATE). Hudi's insert split
  (``hoodie.copyonwrite.insert.split.size``, auto split off) is the rows of one small file, so
  the round's new rows also land as F small files;
- every write sets ``hoodie.parquet.small.file.limit=0``, as ``LayoutOptions.write_small_file_bytes``
  does by default: an insert or upsert puts new rows in new files instead of packing them into
  files a clustering laid out (a bulk insert never packs);
- ``--updates U`` (with ``--operation upsert`` only; 0 to 1, default 0): each round after the
  first also updates round(U x M) rows, drawn without replacement from the earlier rounds' rows by a
  generator seeded with (``--seed``, round); an updated row keeps its key and its filter (sort)
  values, its ``lo_revenue`` rises by the round's number and its ``version`` becomes the round.
  The round's write is one upsert of its new rows and its updated rows together: on copy-on-write
  Hudi rewrites every file that holds an updated key, on merge-on-read it appends the updates to
  log files beside those files. ``--update-from latest`` draws them from the latest
  ``LATEST_ROUNDS`` (2) rounds' rows only, as late-arriving changes come; ``all`` (the default)
  from every earlier round's.

``--concurrent`` (one clustered layout) runs the rounds twice, once as below and once with the
clusterings in a second Spark driver beside the writes: see :mod:`bench.concurrent`.

Each round, per layout: the round's write; then, unless the layout is ``random``, one clustering
of the layout with Hudi's size-based plan. The plan's sizes are fixed once for the run, as a user
configures them once, from the bytes B the first round's small files take (measured on the random
table):

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
  all (insert and upsert keep the same write options; Hudi uses that partitioner for bulk inserts
  only, so their new rows come as F files as every layout's do). A round whose plan finds no
  region due clusters nothing. Their groups are unbounded, except for ``-continuous-grouped``: from
  round 2 on, ``max.bytes.per.group`` is a quarter of the table the run ends with, estimated as R
  x the bytes its round-1 clustering wrote, so later rounds' new rows and due regions are cut
  into groups as a table four times larger than the limit would be;
- Hudi writes a bloom filter of its keys into every file's footer, sized by
  ``hoodie.index.bloom.num_entries`` (60,000 keys, about 430 KB, by default). At benchmark scale
  that would be most of a small file's bytes and would make sizes say little about rows; every
  write and clustering here sizes it for the rows of one small file, so file sizes stay about
  proportional to rows, as they are at production file sizes.

Partitions (``--partitions P``, ``--partition-column`` default ``lo_orderdate``,
``--partition-growth G``; Hudi's layouts only): the rows carry the partition path column ``part``
(:mod:`bench.partitions`: P stretches of the column's values over all rounds' rows)
and every table of the run is partitioned by it. Each round's F small files are shared out over
the partitions its rows reach, by rows (in random order every round reaches every partition; in
time order a round reaches only the partitions of its dates), and the plan's sizes above are
those of one partition's share of round 1 (B and F divided by the partitions round 1 reached), so
each partition's clustering writes about its share of W files. Files read are reported twice:
without a partition predicate against the sum of the partitions' own bounds, and per partition
(files of that partition read per point query with a partition predicate, over every value the
table holds, against n_p^((d'-1)/d')), averaged over the partitions, the worst partition, and
per column.

Peers (``delta-liquid``, ``iceberg-zorder``, ``delta-zorder``, each also ``-fullstats``): the
same rounds in a child process with a Spark session of its own
(:func:`bench.peers.grow`): appends, or a merge on the key for an upsert, then the
peer's own layout of the round; measured and checked as every layout is, their files counted from
their own stats. A peer's layout does not write files of the size it is asked for (Delta's liquid
clustering wrote about half the files, Iceberg's rewrite more), so its target is sized on scratch
copies of the first round until its layout writes W files, and after every round from the bytes per
file its layout wrote: each peer's table holds about as many files as Hudi's after every round, and
files read compare like for like.

After each round, per layout: the files in the table (N), the files read per point query on each
filter column, per range query and per two-column conjunction, both as Spark read them for the
one-shot benchmark's few queries (:func:`bench.queries.make_queries`) and averaged over
every query of each class the table's rows allow, counted from the column-stats index as
:mod:`bench.every_query` counts them (every value each filter column holds so far,
every range position, the values of up to ``EVERY_ROWS`` rows ingested so far on each column pair;
each sampled query must count alike or the run fails), the bound N^((d'-1)/d') for that round's N (d' independent
axes found in the data, d' = d on uniform data) and the ratio to it, for the average and for each
filter column; bytes written by all clusterings so far against bytes ingested so far (from the
commit metadata on the timeline: a clustering's bytes are rewrite, every write's are ingestion,
including the files an update rewrote on copy-on-write and the log files on merge-on-read); the
files the round's clustering replaced and wrote, and its seconds. On merge-on-read a file is a file
slice (a base file and its log files), as Spark counts it, and a slice is read when the
column-stats entry of any of its files meets the query, as Hudi's skipping decides; a live file
without an entry fails the count. Every round the table's rows are read with data skipping off and
checked against the model, computed from the rounds' source rows and updates alone: the count and a
checksum of every column (the key and the updated value among them) of every key written so far,
with the values of the last round that wrote it. Every query must return what the random table
returns in the same round. Otherwise the run fails with WRONG RESULT.

Output in ``--out``: ``results.json`` (the parameters, the feed's among them, and per layout, per
round), ``results.md`` (a row per round and layout; its first line gives the parameters) and
``files_per_round.png`` (files per point query over rounds, one line per layout, and the bound).
"""
from __future__ import annotations

import shutil
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Set, Tuple

from hudi_layout import clustering, jvm, scan, timeline
from hudi_layout import metadata as md
from hudi_layout.ingest import OPERATIONS, TABLE_TYPES
from hudi_layout.options import MAX_GROUPS_KEY, STATS_COLUMNS_KEY
from . import every_query, partitions, ssb, workload
from .layouts import Layout, layouts
from .queries import Query, column_pairs, independent_axes, make_queries, run_query, weights_text
from .rounds_data import (BLOOM_ENTRIES_KEY, DEFAULT_ROUND_FILES, EVERY_ROWS, KEY, ORDERS, ROUND_COMPACTION,
                          UPDATE_FROM, Feed,
                          RoundSources, RoundsPlan, Sizes, cumulative_models, ingest, write_round_sources)
from .rounds_report import write_outputs
from .sessions import PARAMETERS, progress, session, spark_conf
from .specs import TableSpec

DEFAULT_LAYOUTS = ["random", "builtin-hilbert-sample", "ours-hilbert-sample", "ours-hilbert-sample-continuous",
                   "ours-hilbert-sample-whole"]
GROUP_BYTES_KEY = "hoodie.clustering.plan.strategy.max.bytes.per.group"
#: -continuous-grouped: the group limit is the final table's bytes over this.
GROUPED_SHARE = 4
#: A small-file limit above any file: the plan takes every file (the -whole layouts).
EVERY_FILE = 1 << 62

_DEFAULTS = layouts(*DEFAULT_LAYOUTS)


@dataclass(frozen=True)
class RoundsSpec(TableSpec):
    """One run of the rounds benchmark, its fields the ``bench --rounds`` flags (same names, same
    defaults; ``order``, ``operation``, ``updates`` and ``table_type`` as the feed takes them when
    not given): e.g. ``RoundsSpec(rounds=2, rows=6000, round_files=4, layouts=layouts("random",
    "ours-hilbert-sample"))``. ``layouts``: :class:`~bench.layouts.Layout` values
    (``random`` is added first if missing); ``weights``: the filter columns' query shares, as given.
    :meth:`validate` checks the fields before Spark starts (:func:`run` calls it)."""
    layouts: Tuple[Layout, ...] = _DEFAULTS
    rounds: int = 1
    rows_per_round: Optional[int] = None
    round_files: Optional[int] = None
    drift: Optional[str] = None
    order: str = "random"
    operation: str = "bulk_insert"
    updates: float = 0.0
    table_type: str = "COPY_ON_WRITE"
    update_from: str = "all"
    concurrent: bool = False

    def feed(self) -> Feed:
        """How rows reach the tables; ValueError naming the flag (or both flags) for a value or a
        combination that cannot work, and what is accepted."""
        order, drift = self.order or "random", self.drift
        operation = self.operation or "bulk_insert"
        updates = self.updates or 0.0
        table_type = self.table_type or "COPY_ON_WRITE"
        for flag, value, accepted in (("--order", order, ORDERS), ("--operation", operation, OPERATIONS),
                                      ("--table-type", table_type, TABLE_TYPES)):
            if value not in accepted:
                raise ValueError(f"{flag} {value}: expected one of {', '.join(accepted)}")
        if order == "time" and drift:
            raise ValueError(f"--order time and --drift {drift}: not together; --order time sorts the rows by "
                             f"{ssb.DATE_COLUMN}, --drift by the filter column it names: give one of them")
        if not 0 <= updates <= 1:
            raise ValueError(f"--updates {updates:g}: expected a fraction of each round's new rows from 0 to 1 "
                             "(round 2 can update at most the rows of round 1)")
        if updates and operation != "upsert":
            raise ValueError(f"--updates {updates:g} needs --operation upsert (got --operation {operation}): only an "
                             "upsert replaces a key's earlier version")
        update_from = self.update_from or "all"
        if update_from not in UPDATE_FROM:
            raise ValueError(f"--update-from {update_from}: expected one of {', '.join(UPDATE_FROM)}")
        if update_from != "all" and not updates:
            raise ValueError(f"--update-from {update_from}: only with --updates U (the rows each round updates)")
        return Feed(order, drift, operation, updates, table_type, update_from)

    def plan(self) -> RoundsPlan:
        """The rounds plan; ValueError naming the flag for a value that cannot work."""
        rounds = self.rounds
        if not isinstance(rounds, int) or rounds < 1:
            raise ValueError(f"--rounds {rounds}: expected a whole number of rounds, at least 1")
        files = DEFAULT_ROUND_FILES if self.round_files is None else self.round_files
        if files < 2:
            raise ValueError(f"--round-files {files}: expected at least 2 small files per round (they are "
                             f"clustered into max(1, F // {ROUND_COMPACTION}) files per round)")
        drift = self.drift
        if drift is not None and drift not in self.columns:
            raise ValueError(f"--drift {drift}: expected one of the {self.variant} variant's filter columns: "
                             + ", ".join(self.columns))
        per_round = self.rows_per_round
        if per_round is not None:
            if per_round < 1:
                raise ValueError(f"--rows-per-round {per_round}: expected a whole number of rows, at least 1")
            if self.rows and self.rows != per_round * rounds:
                raise ValueError(f"--rows {self.rows} and --rows-per-round {per_round} with --rounds {rounds} "
                                 f"disagree: give one of them (the total is rounds x rows per round)")
            given = f"--rows-per-round {per_round}"
        else:
            total = self.rows or int(round(self.scale * ssb.ROWS_PER_SCALE))
            per_round = total // rounds
            given = (f"--rows {self.rows}" if self.rows else f"--scale {self.scale}") + \
                f" over --rounds {rounds} ({per_round} rows per round)"
        if per_round < files:
            raise ValueError(f"{given}: expected at least --round-files {files} rows per round, one per small "
                             f"file; raise --rows, --scale or --rows-per-round")
        parts = self.partitions or 0
        growth = self.partition_growth or 1.0
        if parts:
            if parts < 1 or files < 2 * parts:
                raise ValueError(f"--partitions {parts}: expected 1 to half of --round-files ({files // 2}): each "
                                 f"round writes at least 2 small files into every partition it reaches")
            self.refuse_peers_when_partitioned("Hudi's layouts and random only")
        return RoundsPlan(rounds, per_round, files, parts,
                          (self.partition_column or partitions.DEFAULT_COLUMN) if parts else "",
                          growth if parts else 1.0)

    def ordered_layouts(self) -> List[Layout]:
        """The layouts, random first (added if missing), each once; ``floor`` is refused."""
        out: List[Layout] = []
        for layout in self.layouts:
            if layout.impl == "floor":
                raise ValueError("layout floor: not with --rounds; the floor is one bulk insert of the whole "
                                 "table into N files and has no counterpart in a table that grows round by "
                                 "round. Leave it out of --layouts (e.g. --layouts "
                                 f"{','.join(DEFAULT_LAYOUTS)})")
            if layout.name not in (lay.name for lay in out):
                out.append(layout)
        if out[0].name != "random":
            out = [Layout.random()] + [lay for lay in out if lay.name != "random"]
        return out

    def validate(self) -> "RoundsSpec":
        """ValueError naming the flag, the value and what is accepted, for any field that cannot
        work; the spec itself otherwise."""
        weights = self.check_table()
        self.plan()
        self.feed()
        for layout in self.ordered_layouts():
            if layout.clusters:
                layout.options(self.columns, 1, 1, 1, weights)
        if self.concurrent:
            self.check_concurrent()
        return self

    def check_concurrent(self) -> None:
        """``--concurrent``: one clustered Hudi layout, not grouped, on a table of one partition;
        ValueError naming the flag otherwise."""
        clustered = [lay for lay in self.layouts if lay.name != "random"]
        if len(clustered) != 1 or not clustered[0].clusters:
            raise ValueError(f"--concurrent: expected one clustered Hudi layout in --layouts (got "
                             f"{','.join(lay.name for lay in self.layouts)}), e.g. --layouts "
                             "ours-hilbert-sample-continuous")
        if clustered[0].grouped:
            raise ValueError(f"--concurrent: not with layout {clustered[0].name} (its group limit is set after round 1)")
        if self.partitions:
            raise ValueError(f"--partitions {self.partitions}: not with --concurrent")

    def parameters(self) -> Dict[str, Any]:
        """results.json's ``parameters``: every flag of the command line, as it gives them (the
        layouts as run, the feed's flags as the feed takes them)."""
        feed = self.feed()
        values: Dict[str, Any] = {
            "files": None, "groups": 1, "master": "", "codec": "", "render": None,
            "hudi_option": self.hudi_option,
            "weights": weights_text(self.weights), "layouts": ",".join(lay.name for lay in self.ordered_layouts()),
            "order": feed.order, "drift": feed.drift, "operation": feed.operation, "updates": feed.updates,
            "table_type": feed.table_type, "update_from": feed.update_from}
        return {k: values[k] if k in values else getattr(self, k) for k in PARAMETERS}


def table_contents(spark, path: str, columns: Sequence[str]) -> Tuple[int, Tuple[int, int]]:
    """(files in the latest snapshot, (rows, checksum over ``columns``)), read with data skipping off."""
    rows, files = scan.files_read(scan.read(spark, path, skipping=False).agg(*scan.row_checksum(columns)))
    return files, (int(rows[0]["n"]), int(rows[0]["h"] or 0))

def round_options(layout: Layout, columns, sizes: Sizes, plan: RoundsPlan, sample_size: int,
                  weights: Optional[Sequence[float]], group_bytes: Optional[int] = None,
                  extra: Optional[Mapping[str, str]] = None) -> Dict[str, str]:
    """The layout's clustering options with the run's plan sizes (see the module's docstring);
    ``group_bytes``, if given, is the plan's max.bytes.per.group; ``extra``: the run's
    ``--hudi-option`` flags, which override them."""
    small = EVERY_FILE if layout.whole else sizes.small_file_bytes
    opts = layout.options(columns, sizes.round_bytes, plan.files_per_round, sample_size, weights,
                          target_file_bytes=sizes.target_file_bytes, small_file_bytes=small)
    opts[BLOOM_ENTRIES_KEY] = str(plan.bloom_entries)
    if plan.partitions:
        # every partition in each round's plan (Hudi's default of 30 groups would leave the rest)
        opts.setdefault(MAX_GROUPS_KEY, str(max(30, 10 * plan.partitions)))
    if group_bytes is not None:
        opts[GROUP_BYTES_KEY] = str(group_bytes)
    elif layout.continuous:
        # unbounded: the table outgrows any multiple of a round, and a due region that missed the
        # group of new rows would get its share of them back as a pending layer at once
        opts[GROUP_BYTES_KEY] = str(EVERY_FILE)
    opts.update(extra or {})
    return opts


@dataclass
class WriteTotals:
    """Bytes written by ingestion and by clustering, summed over every commit seen so far: a
    clustering's (operation CLUSTER) are rewrite, every other commit's are ingestion (a bulk
    insert's, insert's or upsert's new files, the files an update rewrote on copy-on-write, the log
    files on merge-on-read). Read after each commit, so commits Hudi archives later still count."""
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
    spec: RoundsSpec
    plan: RoundsPlan
    feed: Feed
    columns: Tuple[str, ...]
    sources: RoundSources
    models: List[Tuple[int, int]]  # (rows, checksum) of the table after each round
    queries: List[Query]
    axes: List[List[str]]  # the filter columns grouped into the data's independent axes
    weights: Optional[List[float]] = None
    sizes: Sizes = None  # type: ignore[assignment]  # set once the first round is written
    expected: Dict[Tuple[int, str], Tuple[int, int]] = field(default_factory=dict)
    held: Dict[int, Tuple[Dict[str, list], List[dict]]] = field(default_factory=dict)  # see held_values
    index_columns: Tuple[str, ...] = ()  # the columns the column-stats index covers (TableSpec.index_columns)

    @property
    def d_effective(self) -> int:
        return len(self.axes)

    def round_files(self, r: int) -> Optional[Dict[str, int]]:
        """``--partitions``: the small files round ``r`` writes into each partition it reaches,
        its ``--round-files`` shared out by rows; None for a table of one partition."""
        if not self.plan.partitions:
            return None
        return partitions.files_by_rows(self.sources.partition_rows[r - 1], self.plan.round_files)

def check_rows(name: str, r: int, held: Tuple[int, int], model: Tuple[int, int]) -> None:
    if held != model:
        raise SystemExit(f"WRONG RESULT: {name} after round {r} holds {held[0]} rows (checksum {held[1]}), "
                         f"the model {model[0]} rows (checksum {model[1]})")


def run_queries(ctx: RoundsRun, name: str, r: int, path: str) -> List[dict]:
    """Every query on the table after round ``r``; each must return the random table's rows.
    Adaptive execution is off while they run: it re-plans each tiny aggregation at a cost of
    about a quarter of its time, and files read come from the scan either way."""
    with spark_conf(ctx.spark, {"spark.sql.adaptive.enabled": "false"}):
        return _run_queries(ctx, name, r, path)


def _run_queries(ctx: RoundsRun, name: str, r: int, path: str) -> List[dict]:
    out, table = [], scan.skipping_reader(ctx.spark, path)  # one listing of the round's snapshot
    for q in ctx.queries:
        ran = run_query(ctx.spark, path, q, table)
        if name == "random":
            ctx.expected[(r, q.predicate)] = ran.rows
        else:
            expect(ctx, name, r, q.predicate, ran.rows)
        out.append({"kind": q.kind, "label": q.label, "predicate": q.predicate, "files": ran.files,
                    "bytes": ran.bytes, "rows": ran.rows[0], "seconds": ran.seconds})
    return out


def expect(ctx: RoundsRun, name: str, r: int, predicate: str, rows: Tuple[int, int]) -> None:
    """A query's (rows, checksum of their keys) on ``name`` after round ``r`` must be the random
    table's: else the run fails with WRONG RESULT."""
    if rows != ctx.expected[(r, predicate)]:
        raise SystemExit(f"WRONG RESULT: {name} after round {r} returned {rows} for {predicate}, "
                         f"the random table returned {ctx.expected[(r, predicate)]}")


def held_values(ctx: RoundsRun, r: int) -> Tuple[Dict[str, list], List[dict]]:
    """After round ``r``: every value each filter column holds (sorted), and up to ``EVERY_ROWS``
    seeded random rows of the filter columns, from the rounds' rows so far (the same for every
    layout, so computed once per round)."""
    if r not in ctx.held:
        from pyspark.sql import functions as F
        rows = ctx.spark.read.parquet(*ctx.sources.rows[:r]).select(*ctx.columns)
        values = {c: sorted(x[0] for x in rows.select(c).distinct().collect() if x[0] is not None)
                  for c in ctx.columns}
        sample = [x.asDict() for x in rows.orderBy(F.rand(ctx.spec.seed)).limit(EVERY_ROWS).collect()]
        ctx.held[r] = (values, sample)
    return ctx.held[r]


#: the bench's own query classes (:func:`bench.queries.make_queries`), which the files' bounds recount
SAMPLED_KINDS = ("point", "range", "and")


def every_value(ctx: RoundsRun, name: str, r: int, bounds: every_query.FileBounds, queries: Sequence[dict]) -> dict:
    """Files read per query class over every query the table's rows allow after round ``r``, from
    the files' ``bounds`` (:func:`bench.every_query.class_averages`); the sampled
    ``queries`` must count as the table's scan read them, else the run fails."""
    values, sample = held_values(ctx, r)
    figures = every_query.class_averages(bounds, values, sample, column_pairs(ctx.columns))
    agree, differ = every_query.sampled_counts(bounds, [q for q in queries if q["kind"] in SAMPLED_KINDS])
    if differ:
        raise SystemExit(f"WRONG COUNT: {name} after round {r}: the files' bounds and the scan "
                         f"disagree on {len(differ)} queries: " + "; ".join(differ[:3]))
    return {k: figures[k] for k in ("point", "range", "point_avg", "range_avg", "and_avg")}


def cluster_round(ctx: RoundsRun, layout: Layout, path: str, r: int,
                  group_bytes: Optional[int] = None) -> Tuple[float, float, Optional[str]]:
    """One clustering as configured; (seconds in all, seconds planning, instant). Hudi must plan one
    (the round left small files), except for a continuous layout with no region due (instant None)."""
    expected_files = ctx.plan.files_per_round * (r if layout.whole else 1)
    opts = round_options(layout, ctx.columns, ctx.sizes, ctx.plan, ctx.spec.sample_size, ctx.weights, group_bytes,
                         ctx.spec.hudi_options)
    if ctx.spec.workload:
        opts[STATS_COLUMNS_KEY] = ",".join(ctx.index_columns)
    with spark_conf(ctx.spark, {"spark.sql.shuffle.partitions": str(expected_files)}):
        t0 = time.time()
        instant = jvm.schedule(ctx.spark, path, opts)
        planned = time.time() - t0
        if instant:
            jvm.execute(ctx.spark, path, opts, instant)
        seconds = time.time() - t0
    if not instant and not layout.continuous:
        raise SystemExit(f"Hudi scheduled no clustering for {layout.name} in round {r} (small-file limit "
                         f"{ctx.sizes.small_file_bytes} bytes, target {ctx.sizes.target_file_bytes} bytes)")
    return seconds, planned, instant


def clustering_figures(spark, path: str, instant: str) -> dict:
    """What the clustering at ``instant`` recorded that a round reports: the groups it ran
    (``hudilayout.groups`` on our commits; 0 for the built-in's) and, where auto chose them, the
    sort columns and auto's reason."""
    recorded = clustering.recorded(spark, path, instant)
    out: dict = {"groups": int(recorded.get(md.GROUPS, 0))}
    if md.AUTO in recorded:
        out.update(sort_columns=recorded.get(md.COLUMNS, "").split(","), auto_reason=recorded[md.AUTO])
    return out


def averages(queries: Sequence[dict], columns: Sequence[str]) -> dict:
    def avg(kind, label=None):
        xs = [q["files"] for q in queries if q["kind"] == kind and (label is None or q["label"] == label)]
        return sum(xs) / len(xs) if xs else 0.0
    point = {c: avg("point", c) for c in columns}
    return {"point": point, "point_avg": sum(point.values()) / len(columns),
            "range_avg": avg("range"), "and_avg": avg("and")}


def partition_figures(ctx: RoundsRun, r: int, bounds: every_query.FileBounds) -> dict:
    """``--partitions``, after round ``r``: each partition's files and, per filter column, files of
    that partition read per point query with a partition predicate (over every value the table
    holds) against the partition's own bound n_p^((d'-1)/d'); averaged over the partitions, the
    worst partition, and per column the average and the worst."""
    values, _ = held_values(ctx, r)
    points = bounds.partition_points(values)
    files = {p: bounds.partitions.count(p) for p in points}
    d = ctx.d_effective
    ratio = {p: {c: points[p][c] / files[p] ** ((d - 1) / d) for c in ctx.columns} for p in points}
    mean = {p: sum(ratio[p].values()) / len(ctx.columns) for p in points}
    worst = max(mean, key=lambda p: mean[p])
    return {"partitions": len(points), "partition_files": dict(sorted(files.items())),
            "partition_ratio_avg": _mean(list(mean.values())), "partition_ratio_worst": mean[worst],
            "partition_worst": worst,
            "partition_column_ratio": {c: _mean([ratio[p][c] for p in points]) for c in ctx.columns},
            "partition_column_worst": {c: max(ratio[p][c] for p in points) for c in ctx.columns}}


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def round_row(ctx: RoundsRun, name: str, r: int, files: int, queries: List[dict], every: dict,
              totals: WriteTotals, seconds: Tuple[float, float], clustered: Optional[dict],
              split: Optional[dict] = None, metadata_deltas: Optional[int] = None) -> dict:
    """One layout's figures after round ``r``; with ``split`` (:func:`partition_figures`), the
    bounds are the sums of the partitions' own bounds and the per-partition figures are added;
    ``metadata_deltas`` (:func:`hudi_layout.timeline.metadata_deltas`, read just before the clustering's
    plan) is kept when given."""
    d, d_eff = len(ctx.columns), ctx.d_effective
    counts = list(split["partition_files"].values()) if split else [files]
    row = {"round": r, "layout": name, "rows": ctx.models[r - 1][0], "files": files,
           **averages(queries, ctx.columns),
           "bound": sum(n ** ((d - 1) / d) for n in counts),
           "effective_bound": sum(n ** ((d_eff - 1) / d_eff) for n in counts), **(split or {})}
    row.update({"ratio_to_bound": row["point_avg"] / row["effective_bound"] if files else 0.0,
                "every": every,
                "every_ratio_to_bound": every["point_avg"] / row["effective_bound"] if files else 0.0,
                "ingested_bytes": totals.ingested, "rewritten_bytes": totals.rewritten,
                "rewritten_vs_ingested": totals.ratio, "cluster_seconds": seconds[0],
                "plan_seconds": seconds[1],
                "clustered_files": clustered["files_replaced"] if clustered else 0,
                "written_files": clustered["files_written"] if clustered else 0,
                "written_file_bytes": sorted(clustered["file_sizes"]) if clustered else [],
                "groups": clustered["groups"] if clustered else 0,
                "verified": True})
    if metadata_deltas is not None:
        row["metadata_deltas"] = metadata_deltas
    if clustered and "auto_reason" in clustered:  # auto: the columns it chose this round, and why
        row.update(sort_columns=clustered["sort_columns"], auto_reason=clustered["auto_reason"])
    run = {q["label"]: q["files"] for q in queries if q["kind"] == "ssb"}
    if run:  # --workload: its queries' files read, and as tables' worth of the layout's files
        row.update(workload_files=run, workload_files_sum=sum(run.values()),
                   workload_tables_read=sum(run.values()) / files if files else None)
    if r == ctx.plan.rounds:  # each query asked, in the last round only: results.json stays small
        row["queries"] = queries
    return row


def grow(ctx: RoundsRun, layout: Layout, path: str) -> List[dict]:
    """The layout's table through every round: ingest, cluster, check the rows, query."""
    totals, rows = WriteTotals(), []
    group_bytes: Optional[int] = None  # -continuous-grouped: set after round 1
    for r in range(1, ctx.plan.rounds + 1):
        progress(f"{layout.name}: round {r}/{ctx.plan.rounds}: {ctx.plan.rows_per_round} rows as "
                 f"{ctx.plan.round_files} files" + (f" and {ctx.feed.updated(ctx.plan)} updates" if r > 1 and
                                                    ctx.feed.updates else ""))
        ingest(ctx.spark, path, ctx.sources.written(r), ctx.index_columns, ctx.plan, ctx.feed, first=r == 1,
               on_grid=layout.continuous, files=ctx.round_files(r), extra=ctx.spec.hudi_options)
        written = totals.update(ctx.spark, path)
        if ctx.sizes is None:
            ctx.sizes = Sizes.of_round(sum(c["bytes_written"] for c in written), ctx.plan,
                                       len(ctx.sources.partition_rows[0]) if ctx.plan.partitions else 1)
            progress(f"plan sizes from round 1: {ctx.sizes}")
        seconds, planned, clustered, deltas = 0.0, 0.0, None, None
        if layout.clusters:
            if layout.auto:
                progress(f"{layout.name}: round {r}: recording the queries: "
                         f"{workload.record(ctx.spark, path, ctx.queries)} scans in the log")
            deltas = timeline.metadata_deltas(ctx.spark, path)
            seconds, planned, instant = cluster_round(ctx, layout, path, r, group_bytes)
            written = totals.update(ctx.spark, path)
            if instant:
                clustered = next(c for c in written if c["instant"] == instant)
                clustered.update(clustering_figures(ctx.spark, path, instant))
                if layout.grouped and r == 1:
                    group_bytes = max(1, ctx.plan.rounds * clustered["bytes_written"] // GROUPED_SHARE)
                    progress(f"{layout.name}: groups of at most {group_bytes} bytes from round 2 on")
        files, held = table_contents(ctx.spark, path, ctx.sources.columns)
        check_rows(layout.name, r, held, ctx.models[r - 1])
        queries = run_queries(ctx, layout.name, r, path)
        bounds = every_query.FileBounds.of_hudi(ctx.spark, path, ctx.columns)
        every = every_value(ctx, layout.name, r, bounds, queries)
        split = partition_figures(ctx, r, bounds) if ctx.plan.partitions else None
        rows.append(round_row(ctx, layout.name, r, files, queries, every, totals, (seconds, planned), clustered,
                              split, deltas))
        progress(f"{layout.name}: round {r}: {files} files, point avg over every value {every['point_avg']:.1f} "
                 f"({rows[-1]['every_ratio_to_bound']:.2f}x the bound), rewritten/ingested "
                 f"{totals.ratio:.2f}, cluster {seconds:.1f}s"
                 + (f" (plan {planned:.2f}s, {deltas} metadata-table delta commits since its compaction)"
                    if deltas is not None else "")
                 + (f"; in a partition {split['partition_ratio_avg']:.2f}x its bound on average, at worst "
                    f"{split['partition_ratio_worst']:.2f}x" if split else ""))
    return rows


def grow_peer(ctx: RoundsRun, layout: Layout, folder: Path) -> List[dict]:
    """A peer's table through every round (:func:`bench.peers.grow`, in a child process
    with a Spark session of its own): the same writes of the same rows, the peer's own layout after
    each; its rows held against the model and each query's against the random table's, as every
    layout's are. :class:`bench.peers.LayoutUnavailable` when the peer cannot run here."""
    from . import peers
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    request = {"layout": layout.name, "rounds": [ctx.sources.written(r) for r in range(1, ctx.plan.rounds + 1)],
               "columns": list(ctx.columns), "data_columns": list(ctx.sources.columns), "key": KEY,
               "operation": ctx.feed.operation, "round_files": ctx.plan.round_files,
               "files_per_round": ctx.plan.files_per_round,
               "queries": [{"kind": q.kind, "label": q.label, "predicate": q.predicate} for q in ctx.queries],
               "folder": str(folder), "memory": ctx.spec.memory or "4g"}
    progress(f"{layout.name}: {ctx.plan.rounds} rounds in its own Spark session")
    result = peers.run_child(request, folder, progress)
    rows = []
    for got in result["rounds"]:
        r = got["round"]
        check_rows(layout.name, r, tuple(got["contents"]), ctx.models[r - 1])
        queries = []
        for q in got["queries"]:
            expect(ctx, layout.name, r, q["predicate"], (q["rows"], q["checksum"]))
            queries.append({k: q[k] for k in ("kind", "label", "predicate", "files", "rows", "seconds")})
        every = every_value(ctx, layout.name, r, every_query.FileBounds.of_peer(got["bounds"], ctx.columns), queries)
        totals = WriteTotals(ingested=got["ingested"], rewritten=got["rewritten"])
        laid = {"files_replaced": got["files_replaced"], "files_written": got["files_written"], "file_sizes": [],
                "groups": 0}
        rows.append(round_row(ctx, layout.name, r, got["files"], queries, every, totals,
                              (got["cluster_seconds"], 0.0), laid))
        progress(f"{layout.name}: round {r}: {got['files']} files, point avg over every value "
                 f"{every['point_avg']:.1f} ({rows[-1]['every_ratio_to_bound']:.2f}x the bound), rewritten/ingested "
                 f"{totals.ratio:.2f}")
    return rows


def warm_up(ctx: RoundsRun, folder: Path) -> None:
    """One round and one clustering whose figures are thrown away, so JIT and class loading do
    not count against whichever layout clusters first."""
    progress("warm-up round (not measured)")
    warm = str(folder / "warmup")
    ingest(ctx.spark, warm, ctx.sources.written(1), ctx.index_columns, ctx.plan, ctx.feed, first=True,
           files=ctx.round_files(1), extra=ctx.spec.hudi_options)
    clustering.schedule_and_execute(ctx.spark, warm, round_options(
        Layout.builtin("zorder", "sample"), ctx.columns, ctx.sizes, ctx.plan, ctx.spec.sample_size, None,
        extra=ctx.spec.hudi_options))
    shutil.rmtree(warm, ignore_errors=True)


def prepare(spark, spec: RoundsSpec, plan: RoundsPlan, feed: Feed, folder: Path) -> RoundsRun:
    """The rounds' rows, the model after each round, the queries and the data's independent axes."""
    columns = spec.columns
    progress(f"generating {plan.rounds} rounds x {plan.rows_per_round} rows ({spec.variant}, seed {spec.seed})")
    sources = write_round_sources(folder / "source", plan, spec.seed, spec.variant, feed)
    axes = independent_axes(spark.read.parquet(sources.rows_folder), columns)
    queries = (workload.queries(spec.workload) if spec.workload
               else make_queries(spark, sources.rows_folder, columns, spec.queries, spec.seed))
    ctx = RoundsRun(spark, spec, plan, feed, columns, sources, cumulative_models(spark, sources), queries,
                    [list(a) for a in axes], spec.shares, index_columns=spec.index_columns)
    progress(f"{len(columns)} filter columns, {len(axes)} independent axes: " + ", ".join("+".join(a) for a in axes))
    return ctx


def run(spec: RoundsSpec, spark=None) -> dict:
    """Run the rounds benchmark ``spec`` describes (checked first: ValueError before Spark starts);
    uses ``spark`` if given (and leaves it running, its conf as it was), else its own session.
    Writes results.json, results.md and the chart into ``spec.out``; returns the report."""
    spec.validate()
    layouts = spec.ordered_layouts()
    from . import peers
    peers.check_runnable([lay.name for lay in layouts])
    out = Path(spec.out).resolve()  # Hudi takes a relative path for a URI without a scheme
    folder = out / "tables"
    rows: List[dict] = []
    with prepared(spec, spark, folder) as ctx:
        for layout in layouts:
            path = str(folder / layout.name)
            rows += grow_peer(ctx, layout, folder / layout.name) if layout.impl == "peer" else grow(ctx, layout, path)
            if layout.name == "random" and spec.warmup and any(lay.clusters for lay in layouts):
                warm_up(ctx, folder)
            if not spec.keep_tables:
                shutil.rmtree(path, ignore_errors=True)
    report = summarise(spec, ctx, layouts, rows)
    write_outputs(out, report)
    return report


@contextmanager
def prepared(spec: RoundsSpec, spark, folder: Path) -> Iterator[RoundsRun]:
    """An empty ``folder`` for the run's tables and the run's context (:func:`prepare`) on
    ``spark``, or on a session of its own (stopped after) when ``spark`` is None; partitions are
    not coalesced while it lasts."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    own_session = spark is None
    if own_session:
        spark = session(spec.memory)
        spark.sparkContext.setLogLevel("ERROR")
    try:
        with spark_conf(spark, {"spark.sql.adaptive.coalescePartitions.enabled": "false"}):
            yield prepare(spark, spec, spec.plan(), spec.feed(), folder)
    finally:
        if own_session:
            spark.stop()


def summarise(spec: RoundsSpec, ctx: RoundsRun, layouts: Sequence[Layout], rows: List[dict]) -> dict:
    order = {lay.name: i for i, lay in enumerate(layouts)}
    return {"mode": "rounds", "parameters": spec.parameters(),
            "plan": {**asdict(ctx.plan), "files_per_round": ctx.plan.files_per_round,
                     "total_rows": ctx.plan.total_rows, "bloom_entries": ctx.plan.bloom_entries},
            "sizes": asdict(ctx.sizes) if ctx.sizes else None,
            "filter_columns": list(ctx.columns), "axes": ctx.axes, "d": len(ctx.columns),
            "d_effective": ctx.d_effective,
            "rounds": sorted(rows, key=lambda x: (x["round"], order[x["layout"]]))}
