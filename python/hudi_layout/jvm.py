"""Every call hudi-layout makes into Spark's JVM through py4j, in one place.

PySpark exposes the driver JVM through private handles (``SparkContext._jvm``, ``._jsc``,
``DataFrame._jdf``); a change there, or in the Java classes of the plugin jar and Hudi called
below, then touches this module alone. Each function takes the session (or a DataFrame) and
hands back Python values. (The benchmark's own probes, Spark listeners and heap meters, are in the
checkout's ``bench/probes.py``, not in the library.)
``tests/test_structure.py`` checks no other module of the package reaches the JVM.
"""
from __future__ import annotations

import json

from typing import Any, Dict, List, Mapping, Optional, Sequence

#: Spark plan nodes that scan files; their ``numFiles`` metric is the files a query read.
SCAN_NODES = ("FileSourceScanExec",)


def _jvm(spark):
    return spark.sparkContext._jvm


def _jsc(spark):
    return spark.sparkContext._jsc


def hadoop_conf(spark):
    """The session's Hadoop configuration (a Java object)."""
    return _jsc(spark).hadoopConfiguration()


def java_map(spark, options: Mapping[str, str]):
    """``options`` as a ``java.util.HashMap`` of strings."""
    jmap = _jvm(spark).java.util.HashMap()
    for k, v in options.items():
        jmap.put(str(k), str(v))
    return jmap


# --- the plugin jar's entry points -------------------------------------------------------------

def hudi_line(spark) -> Dict[str, Optional[str]]:
    """The Hudi line the session's plugin jar is built for ("1.0") and the Hudi version the session
    runs ("1.0.2", None where the bundle names none), from ``dev.hudilayout.hudi.HudiLine``."""
    line = _jvm(spark).dev.hudilayout.hudi.HudiLine
    return {"line": str(line.get().line()), "running": line.running()}


def runner(spark):
    """The plugin's ``dev.hudilayout.ClusteringRunner`` (schedule, execute, scheduleAndExecute)."""
    return _jvm(spark).dev.hudilayout.ClusteringRunner


def schedule_and_execute(spark, path: str, options: Mapping[str, str]) -> Optional[str]:
    """Schedule and run one clustering of the table at ``path``; its instant, or None if Hudi
    found nothing to cluster."""
    return runner(spark).scheduleAndExecute(_jsc(spark), path, java_map(spark, options))


def schedule(spark, path: str, options: Mapping[str, str]) -> Optional[str]:
    """Schedule one clustering; its instant, or None if Hudi found nothing to cluster."""
    return runner(spark).schedule(_jsc(spark), path, java_map(spark, options))


def execute(spark, path: str, options: Mapping[str, str], instant: str) -> None:
    """Execute the clustering scheduled at ``instant``."""
    runner(spark).execute(_jsc(spark), path, java_map(spark, options), instant)


def column_stats_index_exists(spark, path: str) -> bool:
    """Whether the table's metadata table has a column-stats index."""
    return bool(_jvm(spark).dev.hudilayout.hudi.ColumnStatsIndexer.exists(_jsc(spark), path))


def build_column_stats_index(spark, path: str, columns: Sequence[str], extra: Mapping[str, str]) -> Optional[str]:
    """Build the column-stats index for ``columns`` with Hudi's async indexer; the indexing instant,
    or None when the table already has one."""
    return _jvm(spark).dev.hudilayout.hudi.ColumnStatsIndexer.build(_jsc(spark), path, ",".join(columns),
                                                               java_map(spark, extra))


def timeline_json(spark, path: str) -> str:
    """``ClusteringCommits.timelineJson``: every instant on the active timeline, as JSON."""
    return _jvm(spark).dev.hudilayout.hudi.ClusteringCommits.timelineJson(hadoop_conf(spark), path)


def replace_commits_json(spark, path: str) -> str:
    """``ClusteringCommits.json``: the completed replacecommits and their extra metadata, as JSON."""
    return _jvm(spark).dev.hudilayout.hudi.ClusteringCommits.json(hadoop_conf(spark), path)


def replace_commit_json(spark, path: str, instant: str) -> str:
    """``ClusteringCommits.json`` for one instant: that completed replacecommit, or "null"."""
    return _jvm(spark).dev.hudilayout.hudi.ClusteringCommits.json(hadoop_conf(spark), path, instant)


def payoff_json(spark, path: str) -> str:
    """The last verdict of ``hoodie.hudilayout.when=pays`` kept beside the table, as JSON ("null" if none)."""
    return _jvm(spark).dev.hudilayout.hudi.PaidPlans.lastJson(hadoop_conf(spark), path)


def laid_out_before(spark, path: str) -> bool:
    """``ClusteringCommits.laidOutBefore``: replacecommits read newest first, up to a clustering of ours."""
    return bool(_jvm(spark).dev.hudilayout.hudi.ClusteringCommits.laidOutBefore(hadoop_conf(spark), path))


def writers(spark, path: str) -> Dict[str, Any]:
    """``continuous.Writers.json``: whether the table's writers count as active for the continuous
    plan (which then leaves out what their next write is likely to touch), and when they will count
    as paused if no write comes (``paused_at_ms``, epoch ms; None with no write)."""
    return json.loads(_jvm(spark).dev.hudilayout.continuous.Writers.json(_jsc(spark), path))


