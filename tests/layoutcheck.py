"""What the reliability tests share: the five curve/mapping combinations, clustering a table in
place, the JVM's error text, the instants on a table's timeline, filter queries with data skipping
on and off, and which record keys share a file."""
from __future__ import annotations

import os
import shutil
from typing import Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Set, Tuple

import pytest
from py4j.protocol import Py4JJavaError
from pyspark.sql import functions as F

from hudi_layout import clustering, scan, tables
from hudi_layout.jvm import java_map as java_map, runner as runner  # for tests that call the JVM

# Every curve with every mapping it has (linear ignores the mapping).
COMBOS = [
    pytest.param("linear", "direct", id="linear"),
    pytest.param("z-order", "direct", id="zorder-direct"),
    pytest.param("z-order", "sample", id="zorder-sample"),
    pytest.param("hilbert", "direct", id="hilbert-direct"),
    pytest.param("hilbert", "sample", id="hilbert-sample"),
]
#: each curve once and each mapping at least once: for tables whose sort columns hold too few values
#: to tell one curve's bit order from another's (one row, nulls, no rows); edge values run every pair
CURVES_AND_MAPPINGS = [COMBOS[0], COMBOS[1], COMBOS[4]]


def copy_table(src: str, dst: str) -> str:
    shutil.copytree(src, dst)
    return dst


def cluster_options(path: str, columns: Sequence[str], curve: str, mapping: str, files: int,
                    index_columns: Optional[Sequence[str]] = None, **extra: str) -> Dict[str, str]:
    """hudi-layout's options laying the table at ``path`` out as ``files`` files in one group. The
    column-stats index keeps covering ``index_columns`` (default: the sort columns)."""
    opts = tables.layout_options(columns, curve, mapping, tables.file_bytes(path), files)
    if index_columns is not None:
        opts["hoodie.metadata.index.column.stats.column.list"] = ",".join(index_columns)
    opts.update(extra)
    return opts


def cluster(spark, path: str, columns: Sequence[str], curve: str, mapping: str, files: int,
            index_columns: Optional[Sequence[str]] = None, **extra: str) -> Optional[str]:
    """Schedule and execute one clustering; the instant, or None if Hudi found nothing to do."""
    opts = cluster_options(path, columns, curve, mapping, files, index_columns, **extra)
    return clustering.schedule_and_execute(spark, path, opts)


def message(exc: BaseException) -> str:
    """The JVM error's text with every cause in its chain (PySpark converts some errors and leaves
    others as Py4JJavaError; a cause often says more than the top error, e.g. which class)."""
    if not isinstance(exc, Py4JJavaError):
        return str(exc)
    parts, t = [], exc.java_exception
    while t is not None and len(parts) < 20:
        parts.append(t.toString())
        t = t.getCause()
    return "\n".join(parts)


# Timeline ---------------------------------------------------------------------------------------

def instants(path: str) -> List[str]:
    """Names of the instant files in the active timeline (Hudi 1.x: ``.hoodie/timeline``; 0.15:
    ``.hoodie``), e.g. ``20261122002213474.clustering.requested`` or
    ``<requested>_<completed>.replacecommit``."""
    folder = os.path.join(path, ".hoodie", "timeline")
    folder = folder if os.path.isdir(folder) else os.path.join(path, ".hoodie")
    return sorted(f for f in os.listdir(folder)
                  if f[:1].isdigit() and os.path.isfile(os.path.join(folder, f)))


def completed_replacecommits(path: str) -> List[str]:
    return [f for f in instants(path) if f.endswith(".replacecommit")]


def pending_clustering(path: str) -> List[str]:
    """Requested times of clusterings scheduled but not completed."""
    done = {f.split("_")[0] for f in completed_replacecommits(path)}
    pending = {f.split(".")[0] for f in instants(path) if ".clustering." in f}
    return sorted(pending - done)


