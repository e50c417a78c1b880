"""The clustering commits on a table's timeline, with the layout hudi-layout recorded on each."""
from __future__ import annotations

import json
from typing import Dict, List


def replace_commits(spark, path: str) -> List[Dict]:
    """Completed replacecommits, oldest first: ``{"instant", "action", "operation", "extra"}``."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    return json.loads(jvm.dev.hudilayout.ClusteringCommits.json(conf, path))


def clustering_commits(spark, path: str) -> List[Dict]:
    """Only the replacecommits written by clustering."""
    return [c for c in replace_commits(spark, path) if c["operation"] == "CLUSTER"]
