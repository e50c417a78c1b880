"""Write DataFrames into a Hudi table laid out by hudi-layout: batch writes with inline
clustering every N commits, and Structured Streaming with async clustering beside the stream.

Both check everything first (the layout against the DataFrame's schema, the table options) and
raise :class:`~hudi_layout.options.LayoutOptionError` before a single file is written.
"""
from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Union

from . import jvm
from .options import LayoutOptionError, LayoutOptions, _columns, _error, _type_name, refuse_unknown_keys
from .paths import qualified

OPERATIONS = ("insert", "upsert", "bulk_insert")
TABLE_TYPES = ("COPY_ON_WRITE", "MERGE_ON_READ")
MODES = ("append", "overwrite")

# Ordering-field types Hudi 1.2.0 cannot compare when a write to a copy-on-write table merges a new
# version of a key into the stored one: the upsert fails after it has started, with a
# ClassCastException in Hudi's event-time merger (an Integer where a date is expected, Avro fixed
# bytes where a decimal is). Measured with two upserts of 20 rows: date and decimal(10,2) fail;
# timestamp, timestamp_ntz, bigint, int, smallint, tinyint, double, float, string, boolean and binary
# work. Refused for every operation on copy-on-write: insert and bulk_insert merge nothing and pass,
# but the table keeps the field in hoodie.properties, and an upsert of a stored key then fails, even
# one that names no ordering field. Not refused on merge-on-read: there upserts, reads, compaction and
# clustering all passed with a date or decimal ordering field.
UNORDERABLE_TYPES = ("date", "decimal")

Columns = Union[str, Sequence[str]]


#: The ordering field's key before Hudi 1.1 (0.15 and 1.0 read this one; 1.2 takes it as an alternative
#: of ``hoodie.table.ordering.fields``).
PRECOMBINE_KEY = "hoodie.datasource.write.precombine.field"


def ordering_options(fields: Sequence[str]) -> Dict[str, str]:
    """The ordering fields under the key of every Hudi line the plugin supports."""
    value = ",".join(fields)
    return {"hoodie.table.ordering.fields": value, PRECOMBINE_KEY: value}


def table_options(df_schema, layout: LayoutOptions, *, table: str, record_key: Columns,
                  ordering: Optional[Columns] = None, partition_by: Optional[Columns] = None,
                  operation: str = "upsert", table_type: str = "COPY_ON_WRITE",
                  extra: Optional[Mapping[str, str]] = None) -> Dict[str, str]:
    """Every option a write of a DataFrame with ``df_schema`` passes to Hudi, checked.

    ``record_key``, ``ordering`` (the field that picks the latest of two versions of a key in an
    upsert) and ``partition_by`` are column names, or lists of them. On a copy-on-write table a
    date or decimal ``ordering`` field is refused, since Hudi 1.2.0 fails the upserts into such a
    table; a timestamp, long or int field works. ``extra`` options are added last and win; use them
    for anything this does not cover (locks, parallelism, ...)."""
    if not isinstance(table, str) or not table.strip():
        raise _error("table", "hoodie.table.name", table, "a non-empty table name")
    if operation not in OPERATIONS:
        raise _error("operation", "hoodie.datasource.write.operation", operation, "one of " + ", ".join(OPERATIONS))
    if table_type not in TABLE_TYPES:
        raise _error("table_type", "hoodie.datasource.write.table.type", table_type,
                     "one of " + ", ".join(TABLE_TYPES))
    layout.validate(df_schema)
    names = set(df_schema.fieldNames())
    listing = ", ".join(df_schema.fieldNames())
    keys = _named("record_key", "hoodie.datasource.write.recordkey.field", record_key, names, listing,
                  required=True)
    order = _named("ordering", "hoodie.table.ordering.fields", ordering, names, listing, required=False)
    if table_type == "COPY_ON_WRITE":
        for c in order:
            data_type = df_schema[c].dataType
            if _type_name(data_type) in UNORDERABLE_TYPES:
                raise _error("ordering", "hoodie.table.ordering.fields", c,
                             f"the column has type {data_type.simpleString()}, which Hudi 1.2.0 fails on when an "
                             "upsert into a COPY_ON_WRITE table merges two versions of a key; use a timestamp, "
                             "long (bigint) or int field (any type but date and decimal works), or "
                             "table_type='MERGE_ON_READ'")
    parts = _named("partition_by", "hoodie.datasource.write.partitionpath.field", partition_by, names,
                   listing, required=False)
    if len(keys) > 1:
        keygen = "org.apache.hudi.keygen.ComplexKeyGenerator"
    elif parts:
        keygen = "org.apache.hudi.keygen.SimpleKeyGenerator" if len(parts) == 1 \
            else "org.apache.hudi.keygen.ComplexKeyGenerator"
    else:
        keygen = "org.apache.hudi.keygen.NonpartitionedKeyGenerator"
    opts = {
        "hoodie.table.name": table,
        "hoodie.datasource.write.table.type": table_type,
        "hoodie.datasource.write.operation": operation,
        "hoodie.datasource.write.recordkey.field": ",".join(keys),
        "hoodie.datasource.write.partitionpath.field": ",".join(parts),
        "hoodie.datasource.write.keygenerator.class": keygen,
    }
    if order:
        opts.update(ordering_options(order))
    opts.update(layout.write_options())
    refuse_unknown_keys(extra or {})
    opts.update({str(k): str(v) for k, v in (extra or {}).items()})
    _refuse_bucket_index(opts, layout)
    if layout.writers_first and under_concurrency_control(opts):
        for key, value in WRITERS_FIRST_OPTIONS.items():
            if key not in (extra or {}):
                opts[key] = value
    return opts


