"""A table's timeline: its instants, and the clustering commits with the layout hudi-layout
recorded on each."""
from __future__ import annotations

import json
from typing import Dict, List


def _commits_class(spark):
    return spark.sparkContext._jvm.dev.hudilayout.ClusteringCommits


def instants(spark, path: str) -> List[Dict]:
    """Every instant on the active timeline, oldest first:
    ``{"instant", "action", "state", "completed"}`` (``completed`` is None while pending)."""
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    return json.loads(_commits_class(spark).timelineJson(conf, path))


def replace_commits(spark, path: str) -> List[Dict]:
    """Completed replacecommits, oldest first:
    ``{"instant", "action", "completed", "operation", "extra"}``."""
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    return json.loads(_commits_class(spark).json(conf, path))


def clustering_commits(spark, path: str) -> List[Dict]:
    """Only the replacecommits written by clustering."""
    return [c for c in replace_commits(spark, path) if c["operation"] == "CLUSTER"]
