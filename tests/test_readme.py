"""The README's generated blocks match their sources: the jar's ConfigProperty table, the
LayoutOptions fields, and examples/ingest.py (which test_example.py runs)."""
from __future__ import annotations

from pathlib import Path

import pytest

from hudi_layout.tools import docs

README = Path(__file__).resolve().parents[1] / "README.md"


@pytest.mark.parametrize("name", sorted(docs.GENERATED))
def test_readme_block_is_current(name):
    assert docs.current(name, README.read_text()) == docs.GENERATED[name](), \
        f"README's {name} block is stale: run `make readme`"
