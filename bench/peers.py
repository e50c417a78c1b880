"""The benchmark's peers: Delta Lake and Apache Iceberg laying out the bench's rows, each in a Spark
session of its own (its SQL extension and catalog), run as a child process of the bench.

Layouts (``--layouts`` names; ``-fullstats`` where the default truncates string statistics):

- ``delta-zorder``: the rows written as N files of a Delta table in random order, then
  ``OPTIMIZE delta.`path` ZORDER BY (cols)``; ``-fullstats`` keeps whole strings in the stats
  (``spark.databricks.io.skipping.stringPrefixLength``, 32 characters by default);
- ``delta-liquid``: a table created ``CLUSTER BY (cols)``, the rows appended as N files, then
  ``OPTIMIZE``;
- ``iceberg-zorder``: an Iceberg table in a Hadoop catalog under the bench folder, the rows appended
  as N files, then ``rewrite_data_files`` with ``strategy => 'sort'`` and ``zorder(cols)`` over every
  file; ``-fullstats`` sets ``write.metadata.metrics.default=full`` (16 characters by default).

Each system's size options come from its own random table's bytes / N, so it writes about N files;
the result names the files it really wrote. Files read per query come from each system's own scan,
as a user's query reads them: Spark's ``numFiles`` on Delta's file scan, Iceberg's
``resultDataFiles`` scan metric; rows and a checksum of their keys per query go back to the bench,
which holds them against the random table's.

Each layout is timed stage by stage (``StageLog``, as the bench times Hudi's), after a warm-up on a
small table of the same rows (:func:`warm_up`), and written with the bench's ``--codec`` if given.

Each run also saves every live data file's bounds per filter column, as the system's own skipping
reads them, in ``bounds.json`` beside its table, for :mod:`bench.every_query`. With
``bench --rounds`` a peer grows its table round by round instead (:func:`grow`).

Run: ``python -m bench.peers REQUEST.json RESULT.json`` (the bench writes the request:
layout, source, columns, key, files, total_bytes, queries, folder, memory; or, for rounds, the
fields of :class:`RoundsRequest`). The jars come from
``target/peers`` (``mvn -Ppeers package``); without them the run stops with one line saying so.
"""
from __future__ import annotations

import datetime
import json
import math
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .queries import bytes_read
from .sessions import spark_conf

#: the peers' layouts, by --layouts name: (system, its layout, full string statistics)
LAYOUTS = {
    "delta-zorder": ("delta", "zorder", False),
    "delta-zorder-fullstats": ("delta", "zorder", True),
    "delta-liquid": ("delta", "liquid", False),
    "delta-liquid-fullstats": ("delta", "liquid", True),
    "iceberg-zorder": ("iceberg", "zorder", False),
    "iceberg-zorder-fullstats": ("iceberg", "zorder", True),
}

#: Spark's scan nodes and the metric that counts the data files each read
SCAN_METRICS = {"FileSourceScanExec": "numFiles", "BatchScanExec": "resultDataFiles"}

DELTA_EXTENSION = "io.delta.sql.DeltaSparkSessionExtension"
DELTA_CATALOG = "org.apache.spark.sql.delta.catalog.DeltaCatalog"
ICEBERG_EXTENSION = "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions"
ICEBERG_CATALOG = "bench"
DELTA_STRING_PREFIX_KEY = "spark.databricks.io.skipping.stringPrefixLength"
#: a string prefix long enough for any value the bench writes
FULL_STRING_PREFIX = 1024


#: Iceberg's largest output file, in targets: see :meth:`Iceberg.lay_out`
ICEBERG_MAX_FILE = 64

#: the exit code of a peer that cannot run on this machine
UNAVAILABLE = 3


class PeerUnavailable(RuntimeError):
    """A peer cannot run on this machine (its jars are missing); the message says what to do."""


class LayoutUnavailable(RuntimeError):
    """A layout the run asked for cannot run on this machine: the run fails (the bench exits
    non-zero) rather than leave it out; the message names the layout and what is missing."""

    def __init__(self, layouts: Sequence[str], reason: str):
        self.layouts = list(layouts)
        which = f"layout {layouts[0]}" if len(layouts) == 1 else f"layouts {', '.join(layouts)}"
        super().__init__(f"{which} asked for but cannot run here: {reason}")


