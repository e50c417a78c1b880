"""``hudi-layout advise PATH --log LOG``: sort columns and weights from a log of query predicates
(:mod:`hudi_layout.advice`), with the table's distinct counts and file count."""
from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Optional, Sequence

from ..advice import AdviceError, advise, markdown, read_log
from .. import advice


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m hudi_layout advise", description=advice.__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("path", help="the Hudi table (its columns, distinct counts and file count)")
    ap.add_argument("--log", required=True, help="predicate log: CSV column,operator,frequency or JSON")
    ap.add_argument("--files", type=int, help="files to lay out into (default: the table's current count)")
    ap.add_argument("--max-columns", type=int, default=4)
    ap.add_argument("--json", help="write the advice as JSON here")
    args = ap.parse_args(argv)
    try:
        shares = read_log(args.log)
    except (OSError, AdviceError) as e:
        print(f"error: {e}")
        return 2
    from ..paths import local_table_error, qualified
    not_found = local_table_error(args.path)
    if not_found:
        print(f"error: {not_found}")
        return 2

    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    from ..spark import configure_spark
    spark = configure_spark(SparkSession.builder.appName("hudi-layout advise")
                            .config("spark.ui.showConsoleProgress", "false")).getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    table = spark.read.format("hudi").load(qualified(args.path))
    unknown = [c for c in shares if c not in table.columns]
    if unknown:
        print(f"error: the log names columns the table does not have: {', '.join(unknown)}; "
              f"its columns: {', '.join(c for c in table.columns if not c.startswith('_hoodie_'))}")
        return 2
    row = table.agg(*[F.approx_count_distinct(c).alias(c) for c in shares],
                    F.countDistinct("_hoodie_file_name").alias("_files")).collect()[0]
    files = args.files or int(row["_files"])
    try:
        a = advise(shares, files, {c: int(row[c]) for c in shares}, args.max_columns)
    except AdviceError as e:
        print(f"error: {e}")
        return 2
    print(markdown(a))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(asdict(a), f, indent=2)
    return 0
