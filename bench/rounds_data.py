"""The rounds benchmark's rows (:mod:`bench.rounds`) and how they reach each layout's
table: the plan (:class:`RoundsPlan`: rounds, rows, small files; :class:`Sizes`: the clustering
plan's sizes), the feed (:class:`Feed`: order, operation, updates, table type), the rounds' rows as
Parquet (:func:`write_round_sources`), the model the tables must hold after each round
(:func:`cumulative_models`) and one round's write (:func:`ingest`)."""
from __future__ import annotations

import math
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from hudi_layout import scan, tables
from hudi_layout.ingest import ordering_options
from hudi_layout.options import BULK_INSERT_PARTITIONER_KEY, REGION_WRITE_PARTITIONER, WRITE_SMALL_FILE_KEY
from . import partitions, ssb

DEFAULT_ROUND_FILES = 40
#: Small files per clustered file within a round: W = max(1, F // ROUND_COMPACTION).
ROUND_COMPACTION = 5
BLOOM_ENTRIES_KEY = tables.BLOOM_ENTRIES_KEY
#: Rows whose values make the two-column conjunctions counted over every query after each round.
EVERY_ROWS = 1000
#: --order: the generator's (random) order, or the order date's.
ORDERS = ("random", "time")
#: --update-from: updates drawn from every earlier round's rows, or from the latest rounds' only.
UPDATE_FROM = ("all", "latest")
#: --update-from latest: the rounds a round's updates are drawn from (late-arriving changes).
LATEST_ROUNDS = 2
KEY = "lo_key"
#: The column a versioned row carries: the round that last wrote it (the table's ordering field).
VERSION = "version"
OPERATION_KEY = "hoodie.datasource.write.operation"
ORDERING_KEY = "hoodie.table.ordering.fields"
INSERT_SPLIT_KEY = "hoodie.copyonwrite.insert.split.size"
AUTO_SPLIT_KEY = "hoodie.copyonwrite.insert.auto.split"