def check_runnable(names: Sequence[str]) -> None:
    """:class:`LayoutUnavailable` when one of the layouts ``names`` is a peer whose jars are missing
    (before any Spark session starts)."""
    wanted = [n for n in names if is_peer(n)]
    if not wanted:
        return
    try:
        peer_jars()
    except PeerUnavailable as e:
        raise LayoutUnavailable(wanted, str(e)) from None


def is_peer(name: str) -> bool:
    return name in LAYOUTS


def peer_jars() -> List[str]:
    """The peers' jars from the checkout's ``target/peers`` (``mvn -Ppeers package``)."""
    from hudi_layout.jarpaths import checkout_root
    root = checkout_root()
    folder = root / "target" / "peers" if root is not None else None
    found = sorted(str(p) for p in folder.glob("*.jar")) if folder is not None and folder.is_dir() else []
    if not any("delta-spark" in j for j in found) or not any("iceberg-spark-runtime" in j for j in found):
        raise PeerUnavailable(f"Delta and Iceberg jars not found in {folder}: run `mvn -Ppeers package` "
                              f"(or `make peers`) in the checkout")
    return found


class _Named:
    """What a peer layout's name says: its system, its layout and whether stats are kept whole."""
    layout: str

    @property
    def system(self) -> str:
        return LAYOUTS[self.layout][0]

    @property
    def kind(self) -> str:
        return LAYOUTS[self.layout][1]

    @property
    def full_stats(self) -> bool:
        return LAYOUTS[self.layout][2]


#: how many times a layout's empty query (``Request.empty``) runs; its least time counts
EMPTY_RUNS = 3


@dataclass
class Request(_Named):
    """One fresh layout: the rows written in random order as N files, then laid out."""
    layout: str
    source: str          # Parquet folder of the rows
    columns: List[str]
    key: str             # the record key, for the checksum
    files: int           # N
    total_bytes: int     # the bench's random (Hudi) table's bytes
    queries: List[Dict[str, str]]  # {"kind", "label", "predicate"}
    folder: str          # where the peer's table goes
    memory: str = "4g"
    codec: str = ""      # the Parquet codec of every file written; "" for the system's own default
    warmup: bool = True  # lay out a small table first, unmeasured (:func:`warm_up`)
    empty: str = ""      # a filter no row matches, timed EMPTY_RUNS times: a query's least cost ("": none)


@dataclass
class RoundsRequest(_Named):
    """A table grown by rounds (``bench --rounds``): each round's write, then the peer's own
    incremental layout, then the round's measures."""
    layout: str
    rounds: List[List[str]]  # per round, the Parquet folders it writes: its new rows, the rows it updates
    columns: List[str]       # the filter columns
    data_columns: List[str]  # what the table's checksum covers
    key: str
    operation: str           # bulk_insert | insert | upsert
    round_files: int         # F: small files per round
    files_per_round: int     # W: files per round once laid out
    queries: List[Dict[str, str]]
    folder: str
    memory: str = "4g"
    codec: str = ""

    @property
    def files(self) -> int:
        """Spark's shuffle partitions: a round's small files."""
        return self.round_files

    @property
    def total_bytes(self) -> int:
        """The writer's file cap when the table is created: far above a round, so one file per task."""
        return 1 << 40



def session(request: "Request | RoundsRequest"):
    from pyspark.sql import SparkSession
    jars = peer_jars()
    from hudi_layout.jarpaths import jar_path
    from .probes import bench_jar
    builder = (SparkSession.builder.master("local[2]").appName(f"hudi-layout-bench-{request.layout}")
               .config("spark.jars", ",".join([jar_path(), bench_jar()] + jars))
               .config("spark.driver.memory", request.memory)
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.session.timeZone", "UTC")
               .config("spark.sql.shuffle.partitions", str(request.files))
               .config("spark.sql.adaptive.coalescePartitions.enabled", "false"))
    if request.system == "delta":
        builder = (builder.config("spark.sql.extensions", DELTA_EXTENSION)
                   .config("spark.sql.catalog.spark_catalog", DELTA_CATALOG))
        if request.full_stats:
            builder = builder.config(DELTA_STRING_PREFIX_KEY, str(FULL_STRING_PREFIX))
        if request.codec:  # Delta writes with Spark's Parquet writer (snappy by default)
            builder = builder.config("spark.sql.parquet.compression.codec", request.codec)
    else:
        warehouse = str(Path(request.folder) / "warehouse")
        builder = (builder.config("spark.sql.extensions", ICEBERG_EXTENSION)
                   .config(f"spark.sql.catalog.{ICEBERG_CATALOG}", "org.apache.iceberg.spark.SparkCatalog")
                   .config(f"spark.sql.catalog.{ICEBERG_CATALOG}.type", "hadoop")
                   .config(f"spark.sql.catalog.{ICEBERG_CATALOG}.warehouse", warehouse))
    return builder.getOrCreate()


