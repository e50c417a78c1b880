"""Cluster an existing Hudi table now, with hudi-layout's execution strategy.

:func:`cluster` schedules a clustering and (unless told not to) executes it at once;
:func:`execute` runs one scheduled earlier, for example by another job. Both return a
:class:`ClusteringResult` with the instant and the layout the strategy recorded on the timeline.
"""
from __future__ import annotations

import time
import warnings
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional

from . import jvm
from . import metadata as md
from .options import MAX_GROUPS_KEY, LayoutOptions, refuse_unknown_keys
from .paths import takes_table
from .strategy import STRATEGY_CLASS as STRATEGY_CLASS, STRATEGY_KEY as STRATEGY_KEY  # re-exported


@dataclass(frozen=True)
class ClusteringResult:
    """``instant``: the clustering's instant, or None when Hudi found nothing to cluster.
    ``executed``: whether it has completed. ``layout``: the ``hudilayout.*`` entries of its
    replacecommit (curve, mapping, columns, files, ...), empty until it has completed.
    ``capped``: the plan took as many groups as ``max_groups`` allows, so partitions that need
    laying out may be left (run again, or raise ``max_groups``). ``reason``: with ``when="pays"``,
    why the clustering pays, or why nothing was planned."""
    instant: Optional[str]
    executed: bool
    layout: Dict[str, str] = field(default_factory=dict)
    capped: bool = False
    reason: str = ""

    @property
    def groups(self) -> int:
        """Clustering groups the plan held (0 until it has completed)."""
        return int(self.layout.get(md.GROUPS, "0") or 0)

    @property
    def partitions(self) -> int:
        """Partitions the clustering laid out (0 until it has completed)."""
        return int(self.layout.get(md.PARTITIONS, "0") or 0)

    @property
    def dropped_columns(self) -> List[str]:
        """Sort columns whose weight earned less than one bucket, so the layout left them out."""
        raw = self.layout.get(md.DROPPED_COLUMNS, "")
        return raw.split(",") if raw else []

    @property
    def buckets(self) -> Dict[str, float]:
        """Buckets each sort column earned (aligned grid, or weighted curve); empty otherwise."""
        raw = self.layout.get(md.BUCKETS, "")
        columns = self.layout.get(md.COLUMNS, "").split(",")
        return {c: float(k) for c, k in zip(columns, raw.split(","))} if raw else {}

    @property
    def dependent_columns(self) -> Dict[str, str]:
        """Sort columns the aligned grid found to depend on another (``{column: determinant}``):
        they share its axis and are not cut themselves."""
        raw = self.layout.get(md.DEPENDENT_COLUMNS, "")
        return dict(pair.split(":", 1) for pair in raw.split(",")) if raw else {}

    @property
    def estimated_files(self) -> Dict[str, float]:
        """Per sort column, the files a point query reads as the grid search estimated it on the sample."""
        raw = self.layout.get(md.ESTIMATED_FILES, "")
        columns = self.layout.get(md.COLUMNS, "").split(",")
        return {c: float(k) for c, k in zip(columns, raw.split(","))} if raw else {}


@takes_table
def schedule_and_execute(spark, path: str, options: Mapping[str, str]) -> Optional[str]:
    """Schedule and run one clustering with raw options; returns its instant, or None if Hudi
    found nothing to do. :func:`cluster` is the typed form."""
    return jvm.schedule_and_execute(spark, path, options)


INCREMENTAL_KEY = "hoodie.table.services.incremental.enabled"


def _checked_options(spark, path: str, layout: LayoutOptions, extra: Optional[Mapping[str, str]],
                     incremental: bool = True):
    schema = spark.read.format("hudi").load(path).schema
    layout.validate(schema)
    if layout.continuous is None and laid_out_before(spark, path):
        layout = layout.clustered_again()
    opts = layout.clustering_options()
    if not incremental:
        opts[INCREMENTAL_KEY] = "false"
    refuse_unknown_keys(extra or {})
    opts.update({str(k): str(v) for k, v in (extra or {}).items()})
    return opts


