"""The documentation (README.md and docs/*.md) is current and holds together, checked without Spark:

- every generated block (``docs.GENERATED``) sits in the page ``docs.BLOCK_FILES`` names, and in no
  other, and matches its source: the jar's ConfigProperty table (needs the built jar), the
  LayoutOptions fields, and examples/ingest.py (which test_example.py runs);
- every block's markers pair up on each page: one begin, then one end;
- each benchmark run quoted in docs/benchmarks.md is, table for table, the results.md it cites
  (and its every_query.md, where the run has one);
- every figure bound to a results file in running prose (``docs.figures``) is what that file says;
- README.md and the docs hold no measured ratio (``1.25x``) outside generated blocks and bound
  figures but the few listed in ``HAND_WRITTEN``;
- every relative link and image points at a file or folder of the checkout, and every ``#anchor``
  at a heading of its page.
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from docs import gen as docs
from docs.gen import figures

pytestmark = pytest.mark.bench

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
MARKER = re.compile(r"<!-- ([\w-]+):(begin|end) -->")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _rel(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def test_every_generated_block_has_a_page():
    assert set(docs.BLOCK_FILES) == set(docs.GENERATED)
    assert set(docs.BLOCK_FILES.values()) <= {_rel(p) for p in PAGES}


@pytest.mark.parametrize("name", sorted(docs.GENERATED))
def test_block_is_current(name):
    page = docs.BLOCK_FILES[name]
    assert docs.current(name, (ROOT / page).read_text(), page) == docs.GENERATED[name](), \
        f"{page}'s {name} block is stale: run `make readme`"


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_markers_pair_up_and_generated_blocks_sit_where_docs_writes_them(page):
    markers = MARKER.findall(page.read_text())
    counts = Counter(markers)
    for name in {n for n, _ in markers}:
        assert counts[(name, "begin")] == 1 and counts[(name, "end")] == 1, \
            f"{_rel(page)}: block {name} needs one begin and one end marker, has {counts}"
        assert markers.index((name, "begin")) < markers.index((name, "end")), \
            f"{_rel(page)}: {name} ends before it begins"
        if name in docs.GENERATED:
            assert docs.BLOCK_FILES[name] == _rel(page), \
                f"{_rel(page)} holds the generated block {name}; docs.BLOCK_FILES puts it in {docs.BLOCK_FILES[name]}"


def test_quoted_benchmark_runs_are_their_results():
    text = (ROOT / "docs" / "benchmarks.md").read_text()
    block = docs.current("bench-table", text, "docs/benchmarks.md")
    parts = re.split(r"^(\*\*SSB .*)$", block, flags=re.M)[1:]
    assert len(parts) >= 2, "docs/benchmarks.md quotes no benchmark run"
    for heading, quoted in zip(parts[::2], parts[1::2]):
        out = re.search(r"--out (docs/bench/[\w-]+)", heading)
        assert out, f"a quoted run names no --out folder: {heading[:120]}"
        folder = ROOT / out.group(1)
        measured = (folder / "results.md").read_text().split("\nStages of ")[0].strip()
        if (folder / "every_query.md").exists():
            measured += "\n\n" + bench_every_query_intro(out.group(1)) + "\n\n" + (folder / "every_query.md").read_text().strip()
        assert quoted.strip() == measured, f"the run quoted from {out.group(1)} differs from its results.md (and every_query.md)"


def bench_every_query_intro(folder: str) -> str:
    """The line that introduces a run's every_query table in docs/benchmarks.md."""
    return (f"Every query of each class (`python -m bench.every_query {folder}`, on the tables "
            "this run kept):")


