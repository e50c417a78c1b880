"""The documentation's generated blocks match their sources: the jar's ConfigProperty table, the
LayoutOptions fields, and examples/ingest.py (which test_example.py runs), each in the page
docs.BLOCK_FILES names."""
from __future__ import annotations

from pathlib import Path

import pytest

from hudi_layout import docs

ROOT = Path(__file__).resolve().parents[1]


def test_every_generated_block_has_a_page():
    assert set(docs.BLOCK_FILES) == set(docs.GENERATED)


@pytest.mark.parametrize("name", sorted(docs.GENERATED))
def test_block_is_current(name):
    page = docs.BLOCK_FILES[name]
    assert docs.current(name, (ROOT / page).read_text(), page) == docs.GENERATED[name](), \
        f"{page}'s {name} block is stale: run `make readme`"
