"""Hudi write and clustering options for the tables the demo and tests build."""
from __future__ import annotations

import math
import os
from typing import Any, Dict, Sequence



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


def table_bytes(path: str) -> int:
    """Bytes of the Parquet base files under ``path`` (all versions; call on a fresh table)."""
    return sum(partition_bytes(path).values())


def target_file_bytes(total_bytes: int, files: int) -> int:
    """The target file size that lays ``total_bytes`` out as ``files`` files."""
    return max(1, math.ceil(total_bytes / files))


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


def layout_options(columns: Sequence[str], curve: str, mapping: str, total_bytes: int, files: int,
                   **layout) -> Dict[str, str]:
    """Clustering options that lay ``total_bytes`` out as ``files`` files in one group with
    hudi-layout's strategy (Hudi gives a group ceil(bytes / target.file.max.bytes) output files);
    further :class:`~hudi_layout.options.LayoutOptions` fields in ``layout``."""
    from .options import LayoutOptions
    everything = max(total_bytes, 1) * 4
    sizes: Dict[str, Any] = dict(target_file_bytes=target_file_bytes(total_bytes, files), small_file_bytes=everything,
                 max_bytes_per_group=everything)
    sizes.update(layout)
    # LayoutOptions takes any sequence of names (or a comma-separated string) and keeps a tuple
    return LayoutOptions(columns, curve=curve, mapping=mapping, **sizes).clustering_options()  # type: ignore[arg-type]
