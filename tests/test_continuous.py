"""The continuous layout (``LayoutOptions(continuous=True)``) while a table grows, on real Spark + Hudi.

Fixture: 3 rounds of 4,000 order lines (tests/data/lineorder.py, a seed a round, keys of their own),
each bulk-inserted as 12 small files and clustered into about 4 files, for two tables, a fixture
each. ``per_round`` is our layout with Hudi's size-based plan: only the round's small files are
clustered, so each round is laid out on its own; only the comparison below needs it. ``grown`` is
ours with the continuous plan (merge fraction 0.5): after its first clustering, its writes put
each row in its region of the recorded grid. Round 1's bulk insert is written once
(``first_round``) and copied, so both tables start from the same files. After each round,
each table must hold exactly the rows written so far. The check is a count and a checksum of every
column, read with skipping off. The expected fingerprint is the rounds' fingerprints summed, each
computed once for both tables. Three rounds are kept: with two, the comparison of files read per
point query below failed in a trial run.

Expected, from the commits on the timeline: round 1's clustering lays the table out whole and
records its grid (``hudilayout.continuous.grid.`` + partition, "" here). A later round's write
leaves no file outside the grid's regions. So its clustering (if a region is due) finds no new file
and lays out due regions only, carrying the same grid forward. The layout report finds every file of
the table in a region, none outside, and says which are pending. Files read per point query over
every value after the last round (the column-stats index, hudi_layout.report): fewer than the
size-based plan's. The other tests write plain bulk inserts and upserts (files spanning every
region) into the same table, in order.
"""
from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from typing import Dict, List

import pytest

import hudi_layout as hl
from data import lineorder
from hudi_layout import report as layout_report
from hudi_layout import tables, timeline
from hudi_layout.options import BULK_INSERT_PARTITIONER_KEY, LayoutOptionError, LayoutOptions
from tablecheck import fingerprint, fingerprint_and_keys, point_query

