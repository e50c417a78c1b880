"""The SSB wide table: lineorder joined with its date, customer, supplier and part dimensions.

Vectorised (numpy + pyarrow dictionary arrays, no per-row Python) and seeded; ``scale`` is SSB's
scale factor: 6,000,000 lineorder rows, 30,000 customers and 2,000 suppliers per unit, and
200,000 x floor(1 + log2(scale)) parts. Cardinalities are SSB's at every scale: 25 nations in 5
regions, 10 cities per nation (250 cities, named as SSB does: the nation's first 9 characters,
space-padded, plus a digit, e.g. ``"UNITED KI1"``), 1000 part brands (``"MFGR#"`` + manufacturer
1-5 + category 1-5 + brand 1-40, e.g. ``"MFGR#2239"``). Rows come out in random order, as
ingestion would leave them.

Variants:
- ``uniform``: SSB as specified (filter columns s_city, c_city, p_brand).
- ``skewed``: s_city follows a Zipf law (exponent 1.2; the top city holds about 20% of rows) and
  one c_city (``"UNITED ST0"``) holds half the rows.
- ``urls``: the third filter column is ``p_url``, a product URL whose first 47 characters are the
  same for every row (``"https://www.example-shop.com/catalogue/products/"``) followed by the
  brand's path: the case where an 8-byte string prefix tells nothing.
- ``correlated``: the uniform table (same seed, same rows), filtered on four columns with
  functional dependencies: ``s_city, s_nation, p_brand, p_category``. Every s_city lies in one
  s_nation and every p_brand in one p_category, so d = 4 filter columns span d' = 2 independent
  axes: the bound to measure against is N^((d'-1)/d') = N^(1/2) files per point query, not
  N^((d-1)/d) = N^(3/4).
- ``dated``: the uniform table (same seed, same rows), filtered on ``s_city, p_brand, lo_orderdate``:
  a DATE column beside two strings. SSB's other filter columns are independent of the order date,
  so rows fed in date order (``bench --rounds R --order time``) reach every round with the whole
  range of values on them; here one filter column moves past every earlier value round by round,
  as a table fed in time order sees its time column do.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Tuple

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

NATIONS = [
    ("ALGERIA", "AFRICA"), ("ARGENTINA", "AMERICA"), ("BRAZIL", "AMERICA"), ("CANADA", "AMERICA"),
    ("EGYPT", "MIDDLE EAST"), ("ETHIOPIA", "AFRICA"), ("FRANCE", "EUROPE"), ("GERMANY", "EUROPE"),
    ("INDIA", "ASIA"), ("INDONESIA", "ASIA"), ("IRAN", "MIDDLE EAST"), ("IRAQ", "MIDDLE EAST"),
    ("JAPAN", "ASIA"), ("JORDAN", "MIDDLE EAST"), ("KENYA", "AFRICA"), ("MOROCCO", "AFRICA"),
    ("MOZAMBIQUE", "AFRICA"), ("PERU", "AMERICA"), ("CHINA", "ASIA"), ("ROMANIA", "EUROPE"),
    ("SAUDI ARABIA", "MIDDLE EAST"), ("VIETNAM", "ASIA"), ("RUSSIA", "EUROPE"),
    ("UNITED KINGDOM", "EUROPE"), ("UNITED STATES", "AMERICA"),
]
VARIANTS = ("uniform", "skewed", "urls", "correlated", "dated")
FILTER_COLUMNS = ("s_city", "c_city", "p_brand")
CORRELATED_COLUMNS = ("s_city", "s_nation", "p_brand", "p_category")
#: The date column: SSB's order date, the time rows are fed in with ``--order time``.
DATE_COLUMN = "lo_orderdate"
DATED_COLUMNS = ("s_city", "p_brand", DATE_COLUMN)
URL_PREFIX = "https://www.example-shop.com/catalogue/products/"
ROWS_PER_SCALE = 6_000_000

CITIES = np.array([f"{n[:9]:<9}{d}" for n, _ in NATIONS for d in range(10)])
CITY_NATION = np.array([n for n, _ in NATIONS for _ in range(10)])
CITY_REGION = np.array([r for _, r in NATIONS for _ in range(10)])
BRANDS = np.array([f"MFGR#{m}{c}{b}" for m in range(1, 6) for c in range(1, 6) for b in range(1, 41)])
BRAND_CATEGORY = np.array([f"MFGR#{m}{c}" for m in range(1, 6) for c in range(1, 6) for _ in range(40)])
BRAND_MFGR = np.array([f"MFGR#{m}" for m in range(1, 6) for _ in range(5) for _ in range(40)])
BRAND_URL = np.array([f"{URL_PREFIX}mfgr-{m}/category-{c}/brand-{b}" for m in range(1, 6)
                      for c in range(1, 6) for b in range(1, 41)])
SEGMENTS = np.array(["AUTOMOBILE", "BUILDING", "FURNITURE", "HOUSEHOLD", "MACHINERY"])
SHIPMODES = np.array(["AIR", "FOB", "MAIL", "RAIL", "REG AIR", "SHIP", "TRUCK"])
PRIORITIES = np.array(["1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECI", "5-LOW"])
COLORS = np.array(["almond", "antique", "aquamarine", "azure", "beige", "bisque", "black", "blanched",
                   "blue", "blush", "brown", "burlywood", "burnished", "chartreuse", "chiffon",
                   "chocolate", "coral", "cornflower", "cornsilk", "cream", "cyan", "dark", "deep",
                   "dim", "dodger", "drab", "firebrick", "floral", "forest", "frosted", "gainsboro",
                   "ghost", "goldenrod", "green", "grey", "honeydew", "hot", "indian", "ivory", "khaki",
                   "lace", "lavender", "lawn", "lemon", "light", "lime", "linen", "magenta", "maroon",
                   "medium", "metallic", "midnight", "mint", "misty", "moccasin", "navajo", "navy",
                   "olive", "orange", "orchid", "pale", "papaya", "peach", "peru", "pink", "plum",
                   "powder", "puff", "purple", "red", "rose", "rosy", "royal", "saddle", "salmon",
                   "sandy", "seashell", "sienna", "sky", "slate", "smoke", "snow", "spring", "steel",
                   "tan", "thistle", "tomato", "turquoise", "violet", "wheat", "white", "yellow"])
CONTAINERS = np.array([f"{a} {b}" for a in ("SM", "LG", "MED", "JUMBO", "WRAP")
                       for b in ("CASE", "BOX", "BAG", "JAR", "PKG", "PACK", "CAN", "DRUM")])


def filter_columns(variant: str = "uniform") -> Tuple[str, ...]:
    """The filter columns of a variant: three, or four for ``correlated``; ValueError naming the
    variants for any other name."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant '{variant}': expected one of {', '.join(VARIANTS)}")
    if variant == "urls":
        return ("s_city", "c_city", "p_url")
    if variant == "dated":
        return DATED_COLUMNS
    return CORRELATED_COLUMNS if variant == "correlated" else FILTER_COLUMNS


