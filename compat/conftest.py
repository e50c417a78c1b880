"""The compatibility suite's plumbing: the end-to-end scenarios of integration/ importable as the
tests of tests/ are (the suite runs some of them again on an older line, compat/test_features.py)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration"))