pytestmark = [pytest.mark.spark, pytest.mark.slow]
ROUNDS, ROWS, FILES, FILES_OUT = 3, 4000, 12, 4
COLUMNS = list(lineorder.FILTER_COLUMNS)
#: A bloom filter sized for a small file's keys (its targets are sized for its footer).
BLOOM = tables.small_bloom(ROWS // FILES)
GRID_KEY = "hudilayout.continuous.grid."


def round_rows(spark, r: int):
    """Round ``r``'s rows (1-based): keys of their own, r * 10**6 + 1 on."""
    from pyspark.sql import functions as F
    return lineorder.frame(spark, ROWS, 6 + r).withColumn("lo_key", F.col("lo_key") + r * 10 ** 6)


@dataclass
class Grown:
    """One table after the rounds: per round its rows (checked against the model of the rounds so
    far), after the last its files and files read per point query; its clustering commits and its
    continuous regions."""
    rounds: Dict[int, dict]
    commits: List[dict]
    regions: List[dict]
    path: str
    target: int


def _write_round(spark, path: str, layout: LayoutOptions, r: int) -> None:
    """Round ``r``'s rows bulk-inserted into the table at ``path`` as ``FILES`` small files (on the
    grid, for a continuous layout on a laid-out table)."""
    hl.write(round_rows(spark, r).repartition(FILES), path, layout, table="t_grown", record_key="lo_key",
             operation="bulk_insert", extra={**BLOOM, "hoodie.bulkinsert.shuffle.parallelism": str(FILES),
                                             "hoodie.bulkinsert.sort.mode": "NONE"})


@dataclass
class FirstRound:
    """Round 1's table, written once: both layouts' tables start as copies of it."""
    path: str
    target: int
    expected: List[tuple]  # per round, the fingerprint of the rows written so far


@pytest.fixture(scope="module")
def first_round(spark, tmp_path_factory) -> FirstRound:
    path = str(tmp_path_factory.mktemp("continuous") / "round-1")
    _write_round(spark, path, LayoutOptions(COLUMNS, continuous=False), 1)
    target = tables.file_bytes(path).target(FILES_OUT)  # lays round 1 out as FILES_OUT files
    # the rows written so far: a count and a sum, so the union's fingerprint is its rounds' summed
    expected = [fingerprint(round_rows(spark, 1))]
    for r in range(2, ROUNDS + 1):
        expected.append(_plus(expected[-1], fingerprint(round_rows(spark, r))))
    return FirstRound(path, target, expected)


def _grow(spark, first: FirstRound, name: str, layout: LayoutOptions) -> Grown:
    """A copy of round 1's table, then every round: cluster with ``layout``, check the rows against
    the model, write the next round."""
    path = os.path.join(os.path.dirname(first.path), name)
    shutil.copytree(first.path, path)
    rounds: Dict[int, dict] = {}
    for r in range(1, ROUNDS + 1):
        if r > 1:
            _write_round(spark, path, layout, r)
        hl.cluster(spark, path, layout, extra=BLOOM)
        held = fingerprint(hl.read(spark, path, skipping=False))
        assert held == first.expected[r - 1], (name, r, held)
        rounds[r] = {"rows": held[0], "verified": True}
    figures = layout_report.report(spark, path, COLUMNS, probes=1000)
    rounds[ROUNDS].update(files=figures[0].files, point_avg=sum(f.avg_files for f in figures) / len(figures))
    return Grown(rounds, timeline.clustering_commits(spark, path), layout_report.continuous_regions(spark, path),
                 path, first.target)


@pytest.fixture(scope="module")
def grown(spark, first_round) -> Grown:
    """Ours with the continuous plan (merge fraction 0.5)."""
    return _grow(spark, first_round, "continuous", LayoutOptions(
        COLUMNS, curve="hilbert", mapping="sample", continuous=True, target_file_bytes=first_round.target))


@pytest.fixture(scope="module")
def per_round(spark, first_round) -> Grown:
    """Ours with Hudi's size-based plan: only files below half the target (the round's small files)
    are clustered."""
    target = first_round.target
    return _grow(spark, first_round, "per-round", LayoutOptions(
        COLUMNS, curve="hilbert", mapping="sample", continuous=False, target_file_bytes=target,
        small_file_bytes=target // 2))


def test_the_first_round_lays_the_table_out_and_records_its_grid(grown):
    commits = grown.commits
    assert 2 <= len(commits) <= ROUNDS  # round 2 doubles every region: all due
    first = commits[0]["extra"]
    assert first["hudilayout.continuous"].startswith("full"), first
    assert first[GRID_KEY].startswith("hilbert;"), first
    assert first["hudilayout.sample.rows"] == f"{ROWS} from commits", first


def test_later_rounds_write_inside_regions_and_lay_out_due_regions_only(grown):
    commits = grown.commits
    grid = commits[0]["extra"][GRID_KEY]
    for c in commits[1:]:
        extra = c["extra"]
        assert extra[GRID_KEY] == grid
        assert extra["hudilayout.continuous"].startswith("delta (0 new file(s); regions "), extra
        assert "laid out again" in extra["hudilayout.continuous"], extra
        rows, source = extra["hudilayout.sample.rows"].split(" ", 1)
        assert source == "from commits" and ROWS <= int(rows) <= ROUNDS * ROWS, extra


def test_rows_are_kept_and_a_point_query_reads_fewer_files_than_a_layout_per_round(grown, per_round):
    for table in (grown, per_round):
        for r in range(1, ROUNDS + 1):
            assert table.rounds[r]["verified"] and table.rounds[r]["rows"] == r * ROWS
    # over every value of every filter column, from the column-stats index
    continuous, size_based = grown.rounds[ROUNDS]["point_avg"], per_round.rounds[ROUNDS]["point_avg"]
    assert continuous < size_based, (continuous, size_based)


def test_the_report_shows_every_file_in_a_region(grown, per_round):
    assert per_round.regions == []  # not a continuous table
    [part] = grown.regions
    assert part["partition"] == "" and part["new_files"] == 0
    assert 1 < len(part["regions"]) <= part["cells"]
    assert sum(r["files"] for r in part["regions"]) == grown.rounds[ROUNDS]["files"]
    for r in part["regions"]:
        assert r["files"] == r["base_files"] + r["pending_files"] and r["base_bytes"] > 0
        assert (r["pending_rounds"] > 0) == (r["pending_files"] > 0)
    line = layout_report.region_lines(grown.regions)[0]
    assert line.startswith("continuous regions, table: root grid ") and "0 files of new rows (in no single region)" in line
    assert part["ingested_bytes"] > 0 and part["rewritten_bytes"] > 0
    assert f"clusterings wrote {layout_report.write_amplification(part):.2f} x the bytes ingested" in line


def test_a_round_beyond_the_group_limit_is_cut_into_groups_on_the_grid(spark, grown):
    """One more round on the continuous table (the first round's rows again, under new keys), with
    max.bytes.per.group a quarter of the round's small files: the new files are cut into groups
    of at most that many bytes, all laid on the recorded grid; every row is there once and every
    file still lies inside one region. With merge fraction 0.2 a region's share of the new rows
    alone makes it due, but no group of new rows has room for a region: one with nothing pending
    keeps its base files and gets the new rows as one pending layer, instead of being written
    again as it is."""
    from pyspark.sql import functions as F
    commits, path = grown.commits, grown.path
    source = round_rows(spark, 1).withColumn("lo_key", F.col("lo_key") + 10 ** 9)
    opts = {**tables.cow_table_options("t_grown", "lo_key", COLUMNS, FILES), **BLOOM}
    source.repartition(FILES).write.format("hudi").options(**opts).mode("append").save(path)
    small = sum(c["bytes_written"] for c in timeline.write_stats(spark, path)[-1:])
    layout = LayoutOptions(COLUMNS, curve="hilbert", mapping="sample", continuous=True,
                           target_file_bytes=grown.target, max_bytes_per_group=small // 4,
                           merge_fraction=0.2)
    settled = {r["region"]: r for r in grown.regions[0]["regions"] if r["pending_files"] == 0}
    assert settled, grown.regions
    result = hl.cluster(spark, path, layout, extra=BLOOM)
    assert int(result.layout["hudilayout.groups"]) >= 4, result.layout
    assert result.layout["hudilayout.continuous.grid."] == commits[0]["extra"][GRID_KEY]
    (rows, _), keys = fingerprint_and_keys(hl.read(spark, path, skipping=False))
    assert rows == keys == (ROUNDS + 1) * ROWS, (rows, keys)
    [part] = layout_report.continuous_regions(spark, path)
    assert part["new_files"] == 0
    after = {r["region"]: r for r in part["regions"]}
    for cell, before in settled.items():
        assert (after[cell]["base_files"], after[cell]["base_bytes"], after[cell]["pending_rounds"]) == \
            (before["base_files"], before["base_bytes"], 1), (before, after[cell], result.layout)


def test_files_updated_by_upserts_are_placed_again_by_their_rows(spark, grown):
    """Upserts into the laid-out continuous table (copy-on-write): 60 rows on the lowest s_city
    values move to the highest (another bucket of s_city), 60 others only change lo_tax. A file
    holding a moved row now spans two cells: the report counts exactly those files as new rows (in no
    single region), and the next clustering takes exactly them as new rows and places their rows again,
    after which every file lies in one region and the table holds the upserted rows."""
    from pyspark.sql import functions as F
    commits, path, columns = grown.commits, grown.path, COLUMNS
    [before] = layout_report.continuous_regions(spark, path)
    assert before["new_files"] == 0 and before["buckets"][columns.index("s_city")] >= 2, before
    table = hl.read(spark, path, skipping=False)
    data = [c for c in table.columns if not c.startswith("_hoodie_")]
    cities = sorted(r[0] for r in table.select("s_city").distinct().collect())
    low = table.where(F.col("s_city").isin(cities[:max(1, len(cities) // 10)])).orderBy("lo_key")
    moved = low.limit(60).withColumn("s_city", F.lit(cities[-1]))
    taxed = table.where(~F.col("s_city").isin(cities[:max(1, len(cities) // 10)])).orderBy("lo_key").limit(60) \
        .withColumn("lo_tax", F.lit(99))
    moved_rows = moved.select("lo_key", "_hoodie_file_name").collect()
    moved_files = {r[1].split("_")[0] for r in moved_rows}
    updates = moved.unionByName(taxed).select(*data).localCheckpoint()  # fixed before the table changes
    assert updates.count() == 120
    expected = fingerprint(table.select(*data).join(updates.select("lo_key"), "lo_key", "left_anti")
                           .unionByName(updates))
    opts = {**tables.cow_table_options("t_grown", "lo_key", columns, 2), **BLOOM}
    opts["hoodie.datasource.write.operation"] = "upsert"
    updates.write.format("hudi").options(**opts).mode("append").save(path)
    [upserted] = layout_report.continuous_regions(spark, path)
    assert upserted["new_files"] == len(moved_files), (upserted, moved_files)
    # the rows of the files the upsert rewrote, which the next clustering samples
    in_moved = hl.read(spark, path, skipping=False) \
        .where(F.split("_hoodie_file_name", "_")[0].isin(sorted(moved_files))).count()

    # no region falls due or merges here (merge_fraction 100, no tiers): this clustering places the
    # moved files only
    layout = LayoutOptions(columns, curve="hilbert", mapping="sample", continuous=True, merge_fraction=100,
                           merge_tiers=0, target_file_bytes=grown.target)
    result = hl.cluster(spark, path, layout, extra=BLOOM)
    assert result.layout["hudilayout.continuous"] == f"delta ({len(moved_files)} new file(s))", result.layout
    assert result.layout[GRID_KEY] == commits[0]["extra"][GRID_KEY]
    assert result.layout["hudilayout.sample.rows"] == f"{in_moved} from commits", result.layout
    [after] = layout_report.continuous_regions(spark, path)
    assert after["new_files"] == 0, after
    assert fingerprint(hl.read(spark, path, skipping=False)) == expected
    keys, _ = point_query(spark, path, "s_city", cities[-1])
    assert {r[0] for r in moved_rows} <= set(keys)


def test_pending_layers_of_one_tier_merge_without_touching_the_base(spark, grown):
    """Two more small rounds on the continuous table (800 rows of the first round again, under new
    keys), clustered with merge_fraction 100 (no region falls due) and merge_tiers 2. The first is
    a plain bulk insert of 4 files that span the regions: its clustering leaves a pending layer of
    about the new rows' size in every region (or merges it with one of that size already there).
    The second is a bulk insert on the grid, which leaves its rows as a pending layer inside each
    region, where they stand in for the new rows: its clustering finds that layer and the first
    one in one size tier and merges them into one layer: the commit says so, no region gains a
    layer (without the merge each would: every region gets new rows), no base file is rewritten,
    and every row is there once."""
    from pyspark.sql import functions as F
    path, columns = grown.path, COLUMNS
    layout = LayoutOptions(columns, curve="hilbert", mapping="sample", continuous=True, merge_fraction=100,
                           merge_tiers=2, target_file_bytes=grown.target)
    opts = {**tables.cow_table_options("t_grown", "lo_key", columns, 4), **BLOOM}
    first = round_rows(spark, 1).orderBy("lo_key").limit(800)
    before = hl.read(spark, path, skipping=False).count()
    [start] = layout_report.continuous_regions(spark, path)
    bases = {r["region"]: (r["base_files"], r["base_bytes"]) for r in start["regions"]}
    seen = []
    on_grid = {"hoodie.bulkinsert.user.defined.partitioner.class":
               layout.write_options()["hoodie.bulkinsert.user.defined.partitioner.class"]}
    for step in (1, 2):
        rows = first.withColumn("lo_key", F.col("lo_key") + (1 + step) * 10 ** 9).repartition(4)
        rows.write.format("hudi").options(**opts, **(on_grid if step == 2 else {})).mode("append").save(path)
        result = hl.cluster(spark, path, layout, extra=BLOOM)
        [part] = layout_report.continuous_regions(spark, path)
        assert part["new_files"] == 0, part
        seen.append((result.layout["hudilayout.continuous"], {r["region"]: r for r in part["regions"]}))
    (_, after1), (why2, after2) = seen
    assert "pending layers merged, 2 of one tier" in why2, why2
    assert after2.keys() == after1.keys() == bases.keys()
    for cell, r in after2.items():
        assert (r["base_files"], r["base_bytes"]) == bases[cell] == (after1[cell]["base_files"],
                                                                     after1[cell]["base_bytes"]), cell
        assert r["pending_rounds"] <= after1[cell]["pending_rounds"], (cell, r, after1[cell])
        assert r["pending_rows"] + r["base_rows"] >= after1[cell]["pending_rows"] + after1[cell]["base_rows"]
    (rows, _), keys = fingerprint_and_keys(hl.read(spark, path, skipping=False))
    assert rows == keys == before + 1600, (rows, keys, before)


def test_an_upsert_that_touches_every_file_keeps_the_layers_and_regions_fall_due(spark, grown):
    """The stall of time-ordered upserts: a bulk insert on the grid leaves a pending layer in the
    regions it reaches; then an upsert changes lo_tax on one row of every file (copy-on-write:
    every file is written again, in place, under the upsert's instant). Each file keeps the layer
    of the instant that made its file group, so the report shows every region's base and pending
    layers as before the upsert, and the next clustering (merge_fraction 0.01) lays out again every
    region with a pending layer. Layered by the instant of each file's newest version instead, the
    upsert would make every file of a region one layer, its base: no region would ever fall due and
    the table would gain a layer of files per round, never merged."""
    from pyspark.sql import Window, functions as F
    path, columns, layout, opts = _grown_table(grown, merge_fraction=0.01, merge_tiers=0)
    more = round_rows(spark, 2).orderBy("lo_key").limit(600) \
        .withColumn("lo_key", F.col("lo_key") + 5 * 10 ** 9)
    more.repartition(2).write.format("hudi").options(**opts).mode("append").save(path)
    [before] = layout_report.continuous_regions(spark, path)
    layered = {r["region"]: (r["base_files"], r["pending_files"], r["pending_rounds"]) for r in before["regions"]}
    assert before["new_files"] == 0 and any(p[2] > 0 for p in layered.values()), before

    table = hl.read(spark, path, skipping=False)
    data = [c for c in table.columns if not c.startswith("_hoodie_")]
    first = Window.partitionBy("_hoodie_file_name").orderBy("lo_key")
    touched = table.withColumn("n", F.row_number().over(first)).where("n = 1")
    files = touched.count()
    updates = touched.select(*data).withColumn("lo_tax", F.lit(55)).localCheckpoint()
    expected = fingerprint(table.select(*data).join(updates.select("lo_key"), "lo_key", "left_anti")
                           .unionByName(updates))
    upsert = {**tables.cow_table_options("t_grown", "lo_key", columns, 2), **BLOOM}
    upsert["hoodie.datasource.write.operation"] = "upsert"
    updates.write.format("hudi").options(**upsert).mode("append").save(path)
    rewritten = timeline.write_stats(spark, path)[-1]
    assert rewritten["operation"] != "CLUSTER" and rewritten["files_written"] == files, rewritten

    [after] = layout_report.continuous_regions(spark, path)
    assert after["new_files"] == 0, after
    assert {r["region"]: (r["base_files"], r["pending_files"], r["pending_rounds"]) for r in after["regions"]} \
        == layered, (layered, after)
    result = hl.cluster(spark, path, layout, extra=BLOOM)
    assert result.instant is not None, "no region fell due after the upsert"
    due = {c for c, (_, _, pending) in layered.items() if pending > 0}
    said = result.layout["hudilayout.continuous"]
    assert said.startswith("delta (0 new file(s); regions ") and "laid out again" in said, said
    assert set(said.split("regions ")[1].split(" ")[0].split(",")) == due, (said, layered)
    [settled] = layout_report.continuous_regions(spark, path)
    assert settled["new_files"] == 0
    assert all(r["pending_files"] == 0 for r in settled["regions"] if r["region"] in due), settled
    assert fingerprint(hl.read(spark, path, skipping=False)) == expected


def test_a_due_region_that_outgrew_its_files_splits_and_writes_follow_the_tree(spark, grown):
    """Regions split: with region_files=1 a due region laid out again into two files or more is
    split into a grid of its own drawn from its rows, one cell per file, recorded on the commit as
    part of the partition's region tree ("root|path=grid"). After a bulk insert on the grid gives
    every region a pending layer, a clustering with merge_fraction 0.01 lays every region out again
    and splits those that make two files or more: the report shows the tree deeper, every file in
    one region and the rows unchanged. A later bulk insert on the grid puts each row in its region of
    the grown tree (no file spans the cells of a split region), and the next clustering reads the
    tree back and carries it forward."""
    from pyspark.sql import functions as F
    path, columns, layout, opts = _grown_table(grown, merge_fraction=0.01, merge_tiers=0, region_files=1)
    source = round_rows(spark, 3).orderBy("lo_key")

    def write(n, offset):
        rows = source.limit(n).withColumn("lo_key", F.col("lo_key") + offset * 10 ** 9)
        rows.repartition(2).write.format("hudi").options(**opts).mode("append").save(path)

    write(800, 7)
    [before] = layout_report.continuous_regions(spark, path)
    expected = fingerprint(hl.read(spark, path, skipping=False))
    result = hl.cluster(spark, path, layout, extra=BLOOM)
    said, tree = result.layout["hudilayout.continuous"], result.layout[GRID_KEY]
    assert "; split: " in said and "|" in tree, (said, tree)
    [split] = layout_report.continuous_regions(spark, path)
    assert split["splits"] >= 1 and split["depth"] == 2 and split["cells"] > before["cells"], split
    assert split["new_files"] == 0 and any("." in r["region"] for r in split["regions"]), split
    assert fingerprint(hl.read(spark, path, skipping=False)) == expected

    write(400, 8)
    [written] = layout_report.continuous_regions(spark, path)
    assert written["new_files"] == 0, written
    assert sum(r["pending_files"] for r in written["regions"] if "." in r["region"]) > 0, written
    again = hl.cluster(spark, path, layout.replace(merge_fraction=100), extra=BLOOM)
    if again.instant is not None:
        assert again.layout[GRID_KEY].startswith(tree.split("|")[0] + "|"), again.layout
    assert hl.read(spark, path, skipping=False).count() == expected[0] + 400


@pytest.mark.parametrize("changes, message", [
    (dict(merge_fraction=0), "merge_fraction (hoodie.hudilayout.continuous.merge.fraction) = 0 is not accepted"),
    (dict(merge_tiers=-1), "merge_tiers (hoodie.hudilayout.continuous.merge.tiers) = -1 is not accepted: "
     "a whole number from 0 to 64"),
    (dict(continuous=True, whole_partition=True), "continuous (hoodie.clustering.plan.strategy.class) = True"),
    (dict(continuous=True, curve="linear"), "False with curve linear"),
])
def test_bad_continuous_options_name_the_key(changes, message):
    with pytest.raises(LayoutOptionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        LayoutOptions(["a", "b"], **changes)


def test_continuous_sets_the_plan_the_fraction_and_the_tiers():
    opts = LayoutOptions(["a", "b"], continuous=True, merge_fraction=0.3, merge_tiers=4).clustering_options()
    assert opts["hoodie.clustering.plan.strategy.class"] == "dev.hudilayout.continuous.ContinuousPlanStrategy"
    assert opts["hoodie.hudilayout.continuous.merge.fraction"] == "0.3"
    assert opts["hoodie.hudilayout.continuous.merge.tiers"] == "4"
    key = "hoodie.bulkinsert.user.defined.partitioner.class"
    assert key not in opts  # a write's option, not a clustering's
    assert LayoutOptions(["a", "b"], continuous=True).write_options()[key] == "dev.hudilayout.continuous.RegionWritePartitioner"
    assert key not in LayoutOptions(["a", "b"]).write_options()


def test_continuous_is_the_default_where_a_layout_is_clustered_repeatedly():
    plan, key = "hoodie.clustering.plan.strategy.class", "hoodie.bulkinsert.user.defined.partitioner.class"
    continuous = "dev.hudilayout.continuous.ContinuousPlanStrategy"
    for repeated in (dict(inline=True), dict(async_clustering=True)):
        opts = LayoutOptions(["a", "b"], **repeated).write_options()
        assert opts[plan] == continuous and opts[key] == "dev.hudilayout.continuous.RegionWritePartitioner", repeated
        assert plan not in LayoutOptions(["a", "b"], continuous=False, **repeated).write_options()
        # where the continuous plan cannot take the layout, the default is off, not an error
        assert plan not in LayoutOptions(["a", "b"], curve="linear", **repeated).write_options()
        assert LayoutOptions(["a", "b"], whole_partition=True, **repeated).write_options()[plan] != continuous
    first = LayoutOptions(["a", "b"])
    assert not first.is_continuous and plan not in first.clustering_options()  # a table's first cluster()
    assert first.clustered_again().clustering_options()[plan] == continuous
    assert not LayoutOptions(["a", "b"], continuous=False).clustered_again().is_continuous
    assert not LayoutOptions(["a", "b"], curve="linear").clustered_again().is_continuous


def test_a_partitioned_merge_on_read_table_keeps_a_grid_per_partition(spark, tmp_path):
    """Merge-on-read, partitioned by c_region (5 partitions): 3,000 rows bulk-inserted, then a
    continuous clustering lays each partition out on a grid of its own and records 5 grids. An
    upsert that changes lo_tax on 60 rows writes log files whose column stats stay inside their
    slices' regions: no slice lies outside a region (a slice with log files lies where its base and
    log files' [min, max] together lie). Then an upsert updates 120 rows (log files; 40 of them move
    to the highest s_city) and
    inserts 600 new rows, and the next continuous clustering takes every partition as a delta on
    its recorded grid: slices with log files and new files are placed again, after which no file
    of any partition lies outside a region and the table holds exactly the upserted rows."""
    from pyspark.sql import functions as F
    columns = COLUMNS
    path = str(tmp_path / "mor")
    first = lineorder.frame(spark, 3000, 31).localCheckpoint()
    opts = tables.table_options("t_cmor", "lo_key", columns, 4, table_type="MERGE_ON_READ", partition_by="c_region")
    opts.update({tables.BLOOM_ENTRIES_KEY: "200", "hoodie.datasource.write.precombine.field": "lo_key",
                 "hoodie.compact.inline": "false"})
    first.repartition(4).write.format("hudi").options(**opts).mode("overwrite").save(path)
    layout = LayoutOptions(columns, curve="hilbert", mapping="sample", continuous=True,
                           target_file_bytes=tables.file_bytes(path).target(15))
    # A plan that blocks Hudi's timeline server (its handlers read the metadata table on the JVM's
    # common fork-join pool) must fail here, not wait out the remote view's 300 s and fall back
    extra = {tables.BLOOM_ENTRIES_KEY: "200", "hoodie.filesystem.view.remote.timeout.secs": "60",
             "hoodie.filesystem.remote.backup.view.enable": "false"}
    full = hl.cluster(spark, path, layout, extra=extra).layout
    grids = {k: v for k, v in full.items() if k.startswith(GRID_KEY)}
    partitions = sorted(r[0] for r in first.select("c_region").distinct().collect())
    assert sorted(grids) == [GRID_KEY + p for p in partitions], full
    assert _stages(full) == {p: "full" for p in partitions}, full["hudilayout.continuous"]

    # updates in place (lo_tax only) write log files whose stats stay inside their base file's
    # region: those slices stay in their regions instead of going back through clustering
    opts["hoodie.datasource.write.operation"] = "upsert"
    in_place = first.orderBy(F.xxhash64("lo_key", F.lit(1))).limit(60).withColumn("lo_tax", F.lit(78)).localCheckpoint()
    in_place.write.format("hudi").options(**opts).mode("append").save(path)
    logs = [f for _, _, fs in __import__("os").walk(path) for f in fs if ".log." in f]
    assert logs, "the in-place upsert wrote no log files"
    assert all(p["new_files"] == 0 for p in layout_report.continuous_regions(spark, path))
    first = first.join(in_place.select("lo_key"), "lo_key", "left_anti").unionByName(in_place).localCheckpoint()

    cities = sorted(r[0] for r in first.select("s_city").distinct().collect())
    updated = first.orderBy(F.xxhash64("lo_key")).limit(120).withColumn("lo_tax", F.lit(77))
    updated = updated.withColumn("s_city", F.when(F.col("lo_key") % 3 == 0, F.lit(cities[-1])).otherwise(F.col("s_city")))
    inserted = lineorder.frame(spark, 600, 32) \
        .withColumn("lo_key", F.col("lo_key") + 10 ** 9)
    batch = updated.unionByName(inserted).localCheckpoint()
    batch.write.format("hudi").options(**opts).mode("append").save(path)
    expected = first.join(batch.select("lo_key"), "lo_key", "left_anti").unionByName(batch)

    delta = hl.cluster(spark, path, layout, extra=extra).layout
    assert _stages(delta) == {p: "delta" for p in partitions}, delta["hudilayout.continuous"]
    assert {k: v for k, v in delta.items() if k.startswith(GRID_KEY)} == grids
    regions = layout_report.continuous_regions(spark, path)
    assert sorted(p["partition"] for p in regions) == partitions
    assert all(p["new_files"] == 0 and p["regions"] for p in regions), regions
    table = hl.read(spark, path, skipping=False)
    expected = fingerprint(expected)  # the rows' fingerprint, from here on added to as rows are written
    assert fingerprint(table) == expected
    assert table.where("lo_tax = 77").count() == 120

    # A bulk insert as the continuous layout's write options make it: rows of the 5 partitions with
    # a grid go to their regions (every partition's files stay inside regions), rows of a new
    # partition, without a grid yet, are written as they come; every row is there once.
    more = lineorder.frame(spark, 500, 33) \
        .withColumn("lo_key", F.col("lo_key") + 2 * 10 ** 9) \
        .withColumn("c_region", F.when(F.col("lo_key") % 5 == 0, F.lit("NEW")).otherwise(F.col("c_region")))
    opts.update({"hoodie.datasource.write.operation": "bulk_insert",
                 "hoodie.bulkinsert.user.defined.partitioner.class": LayoutOptions(
                     columns, continuous=True).write_options()["hoodie.bulkinsert.user.defined.partitioner.class"]})
    more.repartition(3).write.format("hudi").options(**opts).mode("append").save(path)
    regions = layout_report.continuous_regions(spark, path)
    assert sorted(p["partition"] for p in regions) == partitions
    assert all(p["new_files"] == 0 for p in regions), regions
    table = hl.read(spark, path, skipping=False)
    expected = _plus(expected, fingerprint(more))
    assert fingerprint(table) == expected
    assert table.where("c_region = 'NEW'").count() == more.where("c_region = 'NEW'").count() > 0

    # Two plans scheduled before either runs (async clustering falling behind): the second takes
    # the files written since the first, none of the file groups the first holds, and runs alone.
    first_plan = hl.cluster(spark, path, layout, extra=extra, execute=False).instant
    assert first_plan is not None
    late = lineorder.frame(spark, 200, 34) \
        .withColumn("lo_key", F.col("lo_key") + 3 * 10 ** 9).localCheckpoint()
    opts["hoodie.datasource.write.operation"] = "insert"
    opts.pop("hoodie.bulkinsert.user.defined.partitioner.class")
    late.write.format("hudi").options(**opts).mode("append").save(path)
    second_plan = hl.cluster(spark, path, layout, extra=extra, execute=False).instant
    assert second_plan is not None and second_plan != first_plan
    held, taken = _planned_file_groups(spark, path, first_plan), _planned_file_groups(spark, path, second_plan)
    assert held and taken and not held & taken, (held, taken)
    hl.execute(spark, path, second_plan, layout, extra=extra)
    assert hl.pending(spark, path) == [first_plan]
    table = hl.read(spark, path, skipping=False)
    assert fingerprint(table) == _plus(expected, fingerprint(late))


def _plus(*fingerprints) -> tuple:
    """The fingerprint of the union of disjoint row sets: a count and a sum, so the parts' summed."""
    return tuple(map(sum, zip(*fingerprints)))


def _planned_file_groups(spark, path: str, instant: str) -> set:
    """The file groups (partition, file id) the clustering plan at ``instant`` takes."""
    j = spark._jvm
    conf = j.org.apache.hudi.storage.hadoop.HadoopStorageConfiguration(spark._jsc.hadoopConfiguration())
    meta = j.org.apache.hudi.common.table.HoodieTableMetaClient.builder().setConf(conf).setBasePath(path).build()
    found = [i for i in meta.getActiveTimeline().filterPendingReplaceOrClusteringTimeline().getInstants()
             if i.requestedTime() == instant]
    plan = j.org.apache.hudi.common.util.ClusteringUtils.getClusteringPlan(meta, found[0]).get().getRight()
    return {(str(s.getPartitionPath()), str(s.getFileId())) for g in plan.getInputGroups() for s in g.getSlices()}


def _grown_table(grown, **changes):
    """(path, filter columns, layout, write options on the grid) for more rounds on the fixture's
    continuous table: a continuous Hilbert layout with ``changes``, and bulk-insert options that
    put each row in its region (the layout's partitioner) with the fixture's bloom size."""
    columns = COLUMNS
    layout = LayoutOptions(columns, curve="hilbert", mapping="sample", continuous=True,
                           target_file_bytes=grown.target, **changes)
    opts = {**tables.cow_table_options("t_grown", "lo_key", columns, 4), **BLOOM,
            BULK_INSERT_PARTITIONER_KEY: layout.write_options()[BULK_INSERT_PARTITIONER_KEY]}
    return grown.path, columns, layout, opts


def _stages(layout: dict) -> dict:
    """What each partition's group did, from ``hudilayout.continuous`` ("P: full (...); Q: delta (...)")."""
    import re
    return dict(re.findall(r"(?:^|; )([^;]*?): (full|delta) \(", layout["hudilayout.continuous"]))