def _anchors(page: Path) -> set:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered."""
    seen: Counter = Counter()
    anchors = set()
    for line in FENCE.sub("", page.read_text()).splitlines():
        m = re.match(r"#{1,6} (.*)", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            anchors.add(slug if not seen[slug] else f"{slug}-{seen[slug]}")
            seen[slug] += 1
    return anchors


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_relative_links_point_at_files_and_headings(page):
    text = CODE_SPAN.sub("", FENCE.sub("", page.read_text()))
    targets = [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]
    broken = []
    for target in targets:
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if (ROOT not in dest.parents and dest != ROOT) or not dest.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{target} (no heading #{anchor} in {_rel(dest)})")
    assert not broken, f"{_rel(page)}: broken links: {broken}"


#: Measured ratios (``1.25x``) the pages below may still hold outside generated blocks and bound
#: figures, and why: targets and arithmetic, not measurements, or a figure no results file records.
#: Every other page (README.md among them) may hold none.
RATIO = re.compile(r"\b\d+\.\d+x\b")
HAND_WRITTEN = {
    # the targets (0.5x the built-in; 1.25x the bound) and a frontier the command beside it computes
    "docs/scale.md": {"0.5x", "1.40x", "1.25x"},
    # a partition became two or three files at 1.8x the target size (the writer's own estimate)
    "docs/benchmarks.md": (
        {"1.8x", "0.94x"}  # and ours on correlated rows before the cuts followed the coarse columns
        # the continuous layout's runs, moved from docs/layouts.md: the formula for a region's pending
        # rows, the target, and experiments taken out again and runs before a mend, whose tables
        # were not kept: regions falling due by reads (commit a059696), staggered due fractions, plain
        # writes before writes on the grid, the correlated run before the grid's cuts followed a
        # nation's and a category's ends
        | {"1.24x", "1.39x", "1.4x", "1.00x", "1.15x", "1.18x", "1.29x", "1.30x", "1.32x", "1.33x", "1.34x",
           "1.36x", "1.41x", "1.42x", "1.46x", "1.55x", "1.59x", "1.61x", "1.91x", "1.98x", "2.15x", "2.37x",
           "2.89x", "3.27x", "3.65x", "5.53x"}),
    # the target, and runs whose tables were not kept: the grouped layout with plain writes,
    # a correlated run slowed down, the curve cut at equal counts
    "docs/limits.md": {"1.4x", "1.29x", "1.32x", "1.005x"},
    # the targets and the bound time-ordered upserts stay under
    # (test_layouts_words_are_what_the_runs_say); the correlated run before the grid's cuts followed a
    # nation's and a category's ends
    "docs/layouts.md": {"1.25x", "1.5x", "1.4x", "1.2x", "1.46x", "1.74x", "1.91x"},
}


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_measured_ratios_are_generated(page):
    rel = _rel(page)
    text = FENCE.sub("", page.read_text())
    outside = figures.strip(re.sub(r"<!-- ([\w-]+):begin -->.*?<!-- \1:end -->", "", text, flags=re.S))
    stray = sorted(set(RATIO.findall(outside)) - HAND_WRITTEN.get(rel, set()))
    assert not stray, (f"{rel} holds measured ratios outside generated blocks and bound figures: {stray}; "
                       "bind them to their results file (docs.gen.figures) or render them in docs.gen")


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_bound_figures_are_what_their_results_files_say(page):
    stale = figures.stale(page.read_text(), figures.Runs(ROOT / "docs" / "bench"))
    assert not stale, f"{_rel(page)}: figures that are not what their results say (run `make readme`): {stale}"


def test_a_figure_is_re_rendered_from_its_run(tmp_path):
    run = tmp_path / "r"
    run.mkdir()
    (run / "results.json").write_text(
        '{"layouts": [{"layout": "floor", "cluster_seconds": 10.0}, '
        '{"layout": "ours-x", "cluster_seconds": 12.0, "per": {"a": 1.5, "b": 2.5}}]}')
    runs = figures.Runs(tmp_path)
    page = ("took <!-- fig r ours-x: cluster_seconds / floor.cluster_seconds | {:.2f}x -->1.00x<!-- /fig --> "
            "and <!-- fig r ours-x: max(per) | {:.1f} -->0<!-- /fig -->")
    assert figures.stale(page, runs)
    rendered = figures.render(page, runs)
    assert "-->1.20x<!-- /fig -->" in rendered and "-->2.5<!-- /fig -->" in rendered
    assert figures.stale(rendered, runs) == [] and figures.strip(rendered) == "took  and "


def test_a_rounds_figure_picks_its_round(tmp_path):
    run = tmp_path / "g"
    run.mkdir()
    (run / "results.json").write_text(
        '{"mode": "rounds", "rounds": [{"round": 1, "layout": "c", "v": 1.0}, {"round": 2, "layout": "c", "v": 3.0}, '
        '{"round": 3, "layout": "c", "v": 2.0}]}')
    runs = figures.Runs(tmp_path)
    assert figures.value(runs, "g", "c@last", "v") == 2.0
    assert figures.value(runs, "g", "c@1", "v") == 1.0
    assert figures.value(runs, "g", None, "max(c@*.v) - min(c@*.v)") == 2.0


@pytest.mark.parametrize("expr, says", [
    ("nope", "no nope in ours-x's results"),
    ("other.cluster_seconds", "no other.cluster_seconds"),
    ("elsewhere/ours-x.cluster_seconds", "no results file"),
    ("cluster_seconds / 0", "cannot compute"),
    ("__import__", "no __import__"),
])
def test_a_figure_that_names_nothing_says_so(tmp_path, expr, says):
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "results.json").write_text('{"layouts": [{"layout": "ours-x", "cluster_seconds": 1.0}]}')
    with pytest.raises(figures.FigureError, match=re.escape(says)):
        figures.value(figures.Runs(tmp_path), "r", "ours-x", expr)


def test_a_figure_aggregates_runs_rounds_and_phases(tmp_path):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "results.json").write_text(
        '{"mode": "rounds", "rounds": [{"round": 1, "layout": "c", "v": 1.0}, {"round": 2, "layout": "c", "v": 3.0}, '
        '{"round": 3, "layout": "c", "v": 2.0}]}')
    (tmp_path / "f").mkdir()
    (tmp_path / "f" / "results.json").write_text(
        '{"parameters": {"files": 2}, "layouts": [{"layout": "o", "s": 4.0, "stages": ['
        '{"input_rows": 10, "shuffle_read_rows": 0, "shuffle_write_bytes": 0, "tasks": 1, "seconds": 1.5}, '
        '{"input_rows": 0, "shuffle_read_rows": 10, "shuffle_write_bytes": 0, "tasks": 1, "seconds": 2.5}]}]}')
    (tmp_path / "f" / "every_query.json").write_text('{"layouts": [{"layout": "o", "point_avg": 7.0}]}')
    runs = figures.Runs(tmp_path)
    assert figures.value(runs, "g", None, "mean(c@from2.v)") == 2.5
    assert figures.value(runs, "g", None, "argmax(c@*.v)") == 2.0
    assert figures.value(runs, "g", None, "over(c@*.v, 1.5)") == 2.0
    assert figures.value(runs, "g", None, "min(mean(c@*.v), 1.5, c@1.v)") == 1.0
    assert figures.value(runs, "f", "o", "max(s, f.every/o.point_avg)") == 7.0
    assert figures.value(runs, "f", "o", "phases.sample + 10 * phases.write") == 26.5
    with pytest.raises(figures.FigureError, match="several names"):
        figures.value(runs, "f", "o", "max(s)")


#: What a sentence of a page is measured on: running prose, outside code, tables, headings,
#: generated blocks (tables and commands) and lines that only hold a command.
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(`\[*_\"'])")
WORDS_PER_SENTENCE = 20


def prose(text: str) -> str:
    """``text`` without what :func:`words_per_sentence` does not measure, figures as their values."""
    text = re.sub(r"<!-- fig .*? -->(.*?)<!-- /fig -->", r"\1", text, flags=re.S)
    text = re.sub(r"<!-- ([\w-]+):begin -->.*?<!-- \1:end -->", "\n\n", text, flags=re.S)
    text = FENCE.sub("\n\n", re.sub(r"<!--.*?-->", "", text, flags=re.S))
    kept = []
    for line in text.splitlines():
        bare = line.strip()
        if bare.startswith(("|", "#")) or re.fullmatch(r"(?:[-*]|\d+\.)?\s*`[^`]*`[.:;,]?", bare):
            kept.append("")
        else:
            kept.append(bare)
    text = "\n".join(kept)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link reads as its text
    return CODE_SPAN.sub("code", text)


def sentences(text: str) -> list:
    """The sentences of a page's prose: a paragraph or list item ends one, as does a stop before a capital."""
    out = []
    for block in re.split(r"\n\s*\n|\n(?=\s*(?:[-*]|\d+\.)\s)", prose(text)):
        block = " ".join(block.split())
        out += [s for s in SENTENCE_END.split(block) if re.search(r"[A-Za-z]", s)]
    return out


