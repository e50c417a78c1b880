"""The optional ``tools`` extra (numpy, pyarrow, matplotlib), which the demo, the benchmarks and
the report's pictures need and the library does not: the one line that says to install it."""
from __future__ import annotations

import importlib.util
from typing import Optional

#: What ``pip install 'hudi-layout[tools]'`` adds (pyproject.toml's ``tools`` extra).
TOOLS_EXTRA = ("numpy", "pyarrow", "matplotlib")


def needs_tools(what: str, module: str) -> str:
    """``what`` needs ``module``, which is missing: the line to print."""
    return f"error: {what} needs {module}, which is not installed: pip install 'hudi-layout[tools]'"


def missing(*modules: str) -> Optional[str]:
    """The first of ``modules`` that cannot be imported, or None."""
    for module in modules:
        try:
            if importlib.util.find_spec(module) is None:
                return module
        except ValueError:  # in sys.modules as None: import blocked
            return module
    return None
