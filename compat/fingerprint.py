"""The fingerprint of a clustered table's newest layout, to compare what Hudi lines wrote.

    python compat/fingerprint.py TABLE_PATH

Prints one JSON line: the newest replacecommit's instant, the number of files it wrote, their rows,
and a fingerprint over every file's (rows, hash of its sorted record keys), so two tables laid out
from the same input agree exactly when every file holds the same keys. For example, on each line::

    python -m bench --rows 300000 --files 32 --layouts floor,ours-hilbert-sample \\
        --keep-tables --hudi-version 0.15.0 --out /tmp/b-0.15.0
    python compat/fingerprint.py /tmp/b-0.15.0/tables/ours-hilbert-sample

Reads the Parquet files with pyarrow alone (no Spark), from either timeline layout (``.hoodie`` on
table version 6, ``.hoodie/timeline`` from version 8).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import sys
from typing import Dict, List, Tuple

import pyarrow.parquet as pq

_REPLACE = re.compile(r"^(\d+)(_\d+)?\.replacecommit$")


def newest_replacecommit(path: str) -> str:
    found = []
    for folder in (os.path.join(path, ".hoodie"), os.path.join(path, ".hoodie", "timeline")):
        if os.path.isdir(folder):
            found += [m.group(1) for m in map(_REPLACE.match, os.listdir(folder)) if m]
    if not found:
        raise SystemExit(f"error: no completed replacecommit under {path}/.hoodie")
    return max(found)


def fingerprint(path: str) -> Dict:
    instant = newest_replacecommit(path)
    files: List[str] = []
    for root, _, names in os.walk(path):
        if ".hoodie" not in root:
            files += [os.path.join(root, n) for n in names if n.endswith(f"_{instant}.parquet")]
    per_file: List[Tuple[int, str]] = []
    for file in files:
        keys = sorted(pq.read_table(file, columns=["_hoodie_record_key"]).column(0).to_pylist())
        per_file.append((len(keys), hashlib.sha1("\n".join(keys).encode()).hexdigest()[:12]))
    per_file.sort()
    return {"instant": instant, "files": len(per_file), "rows": sum(n for n, _ in per_file),
            "fingerprint": hashlib.sha1(json.dumps(per_file).encode()).hexdigest()[:16]}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    print(json.dumps(fingerprint(sys.argv[1])))