def words_per_sentence(text: str) -> float:
    """The average words a sentence of ``text``'s prose."""
    found = sentences(text)
    return sum(len(re.findall(r"\S*[A-Za-z0-9]\S*", s)) for s in found) / max(1, len(found))


def test_sentences_are_counted_as_read():
    page = ("# Title\n\nOne two three. Four five (six, 1.25x) seven.\n\n- an item, `a.b()` here\n"
            "- `python -m bench --rows 1`\n\n| a | b |\n\n```\ncode. Code.\n```\n"
            "<!-- t:begin -->\nGenerated. Text.\n<!-- t:end -->\nRead <!-- fig r x: y | {} -->2.5x<!-- /fig --> files.\n")
    assert sentences(page) == ["One two three.", "Four five (six, 1.25x) seven.", "- an item, code here",
                               "Read 2.5x files."]
    assert words_per_sentence(page) == 15 / 4


def test_a_figure_takes_the_least_of_expressions(tmp_path):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "results.json").write_text(
        '{"mode": "rounds", "rounds": [{"round": 1, "layout": "c", "v": 1.0, "w": 4.0}, '
        '{"round": 2, "layout": "c", "v": 3.0, "w": 2.0}]}')
    runs = figures.Runs(tmp_path)
    assert figures.value(runs, "g", None, "min(c@1.v / c@1.w, c@2.v / c@2.w) * 2") == 0.5


