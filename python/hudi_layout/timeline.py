"""A table's timeline: its instants, and the clustering commits with the layout hudi-layout
recorded on each."""
from __future__ import annotations

import json
from typing import Dict, List

from .paths import takes_table


def _commits_class(spark):
    return spark.sparkContext._jvm.dev.hudilayout.ClusteringCommits


@takes_table
def instants(spark, path: str) -> List[Dict]:
    """Every instant on the active timeline, oldest first:
    ``{"instant", "action", "state", "completed"}`` (``completed`` is None while pending)."""
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    return json.loads(_commits_class(spark).timelineJson(conf, path))


@takes_table
def replace_commits(spark, path: str) -> List[Dict]:
    """Completed replacecommits, oldest first:
    ``{"instant", "action", "completed", "operation", "extra"}``."""
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    return json.loads(_commits_class(spark).json(conf, path))


def clustering_commits(spark, path: str) -> List[Dict]:
    """Only the replacecommits written by clustering."""
    return [c for c in replace_commits(spark, path) if c["operation"] == "CLUSTER"]


def _meta_client(spark, path: str):
    jvm = spark.sparkContext._jvm
    conf = jvm.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(spark.sparkContext._jsc.hadoopConfiguration())
    return jvm.org.apache.hudi.common.table.HoodieTableMetaClient.builder() \
        .setConf(conf).setBasePath(path).build()


@takes_table
def write_stats(spark, path: str) -> List[Dict]:
    """What each completed commit, delta commit and replacecommit on the active timeline wrote,
    oldest first, from its commit metadata: ``{"instant", "action", "operation", "bytes_written",
    "files_written", "file_sizes", "files_replaced"}``. ``operation`` is Hudi's write operation
    (``BULK_INSERT``, ``UPSERT``, ``CLUSTER``, ...); ``file_sizes`` are the sizes of the files the
    commit wrote; ``files_replaced`` counts the file groups a replacecommit replaced (0 otherwise).
    Archived instants are not on the active timeline: callers that total over many commits read
    this after each one and keep what they saw."""
    timeline = _meta_client(spark, path).getActiveTimeline().getCommitsTimeline().filterCompletedInstants()
    out = []
    for instant in timeline.getInstants():
        action = instant.getAction()
        replace = action == "replacecommit"
        md = timeline.readReplaceCommitMetadata(instant) if replace else timeline.readCommitMetadata(instant)
        replaced = sum(len(ids) for ids in md.getPartitionToReplaceFileIds().values()) if replace else 0
        out.append({"instant": instant.requestedTime(), "action": action,
                    "operation": str(md.getOperationType()), "bytes_written": int(md.fetchTotalBytesWritten()),
                    "files_written": int(md.fetchTotalFiles()),
                    "file_sizes": [int(s.getFileSizeInBytes()) for s in md.getWriteStats()],
                    "files_replaced": replaced})
    return out
