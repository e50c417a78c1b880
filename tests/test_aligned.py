"""The aligned layout (the default) on real tables: files cut on the cells of a quantile grid whose
buckets per column are chosen from the sample.

Fixtures:
- 6000 order lines (seed 99) bulk-inserted in random order as 12 files; one copy is clustered into 27
  files on s_city, c_city, p_brand with Hudi's own keys only (sort columns, hilbert, sample: no
  key of ours beyond the strategy class), another with files cut along the curve (aligned=False),
  a third cut along the curve at equal counts (aligned=False, tolerance 1e-6).
  Expected: rows unchanged; the Hudi-keys-only commit records the aligned layout; by the layout
  report (column-stats index) a point query on each column reads at most 1.05 x the bound
  27^(2/3) = 9 files, and no more than the curve layout. The curve layout's files end on curve
  blocks: each holds its 6000 / 27 rows within the tolerance (0.25), and point queries read fewer
  files than at equal counts.
- The same rows clustered into 36 files on s_city, s_nation, p_brand: s_nation is a function of
  s_city, so the three columns span two independent axes (bound 36^(1/2) = 6). Expected: the
  commit names s_nation as dependent on s_city and leaves it uncut; point queries on s_city and
  p_brand read fewer files (layout report, and Spark's scan metrics on s_city) than the formula
  grid that cuts all three columns alike (3 x 3 x 4, fixed with grid_buckets); rows unchanged.
"""
from __future__ import annotations

import shutil

import pytest

import hudi_layout as hl
from hudi_layout import clustering, report, tables
from data import lineorder
from tablecheck import fingerprint, point_query

COLUMNS = list(lineorder.FILTER_COLUMNS)
DEPENDENT = ["s_city", "s_nation", "p_brand"]

pytestmark = pytest.mark.spark


@pytest.fixture(scope="module")
def base(spark, tmp_path_factory):
    root = tmp_path_factory.mktemp("aligned")
    df = lineorder.frame(spark, 6000, 99).repartition(12)
    path = str(root / "base")
    hl.write(df, path, hl.LayoutOptions(COLUMNS, stats_columns=["s_nation"]), table="t_aligned",
             record_key="lo_key", operation="bulk_insert",
             extra={"hoodie.bulkinsert.shuffle.parallelism": "12", "hoodie.bulkinsert.sort.mode": "NONE"})
    return root, path, fingerprint(df)


def _sizes(path, files):
    return dict(target_file_bytes=tables.table_bytes(path) // files + 1, small_file_bytes=1 << 40,
                max_bytes_per_group=1 << 40)


