"""Regenerate the README's option table from the jar's ConfigProperty declarations:
``python -m hudi_layout.docs`` (``make readme``)."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from .jarpaths import jars

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCK = re.compile(r"(<!-- options-table:begin -->\n)(.*?)(<!-- options-table:end -->)", re.S)


def options_table() -> str:
    return subprocess.run(["java", "-cp", ":".join(jars()), "dev.hudilayout.config.OptionsTable"],
                          check=True, capture_output=True, text=True).stdout


def main() -> None:
    text = README.read_text()
    if not BLOCK.search(text):
        raise SystemExit("README.md has no options-table markers")
    README.write_text(BLOCK.sub(lambda m: m.group(1) + options_table() + m.group(3), text))


if __name__ == "__main__":
    main()
