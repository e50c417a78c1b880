"""The README's option table is the one the jar generates from its ConfigProperty declarations."""
from __future__ import annotations

import re
from pathlib import Path

from hudi_layout.docs import options_table

REPO = Path(__file__).resolve().parents[1]


def test_readme_options_table_matches_the_jar():
    generated = options_table()
    readme = (REPO / "README.md").read_text()
    m = re.search(r"<!-- options-table:begin -->\n(.*?)<!-- options-table:end -->", readme, re.S)
    assert m, "README lost its options-table markers"
    assert m.group(1) == generated, "README's option table is stale: run `make readme`"
