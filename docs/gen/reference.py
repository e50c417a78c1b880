"""The reference blocks: docs/options.md's ``options-table`` and ``python-options``, and
docs/operators.md's ``example-ingest``."""
from __future__ import annotations

from .common import REPO

EXAMPLE = REPO / "examples" / "ingest.py"


def options_table() -> str:
    """The table of our own keys, from the declarations the plugin jar exports."""
    import json
    from hudi_layout.options import declared
    lines = ["| key | default | since | description |", "| --- | --- | --- | --- |"]
    for d in declared().options:
        if d.owner == "hudi-layout":
            default = "(empty)" if d.default == "" else f"`{json.dumps(d.default)}`"
            lines.append(f"| `{d.key}` | {default} | {d.since} | {d.doc.replace('|', chr(92) + '|')} |")
    return "\n".join(lines) + "\n"


def python_options_table() -> str:
    from hudi_layout.options import markdown_table, options_table as rows
    return markdown_table(rows()) + "\n"


def example_block() -> str:
    return "```python\n" + EXAMPLE.read_text() + "```\n"
