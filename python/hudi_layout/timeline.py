"""A table's timeline: its instants, and the clustering commits with the layout hudi-layout
recorded on each."""
from __future__ import annotations

import json
from typing import Dict, Iterable, List, Optional

from . import jvm
from .paths import takes_table


@takes_table
def instants(spark, path: str) -> List[Dict]:
    """Every instant on the active timeline, oldest first:
    ``{"instant", "action", "state", "completed"}`` (``completed`` is None while pending)."""
    return json.loads(jvm.timeline_json(spark, path))


@takes_table
def replace_commits(spark, path: str) -> List[Dict]:
    """Completed replacecommits, oldest first:
    ``{"instant", "action", "completed", "operation", "extra"}``."""
    return json.loads(jvm.replace_commits_json(spark, path))


def clustering_commits(spark, path: str) -> List[Dict]:
    """Only the replacecommits written by clustering."""
    return [c for c in replace_commits(spark, path) if c["operation"] == "CLUSTER"]


@takes_table
def write_stats(spark, path: str) -> List[Dict]:
    """What each completed commit, delta commit and replacecommit on the active timeline wrote,
    oldest first, from its commit metadata: ``{"instant", "action", "operation", "bytes_written",
    "files_written", "file_sizes", "files_replaced"}``. ``operation`` is Hudi's write operation
    (``BULK_INSERT``, ``UPSERT``, ``CLUSTER``, ...); ``file_sizes`` are the sizes of the files the
    commit wrote; ``files_replaced`` counts the file groups a replacecommit replaced (0 otherwise).
    Archived instants are not on the active timeline: callers that total over many commits read
    this after each one and keep what they saw."""
    return jvm.commit_write_stats(spark, path)


def deltas_since_compaction(actions: Iterable[str]) -> int:
    """The delta commits after the last compaction in a metadata table's completed ``actions``,
    oldest first (all of them before its first compaction): a compaction completes as a
    ``commit``, each write to the metadata table as a ``deltacommit``, and other actions
    (rollbacks, cleans) count for neither."""
    deltas = 0
    for action in actions:
        if action == "commit":
            deltas = 0
        elif action == "deltacommit":
            deltas += 1
    return deltas


@takes_table
def metadata_deltas(spark, path: str) -> Optional[int]:
    """The delta commits on the metadata table of the table at ``path`` since that table's last
    compaction, or None when the table has no metadata table: what a reader of the metadata table
    (the column-stats index, the file listing) merges from log files over its base files."""
    actions = jvm.metadata_actions(spark, path)
    return None if actions is None else deltas_since_compaction(actions)