def _quoted(columns: Sequence[str]) -> str:
    return ", ".join(f"`{c}`" for c in columns)


class _Table:
    """What both peers' tables do alike: a round's write."""
    spark: Any
    request: Any
    ref: str  # the table's name in SQL

    def write_random(self, rows) -> None:
        raise NotImplementedError

    def lay_out(self, target_bytes: int, small_bytes: Optional[int] = None) -> None:
        raise NotImplementedError

    def bytes(self) -> int:
        raise NotImplementedError

    def append(self, rows) -> None:
        raise NotImplementedError

    def write_round(self, rows, first: bool, operation: str) -> None:
        """A round's rows as F files: the table created from them, appended, or merged on the key
        for an upsert (its updated rows replace their keys' rows)."""
        r = self.request
        if first:
            self.write_random(rows)
        elif operation == "upsert":
            rows.repartition(r.files).createOrReplaceTempView("round_rows")
            self.spark.sql(f"MERGE INTO {self.ref} t USING round_rows s ON t.`{r.key}` = s.`{r.key}` "
                           "WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *").collect()
        else:
            self.append(rows.repartition(r.files))


class Delta(_Table):
    def __init__(self, spark, request: "Request | RoundsRequest"):
        self.spark, self.request = spark, request
        self.path = str(Path(request.folder) / "delta")
        self.ref = f"delta.`{self.path}`"

    def write_random(self, rows) -> None:
        r = self.request
        if r.kind == "liquid":
            schema = ", ".join(f"`{f.name}` {f.dataType.simpleString()}" for f in rows.schema.fields)
            self.spark.sql(f"CREATE TABLE {self.ref} ({schema}) USING delta CLUSTER BY ({_quoted(r.columns)})")
            rows.repartition(r.files).write.format("delta").mode("append").save(self.path)
        else:
            rows.repartition(r.files).write.format("delta").mode("overwrite").save(self.path)

    def append(self, rows) -> None:
        rows.write.format("delta").mode("append").save(self.path)

    def _log(self):
        """The table's log, commit by commit in order: (version, its actions)."""
        for commit in sorted((Path(self.path) / "_delta_log").glob("*.json")):
            yield commit.stem, [json.loads(line) for line in commit.read_text().splitlines() if line.strip()]

    def commits(self) -> List[Dict[str, Any]]:
        """Every commit in the log: whether it laid files out (OPTIMIZE), the bytes and files it
        added and the files it removed."""
        out = []
        for version, actions in self._log():
            operation = next((a["commitInfo"].get("operation", "") for a in actions if "commitInfo" in a), "")
            adds = [a["add"] for a in actions if "add" in a]
            out.append({"id": version, "layout": operation == "OPTIMIZE",
                        "bytes": sum(int(a.get("size", 0)) for a in adds), "added": len(adds),
                        "removed": sum(1 for a in actions if "remove" in a)})
        return out

    def lay_out(self, target_bytes: int, small_bytes: Optional[int] = None) -> None:
        """OPTIMIZE into files of ``target_bytes``, taking files below ``small_bytes`` (default: the
        target, so every file of a fresh table)."""
        r = self.request
        size = str(target_bytes)
        conf = {"spark.databricks.delta.optimize.maxFileSize": size,
                "spark.databricks.delta.optimize.minFileSize": str(small_bytes or target_bytes)}
        if r.kind == "liquid":
            conf["spark.databricks.delta.optimize.clustering.mergeStrategy.minCubeSize.threshold"] = size
        with spark_conf(self.spark, conf):
            if r.kind == "liquid":
                self.spark.sql(f"OPTIMIZE {self.ref}").collect()
            else:
                self.spark.sql(f"OPTIMIZE {self.ref} ZORDER BY ({_quoted(r.columns)})").collect()

    def files(self) -> int:
        return int(self.spark.sql(f"DESCRIBE DETAIL {self.ref}").collect()[0]["numFiles"])

    def bytes(self) -> int:
        return int(self.spark.sql(f"DESCRIBE DETAIL {self.ref}").collect()[0]["sizeInBytes"])

    def table(self):
        return self.spark.read.format("delta").load(self.path)

    def bounds(self, columns: Sequence[str]) -> Dict[str, Any]:
        """Each live file's [min, max] per column from the table's log (the stats its skipping
        reads; strings as Delta truncated them): the add actions not removed since, in commit order."""
        live: Dict[str, Optional[str]] = {}
        for _, actions in self._log():
            for action in actions:
                if "add" in action:
                    live[action["add"]["path"]] = action["add"].get("stats")
                elif "remove" in action:
                    live.pop(action["remove"]["path"], None)
        stats = {f: json.loads(s) if s else {} for f, s in live.items()}
        return {f: {c: (st.get("minValues", {}).get(c), st.get("maxValues", {}).get(c)) for c in columns}
                for f, st in stats.items()}