#: The layouts docs/layouts.md's sentences compare, and the runs they read.
CONTINUOUS, BUILTIN, OURS = "ours-hilbert-sample-continuous", "builtin-hilbert-sample", "ours-hilbert-sample"


def _rounds(run: str, layout: str = CONTINUOUS) -> list:
    import json
    report = json.loads((ROOT / "docs" / "bench" / run / "results.json").read_text())
    return [r for r in report["rounds"] if r["layout"] == layout]


def _fresh(run: str, every: bool = False) -> dict:
    import json
    report = json.loads((ROOT / "docs" / "bench" / run / ("every_query.json" if every else "results.json")).read_text())
    return {r["layout"]: r for r in report["layouts"]}


def _x(row: dict, column: str) -> float:
    """A round's files per point query on ``column`` over the bound."""
    return row["every"]["point"][column] / row["effective_bound"]


def _worst_column_round(rows: list) -> tuple:
    """(round, column) of the most files over the bound from the second round on."""
    return max(((r["round"], c) for r in rows[1:] for c in r["every"]["point"]),
               key=lambda rc: _x(rows[rc[0] - 1], rc[1]))


def test_layouts_words_are_what_the_runs_say():
    """docs/layouts.md writes out what a figure marker cannot: the grids, the query that straddles
    a bucket, which column and round is worst, the rounds regions fell due, and the comparison words
    ("fewer", "the same", "once", "climbs") the figures beside them hold to."""
    skewed = _fresh("n300-skewed")
    assert skewed[OURS]["buckets"] == "7,6,8"  # "picks 7 x 6 x 8", "Six buckets"
    straddling = "c_city BETWEEN 'IRAN     1' AND 'IRAQ     2'"
    assert [next(q["files"] for q in skewed[n]["queries"] if q["predicate"] == straddling)
            for n in (OURS, BUILTIN)] == [81, 35]
    weighted = _fresh("scale1-weighted")
    base = weighted[OURS]["workload_avg"]
    assert weighted[OURS + "-weighted"]["workload_avg"] < base and weighted[OURS + "-aligned-weighted"]["workload_avg"] < base
    assert weighted[OURS + "-aligned-weighted"]["buckets"] == "22,11,4"
    assert weighted[OURS + "-weighted"]["point"]["p_brand"] > weighted[OURS]["point"]["p_brand"]  # "the price"

    now, before = _rounds("rounds8-first4"), _rounds("rounds8-first4-before")
    assert f"{now[-1]['every_ratio_to_bound']:.2f}" == f"{before[-1]['every_ratio_to_bound']:.2f}"  # "the same"
    assert all(_x(r, c) < _x(r, "p_brand") for r in before[2:] for c in ("s_city", "c_city"))  # "read less"
    assert _worst_column_round(_rounds("rounds8-first4-drift")) == (7, "s_city")
    upserts = _rounds("rounds8-first4-time-upserts")
    assert _worst_column_round(upserts) == (7, "p_brand")
    last = _rounds("rounds8-first4-time-upserts", BUILTIN)[-1]["every"]["point"]
    assert max(last, key=last.get) == "p_brand"
    assert [r["round"] for r in upserts[1:] if r["clustered_files"] > 20] == [2, 3, 5, 8]  # "fell due in rounds"
    assert {r["written_files"] for r in upserts[1:] if r["clustered_files"] <= 20} == {4}  # "into 4 files"

    # the targets: after the last round, every round, rewrite
    r32 = ("rounds32-first4", "rounds32-first4-time-upserts", "rounds32-first4-skewed")
    r8 = ("rounds8-first4", "rounds8-first4-time-upserts", "rounds8-first4-time-upserts-mor", "rounds8-first4-skewed",
          "rounds8-first4-correlated")
    inside = {run: _rounds(run) for run in r32 + r8}
    assert all(round(rows[-1]["every_ratio_to_bound"], 2) <= 1.25 and
               all(round(_x(rows[-1], c), 2) <= 1.5 for c in rows[-1]["every"]["point"]) for rows in inside.values())
    correlated = _rounds("rounds32-first4-correlated")
    assert round(correlated[-1]["every_ratio_to_bound"], 2) > 1.25  # "every run but correlated rows at R = 32"
    worst = max(((run, c) for run, rows in inside.items() for c in rows[-1]["every"]["point"]),
                key=lambda rc: _x(inside[rc[0]][-1], rc[1]))
    assert worst == ("rounds8-first4-time-upserts", "lo_orderdate")
    assert max(r["every_ratio_to_bound"] for r in inside["rounds32-first4"]) < 1.4
    assert max(r["every_ratio_to_bound"] for r in inside["rounds32-first4-time-upserts"]) < 1.2
    assert sum(round(r["every_ratio_to_bound"], 2) > 1.4 for r in inside["rounds32-first4-skewed"]) == 1  # "once"
    assert next(r["round"] for r in correlated
                if all(x["rewritten_vs_ingested"] > 3 for x in correlated[r["round"] - 1:])) == 30

    # the default: one layout either way at first, a layout per round climbs, the rewrite within 3x
    for run in ("rounds8", "rounds24"):
        plan = [r["every_ratio_to_bound"] for r in _rounds(run, OURS)]
        assert all(b > a for a, b in zip(plan, plan[1:])), f"{run}: a layout per round no longer climbs every round"
    assert _rounds("rounds8")[0]["every"]["point_avg"] == _rounds("rounds8", OURS)[0]["every"]["point_avg"]
    assert max(_rounds(run)[-1]["rewritten_vs_ingested"] for run in ("rounds8", "rounds24", "rounds8-first4",
                                                                        "rounds32-first4")) <= 3


