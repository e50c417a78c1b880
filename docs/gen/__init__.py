"""Regenerate the generated blocks of the documentation: ``python -m docs.gen`` (``make readme``).

Each block sits between ``<!-- name:begin -->`` and ``<!-- name:end -->`` in the page
:data:`BLOCK_FILES` names:

- ``options-table`` (``docs/options.md``): the declarations of our own keys the plugin jar exports;
- ``python-options`` (``docs/options.md``): the fields of :class:`hudi_layout.LayoutOptions` and the
  Hudi keys they set;
- ``example-ingest`` (``docs/operators.md``): ``examples/ingest.py``, verbatim;
- every measured figure of README.md and docs/*.md: tables and the sentences around them, rendered
  from the ``results.json`` (and ``every_query.json``) of the runs under ``docs/bench/`` that each
  renderer names, so a re-run of a benchmark changes its folder and ``make readme`` does the rest;

and the templates in ``conf/``: ``hudi-layout.properties`` (the write and clustering options of a
layout, from :class:`hudi_layout.LayoutOptions`) and ``spark-defaults.conf`` (what
:func:`hudi_layout.spark.configure_spark` sets).

The renderers live by page, each module importing only the two shared ones below it:

- :mod:`.reference`: docs/options.md and docs/operators.md; :mod:`.conf`: the ``conf/`` templates;
- :mod:`.readme`: README.md's headline table (README's one generated block; its prose is written by hand);
- :mod:`.benchmarks`: docs/benchmarks.md;
- :mod:`.layouts`, :mod:`.rounds`, :mod:`.layers`: docs/layouts.md (fresh layouts, the rounds runs,
  the layers runs before the region tree);
- :mod:`.limits`: docs/limits.md;
- :mod:`.scale`: docs/scale.md;
- :mod:`.runs`: the runs more than one page quotes; :mod:`.common`: paths, markers, reading a run.

This module holds which block goes to which page (:data:`GENERATED`, :data:`BLOCK_FILES`,
:data:`FIGURES`) and :func:`main`, which rewrites them.
"""
from __future__ import annotations

from . import figures
from .benchmarks import (bench_headline, codec_bytes, correlated_peers, metadata_jobs, peers_runs_block, peers_spread,
                         peers_summary, rounds_peers_block)
from .common import README, REPO, _block, current
from .conf import CONF
from .layers import drift_prose, groups_prose, layers_intro, layers_other, layers_prose, layers_sampled, layers_table
from .layouts import groups_block, heavy_values, weighted_block
from .limits import limits_continuous, limits_cost, limits_curve, limits_formats
from .readme import readme_headline
from .reference import example_block, options_table, python_options_table
from .rounds import default_why, frontier_block, rounds_drift_prose, rounds_shares, rounds_targets, rounds_upserts_prose
from .runs import LAYERS_RUNS, ROUNDS_OTHER, rounds_block
from .scale import plan_block, rounds_partitioned_block, scale_runs_block, size_runs_block


GENERATED = {"options-table": options_table, "python-options": python_options_table,
             "example-ingest": example_block,
             "rounds-other": lambda: "\n".join(rounds_block(runs, every) for runs, every in ROUNDS_OTHER),
             "rounds-peers": rounds_peers_block, "readme-headline": readme_headline,
             "peers-runs": peers_runs_block, "peers-summary": peers_summary, "scale-runs": scale_runs_block,
             "scale-sizes": size_runs_block, "scale-rounds": rounds_partitioned_block, "scale-plan": plan_block}

# The page that holds each generated block, relative to the checkout.
BLOCK_FILES = {"options-table": "docs/options.md", "python-options": "docs/options.md",
               "example-ingest": "docs/operators.md",
               "rounds-other": "docs/layouts.md", "rounds-peers": "docs/benchmarks.md",
               "readme-headline": "README.md", "peers-runs": "docs/benchmarks.md",
               "peers-summary": "docs/benchmarks.md", "scale-runs": "docs/scale.md",
               "scale-sizes": "docs/scale.md", "scale-rounds": "docs/scale.md", "scale-plan": "docs/scale.md"}

#: The measured figures in the pages' prose, tables and bullets: block name -> (page, renderer).
FIGURES = {
    "heavy-values": ("docs/layouts.md", heavy_values),
    "weighted": ("docs/layouts.md", weighted_block),
    "groups4": ("docs/layouts.md", groups_block),
    "layers-intro": ("docs/layouts.md", layers_intro),
    "rounds-shares": ("docs/layouts.md", rounds_shares),
    "rounds-drift-prose": ("docs/layouts.md", rounds_drift_prose),
    "rounds-upserts-prose": ("docs/layouts.md", rounds_upserts_prose),
    "rounds-targets": ("docs/layouts.md", rounds_targets),
    "frontier": ("docs/layouts.md", frontier_block),
    "layers-r8": ("docs/layouts.md", lambda: layers_table(*LAYERS_RUNS[0])),
    "layers-r24": ("docs/layouts.md", lambda: layers_table(*LAYERS_RUNS[1])),
    "layers-prose": ("docs/layouts.md", layers_prose),
    "layers-sampled": ("docs/layouts.md", layers_sampled),
    "layers-other": ("docs/layouts.md", layers_other),
    "groups-prose": ("docs/layouts.md", groups_prose),
    "drift-prose": ("docs/layouts.md", drift_prose),
    "default-why": ("docs/layouts.md", default_why),
    "limits-formats": ("docs/limits.md", limits_formats),
    "limits-continuous": ("docs/limits.md", limits_continuous),
    "limits-cost": ("docs/limits.md", limits_cost),
    "limits-curve": ("docs/limits.md", limits_curve),
    "bench-headline": ("docs/benchmarks.md", bench_headline),
    "codec-bytes": ("docs/benchmarks.md", codec_bytes),
    "peers-spread": ("docs/benchmarks.md", peers_spread),
    "correlated-peers": ("docs/benchmarks.md", correlated_peers),
    "metadata-jobs": ("docs/benchmarks.md", metadata_jobs),
}
GENERATED.update({name: render for name, (_, render) in FIGURES.items()})
BLOCK_FILES.update({name: page for name, (page, _) in FIGURES.items()})


def main() -> None:
    for page in sorted(set(BLOCK_FILES.values())):
        text = (REPO / page).read_text()
        for name in sorted(n for n, p in BLOCK_FILES.items() if p == page):
            current(name, text, page)
            body = GENERATED[name]()
            text = _block(name).sub(lambda m: m.group(1) + body + m.group(3), text)
        (REPO / page).write_text(text)
    for rel, make in CONF.items():
        (REPO / rel).parent.mkdir(exist_ok=True)
        (REPO / rel).write_text(make())
    runs = figures.Runs(REPO / "docs" / "bench")
    for path in [README] + sorted((REPO / "docs").glob("*.md")):
        text = path.read_text()
        rendered = figures.render(text, runs)
        if rendered != text:
            path.write_text(rendered)
