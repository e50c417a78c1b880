"""docs/compatibility.md's table (compat/table.py), checked without Spark: every feature names
tests that exist, the page holds the block, and a line's cell says what its tests did."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _table():
    spec = importlib.util.spec_from_file_location("compat_table", ROOT / "compat" / "table.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_feature_names_tests_that_exist():
    table = _table()
    defined = set()
    for folder in ("compat", "tests", "integration"):
        for path in (ROOT / folder).glob("test_*.py"):
            defined |= set(re.findall(r"^def (test_\w+)\(", path.read_text(), re.M))
    for feature, tests in table.FEATURES:
        for test in tests:
            assert test.split("[", 1)[0] in defined, (feature, test)
    page = table.PAGE.read_text()
    assert page.count(table.BEGIN) == 1 and page.count(table.END) == 1
    for feature, _ in table.FEATURES + [table.SAME_FILES]:
        assert f"| {feature} |" in page, feature


def test_a_cell_says_what_the_tests_did():
    table = _table()
    outcomes = {"test_a[x]": "passed", "test_a[y]": "failed", "test_b": "skipped", "test_c[z]": "passed"}
    assert table._cell(outcomes, ["test_a[x]"]) == "passed"
    assert table._cell(outcomes, ["test_a"]) == "**failed**"
    assert table._cell(outcomes, ["test_b"]) == "does not apply"
    assert table._cell(outcomes, ["test_c"]) == "passed"
    assert table._cell(outcomes, ["test_d"]) == "not run"
    rendered = table.table({"1.0": {"version": "1.0.2", "outcomes": {}}})
    assert rendered.splitlines()[0] == "| feature | Hudi 0.15 (no run) | Hudi 1.0.2 | Hudi 1.2 (no run) |"


def test_the_files_row_holds_each_line_against_the_others():
    table = _table()
    files = lambda fp: {"version": "x", "outcomes": {}, "files": {"fingerprint": fp}}  # noqa: E731
    row = lambda results: table.table(results).splitlines()[-1]  # noqa: E731
    assert row({"0.15": files("a"), "1.0": files("a"), "1.2": files("a")}).endswith(
        "| same files (`a`) | same files (`a`) | same files (`a`) |")
    assert row({"0.15": files("b"), "1.0": files("a"), "1.2": files("a")}).endswith(
        "| **other files** (`b`) | **other files** (`a`) | **other files** (`a`) |")
    assert row({"1.0": files("a"), "1.2": {"version": "x", "outcomes": {}}}).endswith(
        "| not run | no other line ran | not run |")


def test_a_skip_keeps_what_an_earlier_session_ran_on_the_line():
    table = _table()
    kept = {"test_ran": "passed", "test_broke": "failed", "test_never": "skipped", "test_fixed": "failed"}
    new = {"test_ran": "skipped", "test_broke": "skipped", "test_never": "skipped", "test_fixed": "passed",
           "test_new": "skipped"}
    assert table.merge_outcomes(kept, new) == {
        "test_ran": "passed", "test_broke": "failed", "test_never": "skipped", "test_fixed": "passed",
        "test_new": "skipped"}
    assert table.merge_outcomes({"test_ran": "passed"}, {"test_ran": "failed"}) == {"test_ran": "failed"}