#: What a write needs to go into file groups under a pending clustering, under concurrency control:
#: Hudi's default update strategy refuses such a write, and its default conflict resolution fails
#: it at commit (the pending clustering's plan overlaps it). With these the write commits, and the
#: clustering loses the conflict at its own commit.
UPDATES_STRATEGY_KEY = "hoodie.clustering.updates.strategy"
CONFLICT_STRATEGY_KEY = "hoodie.write.lock.conflict.resolution.strategy"
WRITERS_FIRST_OPTIONS = {
    UPDATES_STRATEGY_KEY: "org.apache.hudi.client.clustering.update.strategy.SparkAllowUpdateStrategy",
    CONFLICT_STRATEGY_KEY: "org.apache.hudi.client.transaction.PreferWriterConflictResolutionStrategy",
}
CONCURRENCY_MODE_KEY = "hoodie.write.concurrency.mode"


def under_concurrency_control(opts: Mapping[str, str]) -> bool:
    """Whether Hudi resolves conflicts between this table's writers at commit (optimistic or
    non-blocking concurrency control): the only mode where a write may go into a file group under
    clustering without losing rows, since one of the two then fails at commit."""
    mode = str(opts.get(CONCURRENCY_MODE_KEY, "")).strip().upper()
    return mode.endswith("CONCURRENCY_CONTROL")


#: The write option that names Hudi's index; its BUCKET value finds rows by bucket file ids.
INDEX_TYPE_KEY = "hoodie.index.type"


def _refuse_bucket_index(opts: Mapping[str, str], layout: LayoutOptions) -> None:
    """A write that would cluster inline or async a table found by Hudi's bucket index is refused
    before it writes: that index finds each key's file group by the bucket number its file id
    begins with, which the files of a layout do not carry, so every later upsert would fail."""
    index = opts.get(INDEX_TYPE_KEY, "")
    if index.strip().upper() == "BUCKET" and (layout.inline or layout.async_clustering):
        raise _error("extra", INDEX_TYPE_KEY, index,
                     "a clustering by hudi-layout (inline or async here) writes new file groups whose ids hold no "
                     "bucket number, after which every upsert into a bucket-index table fails; accepted: "
                     "SIMPLE, GLOBAL_SIMPLE, BLOOM, GLOBAL_BLOOM or RECORD_INDEX, or this index with "
                     "inline=False and async_clustering=False (no clustering)")


def _named(name: str, key: str, value, names, listing: str, required: bool):
    columns = _columns(value) if value else ()
    if required and not columns:
        raise _error(name, key, value, "at least one column name")
    for c in columns:
        if c not in names:
            raise _error(name, key, c, "a column of the data; its columns are: " + listing)
    return columns