def data_files(path: str) -> List[str]:
    """Every Parquet and log file under the table, relative to it (all versions)."""
    out = []
    for root, dirs, names in os.walk(path):
        dirs[:] = [d for d in dirs if not d.startswith(".hoodie")]
        out += [os.path.relpath(os.path.join(root, n), path) for n in names
                if n.endswith(".parquet") or ".log." in n]
    return sorted(out)


# Queries ----------------------------------------------------------------------------------------

def plain_reader(spark, path: str):
    """The table read without the column-stats index (Parquet's own row-group filters still apply)."""
    return spark.read.format("hudi").option("hoodie.enable.data.skipping", "false").load(path)


def query_results(spark, path: str, queries: Mapping[str, object], key: str,
                  skipping: Sequence[str]) -> Dict[str, Tuple[Dict[str, List], int]]:
    """Runs filter queries on the table at ``path``; returns, per mode, (query name -> sorted keys
    returned, files read).

    ``"on"``: the queries named in ``skipping``, with data skipping on the metadata table's column
    stats, as one union (one Spark job) whose branches each keep their own filter, so each scan
    skips files for its own query. ``"off"``: every query, with data skipping off, as one scan
    whose filter is the OR of all the queries (pushed down to Parquet as such), each row flagged
    with the queries it matches.
    """
    out = {}
    on = scan.skipping_reader(spark, path)
    branches = [on.where(queries[n]).select(F.lit(n).alias("query"), F.col(key)) for n in skipping]
    union = branches[0]
    for b in branches[1:]:
        union = union.unionAll(b)
    rows, files = scan.files_read(union)
    keys: Dict[str, List] = {n: [] for n in skipping}
    for n, k in rows:
        keys[n].append(k)
    out["on"] = ({n: sorted(ks) for n, ks in keys.items()}, files)

    names = list(queries)
    any_query = queries[names[0]]
    for n in names[1:]:
        any_query = any_query | queries[n]
    flagged = plain_reader(spark, path).where(any_query).select(
        F.col(key), *[F.coalesce(queries[n], F.lit(False)).alias(f"q{i}") for i, n in enumerate(names)])
    rows, files = scan.files_read(flagged)
    out["off"] = ({n: sorted(r[0] for r in rows if r[i + 1]) for i, n in enumerate(names)}, files)
    return out


def expected_keys(df, queries: Mapping[str, object], key: str) -> Dict[str, List]:
    """Per query name, the sorted keys of the rows of ``df`` (the input, not a Hudi read) it
    matches, from one pass that evaluates every query on every row (no filter, so no statistics
    of any kind can drop a row)."""
    names = list(queries)
    rows = df.select(F.col(key), *[F.coalesce(queries[n], F.lit(False)).alias(f"q{i}")
                                   for i, n in enumerate(names)]).collect()
    return {n: sorted(r[0] for r in rows if r[i + 1]) for i, n in enumerate(names)}


# Row-to-file assignment -------------------------------------------------------------------------

def file_id(file_name: str) -> str:
    """The file group id of a base file name ``<file id>_<write token>_<instant>.parquet``."""
    return file_name.split("_", 1)[0]


def key_groups(df) -> Set[FrozenSet[str]]:
    """The record keys of each file group, as a set of key sets: two layouts put every row with the
    same rows iff these are equal, whatever ids the files got."""
    rows = df.select("_hoodie_file_name", "_hoodie_record_key").collect()
    by_file: Dict[str, Set[str]] = {}
    for name, rkey in rows:
        by_file.setdefault(file_id(name), set()).add(rkey)
    return {frozenset(keys) for keys in by_file.values()}


def moved_keys(a: Iterable[FrozenSet[str]], b: Iterable[FrozenSet[str]]) -> Tuple[int, int]:
    """(keys whose file-mates differ between the two assignments, keys in all)."""
    mates_a = {k: g for g in a for k in g}
    mates_b = {k: g for g in b for k in g}
    return sum(1 for k, g in mates_a.items() if mates_b.get(k) != g), len(mates_a)
