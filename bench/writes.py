"""How the benchmarks write Hudi tables beside a layout: the options every Hudi table of a run
gets (:func:`write_options`: codec, bloom filter size, ``--hudi-option`` flags parsed by
:func:`parse_hudi_options`) and the floor's plain write (:func:`write_floor`)."""
from __future__ import annotations

from typing import Dict, Optional, Sequence

from hudi_layout import tables
from . import partitions
from .layouts import COMPRESSION_RATIO_KEY, WRITER_HEADROOM


#: ``--codec`` values: Parquet codecs Hudi, Delta (Spark's writer) and Iceberg all write
CODECS = ("", "zstd", "snappy", "gzip", "uncompressed")

#: Hudi's key for the Parquet codec of the files it writes (gzip by default)
CODEC_KEY = "hoodie.parquet.compression.codec"


#: Hudi's key for the keys its per-file bloom filter of record keys is sized for (60,000 by default)
BLOOM_ENTRIES_KEY = tables.BLOOM_ENTRIES_KEY


def parse_hudi_options(pairs: Sequence[str]) -> Dict[str, str]:
    """``--hudi-option KEY=VALUE`` flags as the options they set: each key a Hudi one
    (``hoodie.``), not one the bench sets itself for every layout alike."""
    out: Dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise ValueError(f"--hudi-option {pair!r}: expected KEY=VALUE, e.g. "
                             "hoodie.metadata.index.column.stats.parallelism=8")
        if not key.startswith("hoodie."):
            raise ValueError(f"--hudi-option {pair!r}: key {key!r} is not a Hudi option; a key starting "
                             "with 'hoodie.' is accepted")
        if key in (CODEC_KEY, BLOOM_ENTRIES_KEY, COMPRESSION_RATIO_KEY):
            raise ValueError(f"--hudi-option {pair!r}: {key} is set by the bench for every layout alike "
                             f"({'--codec' if key == CODEC_KEY else 'from the rows per file'}); other "
                             "hoodie.* keys are accepted")
        out[key] = value
    return out


def write_options(codec: str, rows_per_file: int, extra: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    """What every Hudi table of a run is written with beside its layout: ``codec`` ("" keeps Hudi's
    gzip) and Hudi's bloom filter of record keys, which it writes into every file's footer, sized
    for the run's rows per file. Hudi sizes that filter for 60,000 keys by default, 431 KB at its
    false-positive rate of 1e-9: a rounding error in a file of 120 MB, but most of the bytes of a
    bench file of a few thousand rows (129 of 210 MB in a run of 300 files), which no table of
    production-sized files pays. The filter keeps its false-positive rate at the size it is given
    (Hudi's dynamic filter grows past it), so the table holds the same index; every Hudi layout,
    the floor and the random table alike get it. ``extra``: the run's ``--hudi-option`` flags,
    which every Hudi table gets as well."""
    out = {BLOOM_ENTRIES_KEY: str(max(1000, rows_per_file))}
    if codec:
        out[CODEC_KEY] = codec
    out.update(extra or {})
    return out


def write_floor(spark, random_table: str, path: str, columns, files: int,
                writer: Optional[Dict[str, str]] = None, partition_files: Optional[Dict[str, int]] = None,
                overwrite: bool = False) -> None:
    """The floor: the random table's rows (without Hudi's ``_hoodie_*`` columns) bulk-inserted
    as they come into a new table with the same config (metadata table, column stats on
    ``columns``) and the same file count: the read, shuffle and write every clustering pays,
    without any sorting. Being a new table, it also creates the table and its metadata table,
    which a clustering of an existing table does not; its stage breakdown shows what that took.
    With ``partition_files`` (``--partitions``: the files Hudi's plan gives each partition of the
    random table, counted before the clock starts), into the random table's partitions, as many
    files each as a clustering writes there. ``overwrite``: into the copy of the random table at
    ``path``, replacing the partitions written (Hudi's row-writer bulk insert as an
    insert_overwrite: a replacecommit, as a clustering's, whose metadata-table update looks up the
    column stats of every partition it touches)."""
    df = spark.read.format("hudi").load(random_table)
    df = df.select([c for c in df.columns if not c.startswith("_hoodie_")])
    # sort mode NONE, as the random table
    opts = tables.table_options("ssb", "lo_key", columns, files,
                                partition_by=partitions.FIELD if partition_files else "")
    opts[COMPRESSION_RATIO_KEY] = WRITER_HEADROOM  # the writer headroom every layout gets (Layout.options)
    opts.update(writer or {})
    df = partitions.spread(df, "lo_key", partition_files) if partition_files else df.repartition(files)
    if overwrite:
        opts[OVERWRITE_KEY] = "insert_overwrite"
    df.write.format("hudi").options(**opts).mode("append" if overwrite else "overwrite").save(path)


#: Hudi's key that makes a row-writer bulk insert replace the partitions it writes
OVERWRITE_KEY = "hoodie.bulkinsert.overwrite.operation.type"
