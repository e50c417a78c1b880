"""The test suite's own shape (no Spark): the library's tests make their tables with tests/data/
and never import the benchmark (bench/); only the benchmark's own tests, marked ``bench`` and left
out of ``make test``, may."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The modules that test the benchmark and docs tooling (marker ``bench``).
BENCH_TESTS = {"tests/test_bench.py", "tests/test_bench_column_change.py", "tests/test_bench_rounds.py",
               "tests/test_bench_specs.py", "tests/test_peer_stats.py", "tests/test_frontier.py",
               "tests/test_docs.py", "tests/test_bench_ssb_queries.py", "integration/test_concurrent_bench.py"}


def _imports_bench(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
        if any(n == "bench" or n.startswith("bench.") for n in names):
            return True
    return False


def test_only_the_benchmarks_tests_import_the_benchmark():
    found = {str(p.relative_to(ROOT)) for folder in ("tests", "integration", "compat")
             for p in (ROOT / folder).rglob("*.py") if _imports_bench(p)}
    assert found <= BENCH_TESTS, sorted(found - BENCH_TESTS)


def test_the_benchmarks_tests_are_marked_bench():
    for name in sorted(BENCH_TESTS):
        source = (ROOT / name).read_text()
        assert "pytest.mark.bench" in source, name