class Iceberg(_Table):
    def __init__(self, spark, request: "Request | RoundsRequest", table: str = "rows"):
        self.spark, self.request = spark, request
        self.short = f"db.{table}"  # its name in the catalog
        self.name = self.ref = f"{ICEBERG_CATALOG}.{self.short}"

    def write_random(self, rows) -> None:
        r = self.request
        props = {"write.target-file-size-bytes": str(4 * r.total_bytes)}  # one file per Spark partition
        if r.full_stats:
            props["write.metadata.metrics.default"] = "full"
        if r.codec:  # zstd by default
            props["write.parquet.compression-codec"] = r.codec
        writer = rows.repartition(r.files).writeTo(self.name)
        for k, v in props.items():
            writer = writer.tableProperty(k, v)
        writer.create()

    def append(self, rows) -> None:
        rows.writeTo(self.name).append()

    def commits(self) -> List[Dict[str, Any]]:
        """Every snapshot: whether it laid files out (a rewrite, operation replace), the bytes and
        data files it added and the data files it removed."""
        out = []
        for row in self.spark.sql(f"SELECT snapshot_id, operation, summary FROM {self.name}.snapshots "
                                  "ORDER BY committed_at").collect():
            summary = row["summary"] or {}
            out.append({"id": str(row["snapshot_id"]), "layout": row["operation"] == "replace",
                        "bytes": int(summary.get("added-files-size", 0)),
                        "added": int(summary.get("added-data-files", 0)),
                        "removed": int(summary.get("deleted-data-files", 0))})
        return out

    def lay_out(self, target_bytes: int, small_bytes: Optional[int] = None) -> None:
        """The z-order rewrite into files of ``target_bytes``: of every file (a fresh table), or,
        given ``small_bytes``, as Iceberg's users run it on a growing table, with its default file
        selection (files below ``small_bytes`` or far above the target, in groups of at least its
        minimum input files)."""
        r = self.request
        self.spark.sql(f"ALTER TABLE {self.name} SET TBLPROPERTIES ('write.target-file-size-bytes' = "
                       f"'{target_bytes}')")
        which = "'rewrite-all', 'true'" if small_bytes is None else f"'min-file-size-bytes', '{small_bytes}'"
        # The rewrite sorts into (input bytes / target) partitions, one output file each, but its
        # writer rolls a file over at target + (max - target) / 2 judged by a size estimate that
        # counts the open row group uncompressed: with the default max (1.8x the target) or 4x, a
        # partition became 2-3 files (740 for 300). A max far above the target leaves the
        # partitions to decide the count; it also means no file is taken again for being too large.
        self.spark.sql(
            f"CALL {ICEBERG_CATALOG}.system.rewrite_data_files(table => '{self.short}', strategy => 'sort', "
            f"sort_order => 'zorder({', '.join(r.columns)})', options => map("
            f"'target-file-size-bytes', '{target_bytes}', 'max-file-size-bytes', '{ICEBERG_MAX_FILE * target_bytes}', "
            f"{which}))").collect()

    def files(self) -> int:
        return int(self.spark.sql(f"SELECT count(*) AS n FROM {self.name}.files").collect()[0]["n"])

    def bytes(self) -> int:
        return int(self.spark.sql(f"SELECT coalesce(sum(file_size_in_bytes), 0) AS b FROM {self.name}.files")
                   .collect()[0]["b"])

    def table(self):
        return self.spark.table(self.name)

    def bounds(self, columns: Sequence[str]) -> Dict[str, Any]:
        """Each live data file's [lower, upper] bound per column from the table's manifests (the
        bounds its scan planning reads; strings as Iceberg truncated them)."""
        rows = self.spark.sql(f"SELECT file_path, readable_metrics FROM {self.name}.files").collect()
        return {r["file_path"]: {c: (r["readable_metrics"][c]["lower_bound"], r["readable_metrics"][c]["upper_bound"])
                                 for c in columns} for r in rows}


