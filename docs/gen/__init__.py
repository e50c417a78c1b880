"""Regenerate the generated blocks of the documentation: ``python -m docs.gen`` (``make readme``).

Each block sits between ``<!-- name:begin -->`` and ``<!-- name:end -->`` in the page
:data:`BLOCK_FILES` names:

- ``options-table`` (``docs/options.md``): the declarations of our own keys the plugin jar exports;
- ``python-options`` (``docs/options.md``): the fields of :class:`hudi_layout.LayoutOptions` and the
  Hudi keys they set;
- ``example-ingest`` (``docs/operators.md``): ``examples/ingest.py``, verbatim;
- the measured tables of README.md and docs/*.md (the sentences around them are the pages' own,
  their figures bound by :mod:`.figures` markers), rendered from the ``results.json`` (and ``every_query.json``) of the runs under ``docs/bench/`` that each
  renderer names, so a re-run of a benchmark changes its folder and ``make readme`` does the rest;

and the templates in ``conf/``: ``hudi-layout.properties`` (the write and clustering options of a
layout, from :class:`hudi_layout.LayoutOptions`) and ``spark-defaults.conf`` (what
:func:`hudi_layout.spark.configure_spark` sets).

The renderers live by page, each module importing only the two shared ones below it:

- :mod:`.reference`: docs/options.md and docs/operators.md; :mod:`.conf`: the ``conf/`` templates;
- :mod:`.readme`: README.md's headline table (README's one generated block; its prose is written by hand);
- :mod:`.benchmarks`: docs/benchmarks.md;
- :mod:`.layouts`, :mod:`.rounds`, :mod:`.layers`: docs/layouts.md and the continuous layout's runs in
  docs/benchmarks.md (fresh layouts, the rounds runs,
  the layers runs before the region tree);
- :mod:`.scale`: docs/scale.md;

and a block per run for the runs of docs/benchmarks.md and docs/scale.md (``peers-``, ``scale-`` and
the run's folder name), whose label and how it ran are the page's sentences above the block;
- :mod:`.runs`: the runs more than one page quotes; :mod:`.common`: paths, markers, reading a run.

This module holds which block goes to which page (:data:`GENERATED`, :data:`BLOCK_FILES`,
:data:`FIGURES`) and :func:`main`, which rewrites them.
"""
from __future__ import annotations

from . import figures
from functools import partial
from typing import Callable, Dict, Tuple

from .benchmarks import peers_run_block, peers_summary, rounds_peers_block
from .common import README, REPO, _block, current
from .conf import CONF
from .layers import layers_other, layers_table
from .layouts import (SKEWED_WORKLOAD_RUN, WORKLOAD_RUNS, groups_block, q1_workload_block, weighted_block, workload_block,
                      workload_rounds_block, workload_time_block)
from .readme import readme_headline
from .reference import example_block, options_table, python_options_table
from .rounds import frontier_block, rounds_shares
from .runs import LAYERS_RUNS, PEERS_RUNS, ROUNDS_GROWTH, ROUNDS_OTHER, rounds_block
from .scale import (ROUNDS_PARTITIONED, SCALE_RUNS, plan_block, rounds_partitioned_block, run_block,
                    scale_run_block, size_runs_block)


GENERATED = {"options-table": options_table, "python-options": python_options_table,
             "example-ingest": example_block,
             "rounds-growth": lambda: rounds_block(ROUNDS_GROWTH),
             "rounds-other": lambda: "\n".join(rounds_block(runs, every) for runs, every in ROUNDS_OTHER),
             "rounds-peers": rounds_peers_block, "readme-headline": readme_headline,
             "peers-summary": peers_summary, "scale-sizes": size_runs_block, "scale-plan": plan_block}

# The page that holds each generated block, relative to the checkout.
BLOCK_FILES = {"options-table": "docs/options.md", "python-options": "docs/options.md",
               "example-ingest": "docs/operators.md", "rounds-growth": "docs/benchmarks.md",
               "rounds-other": "docs/benchmarks.md", "rounds-peers": "docs/benchmarks.md",
               "readme-headline": "README.md", "peers-summary": "docs/benchmarks.md",
               "scale-sizes": "docs/scale.md", "scale-plan": "docs/scale.md"}

# A block per run: its command and tables. The page says above it what the run is and how it ran.
for _, _folder in PEERS_RUNS:
    GENERATED["peers-" + _folder.rsplit("/", 1)[-1]] = partial(peers_run_block, _folder)
    BLOCK_FILES["peers-" + _folder.rsplit("/", 1)[-1]] = "docs/benchmarks.md"
for _folder in SCALE_RUNS:
    GENERATED[run_block(_folder)] = partial(scale_run_block, _folder)
    BLOCK_FILES[run_block(_folder)] = "docs/scale.md"
for _folder in ROUNDS_PARTITIONED:
    GENERATED[run_block(_folder)] = partial(rounds_partitioned_block, _folder)
    BLOCK_FILES[run_block(_folder)] = "docs/scale.md"

#: The measured figures in the pages' prose, tables and bullets: block name -> (page, renderer).
FIGURES: Dict[str, Tuple[str, Callable[[], str]]] = {
    "weighted": ("docs/layouts.md", weighted_block),
    "groups4": ("docs/layouts.md", groups_block),
    "ssb-workload": ("docs/layouts.md", partial(workload_block, WORKLOAD_RUNS[0])),
    "ssb-workload-1000": ("docs/layouts.md", partial(workload_block, WORKLOAD_RUNS[1])),
    "ssb-workload-time": ("docs/layouts.md", workload_time_block),
    "ssb-workload-skewed": ("docs/layouts.md", partial(workload_block, SKEWED_WORKLOAD_RUN)),
    "ssb-workload-rounds": ("docs/layouts.md", workload_rounds_block),
    "ssb-q1-workload": ("docs/layouts.md", q1_workload_block),
    "rounds-shares": ("docs/layouts.md", rounds_shares),
    "frontier": ("docs/benchmarks.md", frontier_block),
    "layers-r8": ("docs/benchmarks.md", lambda: layers_table(*LAYERS_RUNS[0])),
    "layers-r24": ("docs/benchmarks.md", lambda: layers_table(*LAYERS_RUNS[1])),
    "layers-other": ("docs/benchmarks.md", layers_other),
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