def _dict(indices: np.ndarray, values: np.ndarray) -> pa.DictionaryArray:
    return pa.DictionaryArray.from_arrays(pa.array(indices.astype(np.int32)), pa.array(values))


def _zipf_cities(rng, n: int, exponent: float = 1.2) -> np.ndarray:
    weights = 1.0 / np.arange(1, 251) ** exponent
    order = rng.permutation(250)  # which city is the most frequent is itself seeded
    return order[rng.choice(250, size=n, p=weights / weights.sum())]


def generate(rows: int = 0, seed: int = 7, scale: float = 0.0, variant: str = "uniform") -> pa.Table:
    """The wide table: ``rows`` rows, or ``scale`` x 6M if rows is 0. Same seed, same table.
    ``correlated`` and ``dated`` draw exactly the uniform table (they differ in their filter
    columns): the dependencies ``correlated`` filters on (s_city -> s_nation, p_brand -> p_category)
    are SSB's own dimension hierarchies."""
    filter_columns(variant)  # an unknown variant is refused, naming the variants
    n = rows or int(round(scale * ROWS_PER_SCALE))
    sf = max(scale, n / ROWS_PER_SCALE)
    rng = np.random.default_rng(seed)
    n_cust = max(1000, int(30_000 * sf))
    n_supp = max(250, int(2_000 * sf))
    n_part = max(1000, int(200_000 * math.floor(1 + math.log2(max(sf, 1)))))
    cust_city = rng.integers(0, 250, n_cust)
    cust_segment = rng.integers(0, 5, n_cust)
    supp_city = rng.integers(0, 250, n_supp)
    part_brand = rng.integers(0, 1000, n_part)
    part_color = rng.integers(0, len(COLORS), n_part)
    part_size = rng.integers(1, 51, n_part).astype(np.int32)
    part_container = rng.integers(0, len(CONTAINERS), n_part)

    cust = rng.integers(0, n_cust, n)
    supp = rng.integers(0, n_supp, n)
    part = rng.integers(0, n_part, n)
    c_city = cust_city[cust]
    s_city = supp_city[supp]
    if variant == "skewed":
        s_city = _zipf_cities(rng, n)
        half = rng.random(n) < 0.5
        c_city = np.where(half, int(np.where(CITIES == "UNITED ST0")[0][0]), c_city)
    brand = part_brand[part]

    order_of_row = rng.permutation(n)  # random physical order
    orderkey = (order_of_row // 4).astype(np.int64)
    linenumber = (order_of_row % 4 + 1).astype(np.int32)
    days = rng.integers(0, 2557, n)  # 1992-01-01 .. 1998-12-31
    orderdate = np.datetime64("1992-01-01") + days.astype("timedelta64[D]")
    quantity = rng.integers(1, 51, n).astype(np.int32)
    price = rng.integers(90_000, 10_500_000, n).astype(np.int64)
    discount = rng.integers(0, 11, n).astype(np.int32)
    tax = rng.integers(0, 9, n).astype(np.int32)
    years = orderdate.astype("datetime64[Y]").astype(np.int64) + 1970
    months = orderdate.astype("datetime64[M]").astype(np.int64) % 12 + 1

    columns = {
        "lo_key": orderkey * 8 + linenumber,
        "lo_orderkey": orderkey, "lo_linenumber": linenumber,
        "lo_custkey": cust.astype(np.int64), "lo_partkey": part.astype(np.int64), "lo_suppkey": supp.astype(np.int64),
        "lo_orderdate": pa.array(orderdate.astype("datetime64[D]"), type=pa.date32()),
        "lo_orderpriority": _dict(rng.integers(0, 5, n), PRIORITIES),
        "lo_quantity": quantity, "lo_extendedprice": price, "lo_discount": discount,
        "lo_revenue": price * (100 - discount) // 100,
        "lo_supplycost": (price * 6 // 10 // np.maximum(quantity, 1)).astype(np.int64),
        "lo_tax": tax, "lo_shipmode": _dict(rng.integers(0, 7, n), SHIPMODES),
        "d_year": years.astype(np.int32), "d_yearmonthnum": (years * 100 + months).astype(np.int32),
        "c_city": _dict(c_city, CITIES), "c_nation": _dict(c_city, CITY_NATION),
        "c_region": _dict(c_city, CITY_REGION), "c_mktsegment": _dict(cust_segment[cust], SEGMENTS),
        "s_city": _dict(s_city, CITIES), "s_nation": _dict(s_city, CITY_NATION),
        "s_region": _dict(s_city, CITY_REGION),
        "p_brand": _dict(brand, BRANDS), "p_category": _dict(brand, BRAND_CATEGORY),
        "p_mfgr": _dict(brand, BRAND_MFGR), "p_color": _dict(part_color[part], COLORS),
        "p_size": part_size[part], "p_container": _dict(part_container[part], CONTAINERS),
    }
    if variant == "urls":
        columns["p_url"] = _dict(brand, BRAND_URL)
    return pa.table(columns)


def write_parquet(folder: str, rows: int = 0, seed: int = 7, scale: float = 0.0, variant: str = "uniform") -> str:
    """Write the table as Parquet files under ``folder`` (replacing them) and return the folder."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.parquet"):
        old.unlink()
    table = generate(rows, seed, scale, variant)
    # several files, so Spark reads them in parallel
    step = max(1, -(-table.num_rows // 8))
    for i, start in enumerate(range(0, table.num_rows, step)):
        pq.write_table(table.slice(start, step), out / f"part-{i}.parquet")
    return str(out)