def _bloom(files):
    """The clustering's bloom filter sized for a file's rows: with Hudi's default (about 430 KB a
    file) a file of 6000 / ``files`` rows would cost more than the target, which is refused."""
    return tables.small_bloom(6000 // files)


def test_hudi_keys_alone_get_the_aligned_layout_at_the_bound(spark, base):
    root, path, expected = base
    sizes = _sizes(path, 27)
    avg = {}
    # Hudi's own layout keys and the strategy class, nothing of ours: the aligned grid is the default
    hudi_only = {k: v for k, v in hl.LayoutOptions(COLUMNS, stats_columns=["s_nation"], **sizes)
                 .clustering_options().items()
                 if not k.startswith("hoodie.hudilayout.")}
    hudi_only.update(_bloom(27))
    for name in ("hilbert", "equal", "default"):
        copy = str(root / name)
        shutil.copytree(path, copy)
        if name == "default":
            layout = clustering.recorded(spark, copy, clustering.schedule_and_execute(spark, copy, hudi_only))
            assert layout["hudilayout.grid.chosen"] == "sample" and layout["hudilayout.buckets"], layout
        else:
            tolerance = 0.25 if name == "hilbert" else 1e-6
            layout = hl.cluster(spark, copy, hl.LayoutOptions(COLUMNS, stats_columns=["s_nation"], aligned=False,
                                                              aligned_tolerance=tolerance, **sizes),
                                    extra=_bloom(27)).layout
            assert float(layout["hudilayout.aligned.tolerance"]) == tolerance
            per_file = [r[1] for r in spark.read.format("hudi").load(copy).groupBy("_hoodie_file_name").count()
                        .collect()]
            assert all(abs(n - 6000 / 27) <= tolerance * 6000 / 27 + 1 for n in per_file), (name, sorted(per_file))
        assert layout["hudilayout.files"] == "27"
        assert layout.get("hudilayout.layout") == ("aligned" if name == "default" else None)
        assert fingerprint(spark.read.format("hudi").load(copy)) == expected
        _rows_name_their_file(spark, copy)
        avg[name] = {r.column: r.avg_files for r in report.report(spark, copy, COLUMNS)}
    bound = 27 ** (2 / 3)
    for column in COLUMNS:
        assert avg["default"][column] <= 1.05 * bound, avg
        assert avg["default"][column] <= avg["hilbert"][column], avg
    assert sum(avg["hilbert"].values()) < sum(avg["equal"].values()), avg
    print(f"files per point query, bound {bound:.1f}: {avg}")


def _rows_name_their_file(spark, path):
    """The shuffle leaves out each row's old file name; the writer must set the new one on every row."""
    from pyspark.sql import functions as F
    rows = spark.read.format("hudi").load(path) \
        .select("_hoodie_file_name", F.element_at(F.split(F.input_file_name(), "/"), -1).alias("file"))
    assert rows.where(F.col("_hoodie_file_name") != F.col("file")).count() == 0
    assert rows.where((F.col("_hoodie_file_name") == "") | F.col("_hoodie_file_name").isNull()).count() == 0


def test_a_dependent_column_shares_its_axis_and_beats_the_formula_grid(spark, base):
    root, path, expected = base
    files = 36
    sizes = _sizes(path, files)
    avg, paths, done = {}, {}, {}
    for name, extra in (("searched", {}), ("formula", {"grid_buckets": (3, 3, 4)})):
        paths[name] = copy = str(root / f"dependent-{name}")
        shutil.copytree(path, copy)
        done[name] = hl.cluster(spark, copy, hl.LayoutOptions(DEPENDENT, stats_columns=["c_city"], **sizes, **extra),
                                extra=_bloom(files))
        assert fingerprint(spark.read.format("hudi").load(copy)) == expected
        avg[name] = {r.column: r.avg_files for r in report.report(spark, copy, DEPENDENT)}
    searched = done["searched"]
    assert searched.dependent_columns == {"s_nation": "s_city"}, searched.layout
    assert searched.buckets["s_nation"] == 1 and searched.buckets["s_city"] > 1 and searched.buckets["p_brand"] > 1
    assert searched.layout["hudilayout.grid.chosen"] == "sample"
    assert set(searched.estimated_files) == set(DEPENDENT)
    assert done["formula"].layout["hudilayout.grid.chosen"] == "fixed"
    assert done["formula"].buckets == {"s_city": 3.0, "s_nation": 3.0, "p_brand": 4.0}
    two_axes = files ** 0.5
    print(f"dependent s_nation, {files} files, two-axis bound {two_axes:.1f}: searched {searched.buckets} {avg['searched']}; "
          f"formula {avg['formula']}")
    fine = ("s_city", "p_brand")
    assert sum(avg["searched"][c] for c in fine) < 0.85 * sum(avg["formula"][c] for c in fine), avg
    for c in fine:
        assert avg["searched"][c] <= 1.5 * two_axes, avg
    # Spark's scan metrics agree on s_city: the same rows, fewer files read
    # every 25th of the 250 cities (each is in the 6000 rows; 10 nations of the 5 regions): 10 point queries
    # a layout, not a read of the whole table for its distinct values
    values = lineorder.CITIES[::25]
    read = {name: 0 for name in paths}
    for v in values:
        got = {name: point_query(spark, p, "s_city", v) for name, p in paths.items()}
        assert got["searched"][0] == got["formula"][0]
        for name in paths:
            read[name] += got[name][1]
    assert read["searched"] < read["formula"], read
    # the layout report shows the grid the commit recorded
    lines = report.grid_lines(report.layout_grid(spark, paths["searched"]), files)
    assert any("s_nation on s_city" in line for line in lines), lines
