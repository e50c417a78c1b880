"""The 13 queries of the Star Schema Benchmark (Q1.1-Q4.3) on the flattened lineorder table of
:mod:`bench.ssb`: each query's filter, as SQL over the table's own columns.

SSB joins lineorder to its date, customer, supplier and part tables; the flattened table carries
those columns, so each query is a filter and an aggregate over one table. Only the filters decide
which files a query reads. SSB's week-of-year (Q1.3) becomes the order dates of that week, and its
``d_yearmonth = 'Dec1997'`` (Q3.4) the number 199712.
"""
from __future__ import annotations

from typing import List, Tuple

#: (name, the conjuncts of its filter) for each of the 13 queries, in SSB's order.
CONJUNCTS: List[Tuple[str, Tuple[str, ...]]] = [
    ("Q1.1", ("d_year = 1993", "lo_discount BETWEEN 1 AND 3", "lo_quantity < 25")),
    ("Q1.2", ("d_yearmonthnum = 199401", "lo_discount BETWEEN 4 AND 6", "lo_quantity BETWEEN 26 AND 35")),
    ("Q1.3", ("lo_orderdate BETWEEN DATE'1994-02-07' AND DATE'1994-02-13'", "lo_discount BETWEEN 5 AND 7",
              "lo_quantity BETWEEN 26 AND 35")),
    ("Q2.1", ("p_category = 'MFGR#12'", "s_region = 'AMERICA'")),
    ("Q2.2", ("p_brand BETWEEN 'MFGR#2221' AND 'MFGR#2228'", "s_region = 'ASIA'")),
    ("Q2.3", ("p_brand = 'MFGR#2239'", "s_region = 'EUROPE'")),
    ("Q3.1", ("c_region = 'ASIA'", "s_region = 'ASIA'", "d_year BETWEEN 1992 AND 1997")),
    ("Q3.2", ("c_nation = 'UNITED STATES'", "s_nation = 'UNITED STATES'", "d_year BETWEEN 1992 AND 1997")),
    ("Q3.3", ("c_city IN ('UNITED KI1', 'UNITED KI5')", "s_city IN ('UNITED KI1', 'UNITED KI5')",
              "d_year BETWEEN 1992 AND 1997")),
    ("Q3.4", ("c_city IN ('UNITED KI1', 'UNITED KI5')", "s_city IN ('UNITED KI1', 'UNITED KI5')",
              "d_yearmonthnum = 199712")),
    ("Q4.1", ("c_region = 'AMERICA'", "s_region = 'AMERICA'", "p_mfgr IN ('MFGR#1', 'MFGR#2')")),
    ("Q4.2", ("c_region = 'AMERICA'", "s_region = 'AMERICA'", "d_year IN (1997, 1998)",
              "p_mfgr IN ('MFGR#1', 'MFGR#2')")),
    ("Q4.3", ("c_region = 'AMERICA'", "s_nation = 'UNITED STATES'", "d_year IN (1997, 1998)",
              "p_category = 'MFGR#14'")),
]

#: A filter no row matches, whose scan skips every file on the column-stats index: what a query
#: costs with nothing to read (planning, the index lookup, an empty job), timed beside the 13.
EMPTY = "d_year = 0"

#: (name, filter) for each of the 13 queries, in SSB's order.
QUERIES: List[Tuple[str, str]] = [(name, " AND ".join(parts)) for name, parts in CONJUNCTS]