def open_table(spark, request: "Request | RoundsRequest", iceberg_name: str = "rows") -> "Delta | Iceberg":
    """The request's system's table: Delta's under the request's folder, Iceberg's named
    ``iceberg_name`` in the bench's catalog."""
    return Delta(spark, request) if request.system == "delta" else Iceberg(spark, request, iceberg_name)


def bounds_json(bounds: Dict[str, Dict[str, tuple]], columns: Sequence[str], dates: Sequence[str]) -> Dict[str, Any]:
    """Per-file bounds as :meth:`bench.every_query.FileBounds.of_peer` reads them: file
    names, per column the lows and highs (None where the system kept none), the ``dates`` columns'
    as day numbers since 1970-01-01 (Delta's log holds them as ISO strings, Iceberg's as dates)."""
    files = sorted(bounds)
    dates = sorted(dates)

    def plain(c, v):
        if v is None or c not in dates:
            return v
        day = v if isinstance(v, datetime.date) else datetime.date.fromisoformat(str(v))
        return (day - datetime.date(1970, 1, 1)).days
    return {"files": files, "dates": dates,
            "low": {c: [plain(c, bounds[f][c][0]) for f in files] for c in columns},
            "high": {c: [plain(c, bounds[f][c][1]) for f in files] for c in columns}}


def files_scanned(df) -> int:
    """Data files read by the file scans in ``df``'s executed plan (run ``df`` first), each by its
    own metric (:data:`SCAN_METRICS`)."""
    from hudi_layout import jvm
    return jvm.data_files_scanned(df, SCAN_METRICS)


