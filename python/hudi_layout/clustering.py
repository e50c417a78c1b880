"""Cluster an existing Hudi table now, with hudi-layout's execution strategy."""
from __future__ import annotations

from typing import Mapping, Optional

STRATEGY_CLASS = "dev.hudilayout.SpaceCurveExecutionStrategy"
STRATEGY_KEY = "hoodie.clustering.execution.strategy.class"


def _java_map(spark, options: Mapping[str, str]):
    jmap = spark.sparkContext._jvm.java.util.HashMap()
    for k, v in options.items():
        jmap.put(str(k), str(v))
    return jmap


def schedule_and_execute(spark, path: str, options: Mapping[str, str]) -> Optional[str]:
    """Schedule and run one clustering; returns its instant, or None if Hudi found nothing to do."""
    runner = spark.sparkContext._jvm.dev.hudilayout.ClusteringRunner
    return runner.scheduleAndExecute(spark.sparkContext._jsc, path, _java_map(spark, options))
