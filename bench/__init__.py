"""hudi-layout's benchmarks, apart from the library and run from a source checkout (``python -m
bench``, ``make bench``; never in the wheel): ``bench``, ``rounds``, and ``every_query``, which
averages each query class over every query on the tables a bench kept, and the SSB-shaped data
generator they share (``ssb``).

The benchmarks are a small library with a thin command line (``bench_cli``) on top: a run is a
typed spec (``bench.BenchSpec``, ``rounds.RoundsSpec``) given to its runner (``bench.run``,
``rounds.run``, ``concurrent.run`` for ``--rounds --concurrent``, whose clustering driver is
``cluster_loop``); what the runners share is in ``layouts`` (layouts as typed values), ``queries``,
``sessions`` (the session, conf set and restored, stages), ``writes`` and ``rounds_data``; their
reports in ``bench_report`` and ``rounds_report``.

They need numpy, pyarrow and matplotlib (requirements-dev.txt, the ``test`` extra) and the probes'
jar, ``target/hudi-layout-bench.jar`` (``mvn -Pbench package``, ``make peers``), whose classes
``probes`` reaches, the one module here that talks to the JVM. The library (``hudi_layout``) imports
none of this package.
"""