def write(df, path: str, layout: LayoutOptions, *, table: str, record_key: Columns,
          ordering: Optional[Columns] = None, partition_by: Optional[Columns] = None,
          operation: str = "upsert", table_type: str = "COPY_ON_WRITE", mode: str = "append",
          extra: Optional[Mapping[str, str]] = None) -> None:
    """Write ``df`` to the Hudi table at ``path`` (created if missing).

    With ``layout.inline``, Hudi clusters the table with hudi-layout inside every
    ``layout.every_n_commits``-th write. A batch write cannot run async clustering (only a
    streaming write keeps a service beside it), so ``async_clustering`` is refused here; use
    :func:`write_stream`, or :func:`hudi_layout.clustering.cluster` after the writes."""
    if layout.async_clustering:
        raise LayoutOptionError(
            "async_clustering (hoodie.clustering.async.enabled) = True is not accepted for a batch write: "
            "Hudi runs async clustering beside a streaming write only; use inline=True, write_stream(), "
            "or hudi_layout.cluster() after the write")
    if mode not in MODES:
        raise _error("mode", "DataFrameWriter.mode", mode, "one of " + ", ".join(MODES))
    layout = _as_before(df.sparkSession, path, layout) if mode == "append" else layout
    opts = table_options(df.schema, layout, table=table, record_key=record_key, ordering=ordering,
                         partition_by=partition_by, operation=operation, table_type=table_type, extra=extra)
    opts = _line_defaults(df.sparkSession, opts, extra)
    df.write.format("hudi").options(**opts).mode(mode).save(qualified(path))


#: Hudi 0.15 orders the rows of an upsert by a field it defaults to ``ts`` and fails where the
#: table has none; with no ordering field named, a write there keeps the latest row of a key, as
#: Hudi 1.x does, by naming none and not combining a batch's rows before the upsert.
NO_ORDERING_0_15 = {PRECOMBINE_KEY: "", "hoodie.combine.before.upsert": "false"}


def _line_defaults(spark, opts: Dict[str, str], extra: Optional[Mapping[str, str]]) -> Dict[str, str]:
    """``opts`` with what the session's Hudi line needs that the others do not (see
    :data:`NO_ORDERING_0_15`); keys the caller gave in ``extra`` stay as given."""
    if PRECOMBINE_KEY in opts or jvm.hudi_line(spark)["line"] != "0.15":
        return opts
    return {**opts, **{k: v for k, v in NO_ORDERING_0_15.items() if k not in (extra or {})}}


def _as_before(spark, path: str, layout: LayoutOptions) -> LayoutOptions:
    """``continuous=None`` on a table a clustering of ours laid out before: continuous, so a bulk
    insert puts each new row in its region of the recorded tree (the table is clustered repeatedly)."""
    if layout.continuous is not None or layout.is_continuous or not jvm.is_hudi_table(spark, qualified(path)):
        return layout
    from .clustering import laid_out_before
    return layout.clustered_again() if laid_out_before(spark, path) else layout


def write_stream(df, path: str, layout: LayoutOptions, *, table: str, record_key: Columns,
                 checkpoint: str, ordering: Optional[Columns] = None,
                 partition_by: Optional[Columns] = None, operation: str = "upsert",
                 table_type: str = "COPY_ON_WRITE", trigger: Optional[Mapping[str, object]] = None,
                 query_name: Optional[str] = None, extra: Optional[Mapping[str, str]] = None):
    """Start a Structured Streaming query writing the streaming DataFrame ``df`` to ``path``.

    With ``layout.async_clustering``, Hudi schedules a clustering every ``every_n_commits``
    micro-batches and runs it with hudi-layout in a service beside the stream, which keeps
    writing meanwhile. ``trigger`` is passed to ``DataStreamWriter.trigger`` (for example
    ``{"processingTime": "30 seconds"}``). Returns the started ``StreamingQuery``."""
    if not df.isStreaming:
        raise LayoutOptionError("write_stream needs a streaming DataFrame (spark.readStream...); "
                                "for a batch DataFrame use hudi_layout.write()")
    if not isinstance(checkpoint, str) or not checkpoint.strip():
        raise _error("checkpoint", "checkpointLocation", checkpoint, "a directory for the stream's checkpoint")
    layout = _as_before(df.sparkSession, path, layout)
    opts = table_options(df.schema, layout, table=table, record_key=record_key, ordering=ordering,
                         partition_by=partition_by, operation=operation, table_type=table_type, extra=extra)
    opts = _line_defaults(df.sparkSession, opts, extra)
    writer = (df.writeStream.format("hudi").options(**opts)
              .option("checkpointLocation", checkpoint).outputMode("append"))
    if trigger:
        writer = writer.trigger(**dict(trigger))
    if query_name:
        writer = writer.queryName(query_name)
    return writer.start(qualified(path))
