"""The ingestion example (examples/ingest.py, shown in docs/operators.md) runs as written, in its own Python and
Spark, and shows what it claims: a batch clustering and at least one streaming clustering with
our layout, all 200,000 streamed rows, and point queries reading fewer files than the table has."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ingest.py"


@pytest.mark.spark
def test_readme_example_runs_as_written(tmp_path):
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
