"""Build the hudi-layout wheel with the plugin jars inside it (``make dist`` runs this).

    python python/build_wheel.py [--jars target] [--out dist]

The package, pyproject.toml and README.md are staged in a temporary folder with every Hudi line's
plugin jar (``hudi-layout.jar`` for 1.2, ``hudi-layout-hudi1.0.jar``, ``hudi-layout-hudi0.15.jar``)
under ``hudi_layout/jars/``, so the checkout itself is never written to; prints the wheel's path.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))
from hudi_layout.jarpaths import LINES, plugin_jar_name  # noqa: E402


def stage(jars: Path, root: Path) -> Path:
    """Copy what the wheel is built from into ``root``: pyproject.toml, README.md and the library
    (``python/hudi_layout``, with every line's plugin jar under ``jars/``); nothing of the
    checkout's tooling (``bench/``, ``docs/gen/``). Returns ``root``."""
    found = [jars / plugin_jar_name(line) for line in LINES]
    missing = [str(j) for j in found if not j.is_file()]
    if missing:
        raise SystemExit(f"error: no plugin jar at {', '.join(missing)}: run `make build` first")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, root / name)
    shutil.copytree(ROOT / "python" / "hudi_layout", root / "python" / "hudi_layout",
                    ignore=shutil.ignore_patterns("__pycache__", "jars"))
    (root / "python" / "hudi_layout" / "jars").mkdir()
    for jar in found:
        shutil.copy(jar, root / "python" / "hudi_layout" / "jars" / jar.name)
    return root


def build(jars: Path, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        root = stage(jars, Path(folder))
        before = set(out.glob("*.whl"))
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(root)],
                       check=True)
        made = sorted(set(out.glob("*.whl")) - before) or sorted(out.glob("hudi_layout-*.whl"))
    return made[-1].resolve()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jars", default=str(ROOT / "target"), help="the folder holding every line's plugin jar")
    ap.add_argument("--out", default=str(ROOT / "dist"))
    args = ap.parse_args()
    print(build(Path(args.jars), Path(args.out)))


if __name__ == "__main__":
    main()
