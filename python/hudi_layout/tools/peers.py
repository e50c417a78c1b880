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

Run: ``python -m hudi_layout.tools.peers REQUEST.json RESULT.json`` (the bench writes the request:
layout, source, columns, key, files, total_bytes, queries, folder, memory). The jars come from
``target/peers`` (``mvn -Ppeers package``); without them the run stops with one line saying so.
"""
from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

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


#: the exit code of a peer that cannot run on this machine
UNAVAILABLE = 3


class PeerUnavailable(RuntimeError):
    """A peer cannot run on this machine (its jars are missing); the message says what to do."""


def is_peer(name: str) -> bool:
    return name in LAYOUTS


def peer_jars() -> List[str]:
    """The peers' jars from the checkout's ``target/peers`` (``mvn -Ppeers package``)."""
    from ..jarpaths import checkout_root
    root = checkout_root()
    folder = root / "target" / "peers" if root is not None else None
    found = sorted(str(p) for p in folder.glob("*.jar")) if folder is not None and folder.is_dir() else []
    if not any("delta-spark" in j for j in found) or not any("iceberg-spark-runtime" in j for j in found):
        raise PeerUnavailable(f"Delta and Iceberg jars not found in {folder}: run `mvn -Ppeers package` "
                              f"(or `make peers`) in the checkout")
    return found


@dataclass
class Request:
    layout: str
    source: str          # Parquet folder of the rows
    columns: List[str]
    key: str             # the record key, for the checksum
    files: int           # N
    total_bytes: int     # the bench's random (Hudi) table's bytes
    queries: List[Dict[str, str]]  # {"kind", "label", "predicate"}
    folder: str          # where the peer's table goes
    memory: str = "4g"

    @property
    def system(self) -> str:
        return LAYOUTS[self.layout][0]

    @property
    def kind(self) -> str:
        return LAYOUTS[self.layout][1]

    @property
    def full_stats(self) -> bool:
        return LAYOUTS[self.layout][2]



def session(request: Request):
    from pyspark.sql import SparkSession
    jars = peer_jars()
    from ..jarpaths import jar_path
    builder = (SparkSession.builder.master("local[2]").appName(f"hudi-layout-bench-{request.layout}")
               .config("spark.jars", ",".join([jar_path()] + jars))
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
    else:
        warehouse = str(Path(request.folder) / "warehouse")
        builder = (builder.config("spark.sql.extensions", ICEBERG_EXTENSION)
                   .config(f"spark.sql.catalog.{ICEBERG_CATALOG}", "org.apache.iceberg.spark.SparkCatalog")
                   .config(f"spark.sql.catalog.{ICEBERG_CATALOG}.type", "hadoop")
                   .config(f"spark.sql.catalog.{ICEBERG_CATALOG}.warehouse", warehouse))
    return builder.getOrCreate()


def _quoted(columns: Sequence[str]) -> str:
    return ", ".join(f"`{c}`" for c in columns)


class Delta:
    def __init__(self, spark, request: Request):
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

    def lay_out(self, target_bytes: int) -> None:
        r = self.request
        size = str(target_bytes)
        self.spark.conf.set("spark.databricks.delta.optimize.maxFileSize", size)
        self.spark.conf.set("spark.databricks.delta.optimize.minFileSize", size)
        if r.kind == "liquid":
            self.spark.conf.set("spark.databricks.delta.optimize.clustering.mergeStrategy.minCubeSize.threshold", size)
            self.spark.sql(f"OPTIMIZE {self.ref}").collect()
        else:
            self.spark.sql(f"OPTIMIZE {self.ref} ZORDER BY ({_quoted(r.columns)})").collect()

    def files(self) -> int:
        return int(self.spark.sql(f"DESCRIBE DETAIL {self.ref}").collect()[0]["numFiles"])

    def bytes(self) -> int:
        return int(self.spark.sql(f"DESCRIBE DETAIL {self.ref}").collect()[0]["sizeInBytes"])

    def table(self):
        return self.spark.read.format("delta").load(self.path)


class Iceberg:
    def __init__(self, spark, request: Request):
        self.spark, self.request = spark, request
        self.name = f"{ICEBERG_CATALOG}.db.rows"

    def write_random(self, rows) -> None:
        r = self.request
        props = {"write.target-file-size-bytes": str(4 * r.total_bytes)}  # one file per Spark partition
        if r.full_stats:
            props["write.metadata.metrics.default"] = "full"
        writer = rows.repartition(r.files).writeTo(self.name)
        for k, v in props.items():
            writer = writer.tableProperty(k, v)
        writer.create()

    def lay_out(self, target_bytes: int) -> None:
        r = self.request
        # the writer cuts files by its estimate of uncompressed bytes: raise its cap so the
        # rewrite's target decides the file count
        self.spark.sql(f"ALTER TABLE {self.name} SET TBLPROPERTIES ('write.target-file-size-bytes' = "
                       f"'{target_bytes}')")
        self.spark.sql(
            f"CALL {ICEBERG_CATALOG}.system.rewrite_data_files(table => 'db.rows', strategy => 'sort', "
            f"sort_order => 'zorder({', '.join(r.columns)})', options => map("
            f"'target-file-size-bytes', '{target_bytes}', 'max-file-size-bytes', '{4 * target_bytes}', "
            f"'rewrite-all', 'true'))").collect()

    def files(self) -> int:
        return int(self.spark.sql(f"SELECT count(*) AS n FROM {self.name}.files").collect()[0]["n"])

    def bytes(self) -> int:
        return int(self.spark.sql(f"SELECT coalesce(sum(file_size_in_bytes), 0) AS b FROM {self.name}.files")
                   .collect()[0]["b"])

    def table(self):
        return self.spark.table(self.name)


def files_scanned(df) -> int:
    """Data files read by the file scans in ``df``'s executed plan (run ``df`` first), each by its
    own metric (:data:`SCAN_METRICS`)."""
    from .. import jvm
    return jvm.data_files_scanned(df, SCAN_METRICS)


def run(request: Request) -> dict:
    """Write, lay out and query one peer layout; the result as the bench reports a layout."""
    from pyspark.sql import functions as F
    from .. import jvm
    spark = session(request)
    spark.sparkContext.setLogLevel("ERROR")
    try:
        table = (Delta if request.system == "delta" else Iceberg)(spark, request)
        rows = spark.read.parquet(request.source)
        table.write_random(rows)
        random_files = table.files()
        # the metric checked on the random table: a point query there reads (nearly) every file
        first = request.queries[0]["predicate"]
        probe = table.table().where(first).agg(F.count(F.lit(1)))
        probe.collect()
        random_query_files = files_scanned(probe)
        meter = jvm.attach_shuffle_meter(spark)
        before = table.bytes()
        # each system's own bytes per file: its codec and its columns make its files of the same
        # rows smaller than Hudi's, so the Hudi table's bytes / N would give it fewer files
        t0 = time.time()
        table.lay_out(max(1, before // max(1, request.files)))
        seconds = time.time() - t0
        shuffle = jvm.shuffle_bytes_written(spark, meter)
        out: Dict[str, Any] = {"layout": request.layout, "random_files": random_files, "random_query_files": random_query_files,
               "files": table.files(),
               "cluster_seconds": seconds, "shuffle_bytes": shuffle,
               "bytes": table.bytes(), "random_bytes": before, "queries": []}
        spark.conf.set("spark.sql.adaptive.enabled", "false")
        for q in request.queries:
            df = table.table().where(q["predicate"]).agg(
                F.count(F.lit(1)).alias("n"), F.sum(F.xxhash64(request.key).cast("decimal(38,0)")).alias("h"))
            t0 = time.time()
            got = df.collect()[0]
            out["queries"].append({**q, "files": files_scanned(df), "rows": int(got["n"]),
                                   "checksum": int(got["h"] or 0), "seconds": time.time() - t0})
        return out
    finally:
        spark.stop()


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print("usage: python -m hudi_layout.tools.peers REQUEST.json RESULT.json", file=sys.stderr)
        return 2
    request = Request(**json.loads(Path(args[0]).read_text()))
    try:
        result = run(request)
    except PeerUnavailable as e:
        print(f"peer {request.layout} cannot run: {e}", file=sys.stderr)
        return UNAVAILABLE
    Path(args[1]).write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
