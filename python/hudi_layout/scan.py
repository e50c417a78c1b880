"""How many files a query really read, from Spark's own scan metrics.

``files_read`` runs the query and sums the ``numFiles`` metric of every file scan in the plan
that ran, so it counts what data skipping left, not what the table holds.
"""
from __future__ import annotations

from typing import List, Tuple

from . import jvm
from .paths import takes_table


def files_read(df) -> Tuple[List, int]:
    """Collect ``df`` and return ``(rows, files read)``."""
    rows = df.collect()
    return rows, jvm.files_scanned(df)


#: Hudi 0.15 reads a merge-on-read snapshot through a relation of its own, whose scan reports no
#: files read (``numFiles``); these two keys make it read through Spark's file scan, as 1.x does.
FILE_SCAN_0_15 = {"hoodie.file.group.reader.enabled": "true",
                  "hoodie.datasource.read.use.new.parquet.file.format": "true"}


@takes_table
def read(spark, path: str, skipping: bool = True):
    """A DataFrame over the Hudi table at ``path``; with ``skipping``, filters on indexed columns
    use the column-stats index to skip files (``hoodie.enable.data.skipping``)."""
    from .options import DATA_SKIPPING_KEY, READ_OPTIONS
    opts = dict(READ_OPTIONS)
    if jvm.hudi_line(spark)["line"] == "0.15":
        opts.update(FILE_SCAN_0_15)
    if not skipping:
        opts[DATA_SKIPPING_KEY] = "false"
    return spark.read.format("hudi").options(**opts).load(path)


def skipping_reader(spark, path: str):
    """A DataFrame over the Hudi table at ``path`` with the column-stats index used for skipping."""
    return read(spark, path, skipping=True)


def row_checksum(columns) -> list:
    """Aggregates ``n`` (rows) and ``h`` (the sum of a 64-bit hash of every column of a row): what a
    table holds, compared across tables and formats by value."""
    from pyspark.sql import functions as F
    return [F.count(F.lit(1)).alias("n"),
            F.sum(F.xxhash64(*[F.col(c) for c in columns]).cast("decimal(38,0)")).alias("h")]
