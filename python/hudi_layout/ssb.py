"""A small SSB-shaped wide table: lineorder joined with its date, customer, supplier and part.

Vectorised and seeded. Cardinalities follow SSB: 25 nations in 5 regions, 10 cities per nation
(250 cities, named as SSB does: the nation's first 9 characters, space-padded, plus a digit, e.g.
``"UNITED KI1"``), and 1000 part brands (``"MFGR#"`` + manufacturer 1-5 + category 1-5 + brand
1-40, e.g. ``"MFGR#2239"``). Rows come out in random order, as ingestion would leave them.
"""
from __future__ import annotations

from pathlib import Path

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
FILTER_COLUMNS = ("s_city", "c_city", "p_brand")

_CITY_NAMES = np.array([f"{n[:9]:<9}{d}" for n, _ in NATIONS for d in range(10)])
_CITY_NATION = np.array([n for n, _ in NATIONS for _ in range(10)])
_CITY_REGION = np.array([r for _, r in NATIONS for _ in range(10)])
_BRANDS = np.array([f"MFGR#{m}{c}{b}" for m in range(1, 6) for c in range(1, 6) for b in range(1, 41)])
_CATEGORY = np.array([f"MFGR#{m}{c}" for m in range(1, 6) for c in range(1, 6) for _ in range(1, 41)])
_MFGR = np.array([f"MFGR#{m}" for m in range(1, 6) for _ in range(1, 6) for _ in range(1, 41)])


def generate(rows: int, seed: int = 7) -> pa.Table:
    """``rows`` rows of the wide table; the same seed always gives the same table."""
    rng = np.random.default_rng(seed)
    key = rng.permutation(rows).astype(np.int64)
    c = rng.integers(0, 250, rows)
    s = rng.integers(0, 250, rows)
    p = rng.integers(0, 1000, rows)
    quantity = rng.integers(1, 51, rows).astype(np.int32)
    price = rng.integers(90_000, 10_500_000, rows).astype(np.int64)
    discount = rng.integers(0, 11, rows).astype(np.int32)
    days = rng.integers(0, 2557, rows)  # 1992-01-01 .. 1998-12-31
    orderdate = (np.datetime64("1992-01-01") + days.astype("timedelta64[D]")).astype("datetime64[D]")
    return pa.table({
        "lo_key": key,
        "lo_orderdate": pa.array(orderdate, type=pa.date32()),
        "lo_quantity": quantity,
        "lo_extendedprice": price,
        "lo_discount": discount,
        "lo_revenue": price * (100 - discount) // 100,
        "c_city": _CITY_NAMES[c], "c_nation": _CITY_NATION[c], "c_region": _CITY_REGION[c],
        "s_city": _CITY_NAMES[s], "s_nation": _CITY_NATION[s], "s_region": _CITY_REGION[s],
        "p_brand": _BRANDS[p], "p_category": _CATEGORY[p], "p_mfgr": _MFGR[p],
    })


def write_parquet(folder: str, rows: int, seed: int = 7) -> str:
    """Write the table as Parquet under ``folder`` (replacing it) and return the folder."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.parquet"):
        old.unlink()
    pq.write_table(generate(rows, seed), out / "part-0.parquet")
    return str(out)
