"""The README's option table is the one the jar generates from its ConfigProperty declarations."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import hudi_layout

REPO = Path(__file__).resolve().parents[1]


def test_readme_options_table_matches_the_jar():
    generated = subprocess.run(
        ["java", "-cp", ":".join(hudi_layout.jars()), "dev.hudilayout.config.OptionsTable"],
        check=True, capture_output=True, text=True).stdout
    readme = (REPO / "README.md").read_text()
    m = re.search(r"<!-- options-table:begin -->\n(.*?)<!-- options-table:end -->", readme, re.S)
    assert m, "README lost its options-table markers"
    assert m.group(1) == generated
