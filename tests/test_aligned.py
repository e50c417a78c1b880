"""The aligned layout on a real table: files cut on the cells of a k1 x k2 x k3 quantile grid.

Fixture: 6000 SSB rows (seed 99) bulk-inserted in random order as 12 files; two copies are
clustered into 27 files on s_city, c_city, p_brand, one with Hilbert/sample, one aligned (3 x 3 x 3
cells in Hilbert order). Expected: rows unchanged; the commit records the aligned layout; by the
layout report (column-stats index) a point query on each column reads at most 1.05 x the bound
27^(2/3) = 9 files, and no more than with the plain Hilbert layout.
"""
from __future__ import annotations

import shutil

import pytest

import hudi_layout as hl
from hudi_layout import report, ssb, tables
from tablecheck import fingerprint

COLUMNS = list(ssb.FILTER_COLUMNS)

pytestmark = pytest.mark.spark


def test_aligned_layout_reaches_the_bound(spark, tmp_path):
    df = spark.read.parquet(ssb.write_parquet(str(tmp_path / "src"), 6000, 99)).repartition(12)
    base = str(tmp_path / "base")
    hl.write(df, base, hl.LayoutOptions(COLUMNS), table="t_aligned", record_key="lo_key", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    sizes = dict(target_file_bytes=tables.table_bytes(base) // 27 + 1, small_file_bytes=1 << 40,
                 max_bytes_per_group=1 << 40)
    avg = {}
    for name, extra in (("hilbert", {}), ("aligned", {"aligned": True})):
        path = str(tmp_path / name)
        shutil.copytree(base, path)
        done = hl.cluster(spark, path, hl.LayoutOptions(COLUMNS, **sizes, **extra))
        assert done.layout["hudilayout.files"] == "27"
        assert done.layout.get("hudilayout.layout") == ("aligned" if extra else None)
        assert fingerprint(spark.read.format("hudi").load(path)) == fingerprint(df)
        avg[name] = {r.column: r.avg_files for r in report.report(spark, path, COLUMNS)}
    bound = 27 ** (2 / 3)
    for column in COLUMNS:
        assert avg["aligned"][column] <= 1.05 * bound, avg
        assert avg["aligned"][column] <= avg["hilbert"][column], avg
    print(f"files per point query, bound {bound:.1f}: {avg}")
