"""The column-stats index in Hudi's metadata table: which columns it covers, and building it
for a table that was written without it."""
from __future__ import annotations

from typing import List, Mapping, Optional, Sequence, Union

from . import jvm
from .options import STATS_COLUMNS_KEY, _check_names, _columns, _error
from .paths import takes_table

COLUMN_STATS_TYPE = 3  # the record type of column stats in the metadata table


@takes_table
def column_stats(spark, path: str):
    """The live entries of the table's column-stats index, one row per file and column:
    fileName, columnName, minValue, maxValue (unions of typed members), nullCount, valueCount, ..."""
    from pyspark.sql import functions as F
    md = spark.read.format("hudi").load(path.rstrip("/") + "/.hoodie/metadata")
    return (md.where(md["type"] == COLUMN_STATS_TYPE).select("ColumnStatsMetadata.*")
            .where(~F.coalesce(F.col("isDeleted"), F.lit(False))))


@takes_table
def indexed_columns(spark, path: str) -> List[str]:
    """Data columns with entries in the table's column-stats index (empty without an index)."""
    if not jvm.column_stats_index_exists(spark, path):
        return []
    rows = column_stats(spark, path).select("columnName").distinct().collect()
    return sorted(r[0] for r in rows if r[0] and not r[0].startswith("_hoodie_"))


@takes_table
def build_column_stats(spark, path: str, columns: Union[str, Sequence[str]],
                       extra: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """Build the column-stats index of the table at ``path`` for ``columns`` with Hudi's async
    indexer (an ``indexing`` instant on the timeline; no data file is rewritten).

    Returns the indexing instant, or None when the table already has a column-stats index (Hudi
    builds one once; to cover other columns, drop it with Hudi first). Hudi's indexer runs under
    optimistic concurrency; unless ``extra`` sets ``hoodie.write.concurrency.mode`` and a lock
    provider, the file-system lock provider is used."""
    cols = _columns(columns)
    _check_names("columns", STATS_COLUMNS_KEY, cols, required=True)
    schema = spark.read.format("hudi").load(path).schema
    names = schema.fieldNames()
    for c in cols:
        if c not in names:
            raise _error("columns", STATS_COLUMNS_KEY, c, "a column of the table; its columns are: "
                         + ", ".join(n for n in names if not n.startswith("_hoodie_")))
    return jvm.build_column_stats_index(spark, path, cols, extra or {})
