"""Build the hudi-layout wheel with the plugin jar inside it (``make dist`` runs this).

    python python/build_wheel.py [--jar target/hudi-layout.jar] [--out dist]

The package, pyproject.toml and README.md are staged in a temporary folder with the jar under
``hudi_layout/jars/``, so the checkout itself is never written to; prints the wheel's path.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(jar: Path, out: Path) -> Path:
    if not jar.is_file():
        raise SystemExit(f"error: no plugin jar at {jar}: run `make build` first")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as stage:
        root = Path(stage)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, root / name)
        shutil.copytree(ROOT / "python" / "hudi_layout", root / "python" / "hudi_layout",
                        ignore=shutil.ignore_patterns("__pycache__", "jars"))
        (root / "python" / "hudi_layout" / "jars").mkdir()
        shutil.copy(jar, root / "python" / "hudi_layout" / "jars" / "hudi-layout.jar")
        before = set(out.glob("*.whl"))
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(root)],
                       check=True)
        made = sorted(set(out.glob("*.whl")) - before) or sorted(out.glob("hudi_layout-*.whl"))
    return made[-1].resolve()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jar", default=str(ROOT / "target" / "hudi-layout.jar"))
    ap.add_argument("--out", default=str(ROOT / "dist"))
    args = ap.parse_args()
    print(build(Path(args.jar), Path(args.out)))


if __name__ == "__main__":
    main()
