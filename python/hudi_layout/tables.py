"""Hudi write and clustering options for the tables the demo and tests build."""
from __future__ import annotations

import math
import os
import struct
from dataclasses import dataclass
from typing import Any, Dict, List, Sequence, Union



def table_options(name: str, record_key: str, index_columns: Sequence[str], files: int,
                  table_type: str = "COPY_ON_WRITE", partition_by: str = "") -> Dict[str, str]:
    """A table written by bulk insert in the input's order, as about ``files`` files (per
    partition), with the column-stats index on for ``index_columns``; partitioned by the column
    ``partition_by`` if given."""
    keygen = ("org.apache.hudi.keygen.SimpleKeyGenerator" if partition_by
              else "org.apache.hudi.keygen.NonpartitionedKeyGenerator")
    return {
        "hoodie.table.name": name,
        "hoodie.datasource.write.table.type": table_type,
        "hoodie.datasource.write.recordkey.field": record_key,
        "hoodie.datasource.write.partitionpath.field": partition_by,
        "hoodie.datasource.write.keygenerator.class": keygen,
        "hoodie.datasource.write.operation": "bulk_insert",
        "hoodie.bulkinsert.sort.mode": "NONE",
        "hoodie.bulkinsert.shuffle.parallelism": str(files),
        "hoodie.metadata.enable": "true",
        "hoodie.metadata.index.column.stats.enable": "true",
        "hoodie.metadata.index.column.stats.column.list": ",".join(index_columns),
    }


def cow_table_options(name: str, record_key: str, index_columns: Sequence[str], files: int) -> Dict[str, str]:
    """A non-partitioned copy-on-write table; see :func:`table_options`."""
    return table_options(name, record_key, index_columns, files)


#: Hudi's key for the keys its bloom filter of record keys, in every base file's footer, is sized
#: for (60,000 by default: about 430 KB a file, more than a small test table's rows)
BLOOM_ENTRIES_KEY = "hoodie.index.bloom.num_entries"


def small_bloom(rows_per_file: int) -> Dict[str, str]:
    """Write or clustering options that size each file's bloom filter for ``rows_per_file`` keys:
    a table of small files then costs what its rows do, as a table of large files does."""
    return {BLOOM_ENTRIES_KEY: str(max(1, rows_per_file))}


def table_bytes(path: str) -> int:
    """Bytes of the Parquet base files under ``path`` (all versions; call on a fresh table)."""
    return sum(partition_bytes(path).values())


def target_file_bytes(total_bytes: int, files: int) -> int:
    """The target file size that lays ``total_bytes`` out as ``files`` files."""
    return max(1, math.ceil(total_bytes / files))


def footer_bytes(file: str) -> int:
    """Bytes of a Parquet file that are not rows: its footer (schema, column statistics and, in
    Hudi's files, the bloom filter of the record keys) with Parquet's magic bytes and length."""
    with open(file, "rb") as f:
        f.seek(-8, os.SEEK_END)
        length, magic = struct.unpack("<i4s", f.read(8))
    if magic != b"PAR1":
        raise ValueError(f"{file} does not end as a Parquet file does")
    return length + 12


@dataclass(frozen=True)
class FileBytes:
    """The Parquet base files of a table: their bytes, the bytes of their rows (footers apart),
    the largest footer one of them has, and the most bytes a row of one of them costs."""
    total: int
    rows: int
    footer: int
    row: int = 0

    def target(self, files: int) -> int:
        """The target file size that lays these rows out as ``files`` files, each with a footer of
        its own (the plugin sizes files by their rows' bytes plus the footer a file costs)."""
        return max(1, math.ceil(self.rows / files)) + self.footer + 1

    def smallest(self) -> int:
        """A target a file of one row fits (the plugin refuses a target below what one file costs)."""
        return self.footer + self.row + 1


def file_bytes(path: str) -> FileBytes:
    """:class:`FileBytes` of the Parquet base files under ``path`` (all versions; call on a fresh
    table). Reads each file's footer (pyarrow)."""
    import pyarrow.parquet as pq
    files: List[str] = [os.path.join(root, n) for root, dirs, names in os.walk(path)
                        if not any(p.startswith(".hoodie") for p in os.path.relpath(root, path).split(os.sep))
                        for n in names if n.endswith(".parquet")]
    total, footers, row = 0, 0, 0
    largest = 0
    for f in files:
        size, footer = os.path.getsize(f), footer_bytes(f)
        rows = pq.ParquetFile(f).metadata.num_rows
        total, footers, largest = total + size, footers + footer, max(largest, footer)
        row = max(row, math.ceil((size - footer) / rows) if rows else 0)
    return FileBytes(total, total - footers, largest, row)


def partition_bytes(path: str) -> Dict[str, int]:
    """Bytes of the Parquet base files in each partition (folder relative to ``path``, "" for a
    non-partitioned table), all versions: call on a table of one commit."""
    out: Dict[str, int] = {}
    for root, dirs, names in os.walk(path):
        dirs[:] = [d for d in dirs if not d.startswith(".hoodie")]
        size = sum(os.path.getsize(os.path.join(root, n)) for n in names if n.endswith(".parquet"))
        if size:
            label = os.path.relpath(root, path)
            out["" if label == "." else label] = size  # os.walk visits each folder once
    return out


def layout_options(columns: Sequence[str], curve: str, mapping: str, total_bytes: Union[int, FileBytes],
                   files: int, **layout) -> Dict[str, str]:
    """Clustering options that lay ``total_bytes`` (a table's :class:`FileBytes`, or bytes with no
    footer apart) out as ``files`` files in one group with hudi-layout's strategy; further
    :class:`~hudi_layout.options.LayoutOptions` fields in ``layout``. The target follows the plan
    the options pick: Hudi's size-based plan sizes by all the bytes, ours by rows and footers."""
    from .options import LayoutOptions
    sized = total_bytes if isinstance(total_bytes, FileBytes) else FileBytes(total_bytes, total_bytes, 0)
    everything = max(sized.total, 1) * 4
    # Hudi's size-based plan gives a group ceil(bytes / target) files, footers counted as bytes;
    # the continuous and whole-partition plans give the rows' bytes files of the target, each with a
    # footer of its own (see the plugin's FileSizing)
    ours = layout.get("continuous") or layout.get("whole_partition")
    target = sized.target(files) if ours and sized.footer else target_file_bytes(sized.total, files)
    target = max(target, sized.smallest())  # e.g. a one-row table asked for two files
    sizes: Dict[str, Any] = dict(target_file_bytes=target, small_file_bytes=everything,
                                 max_bytes_per_group=everything)
    sizes.update(layout)
    # LayoutOptions takes any sequence of names (or a comma-separated string) and keeps a tuple
    return LayoutOptions(columns, curve=curve, mapping=mapping, **sizes).clustering_options()  # type: ignore[arg-type]