def run(request: Request) -> dict:
    """Write, lay out and query one peer layout; the result as the bench reports a layout."""
    from pyspark.sql import functions as F
    from . import probes
    spark = session(request)
    spark.sparkContext.setLogLevel("ERROR")
    try:
        rows = spark.read.parquet(request.source)
        if request.warmup:
            warm_up(spark, request, rows)
        table = open_table(spark, request)
        table.write_random(rows)
        random_files = table.files()
        # the metric checked on the random table: a point query there reads (nearly) every file
        first = request.queries[0]["predicate"]
        probe = table.table().where(first).agg(F.count(F.lit(1)))
        probe.collect()
        random_query_files = files_scanned(probe)
        meter = probes.attach_shuffle_meter(spark)
        before = table.bytes()
        probes.full_gc(spark)
        stage_log = probes.attach_stage_log(spark)
        # each system's own bytes per file: its codec and its columns make its files of the same
        # rows smaller than Hudi's, so the Hudi table's bytes / N would give it fewer files
        t0 = time.time()
        table.lay_out(max(1, before // max(1, request.files)))
        seconds = time.time() - t0
        shuffle = probes.shuffle_bytes_written(spark, meter)
        stages = probes.take_stages(spark, stage_log)
        out: Dict[str, Any] = {"layout": request.layout, "random_files": random_files, "random_query_files": random_query_files,
               "files": table.files(), "started": t0, "stages": stages,
               "cluster_seconds": seconds, "shuffle_bytes": shuffle,
               "bytes": table.bytes(), "random_bytes": before, "queries": []}
        with spark_conf(spark, {"spark.sql.adaptive.enabled": "false"}):
            out["queries"] = [_query(table, request, q) for q in request.queries]
            if request.empty:
                runs = [_query(table, request, {"kind": "empty", "label": "", "predicate": request.empty})
                        for _ in range(EMPTY_RUNS)]
                out["empty_seconds"], out["empty_files"] = min(r["seconds"] for r in runs), runs[0]["files"]
            # the files' bounds as the system's own skipping reads them, for tools.every_query
            dates = [c for c in request.columns if rows.schema[c].dataType.simpleString() == "date"]
            (Path(request.folder) / "bounds.json").write_text(json.dumps(
                bounds_json(table.bounds(request.columns), request.columns, dates)))
        return out
    finally:
        spark.stop()


#: the warm-up table's rows and files, as the bench's own warm-up (bench.WARMUP_ROWS)
WARMUP_ROWS, WARMUP_FILES = 100_000, 8


def warm_up(spark, request: Request, rows) -> None:
    """The layout once on a small table of the same rows, unmeasured and dropped, so the measured
    run does not pay the JIT and class loading the bench's own layouts are spared by its warm-up."""
    with scratch_table(spark, request, "warmup", files=WARMUP_FILES) as table:
        table.write_random(rows.limit(WARMUP_ROWS))
        table.lay_out(max(1, table.bytes() // WARMUP_FILES))


@contextmanager
def scratch_table(spark, request: "Request | RoundsRequest", name: str, **changes):
    """A table of the request's system under the request's folder / ``name`` (Iceberg's named
    ``name``), for a layout whose figures are thrown away; dropped with its files afterwards."""
    import dataclasses
    import shutil
    folder = Path(request.folder) / name
    table = open_table(spark, dataclasses.replace(request, folder=str(folder), **changes), name)
    try:
        yield table
    finally:
        if isinstance(table, Iceberg):
            spark.sql(f"DROP TABLE IF EXISTS {table.name} PURGE")
        shutil.rmtree(folder, ignore_errors=True)


def _query(table, request, q: Dict[str, str]) -> Dict[str, Any]:
    """One query on the peer's table: files its scan read, rows and the sum of their keys' hashes."""
    from pyspark.sql import functions as F
    df = table.table().where(q["predicate"]).agg(
        F.count(F.lit(1)).alias("n"), F.sum(F.xxhash64(request.key).cast("decimal(38,0)")).alias("h"))
    t0 = time.time()
    got = df.collect()[0]
    seconds = time.time() - t0
    return {**q, "files": files_scanned(df), "bytes": bytes_read(df), "rows": int(got["n"]),
            "checksum": int(got["h"] or 0), "seconds": seconds}


#: how many scratch layouts of the first round may size a peer's target (:func:`calibrate`)
CALIBRATION_TRIES = 3
#: the most a target moves after one layout (:func:`resized`)
RESIZE_LIMIT = 4.0


def resized(target: int, wrote_bytes: int, wrote_files: int, per_file: float) -> int:
    """The target that would have made a layout which wrote ``wrote_files`` files of ``wrote_bytes``
    at ``target`` write files of ``per_file`` bytes: the target scaled by ``per_file`` over the
    bytes per file it wrote, by at most :data:`RESIZE_LIMIT` either way. A peer's layout does not
    write files of its target (Delta's liquid clustering wrote about half the files asked of it,
    Iceberg's rewrite more), so its file count follows what it wrote, not what it was asked."""
    if wrote_files <= 0 or wrote_bytes <= 0 or per_file <= 0:
        return target
    factor = min(RESIZE_LIMIT, max(1 / RESIZE_LIMIT, per_file * wrote_files / wrote_bytes))
    return max(1, int(target * factor))


def _written(commits: List[Dict[str, Any]], before: set) -> Tuple[List[Dict[str, Any]], int, int]:
    """The layout commits not in ``before``, and the files and bytes they wrote."""
    laid = [c for c in commits if c["layout"] and c["id"] not in before]
    return laid, sum(c["added"] for c in laid), sum(c["bytes"] for c in laid)


def calibrate(spark, request: RoundsRequest, rows, target: int, small: int) -> int:
    """The first round's target, sized on scratch copies of the round so its layout writes the W
    files a round the bench asks of every layout: up to :data:`CALIBRATION_TRIES` times the round
    written and laid out in a scratch table (:func:`scratch_table`), the target :func:`resized` to
    W files of what it wrote, until a layout writes W files."""
    wanted = request.files_per_round
    for attempt in range(CALIBRATION_TRIES):
        with scratch_table(spark, request, f"calibrate{attempt}") as scratch:
            scratch.write_round(rows, True, request.operation)
            scratch.lay_out(target, small)
            _, wrote_files, wrote_bytes = _written(scratch.commits(), set())
        if wrote_files == wanted or wrote_files == 0:
            break
        target = resized(target, wrote_bytes, wrote_files, wrote_bytes / wanted)
    return target


def grow(request: RoundsRequest) -> dict:
    """A peer's table through every round: the round's write (F small files, appended, or merged on
    the key for an upsert), then its own layout of the round (Delta: ``OPTIMIZE``, incremental for
    liquid clustering, z-ordering every file it takes for z-order; Iceberg: the z-order rewrite
    with its default file selection). Sizes come from the first round's bytes B as this system
    wrote them, as the bench fixes Hudi's: target B / (W - 1/2), so a round makes about W files,
    and small files below B / sqrt(F W), so files laid out before are not taken again for their
    size. As the peers' layouts do not write files of the target they are given, the first round's
    target is sized on scratch copies of the round (:func:`calibrate`) and every later round's
    from the bytes per file the last layout wrote (:func:`resized`), so each layout writes files of
    the first round's bytes / W and the table holds about as many files as the bench's Hudi
    layouts. Then the files in the table, its rows' count and checksum, each query, every file's
    bounds and the bytes written so far by writes and by layouts."""
    from hudi_layout.scan import row_checksum
    spark = session(request)
    spark.sparkContext.setLogLevel("ERROR")
    out: Dict[str, Any] = {"layout": request.layout, "rounds": []}
    try:
        table = open_table(spark, request)
        dates: List[str] = []
        target = small = 0
        per_file = 0.0  # the bytes per file every layout is sized to write: the first one's / W
        laid_before: set = set()  # the layouts' commits of earlier rounds (a write is never one)
        for r, sources in enumerate(request.rounds, start=1):
            rows = spark.read.parquet(*sources)
            table.write_round(rows, r == 1, request.operation)
            if r == 1:  # sizes from the round's bytes as this system writes them, as the bench's for Hudi
                dates = [c for c in request.columns if rows.schema[c].dataType.simpleString() == "date"]
                written = table.bytes()
                target = max(1, int(written / max(0.5, request.files_per_round - 0.5)))
                small = max(1, int(written / math.sqrt(request.round_files * request.files_per_round)))
                target = calibrate(spark, request, rows, target, small)
            asked = target
            t0 = time.time()
            table.lay_out(target, small)
            seconds = time.time() - t0
            commits = table.commits()
            laid, wrote_files, wrote_bytes = _written(commits, laid_before)
            laid_before |= {c["id"] for c in laid}
            if r == 1 and wrote_files:
                per_file = wrote_bytes / request.files_per_round
            target = resized(target, wrote_bytes, wrote_files, per_file)
            got = table.table().agg(*row_checksum(request.data_columns)).collect()[0]
            with spark_conf(spark, {"spark.sql.adaptive.enabled": "false"}):  # as the bench's queries run
                with_skipping = [_query(table, request, q) for q in request.queries]
            out["rounds"].append({
                "round": r, "files": table.files(), "contents": [int(got["n"]), int(got["h"] or 0)],
                "queries": with_skipping, "cluster_seconds": seconds,
                "ingested": sum(c["bytes"] for c in commits if not c["layout"]),
                "rewritten": sum(c["bytes"] for c in commits if c["layout"]),
                "files_replaced": sum(c["removed"] for c in laid), "files_written": wrote_files,
                "target_bytes": asked,
                "bounds": bounds_json(table.bounds(request.columns), request.columns, dates)})
        return out
    finally:
        spark.stop()


def run_child(request: Dict[str, Any], folder: Path, progress) -> dict:
    """Runs ``request`` (a :class:`Request`'s or :class:`RoundsRequest`'s fields) in a child process
    with a Spark session of its own, in ``folder``; its result. :class:`LayoutUnavailable` when the
    peer cannot run here; a failed peer stops the bench with its error."""
    import subprocess
    (folder / "request.json").write_text(json.dumps(request))
    ran = subprocess.run([sys.executable, "-m", "bench.peers", str(folder / "request.json"),
                          str(folder / "result.json")], capture_output=True, text=True)
    if ran.returncode == UNAVAILABLE:
        said = ran.stderr.strip().splitlines()
        raise LayoutUnavailable([request["layout"]], said[-1] if said else "its jars are missing")
    if ran.returncode != 0:
        raise SystemExit(f"peer layout {request['layout']} failed:\n{ran.stderr[-4000:]}")
    return json.loads((folder / "result.json").read_text())


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m bench.peers REQUEST.json RESULT.json", file=sys.stderr)
        return 2
    raw = json.loads(Path(args[0]).read_text())
    request: Any = RoundsRequest(**raw) if "rounds" in raw else Request(**raw)
    try:
        result = grow(request) if isinstance(request, RoundsRequest) else run(request)
    except PeerUnavailable as e:
        print(str(e), file=sys.stderr)
        return UNAVAILABLE
    Path(args[1]).write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
