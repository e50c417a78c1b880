"""The issue's target for sort columns that change, as a benchmark (``pytest -m bench -s
tests/test_bench_column_change.py``): files read per point query counted by the benchmark's
FileBounds, round by round, against a twin table that started on the new columns. The library's
tests of the same feature are in tests/test_column_change.py, whose table helpers this uses."""
from __future__ import annotations

import pytest

import hudi_layout as hl
from bench.every_query import FileBounds
from hudi_layout import tables
from tablecheck import fingerprint
from test_column_change import OLD, _old_layout, _rows

pytestmark = [pytest.mark.spark, pytest.mark.bench]


#: The bench's columns: the old layout's, then the new, which keep one old column and add another.
BENCH_OLD = OLD
BENCH_NEW = [OLD[1], "lo_quantity"]


@pytest.mark.bench
def test_after_a_change_of_columns_the_table_reads_as_one_that_started_on_them(spark, tmp_path):
    """The issue's target (``pytest -m bench -s tests/test_column_change.py``): a table grows by
    rounds of upserts of 2,000 new rows, each followed by a continuous clustering, on the old
    columns for 8 rounds, then on the new ones for 8 more (the table doubles); its twin takes the
    same rows and clusterings on the new columns from the start. After every round on the new
    columns it prints, per new column and on average, the files a point query reads (over every
    value the column holds, counted from the column-stats index; a file the index lacks for a
    column is read by every query on it) in both tables, their ratio and each one's ratio to the
    bound N^((d-1)/d); and what remains on the old layout. Expected: by the last round the moving
    table reads at most 1.25x its twin's files, on every new column and on average."""
    rounds, per_round = 16, 2000
    batches = [_rows(spark, tmp_path, f"b{r}", per_round, 500 + r, 1_000_000 * r, 1 + r).localCheckpoint()
               for r in range(rounds)]
    moving, twin = str(tmp_path / "t_moving"), str(tmp_path / "t_twin")
    sizes = {}

    def layout(columns, path):
        return hl.LayoutOptions(columns, continuous=True, target_file_bytes=sizes[path],
                                small_file_bytes=1 << 40, max_bytes_per_group=1 << 40)

    figures = []
    for r, batch in enumerate(batches):
        for path, columns in ((moving, BENCH_OLD if r < rounds // 2 else BENCH_NEW), (twin, BENCH_NEW)):
            name = path.rsplit("/", 1)[-1]
            if r == 0:
                hl.write(batch.repartition(8), path, hl.LayoutOptions(columns), table=name, record_key="lo_key",
                         ordering="version", operation="bulk_insert",
                         extra={"hoodie.bulkinsert.shuffle.parallelism": "8", "hoodie.bulkinsert.sort.mode": "NONE"})
                sizes[path] = tables.file_bytes(path).target(4)  # four files a round
            else:
                hl.write(batch, path, layout(columns, path), table=name, record_key="lo_key", ordering="version",
                         operation="upsert")
            assert hl.cluster(spark, path, layout(columns, path)).executed, (name, r)
        if r < rounds // 2:
            continue
        row = {"round": r + 1}
        values = {c: sorted(v[0] for v in spark.read.format("hudi").load(twin).select(c).distinct().collect())
                  for c in BENCH_NEW}
        for path, name in ((moving, "moving"), (twin, "twin")):
            bounds = FileBounds.of_hudi(spark, path, BENCH_NEW, unindexed_read=True)
            per_column = {c: sum(bounds.count([(c, v, v)]) for v in vs) / len(vs) for c, vs in values.items()}
            bound = bounds.files ** ((len(BENCH_NEW) - 1) / len(BENCH_NEW))
            row[name] = {"files": bounds.files, **per_column,
                         "average": sum(per_column.values()) / len(per_column), "bound": bound}
        assert fingerprint(spark.read.format("hudi").load(moving)) == fingerprint(
            spark.read.format("hudi").load(twin)), r
        old = _old_layout(spark, moving)
        row["old_rows"] = old["rows"] if old else 0
        figures.append(row)
        ratios = {c: round(row["moving"][c] / row["twin"][c], 3) for c in BENCH_NEW + ["average"]}
        print(f"round {row['round']}: files {row['moving']['files']} vs twin {row['twin']['files']}; "
              f"per point query {[round(row['moving'][c], 2) for c in BENCH_NEW + ['average']]} vs twin "
              f"{[round(row['twin'][c], 2) for c in BENCH_NEW + ['average']]}: {ratios}; to the bound "
              f"{round(row['moving']['average'] / row['moving']['bound'], 3)} vs twin "
              f"{round(row['twin']['average'] / row['twin']['bound'], 3)}; rows on the old layout {row['old_rows']}")
    last = figures[-1]
    assert last["old_rows"] == 0, last
    assert all(last["moving"][c] <= 1.25 * last["twin"][c] for c in BENCH_NEW + ["average"]), last