@takes_table
def laid_out_before(spark, path: str) -> bool:
    """Whether a completed clustering of ours on the active timeline recorded a layout (its
    ``hudilayout.columns``): the table is clustered repeatedly, so ``continuous=None`` means on.
    Replacecommits are read newest first, up to the first such one."""
    return jvm.laid_out_before(spark, path)


@takes_table
def recorded(spark, path: str, instant: str) -> Dict[str, str]:
    """The ``hudilayout.*`` extra metadata of the completed clustering ``instant`` (only that
    commit's metadata is read)."""
    import json
    commit = json.loads(jvm.replace_commit_json(spark, path, instant))
    if commit is None or commit["operation"] != "CLUSTER":
        raise RuntimeError(f"Clustering {instant} is not completed on the timeline of {path}")
    return {k: v for k, v in commit["extra"].items() if k.startswith(md.PREFIX)}


def _completed(spark, path: str, instant: str, max_groups: Optional[int] = None) -> ClusteringResult:
    layout = recorded(spark, path, instant)
    groups = int(layout.get(md.GROUPS, "0") or 0)
    done = ClusteringResult(instant, True, layout, capped=max_groups is not None and groups >= max_groups,
                            reason=layout.get(md.PAYS, ""))
    if done.capped:
        warnings.warn(f"clustering {instant} of {path} took {done.groups} groups ({done.partitions} partitions), "
                      f"the most {MAX_GROUPS_KEY}={max_groups} allows: partitions that need laying out may be "
                      "left; run the clustering again or raise max_groups", stacklevel=3)
    if done.dropped_columns:
        warnings.warn(f"clustering {instant} of {path} left out sort column(s) {', '.join(done.dropped_columns)}: "
                      f"their weights earn less than one bucket for {done.layout.get(md.FILES)} files "
                      f"(buckets {done.layout.get(md.BUCKETS)}); raise their weights or drop them",
                      stacklevel=3)
    return done


@takes_table
def cluster(spark, path: str, layout: LayoutOptions, *, execute: bool = True, incremental: bool = True,
            extra: Optional[Mapping[str, str]] = None, when: Optional[str] = None) -> ClusteringResult:
    """Schedule a clustering of the table at ``path`` with ``layout`` and, if ``execute``, run it.

    Hudi plans clustering incrementally: only partitions written since the last clustering are
    considered, so right after one the result has ``instant=None``. ``incremental=False``
    considers every partition again (to lay a table out anew with another curve or columns).
    ``when="pays"`` (or the layout's ``when``) plans one only when the queries recorded since the
    last clustering would save more reads than it rewrites; ``reason`` says why or why not.
    The layout is checked against the table's schema first; a bad option raises
    :class:`~hudi_layout.options.LayoutOptionError` and leaves the timeline untouched."""
    if when is not None:
        layout = layout.replace(when=when)
    opts = _checked_options(spark, path, layout, extra, incremental)
    started = time.time() * 1000
    instant = jvm.schedule(spark, path, opts)
    if instant is None and layout.when == "pays":
        import json
        verdict = json.loads(jvm.payoff_json(spark, path))
        fresh = verdict is not None and verdict["time"] >= started
        return ClusteringResult(None, False, reason=verdict["reason"] if fresh else "Hudi found nothing to cluster")
    if instant is None or not execute:
        return ClusteringResult(instant, False)
    jvm.execute(spark, path, opts, instant)
    return _completed(spark, path, instant, int(opts[MAX_GROUPS_KEY]) if MAX_GROUPS_KEY in opts else None)


@takes_table
def execute(spark, path: str, instant: str, layout: LayoutOptions,
            extra: Optional[Mapping[str, str]] = None) -> ClusteringResult:
    """Execute the clustering scheduled at ``instant`` (see :func:`pending`) with ``layout``.
    An inflight attempt left by a failed run is rolled back by Hudi and run again."""
    opts = _checked_options(spark, path, layout, extra)
    jvm.execute(spark, path, opts, instant)
    return _completed(spark, path, instant)


@takes_table
def pending(spark, path: str) -> List[str]:
    """Instants of clusterings scheduled (or left inflight) and not completed, oldest first."""
    from .timeline import instants
    return [i["instant"] for i in instants(spark, path)
            if i["action"] == "clustering" and i["state"] != "COMPLETED"]
