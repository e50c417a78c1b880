"""The examples run as written, each in its own Python and Spark, and show what they claim:

- README.md's quick example (its ``python`` block, run from an empty folder): a small table written,
  clustered once, and a point query reading fewer files than the clustering wrote;
- examples/ingest.py (shown in docs/operators.md): a batch clustering and at least one streaming
  clustering with our layout, all 200,000 streamed rows, and point queries reading fewer files than
  the table has. It takes minutes, so it runs with the docs' tooling (marker ``bench``,
  ``make test-bench``), not in ``make test``.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "ingest.py"
README_EXAMPLE = re.compile(r"^## A quick example\n.*?^```python\n(.*?)^```", re.S | re.M)


def readme_example() -> str:
    """The first ``python`` block under README.md's "A quick example" heading, as written."""
    m = README_EXAMPLE.search((ROOT / "README.md").read_text())
    assert m, "README.md has no python block under '## A quick example'"
    return m.group(1)


@pytest.mark.spark
def test_readme_example_runs_as_written(tmp_path):
    script = tmp_path / "example.py"
    script.write_text(readme_example())
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    m = re.search(r"^clustered into (\d+) files; device-042: (\d+) rows, read (\d+) files$", run.stdout, re.M)
    assert m, run.stdout
    written, rows, read = (int(g) for g in m.groups())
    assert rows > 0 and 0 < read < written, run.stdout
    assert (tmp_path / "events" / ".hoodie").is_dir()


@pytest.mark.spark
@pytest.mark.bench
def test_ingest_example_runs_as_written(tmp_path):
    run = subprocess.run([sys.executable, str(EXAMPLE), str(tmp_path)], capture_output=True, text=True,
                         timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    out = run.stdout
    assert re.search(r"^batch: clustering \d+: hilbert/sample on country,device,day, \d+ files$", out, re.M), out
    assert re.search(r"^stream: clustering \d+: \d+ files$", out, re.M), out
    assert re.search(r"^stream: 200000 rows$", out, re.M), out
    reads = re.findall(r"^(batch|stream): device = 'device-042': (\d+) rows, read (\d+) of (\d+) files$", out, re.M)
    assert [r[0] for r in reads] == ["batch", "stream"], out
    for _, rows, read, total in reads:
        assert int(rows) > 0 and 0 < int(read) < int(total), out
