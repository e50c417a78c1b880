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
    "docs/benchmarks.md": {"1.8x"},
    "docs/layouts.md": (
        # the curves' known overheads, the issue's targets and the formula for a region's pending rows
        {"1.25x", "1.5x", "1.4x", "3.0x", "1.24x", "1.39x"}
        # experiments taken out again and runs before a mend, whose tables were not kept: regions
        # falling due by reads (commit a059696), staggered due fractions, plain writes before writes
        # on the grid
        | {"1.30x", "1.41x", "2.89x", "1.55x", "1.33x", "2.37x", "2.15x", "1.18x", "1.34x", "3.65x", "1.36x",
           "1.98x", "1.59x", "1.91x", "1.29x", "1.46x", "5.53x", "3.27x", "1.61x", "1.00x", "1.42x", "1.32x", "1.15x"}),
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