def test_limits_words_are_what_the_runs_say():
    """docs/limits.md: ``aligned=false`` reads fewer files than the built-in on every class of every
    measured set, and the default fewer than either."""
    for run in ("scale1-uniform", "n300-skewed", "n300-urls", "n300-correlated"):
        rows = _fresh(run, every=True)
        for k in ("point_avg", "range_avg", "and_avg"):
            assert rows[OURS + "-curve"][k] < rows[BUILTIN][k], f"{run}: aligned=false no longer reads fewer on {k}"
            assert rows[OURS][k] < rows[OURS + "-curve"][k], f"{run}: the default no longer reads fewer on {k}"


def test_benchmarks_words_are_what_the_runs_say():
    """docs/benchmarks.md: the headline's files on each column, ours fewer than every peer's best
    variant in every class of every run, the correlated grid's slices, Iceberg's files on urls."""
    from bench.peers import is_peer
    from docs.gen.runs import PEERS_RUNS
    ours = _fresh("scale1-uniform", every=True)[OURS]["point"]
    assert len({f"{v:.1f}" for v in ours.values()}) == 1  # "on each of"
    for _, folder in PEERS_RUNS:
        rows = _fresh(folder.split("/")[-1], every=True)
        for k in ("point_avg", "range_avg", "and_avg"):
            assert rows[OURS][k] < min(r[k] for n, r in rows.items() if is_peer(n)), f"{folder}: ours no longer reads fewer on {k}"
    buckets = _fresh("n1000-peers-correlated")[OURS]["buckets"].split(",")
    assert (buckets[0], buckets[2]) == ("39", "27")
    assert min(r["files"] for n, r in _fresh("n1000-peers-urls").items() if n.startswith("iceberg")) == 625


