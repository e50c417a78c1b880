"""The query log: what a table's queries filter on, recorded where they run.

With recording on, every query a Spark session runs notes each scan of a Hudi table: its filter
columns, each one's shape (``equals``, ``in`` with a count, ``range`` with its bounds, ``prefix``
with a length, ``null_test``, ``other``), the files it read and the files the table held. It keeps no
row values beyond a range's bounds. Entries go, in batches, to small files of JSON lines in the
table's ``.hoodie/.aux/hudi-layout/queries`` (or one folder you name), capped in bytes with the
oldest deleted first. Losing the log loses nothing of the table.

Turn it on when the session starts (it records until the session stops)::

    spark = configure_spark(SparkSession.builder, record_queries=True).getOrCreate()

or in a running session, for a while (not both: each recorder writes its own entries)::

    recorder = record_queries(spark)
    ...
    stop_recording(spark, recorder)   # writes what is still in memory

Then read a table's entries with ``entries(spark, "/data/lineorder")``.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from . import jvm

RECORDER_CLASS = "dev.hudilayout.QueryRecorder"
PATH_KEY = "spark.hudilayout.queries.path"
MAX_BYTES_KEY = "spark.hudilayout.queries.maxBytes"
FLUSH_ENTRIES_KEY = "spark.hudilayout.queries.flushEntries"
LISTENERS_KEY = "spark.sql.queryExecutionListeners"
BESIDE_TABLE = ".hoodie/.aux/hudi-layout/queries"


def recording_conf(record_queries, current_listeners: str = "") -> Dict[str, str]:
    """The Spark settings that turn recording on at start: ``record_queries`` is True (a log beside
    each table) or a folder for every table's entries. ValueError for anything else."""
    if record_queries is True or (isinstance(record_queries, str) and record_queries):
        listeners = [x for x in current_listeners.split(",") if x and x != RECORDER_CLASS] + [RECORDER_CLASS]
        conf = {LISTENERS_KEY: ",".join(listeners)}
        if isinstance(record_queries, str):
            conf[PATH_KEY] = record_queries
        return conf
    raise ValueError(f"record_queries={record_queries!r}: expected True (a log beside each table) "
                     "or a folder's path for every table's log")


def record_queries(spark, path: Optional[str] = None, flush_entries: Optional[int] = None,
                   max_bytes: Optional[int] = None):
    """Start recording in a running session; returns the recorder, for :func:`stop_recording`.
    ``path`` is a folder for every table's entries (else each table's own); ``flush_entries``
    how many entries wait in memory before a write (default 100); ``max_bytes`` the cap of a
    log's folder (default 16 MB)."""
    settings = {}
    if path:
        settings[PATH_KEY] = path
    if flush_entries is not None:
        settings[FLUSH_ENTRIES_KEY] = str(int(flush_entries))
    if max_bytes is not None:
        settings[MAX_BYTES_KEY] = str(int(max_bytes))
    return jvm.start_query_recorder(spark, settings)


def stop_recording(spark, recorder) -> None:
    """Stop ``recorder`` and write what it still holds in memory. Spark calls recorders on its
    listener thread, so the queries run just before are waited for first."""
    jvm.wait_for_listeners(spark)
    jvm.stop_query_recorder(spark, recorder)
    recorder.flush()


def flush(spark, recorder) -> None:
    """Write what ``recorder`` holds in memory, once Spark has handed it the queries run so far."""
    jvm.wait_for_listeners(spark)
    recorder.flush()


def log_folder(table: str, path: Optional[str] = None) -> str:
    """Where ``table``'s entries go: ``path`` when given, else beside the table."""
    return path or table.rstrip("/") + "/" + BESIDE_TABLE


def entries(spark, table: str, path: Optional[str] = None) -> List[Dict[str, Any]]:
    """The recorded entries of ``table``'s scans, oldest first (``[]`` when none were written)."""
    names = jvm.list_folder(spark, log_folder(table, path), ".jsonl")
    if not names:
        return []
    found = [json.loads(row[0]) for row in spark.read.text(names).collect()]
    if path:  # a shared folder holds every table's entries
        found = [e for e in found if _same_table(e["table"], table)]
    return sorted(found, key=lambda e: e["time"])


def _same_table(recorded: str, table: str) -> bool:
    def bare(p: str) -> str:
        return p.split(":", 1)[-1].lstrip("/").rstrip("/") if p.startswith("file:") else p.lstrip("/").rstrip("/")
    return bare(recorded) == bare(table)
