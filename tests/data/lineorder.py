"""A small sales table for the library's tests: one row per order line, with the supplier's and
the customer's city, nation and region and the part's brand, category and manufacturer beside it.

Every column is a Spark expression of the row's number and a seed (``xxhash64``), so the same
``rows`` and ``seed`` give the same rows on every run, every Spark version and every partition
count, and nothing is read from disk. Cardinalities are those of a star-schema sales table:
250 cities (10 in each of 25 nations, 5 regions; a city is the nation's name cut or padded to 9
characters plus a digit, e.g. ``"GERMANY  2"``), 1000 brands (``"MFGR#"`` + manufacturer 1-5 +
category 1-5 + number 1-40, e.g. ``"MFGR#1440"``), quantities 1-50, discounts 0-10, taxes 0-8.

``lo_key`` is unique: the rows' keys are 1..rows in a seeded order (so the first rows by key are
spread over every value of every other column), and two frames of the same size hold the same
keys: offset one (``lo_key + 10**9``) to insert rather than update.
"""
from __future__ import annotations

import math
from typing import Dict, List, Tuple

from pyspark.sql import Column, DataFrame, functions as F

#: The columns a layout sorts on in most tests.
FILTER_COLUMNS: Tuple[str, ...] = ("s_city", "c_city", "p_brand")
#: Values the point queries of the tests look for, one a filter column (each is in every table of
#: a few thousand rows: 3000 rows hold about 12 rows of a city and 3 of a brand).
PROBES: List[Tuple[str, str]] = [("s_city", "GERMANY  2"), ("c_city", "VIETNAM  2"), ("p_brand", "MFGR#1440")]

_REGIONS: Dict[str, Tuple[str, ...]] = {
    "AFRICA": ("ALGERIA", "ETHIOPIA", "KENYA", "MOROCCO", "MOZAMBIQUE"),
    "AMERICA": ("ARGENTINA", "BRAZIL", "CANADA", "PERU", "UNITED STATES"),
    "ASIA": ("CHINA", "INDIA", "INDONESIA", "JAPAN", "VIETNAM"),
    "EUROPE": ("FRANCE", "GERMANY", "ROMANIA", "RUSSIA", "UNITED KINGDOM"),
    "MIDDLE EAST": ("EGYPT", "IRAN", "IRAQ", "JORDAN", "SAUDI ARABIA"),
}
NATIONS: List[str] = [nation for members in _REGIONS.values() for nation in members]
REGIONS: List[str] = [region for region, members in _REGIONS.items() for _ in members]
CITIES: List[str] = [nation[:9].ljust(9) + str(digit) for nation in NATIONS for digit in range(10)]
SHIP_MODES: List[str] = ["AIR", "FOB", "MAIL", "RAIL", "REG AIR", "SHIP", "TRUCK"]


def _draw(seed: int, salt: str, values: int) -> Column:
    """A seeded value in [0, values) for each row."""
    return F.pmod(F.xxhash64(F.lit(seed), F.lit(salt), F.col("id")), F.lit(values))


def _pick(names: List[str], index: Column) -> Column:
    """``names[index]``. The names go to Spark as one SQL array literal: a ``F.lit`` each would be a
    call into the JVM each, 250 for the cities, and made the frame take over a second."""
    assert not any("'" in n or "\\" in n for n in names), names
    return F.element_at(F.expr("array(" + ", ".join(f"'{n}'" for n in names) + ")"), (index + 1).cast("int"))


def _stride(rows: int, seed: int) -> int:
    """A step coprime with ``rows``: id -> (id * step + seed) mod rows is then a permutation."""
    step = 7919 + 2 * seed
    while math.gcd(step, rows) != 1:
        step += 1
    return step


def frame(spark, rows: int, seed: int = 1, partitions: int = 8) -> DataFrame:
    """``rows`` order lines drawn with ``seed``, in ``partitions`` partitions."""
    ids = spark.range(0, rows, 1, partitions)
    key = F.pmod(F.col("id") * F.lit(_stride(rows, seed)) + F.lit(seed), F.lit(rows)) + 1
    supplier, customer, brand = _draw(seed, "s", 250), _draw(seed, "c", 250), _draw(seed, "p", 1000)
    mfgr = F.concat(F.lit("MFGR#"), (F.floor(brand / 200) + 1).cast("string"))
    category = F.concat(mfgr, (F.floor(brand / 40) % 5 + 1).cast("string"))
    price = (_draw(seed, "price", 10_000_000) + 90_000).cast("long")
    discount = _draw(seed, "discount", 11).cast("int")
    return ids.select(
        key.cast("long").alias("lo_key"),
        F.floor((key - 1) / 4).cast("long").alias("lo_orderkey"),
        F.date_add(F.lit("1992-01-01").cast("date"), _draw(seed, "date", 2557).cast("int")).alias("lo_orderdate"),
        (_draw(seed, "quantity", 50) + 1).cast("int").alias("lo_quantity"),
        price.alias("lo_extendedprice"),
        discount.alias("lo_discount"),
        (price * (100 - discount) / 100).cast("long").alias("lo_revenue"),
        _draw(seed, "tax", 9).cast("int").alias("lo_tax"),
        _pick(SHIP_MODES, _draw(seed, "ship", len(SHIP_MODES))).alias("lo_shipmode"),
        _pick(CITIES, customer).alias("c_city"),
        _pick(NATIONS, F.floor(customer / 10)).alias("c_nation"),
        _pick(REGIONS, F.floor(customer / 10)).alias("c_region"),
        _pick(CITIES, supplier).alias("s_city"),
        _pick(NATIONS, F.floor(supplier / 10)).alias("s_nation"),
        _pick(REGIONS, F.floor(supplier / 10)).alias("s_region"),
        F.concat(category, (brand % 40 + 1).cast("string")).alias("p_brand"),
        category.alias("p_category"),
        mfgr.alias("p_mfgr"),
    )


def write_parquet(spark, folder: str, rows: int, seed: int = 1, partitions: int = 8) -> str:
    """The frame as Parquet files under ``folder`` (replacing them); returns the folder."""
    frame(spark, rows, seed, partitions).write.mode("overwrite").parquet(folder)
    return folder