#: The most words a sentence each page may average today; the target is :data:`WORDS_PER_SENTENCE`
#: for every page, so a page's ceiling only comes down as its sentences are split.
SENTENCE_CEILING = {"docs/benchmarks.md": WORDS_PER_SENTENCE, "docs/compatibility.md": WORDS_PER_SENTENCE, "docs/layouts.md": WORDS_PER_SENTENCE, "docs/scale.md": WORDS_PER_SENTENCE, "docs/limits.md": WORDS_PER_SENTENCE,
                    "docs/operators.md": WORDS_PER_SENTENCE, "docs/options.md": WORDS_PER_SENTENCE, "docs/reliability.md": WORDS_PER_SENTENCE,
                    "docs/design.md": WORDS_PER_SENTENCE}


@pytest.mark.parametrize("rel", sorted(SENTENCE_CEILING))
def test_sentences_are_short_enough_to_read_aloud(rel):
    average = words_per_sentence((ROOT / rel).read_text())
    assert average <= SENTENCE_CEILING[rel], (f"{rel} averages {average:.1f} words a sentence, over its ceiling "
                                              f"{SENTENCE_CEILING[rel]} (the target: {WORDS_PER_SENTENCE}); split sentences")

# README.md is a page, not a report: short, few figures, no generated prose.
README_MOST_LINES = 90
README_MOST_FIGURES = 15
#: A figure: a decimal number (``44.9``, ``1.8M``, a version such as ``3.5``) or a ratio (``0.82x``, ``2x``).
README_FIGURE = re.compile(r"(?<![\w.])\d+(?:\.\d+)*x(?!\w)|(?<![\w.])\d+(?:\.\d+)+")
COMMENT = re.compile(r"<!--.*?-->", re.S)
LINK_TARGET = re.compile(r"(\]\()[^)\s]+(\))")


def readme_figures(text: str) -> list:
    """The figures a reader meets in ``text``: outside code blocks, code spans, link targets and
    comments (a fig marker's head; the figure it shows counts)."""
    prose = LINK_TARGET.sub(r"\1\2", COMMENT.sub("", CODE_SPAN.sub("", FENCE.sub("", text))))
    return README_FIGURE.findall(prose)


def test_readme_is_short():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= README_MOST_LINES, \
        f"README.md has {len(lines)} lines, at most {README_MOST_LINES}: move detail to docs/*.md"


def test_readme_holds_few_figures():
    found = readme_figures((ROOT / "README.md").read_text())
    assert len(found) <= README_MOST_FIGURES, \
        (f"README.md shows {len(found)} figures, at most {README_MOST_FIGURES}: {found}; "
         "every other figure belongs in docs/benchmarks.md or docs/layouts.md")


def test_readme_figures_are_counted():
    text = ("44.9 files, 0.82x and 2x; Spark 3.5.5; 1.8M rows; 300 files ([x](docs/v1.2.md)) `1.5x` "
            "<!-- fig r ours: a / b | {:.2f}x -->1.25x<!-- /fig -->\n```\n9.9\n```\n")
    assert readme_figures(text) == ["44.9", "0.82x", "2x", "3.5.5", "1.8", "1.25x"]


def test_readme_generates_no_prose():
    """Each generated block of README.md is a table (every line a row), each figure a fig marker:
    README's sentences are written in README.md, not by Python."""
    text = (ROOT / "README.md").read_text()
    names = {n for n, _ in MARKER.findall(text)}
    assert names == {n for n, page in docs.BLOCK_FILES.items() if page == "README.md"}
    for name in names:
        body = docs.current(name, text)
        rows = body.strip().splitlines()
        assert rows and all(r.startswith("|") and r.endswith("|") for r in rows), \
            f"README.md's generated block {name} is not a table: {body[:200]!r}"
