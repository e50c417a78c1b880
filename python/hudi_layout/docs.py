"""Regenerate the README's generated blocks: ``python -m hudi_layout.docs`` (``make readme``).

- ``options-table``: the jar's ConfigProperty declarations of our own keys;
- ``python-options``: the fields of :class:`hudi_layout.LayoutOptions` and the Hudi keys they set;
- ``example-ingest``: ``examples/ingest.py``, verbatim.
"""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from .jarpaths import jars

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
EXAMPLE = REPO / "examples" / "ingest.py"


def _block(name: str) -> re.Pattern:
    return re.compile(r"(<!-- %s:begin -->\n)(.*?)(<!-- %s:end -->)" % (name, name), re.S)


def options_table() -> str:
    return subprocess.run(["java", "-cp", ":".join(jars()), "dev.hudilayout.config.OptionsTable"],
                          check=True, capture_output=True, text=True).stdout


def python_options_table() -> str:
    from .options import markdown_table, options_table as rows
    return markdown_table(rows()) + "\n"


def example_block() -> str:
    return "```python\n" + EXAMPLE.read_text() + "```\n"


GENERATED = {"options-table": options_table, "python-options": python_options_table,
             "example-ingest": example_block}


def current(name: str, text: str) -> str:
    """The text between ``name``'s markers in ``text``."""
    m = _block(name).search(text)
    if not m:
        raise SystemExit(f"README.md has no {name} markers")
    return m.group(2)


def main() -> None:
    text = README.read_text()
    for name, make in GENERATED.items():
        current(name, text)
        body = make()
        text = _block(name).sub(lambda m: m.group(1) + body + m.group(3), text)
    README.write_text(text)


if __name__ == "__main__":
    main()