def continuous_regions_json(spark, path: str) -> str:
    """``report.RegionsJson.json``: the continuous layout's regions per partition, as JSON."""
    return _jvm(spark).dev.hudilayout.report.RegionsJson.json(_jsc(spark), path)


# --- Hadoop and Hudi ---------------------------------------------------------------------------

def is_hudi_table(spark, path: str) -> bool:
    """Whether ``path`` holds ``.hoodie/hoodie.properties``, through Spark's Hadoop file system
    (so any scheme)."""
    fs_path = _jvm(spark).org.apache.hadoop.fs.Path
    base = fs_path(path)
    fs = base.getFileSystem(hadoop_conf(spark))
    return bool(fs.exists(fs_path(base, ".hoodie/hoodie.properties")))


def commit_write_stats(spark, path: str) -> List[Dict]:
    """What each completed commit, delta commit and replacecommit on the active timeline wrote,
    oldest first, from its commit metadata (see :func:`hudi_layout.timeline.write_stats`;
    ``hudi.CommitStats.json``)."""
    return json.loads(_jvm(spark).dev.hudilayout.hudi.CommitStats.json(hadoop_conf(spark), path))


def metadata_actions(spark, path: str) -> Optional[List[str]]:
    """The actions of the completed instants on the active timeline of the metadata table of the
    table at ``path``, oldest first, or None when the table has no metadata table."""
    return json.loads(_jvm(spark).dev.hudilayout.hudi.CommitStats.metadataActionsJson(hadoop_conf(spark), path))


def latest_file_slices(spark, path: str) -> List[Dict]:
    """The latest file slice of every live file group of the table at ``path``, listed from storage
    as of the completed instants: ``{"partition", "file_id", "base_file", "log_files"}``, files by
    name as the column-stats index names them (``base_file`` None for a slice of log files alone);
    in one call (``report.LiveSlices``)."""
    return json.loads(_jvm(spark).dev.hudilayout.report.LiveSlices.json(_jsc(spark), path))


# --- Spark's executed plan ---------------------------------------------------------------------

def _children(node) -> List:
    name = node.getClass().getSimpleName()
    if name == "AdaptiveSparkPlanExec":
        return [node.executedPlan()]
    if name.endswith("QueryStageExec"):
        return [node.plan()]
    kids = node.children()
    return [kids.apply(i) for i in range(kids.size())]


def _scans(plan, names=SCAN_NODES) -> List:
    """The nodes of ``plan`` whose class (simple name) is one of ``names``."""
    found, stack = [], [plan]
    while stack:
        node = stack.pop()
        if node.getClass().getSimpleName() in names:
            found.append(node)
        stack.extend(_children(node))
    return found


def files_scanned(df) -> int:
    """The ``numFiles`` metric summed over every file scan in ``df``'s executed plan (run ``df``
    first); RuntimeError if the plan has no file scan."""
    return data_files_scanned(df, {name: "numFiles" for name in SCAN_NODES})


def data_files_scanned(df, metrics: Dict[str, str]) -> int:
    """Data files read by the scans in ``df``'s executed plan (run ``df`` first), each scan node
    (by class name) counted by its own metric in ``metrics`` (a v2 source's scan names its own:
    Iceberg's ``resultDataFiles``); RuntimeError if the plan has no such scan."""
    plan = df._jdf.queryExecution().executedPlan()
    scans = [s for s in _scans(plan, tuple(metrics)) if s.metrics().contains(metrics[s.getClass().getSimpleName()])]
    if not scans:
        raise RuntimeError(f"No scan with a files-read metric ({metrics}) in the executed plan: " + plan.toString())
    return sum(int(s.metrics().apply(metrics[s.getClass().getSimpleName()]).value()) for s in scans)



def start_query_recorder(spark, settings: Mapping[str, str]):
    """A query recorder (``dev.hudilayout.QueryRecorder``) with the session's Spark settings and
    ``settings`` over them, registered with the session; returns it."""
    conf = _jsc(spark).getConf().clone()
    for key, value in settings.items():
        conf.set(key, value)
    recorder = _jvm(spark).dev.hudilayout.QueryRecorder(conf)
    spark._jsparkSession.listenerManager().register(recorder)
    return recorder


def wait_for_listeners(spark) -> None:
    """Return once Spark's listeners have been handed every event posted so far."""
    _jsc(spark).sc().listenerBus().waitUntilEmpty()


def stop_query_recorder(spark, recorder) -> None:
    """Unregister ``recorder`` from the session."""
    spark._jsparkSession.listenerManager().unregister(recorder)


def list_folder(spark, folder: str, suffix: str) -> List[str]:
    """The paths of ``folder``'s files whose names end with ``suffix``, sorted by name (any file
    system Hadoop reaches); ``[]`` when the folder does not exist."""
    path = _jvm(spark).org.apache.hadoop.fs.Path(folder)
    fs = path.getFileSystem(hadoop_conf(spark))
    if not fs.exists(path):
        return []
    return sorted((s.getPath().toString() for s in fs.listStatus(path) if s.getPath().getName().endswith(suffix)),
                  key=lambda p: p.rsplit("/", 1)[-1])