@dataclass(frozen=True)
class RoundsPlan:
    """R rounds of M rows, each written as F small files and clustered into W files; with
    ``partitions`` P, into a table partitioned by ``partition_column`` (see the module's docstring)."""
    rounds: int
    rows_per_round: int
    round_files: int
    partitions: int = 0
    partition_column: str = ""
    partition_growth: float = 1.0

    def share(self, parts: int) -> "RoundsPlan":
        """One partition's share of a round that writes ``parts`` partitions: what each partition's
        clustering plan is sized for."""
        return RoundsPlan(self.rounds, max(1, self.rows_per_round // parts), max(2, self.round_files // parts))

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
    def of_round(round_bytes: int, plan: RoundsPlan, parts: int = 1) -> "Sizes":
        """From the bytes of the first round's small files; written into ``parts`` partitions, from
        one partition's share (each partition's clustering is planned on its own)."""
        if parts > 1:
            round_bytes, plan = round_bytes // parts, plan.share(parts)
        w = plan.files_per_round
        return Sizes(round_bytes, math.ceil(round_bytes / (w - 0.5)),
                     int(round_bytes / math.sqrt(plan.round_files * w)))


@dataclass(frozen=True)
class Feed:
    """How every round's rows reach each layout's table (see the module's docstring)."""
    order: str = "random"
    drift: Optional[str] = None
    operation: str = "bulk_insert"
    updates: float = 0.0
    table_type: str = "COPY_ON_WRITE"
    update_from: str = "all"

    @property
    def order_column(self) -> Optional[str]:
        """The column the rows are sorted by before they are cut into rounds; None: the generator's order."""
        return self.drift or (ssb.DATE_COLUMN if self.order == "time" else None)

    @property
    def versioned(self) -> bool:
        """Whether rows carry ``version``, the ordering field an insert or upsert needs."""
        return self.operation != "bulk_insert"

    def updated(self, plan: RoundsPlan) -> int:
        """Rows each round after the first updates."""
        return round(self.updates * plan.rows_per_round)

    def write_options(self, plan: RoundsPlan) -> Dict[str, str]:
        """The operation, no packing of new rows into existing files, and for an insert or upsert
        the ordering field and an insert split of one small file's rows."""
        opts = {OPERATION_KEY: self.operation, WRITE_SMALL_FILE_KEY: "0"}
        if self.versioned:
            opts.update({**ordering_options([VERSION]), INSERT_SPLIT_KEY: str(plan.bloom_entries), AUTO_SPLIT_KEY: "false"})
        return opts



@dataclass(frozen=True)
class RoundSources:
    """The rounds' rows as Parquet (see :func:`write_round_sources`): each round's new rows, the
    rows it updates (None where it updates none) and the data columns."""
    rows: List[str]
    updates: List[Optional[str]]
    columns: List[str]
    #: with --partitions: the rows each round writes (new and updated) into each partition
    partition_rows: List[Dict[str, int]] = field(default_factory=list)

    @property
    def rows_folder(self) -> str:
        """Every round's new rows, in folders ``round=<r>``."""
        return str(Path(self.rows[0]).parent)

    def written(self, r: int) -> List[str]:
        """The folders round ``r`` writes: its new rows and the rows it updates."""
        return [f for f in (self.rows[r - 1], self.updates[r - 1]) if f]


def write_round_sources(folder: Path, plan: RoundsPlan, seed: int, variant: str, feed: Feed = Feed()) -> RoundSources:
    """One seeded SSB table of ``plan.total_rows`` rows, sorted by ``feed.order_column`` if any (a
    stable sort), cut into the rounds' slices and written as Parquet: round r's new rows under
    ``folder/rows/round=<r>`` and the rows it updates (:func:`update_rows`) under
    ``folder/updates/round=<r>``, with ``lo_revenue`` raised by r. A versioned feed's rows carry
    ``version``: the round that wrote them."""
    import pyarrow as pa
    table = _ordered(ssb.generate(plan.total_rows, seed, 0.0, variant), feed.order_column)
    if plan.partitions:
        table = _partitioned(table, plan)
    shutil.rmtree(folder, ignore_errors=True)
    revenue = table.column("lo_revenue").to_numpy().copy()  # each row's latest value
    rows: List[str] = []
    updates: List[Optional[str]] = []
    per_partition: List[Dict[str, int]] = []
    for r in range(1, plan.rounds + 1):
        part = table.slice((r - 1) * plan.rows_per_round, plan.rows_per_round)
        rows.append(_write_slice(_with_version(part, r, feed), folder / "rows" / f"round={r}"))
        picked = update_rows(plan, feed, seed, r)
        revenue[picked] += r
        changed = table.take(picked).set_column(table.column_names.index("lo_revenue"), "lo_revenue",
                                                 pa.array(revenue[picked]))
        updates.append(_write_slice(_with_version(changed, r, feed), folder / "updates" / f"round={r}")
                       if len(picked) else None)
        if plan.partitions:
            per_partition.append(_partition_rows([part, changed]))
    return RoundSources(rows, updates, list(table.column_names) + ([VERSION] if feed.versioned else []),
                        per_partition)


def _partitioned(table, plan: RoundsPlan):
    """``table`` with the partition path column :data:`partitions.FIELD`: ``plan.partitions``
    stretches of ``plan.partition_column``'s values (:func:`partitions.stretches`, over every
    round's rows), each row its stretch's first value."""
    import pyarrow as pa
    import pyarrow.compute as pc
    values = table.column(plan.partition_column)
    if pa.types.is_dictionary(values.type):
        values = values.cast(values.type.value_type)
    counts = [(x["values"], x["counts"]) for x in pc.value_counts(values).to_pylist()]
    mapping = partitions.stretches(counts, plan.partitions, plan.partition_column, plan.partition_growth)
    keys = list(mapping)
    at = pc.index_in(values, value_set=pa.array(keys, type=values.type))
    return table.append_column(partitions.FIELD, pc.take(pa.array([mapping[k] for k in keys]), at))


def _partition_rows(parts) -> Dict[str, int]:
    """Rows of each partition in the Arrow tables ``parts``."""
    import pyarrow.compute as pc
    out: Dict[str, int] = {}
    for part in parts:
        for x in pc.value_counts(part.column(partitions.FIELD)).to_pylist():
            out[x["values"]] = out.get(x["values"], 0) + int(x["counts"])
    return out


def update_rows(plan: RoundsPlan, feed: Feed, seed: int, r: int):
    """Positions, in the sorted table, of the rows round ``r`` updates: ``feed.updated(plan)`` of the
    earlier rounds' rows (none in round 1), drawn without replacement by a generator seeded with
    (seed, r), in order. ``feed.update_from`` ``latest``: of the rows of the latest
    :data:`LATEST_ROUNDS` rounds before ``r`` only (late-arriving changes)."""
    import numpy as np
    earlier = (r - 1) * plan.rows_per_round
    first = max(0, r - 1 - LATEST_ROUNDS) * plan.rows_per_round if feed.update_from == "latest" else 0
    count = min(earlier - first, feed.updated(plan))
    if count == 0:
        return np.zeros(0, dtype=np.int64)
    return first + np.sort(np.random.default_rng([seed, r]).choice(earlier - first, count, replace=False))


def _ordered(table, column: Optional[str]):
    """``table`` sorted by ``column`` (stable: ties keep the generator's order), or as it is."""
    if not column:
        return table
    import pyarrow as pa
    import pyarrow.compute as pc
    values = table.column(column)
    if pa.types.is_dictionary(values.type):
        values = values.cast(values.type.value_type)
    return table.take(pc.sort_indices(values))


def _with_version(part, r: int, feed: Feed):
    if not feed.versioned:
        return part
    import pyarrow as pa
    return part.append_column(VERSION, pa.array([r] * part.num_rows, type=pa.int32()))


def _write_slice(part, out: Path) -> str:
    """``part`` as a few Parquet files in ``out`` (so Spark reads them in parallel)."""
    import pyarrow.parquet as pq
    out.mkdir(parents=True)
    step = max(1, -(-part.num_rows // 4))
    for i, start in enumerate(range(0, part.num_rows, step)):
        pq.write_table(part.slice(start, step), out / f"part-{i}.parquet")
    return str(out)



def ingest(spark, path: str, sources: Sequence[str], columns: Sequence[str], plan: RoundsPlan, feed: Feed,
           first: bool, on_grid: bool = False, files: Optional[Dict[str, int]] = None,
           extra: Optional[Mapping[str, str]] = None) -> None:
    """One round's write of the rows in ``sources`` (its new rows and the rows it updates) with the
    feed's operation, as ``plan.round_files`` small files of new rows (column stats on ``columns``);
    with ``files`` (``--partitions``: the small files of each partition the round reaches), into
    the table's partitions. ``on_grid``, a bulk insert puts them as the continuous layout's writes
    do: one file per region of the recorded grid they reach. ``extra``: the run's ``--hudi-option``
    flags, written last."""
    opts = tables.table_options("ssb", KEY, columns, plan.round_files, table_type=feed.table_type,
                                partition_by=partitions.FIELD if files else "")
    opts[BLOOM_ENTRIES_KEY] = str(plan.bloom_entries)
    opts.update(feed.write_options(plan))
    if on_grid:
        opts[BULK_INSERT_PARTITIONER_KEY] = REGION_WRITE_PARTITIONER
    opts.update(extra or {})
    rows = spark.read.parquet(*sources)
    rows = partitions.spread(rows, KEY, files) if files else rows.repartition(plan.round_files)
    rows.write.format("hudi").options(**opts).mode("overwrite" if first else "append").save(path)


def cumulative_models(spark, sources: RoundSources) -> List[Tuple[int, int]]:
    """(rows, checksum over every data column) the table must hold after each round, from the
    sources alone: every key rounds 1..r wrote, with the values of the last round that wrote it. A
    row written in round w is its key's latest from w until the round that next writes the key, so
    one aggregation by (w, next round) gives every round's sums."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F
    written = spark.read.parquet(sources.rows_folder)
    updated = [f for f in sources.updates if f]
    if updated:
        written = written.unionByName(spark.read.parquet(str(Path(updated[0]).parent)))
    until = F.lead("round").over(Window.partitionBy(KEY).orderBy("round"))
    spans = written.withColumn("until", until).groupBy("round", "until").agg(*scan.row_checksum(sources.columns)).collect()
    out = []
    for r in range(1, len(sources.rows) + 1):
        held = [x for x in spans if x["round"] <= r and (x["until"] is None or x["until"] > r)]
        out.append((sum(int(x["n"]) for x in held), sum(int(x["h"] or 0) for x in held)))
    return out
