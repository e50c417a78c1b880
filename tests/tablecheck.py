"""What tests compare before and after clustering: row count, a checksum over every data column,
and the keys and files of point queries with data skipping on."""
from __future__ import annotations

from typing import Sequence, Tuple

from pyspark.sql import functions as F

from hudi_layout import scan


def data_columns(df) -> Sequence[str]:
    return [c for c in df.columns if not c.startswith("_hoodie_")]


def fingerprint(df) -> Tuple[int, int]:
    """(rows, sum of a 64-bit hash of each row's data columns): equal iff the same multiset, in practice."""
    cols = data_columns(df)
    row = df.select(F.count(F.lit(1)).alias("n"),
                    F.sum(F.xxhash64(*cols).cast("decimal(38,0)")).alias("h")).collect()[0]
    return int(row["n"]), int(row["h"] or 0)


def fingerprint_and_keys(df, key: str = "lo_key") -> Tuple[Tuple[int, int], int]:
    """(:func:`fingerprint`, how many distinct ``key`` values), from one read of ``df``."""
    cols = data_columns(df)
    row = df.select(F.count(F.lit(1)).alias("n"), F.sum(F.xxhash64(*cols).cast("decimal(38,0)")).alias("h"),
                    F.countDistinct(key).alias("k")).collect()[0]
    return (int(row["n"]), int(row["h"] or 0)), int(row["k"])


def point_query(spark, path: str, column: str, value, key: str = "lo_key"):
    """(sorted keys returned, files read) for ``column = value`` with data skipping on."""
    df = scan.skipping_reader(spark, path).where(F.col(column) == F.lit(value)).select(key)
    rows, files = scan.files_read(df)
    return sorted(r[0] for r in rows), files
