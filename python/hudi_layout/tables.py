"""Hudi write and clustering options for the tables the demo and tests build."""
from __future__ import annotations

import math
import os
from typing import Dict, Sequence

from .clustering import STRATEGY_CLASS, STRATEGY_KEY


def cow_table_options(name: str, record_key: str, index_columns: Sequence[str], files: int) -> Dict[str, str]:
    """A non-partitioned copy-on-write table written by bulk insert, in the input's order, as
    about ``files`` files, with the column-stats index on for ``index_columns``."""
    return {
        "hoodie.table.name": name,
        "hoodie.datasource.write.table.type": "COPY_ON_WRITE",
        "hoodie.datasource.write.recordkey.field": record_key,
        "hoodie.datasource.write.partitionpath.field": "",
        "hoodie.datasource.write.keygenerator.class": "org.apache.hudi.keygen.NonpartitionedKeyGenerator",
        "hoodie.datasource.write.operation": "bulk_insert",
        "hoodie.bulkinsert.sort.mode": "NONE",
        "hoodie.bulkinsert.shuffle.parallelism": str(files),
        "hoodie.metadata.enable": "true",
        "hoodie.metadata.index.column.stats.enable": "true",
        "hoodie.metadata.index.column.stats.column.list": ",".join(index_columns),
    }


def table_bytes(path: str) -> int:
    """Bytes of the Parquet base files under ``path`` (all versions; call on a fresh table)."""
    total = 0
    for root, dirs, names in os.walk(path):
        dirs[:] = [d for d in dirs if not d.startswith(".hoodie")]
        total += sum(os.path.getsize(os.path.join(root, n)) for n in names if n.endswith(".parquet"))
    return total


def layout_options(columns: Sequence[str], curve: str, mapping: str, total_bytes: int, files: int) -> Dict[str, str]:
    """Clustering options that lay ``total_bytes`` out as ``files`` files in one group with
    hudi-layout's strategy. Hudi gives a group ceil(bytes / target.file.max.bytes) output files."""
    target = max(1, math.ceil(total_bytes / files))
    return {
        STRATEGY_KEY: STRATEGY_CLASS,
        "hoodie.clustering.plan.strategy.sort.columns": ",".join(columns),
        "hoodie.layout.optimize.strategy": curve,
        "hoodie.layout.optimize.curve.build.method": mapping,
        "hoodie.clustering.plan.strategy.target.file.max.bytes": str(target),
        "hoodie.clustering.plan.strategy.small.file.limit": str(max(total_bytes, 1) * 4),
        "hoodie.clustering.plan.strategy.max.bytes.per.group": str(max(total_bytes, 1) * 4),
        "hoodie.metadata.enable": "true",
        "hoodie.metadata.index.column.stats.enable": "true",
        "hoodie.metadata.index.column.stats.column.list": ",".join(columns),
    }
