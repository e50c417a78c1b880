"""A table laid out on an older Hudi line, then written and clustered by Hudi 1.2.

On the session's line (0.15 or 1.0): 3,000 order lines bulk-inserted as 12 files, then one clustering
with the continuous layout, which records the table's grid on its replacecommit. Then, in a driver
of its own on Hudi 1.2 (compat/jobs/upgrade.py): an upsert of 1,000 new rows and 300 updates of
old ones (Hudi 1.2 upgrades the table on this first write), and a continuous clustering.

Expected: the table ends at the version 1.2 writes (0.15 writes version 6, 1.0 version 8); the clustering under 1.2 reads the
grid recorded under the older line and continues it (a "delta" on the same grid, not a layout from
scratch); every row is there once with its latest values.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pyspark.sql import functions as F

import hudi_layout as hl
from hudi_layout import jarpaths, tables, timeline
from data import lineorder
from tablecheck import fingerprint

REPO = Path(__file__).resolve().parents[1]
COLUMNS = list(lineorder.FILTER_COLUMNS)
LINE = jarpaths.hudi_line(jarpaths.resolve_version())
GRID = "hudilayout.continuous.grid."
pytestmark = [pytest.mark.spark,
              pytest.mark.skipif(LINE == "1.2", reason="the upgrade starts on an older line")]


def _version(path: str) -> int:
    props = (Path(path) / ".hoodie" / "hoodie.properties").read_text().splitlines()
    return int(next(p.split("=", 1)[1] for p in props if p.startswith("hoodie.table.version=")))


def test_a_layout_made_on_an_older_line_is_continued_by_hudi_1_2(spark, tmp_path):
    df = lineorder.frame(spark, 3000, 81).repartition(12).localCheckpoint()
    path = str(tmp_path / "table")
    hl.write(df, path, hl.LayoutOptions(COLUMNS), table="t_upgrade", record_key="lo_key", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    target = tables.file_bytes(path).target(4)
    layout = hl.LayoutOptions(COLUMNS, continuous=True, target_file_bytes=target, small_file_bytes=1 << 40,
                              max_bytes_per_group=1 << 40)
    hl.cluster(spark, path, layout)
    [first] = timeline.clustering_commits(spark, path)
    assert first["extra"]["hudilayout.continuous"].startswith("full") and first["extra"][GRID], first
    assert _version(path) == (6 if LINE == "0.15" else 8)

    new = lineorder.frame(spark, 1000, 82).withColumn(
        "lo_key", F.col("lo_key") + 1_000_000)
    updates = df.orderBy("lo_key").limit(300).withColumn("lo_tax", F.lit(99))
    batch = new.unionByName(updates)
    batch.write.parquet(str(tmp_path / "batch"))
    expected = fingerprint(df.join(updates.select("lo_key"), "lo_key", "left_anti").unionByName(batch))

    env = dict(os.environ, **{jarpaths.ENV_VERSION: jarpaths.LINES["1.2"]})
    done = subprocess.run([sys.executable, str(REPO / "compat" / "jobs" / "upgrade.py"), path, str(tmp_path / "batch"),
                           "--columns", ",".join(COLUMNS), "--target", str(target)],
                          env=env, capture_output=True, text=True, timeout=900, cwd=str(REPO))
    assert done.returncode == 0, done.stderr[-4000:]
    after = json.loads(done.stdout.strip().splitlines()[-1])
    assert after["table_version"] > (6 if LINE == "0.15" else 8), after  # upgraded by 1.2's first write
    assert [c["instant"] for c in after["commits"]][0] == first["instant"], after
    assert len(after["commits"]) == 2, after
    assert after["commits"][1]["stage"] == "delta", after
    assert after["commits"][1]["grid"] == first["extra"][GRID], after
    assert tuple(after["fingerprint"]) == expected, (after["fingerprint"], expected)
