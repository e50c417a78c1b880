"""Workload advice: weights in proportion to query shares, the closed form of the expected
files, dropping a column whose share earns no cut, capping at distinct counts, bad logs refused;
and the command on a real table."""
from __future__ import annotations

import json
import math

import pytest

from hudi_layout import advice
from data import lineorder
from hudi_layout.cli import advise as advise_cli

SHARES = [dict(column="s_city", operator="=", frequency=60), dict(column="c_city", operator="in", frequency=30),
          dict(column="p_brand", operator="between", frequency=10)]


def test_weights_follow_shares_and_beat_equal_weights_by_the_closed_form():
    a = advice.advise(advice.shares_from(SHARES), 1000, {"s_city": 250, "c_city": 250, "p_brand": 1000})
    assert a.sort_columns == ["s_city", "c_city", "p_brand"]
    assert a.weights == pytest.approx({"s_city": 0.6, "c_city": 0.3, "p_brand": 0.1})
    assert math.prod(a.cuts.values()) == pytest.approx(1000)
    assert a.cuts["s_city"] / a.cuts["p_brand"] == pytest.approx(6)
    gm = (0.6 * 0.3 * 0.1) ** (1 / 3)
    assert a.workload_files == pytest.approx(3 * gm * 1000 ** (2 / 3))  # d * GM(p) * N^((d-1)/d)
    assert a.equal_weight_files == pytest.approx(100)
    assert a.workload_files < 0.85 * a.equal_weight_files  # 78.6 vs 100


def test_a_share_too_small_for_one_cut_is_dropped_and_reported():
    shares = advice.shares_from([dict(column="a", operator="=", frequency=98),
                                 dict(column="b", operator="=", frequency=1.9),
                                 dict(column="c", operator="<", frequency=0.1)])
    a = advice.advise(shares, 100, {"a": 1000, "b": 1000, "c": 1000})
    assert a.sort_columns == ["a", "b"] and "c" in a.dropped and "< 1" in a.dropped["c"]
    assert a.expected_files["c"] == 100 and math.prod(a.cuts.values()) == pytest.approx(100)


def test_cuts_are_capped_at_distinct_values_and_the_rest_redistributed():
    shares = advice.shares_from([dict(column="a", operator="=", frequency=1), dict(column="b", operator="=", frequency=1)])
    a = advice.advise(shares, 1000, {"a": 5, "b": 10_000})
    assert a.cuts == pytest.approx({"a": 5, "b": 200})
    one_value = advice.advise(shares, 1000, {"a": 1, "b": 10_000})
    assert one_value.sort_columns == ["b"] and "one distinct value" in one_value.dropped["a"]


@pytest.mark.parametrize("rows,words", [
    ([dict(column="a", operator="like", frequency=1)], "operator 'like'"),
    ([dict(column="a", operator="=", frequency="often")], "frequency 'often'"),
    ([dict(column="a", operator="=", frequency=-1)], ">= 0"),
    ([dict(column="a", operator="=")], "missing frequency"),
    ([dict(column="a", operator="=", frequency=0)], "no predicate"),
])
def test_bad_logs_are_refused_with_the_reason(rows, words):
    with pytest.raises(advice.AdviceError, match=words):
        advice.shares_from(rows)


@pytest.mark.spark
def test_advise_command_on_a_table(spark, tmp_path, capsys):
    import hudi_layout as hl
    # 600 rows in 2 files hold over 200 of the 250 cities and 450 of the 1000 brands: more distinct
    # values than the cuts of 1000 files (about 23, 11 and 4), so no cut is capped
    df = lineorder.frame(spark, 600, 97).repartition(2)
    path = str(tmp_path / "table")
    hl.write(df, path, hl.LayoutOptions(list(lineorder.FILTER_COLUMNS)), table="t_advise", record_key="lo_key",
             operation="bulk_insert", extra={"hoodie.bulkinsert.shuffle.parallelism": "2",
                                             "hoodie.bulkinsert.sort.mode": "NONE"})
    log = tmp_path / "log.csv"
    log.write_text("column,operator,frequency\n" + "\n".join(f"{r['column']},{r['operator']},{r['frequency']}"
                                                           for r in SHARES) + "\n")
    out = tmp_path / "advice.json"
    assert advise_cli.main([path, "--log", str(log), "--files", "1000", "--json", str(out)]) == 0
    a = json.loads(out.read_text())
    assert a["sort_columns"] == ["s_city", "c_city", "p_brand"] and a["files"] == 1000
    assert "Recommended sort columns for 1000 files: s_city, c_city, p_brand" in capsys.readouterr().out
    bad = tmp_path / "bad.csv"
    bad.write_text("column,operator,frequency\nnope,=,3\n")
    assert advise_cli.main([path, "--log", str(bad)]) == 2
    assert "nope" in capsys.readouterr().out
