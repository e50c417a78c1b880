"""The repository's structure, read from its source with ``ast`` (no Spark).

Three Python trees, in floors: the library (``python/hudi_layout``, what the wheel holds, its
command's verbs in ``hudi_layout.cli``) imports neither ``bench`` nor ``docs``; the benchmark
(``bench/``, run from a checkout) may import the library, not ``docs``; the docs generator
(``docs/gen``) may import both. No two modules import each other, directly or round a longer cycle,
counting imports inside functions too. py4j is reached from :mod:`hudi_layout.jvm` alone in the
library, and from :mod:`bench.probes` alone in the benchmark (its own JVM probes; the rest it asks of
``hudi_layout.jvm``); ``docs.gen`` reaches no JVM. The library and every verb, the demo included,
import and run with numpy, pyarrow and matplotlib blocked: it needs pyspark and py4j alone. The
wheel is staged from the library alone (``python/build_wheel.py``): no ``bench/``, ``docs/`` or
``tools/`` in it, ``hudi_layout/cli/*`` and the plugin jars in.

The Java tree keeps the floors docs/design.md maps (core <- spark <- hudi <- entry), with no
package cycle; the benchmark's Java probes (``dev.hudilayout.bench``) are a source set of their own
(hudi_strategy/src/bench/java, ``target/hudi-layout-bench.jar``), name core and spark classes
alone, and no plugin class names them.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "python" / "hudi_layout"
NAME = "hudi_layout"
#: each Python tree: its folder and the folder its dotted names start from
TREES = {"hudi_layout": (PACKAGE, REPO / "python"), "bench": (REPO / "bench", REPO),
         "docs.gen": (REPO / "docs" / "gen", REPO)}
#: tree -> the trees it may import (besides itself)
FLOORS = {"hudi_layout": set(), "bench": {"hudi_layout"}, "docs.gen": {"hudi_layout", "bench"}}
#: tree -> the one module of it that may reach the JVM through py4j (None: no module)
JVM_MODULE = {"hudi_layout": "hudi_layout.jvm", "bench": "bench.probes", "docs.gen": None}
# PySpark's private handles on the JVM: SparkContext._jvm, ._jsc, ._gateway, DataFrame._jdf, ...
JVM_HANDLE = re.compile(r"\._j[a-z]\w*|\b_gateway\b|\bpy4j\b")
EXTRA_ONLY = ("numpy", "matplotlib", "pyarrow")


def _modules(tree: str = NAME) -> Dict[str, Path]:
    """Dotted module name -> source file, for every module of ``tree`` (one of :data:`TREES`)."""
    folder, base = TREES[tree]
    out = {}
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(base).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _all_modules() -> Dict[str, Path]:
    return {m: p for tree in TREES for m, p in _modules(tree).items()}


def _tree(module: str) -> str:
    """The tree a dotted name belongs to ("" for none of ours: pyspark, numpy, ...)."""
    return next((t for t in TREES if module == t or module.startswith(t + ".")), "docs.gen"
                if module == "docs" else "")


def _import_nodes(tree: ast.AST, top_level: bool) -> List[ast.AST]:
    """The import statements of ``tree``; with ``top_level``, only those that run when the module
    is imported (not inside a function)."""
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        if top_level and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def _imports(module: str, path: Path, top_level: bool = False) -> Set[str]:
    """The modules ``module`` imports (anywhere in its source, or only at import time), relative
    imports resolved; ``from pkg import name`` names both ``pkg`` and ``pkg.name``."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: Set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(), str(path)), top_level):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names)
    return found


def _graph() -> Dict[str, Set[str]]:
    """Module -> the modules of the three trees it imports, leaving out its own parent packages
    (Python imports those first anyway, and ``from . import x`` names them)."""
    modules = _all_modules()
    return {m: {i for i in _imports(m, p) if i in modules and i != m and not m.startswith(i + ".")}
            for m, p in modules.items()}


def test_the_module_lists_are_what_we_think():
    library, bench, docs = _modules("hudi_layout"), _modules("bench"), _modules("docs.gen")
    assert {f"{NAME}.jvm", f"{NAME}.options", f"{NAME}.__main__"} <= set(library), library
    assert {f"{NAME}.cli.{verb}" for verb in ("jars", "demo", "report", "sql", "clustering", "advise")} <= \
        set(library), library
    assert not [m for m in library if ".tools" in m or m in (f"{NAME}.extras", f"{NAME}.clustering_cli")], library
    assert {"bench.ssb", "bench.probes", "bench.bench_cli"} <= set(bench) and "bench.demo" not in bench, bench
    assert {"docs.gen.readme", "docs.gen.figures"} <= set(docs), docs


@pytest.mark.parametrize("tree", sorted(TREES))
def test_only_one_module_of_a_tree_reaches_the_jvm(tree):
    offenders = []
    for module, path in _modules(tree).items():
        if module == JVM_MODULE[tree]:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if JVM_HANDLE.search(line):
                offenders.append(f"{path.relative_to(REPO)}:{n}: {line.strip()}")
    assert not offenders, f"py4j access outside {JVM_MODULE[tree]} (add a function there):\n" + "\n".join(offenders)
    if JVM_MODULE[tree]:
        own = _modules(tree)[JVM_MODULE[tree]]
        assert JVM_HANDLE.search(own.read_text()), f"the pattern no longer finds {own}'s own calls"


def test_each_tree_imports_only_the_trees_below_it():
    offenders = []
    for module, path in _all_modules().items():
        tree = _tree(module)
        for i in sorted(_imports(module, path)):
            other = _tree(i) or ("docs.gen" if i.split(".")[0] == "docs" else "")
            if other and other != tree and other not in FLOORS[tree]:
                offenders.append(f"{module} ({tree}) imports {i} ({other})")
    assert not offenders, offenders
    graph = _graph()  # the floors are seen: bench imports the library, docs.gen the bench
    assert any(_tree(i) == NAME for i in graph["bench.bench"]), graph["bench.bench"]
    assert any(_tree(i) == "bench" for m in _modules("docs.gen") for i in graph[m])


#: the library's only imports of an extra, each inside the one function that needs it: report's
#: draw_boxes (``report --png``) and tables' footer sizes (pyarrow; called by the benchmark alone)
EXTRA_INSIDE = {f"{NAME}.report": {"matplotlib"}, f"{NAME}.tables": {"pyarrow"}}


def test_the_library_imports_no_extra_at_import_time():
    offenders = []
    for module, path in _modules().items():
        offenders += [f"{module} imports {i} at import time" for i in _imports(module, path, top_level=True)
                      if i.split(".")[0] in EXTRA_ONLY]
        offenders += [f"{module} imports {i}" for i in _imports(module, path)
                      if i.split(".")[0] in EXTRA_ONLY and i.split(".")[0] not in EXTRA_INSIDE.get(module, ())]
    assert not offenders, offenders
    assert "numpy" in _imports("bench.ssb", _modules("bench")["bench.ssb"], top_level=True)
    assert "matplotlib" in _imports(f"{NAME}.report", _modules()[f"{NAME}.report"])  # inside draw_boxes


def _cycle(graph: Dict[str, Set[str]]) -> List[str]:
    """One import cycle of ``graph`` as a path ``[a, b, ..., a]``, or [] when there is none."""
    state: Dict[str, int] = {}  # 1 on the stack, 2 done
    stack: List[str] = []

    def visit(m: str) -> List[str]:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return stack[stack.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        stack.pop()
        state[m] = 2
        return []

    for m in sorted(graph):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_import_graph_has_no_cycle():
    graph = _graph()
    assert graph[f"{NAME}.clustering"] and graph[f"{NAME}.cli.demo"] and graph["bench.bench"], graph
    assert _cycle(graph) == [], " -> ".join(_cycle(graph))


BLOCK_EXTRAS = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in EXTRA_ONLY)


def _blocked(code: str) -> subprocess.CompletedProcess:
    """``code`` run in a Python of its own with numpy, pyarrow and matplotlib blocked, the library
    on its path and not the checkout (so ``bench`` and ``docs`` cannot be imported either)."""
    return subprocess.run([sys.executable, "-c", BLOCK_EXTRAS + code], capture_output=True, text=True,
                          timeout=120, cwd=str(PACKAGE.parent), env=_library_only_env())


def _library_only_env() -> Dict[str, str]:
    import os
    return dict(os.environ, PYTHONPATH=str(REPO / "python"))


@pytest.mark.parametrize("module", sorted(_modules()))
def test_the_library_imports_with_pyspark_alone(module):
    run = _blocked(f"import importlib\nimportlib.import_module({module!r})\n")
    assert run.returncode == 0, run.stderr[-3000:]


def test_blocking_an_extra_is_seen():
    """The check above can fail: a module that needs numpy, imported the same way, does."""
    run = subprocess.run([sys.executable, "-c", BLOCK_EXTRAS + "import bench.ssb\n"], capture_output=True,
                         text=True, timeout=120, cwd=str(REPO))
    assert run.returncode != 0 and "numpy" in run.stderr, run.stderr[-3000:]


@pytest.mark.parametrize("verb, says", [("demo", "--rows"), ("report", "--png"), ("advise", "--log"),
                                        ("clustering", "scheduleAndExecute"), ("jars", "--sep")])
def test_every_verb_runs_with_pyspark_alone(verb, says):
    run = _blocked(f"from {NAME}.__main__ import main\nsys.exit(main([{verb!r}, '--help']))\n")
    assert run.returncode == 0 and says in run.stdout, (run.stdout[-2000:], run.stderr[-3000:])


def test_the_bench_verb_says_where_the_benchmark_is():
    run = _blocked(f"from {NAME}.__main__ import main\nsys.exit(main(['bench', '--rows', '10']))\n")
    assert run.returncode == 2 and run.stderr.splitlines() == [
        "error: the benchmark runs from a source checkout of hudi-layout (`make bench` or `python -m bench` "
        "there); it is not part of the installed package"], run.stderr[-3000:]


def test_the_wheel_holds_the_library_alone(tmp_path):
    """What ``python/build_wheel.py`` stages, and what setuptools finds there with pyproject.toml's
    settings: the library and its verbs, the plugin jars; none of the checkout's tooling."""
    import importlib.util
    from setuptools import find_packages
    tomllib = pytest.importorskip("tomllib")
    spec = importlib.util.spec_from_file_location("build_wheel", REPO / "python" / "build_wheel.py")
    assert spec and spec.loader
    build_wheel = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build_wheel)
    jars = tmp_path / "jars"
    jars.mkdir()
    for line in build_wheel.LINES:
        (jars / build_wheel.plugin_jar_name(line)).write_bytes(b"")
    (tmp_path / "stage").mkdir()
    root = build_wheel.stage(jars, tmp_path / "stage")
    files = sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
    tooling = [f for f in files if {"bench", "docs", "tools", "gen"} & set(f.split("/")[:-1])]
    assert not tooling, tooling
    find = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    packages = find_packages(where=str(root / find["where"][0]), include=find["include"])
    assert sorted(packages) == [NAME, f"{NAME}.cli"], packages
    verbs = {f.split("/")[-1] for f in files if f.startswith(f"python/{NAME}/cli/")}
    assert {"__init__.py", "jars.py", "demo.py", "report.py", "sql.py", "clustering.py", "advise.py"} <= verbs, verbs
    assert {f"python/{NAME}/jars/{build_wheel.plugin_jar_name(line)}" for line in build_wheel.LINES} <= set(files)
    assert not [f for f in files if f.endswith(".py") and not f.startswith(f"python/{NAME}/")], files
# --- the Java tree: floors, cycles, a pure core ---------------------------------------------------
# The map of floors is docs/design.md's table between the java-floors markers: one source for the
# page and the check.

JAVA = REPO / "hudi_strategy" / "src" / "main" / "java" / "dev" / "hudilayout"
#: the benchmark's Java probes: a source set of their own, in target/hudi-layout-bench.jar
BENCH_JAVA = REPO / "hudi_strategy" / "src" / "bench" / "java" / "dev" / "hudilayout"
BENCH = "bench"
#: the shared sources and each Hudi line's own (hudi_strategy/src/hudi-<line>/java), one tree to the checks
JAVA_LINES = sorted((REPO / "hudi_strategy" / "src").glob("hudi-*/java/dev/hudilayout"))
DESIGN = REPO / "docs" / "design.md"
JAVA_REF = re.compile(r"\bdev\.hudilayout\.((?:[a-z]\w*\.)*)[A-Z]")
JAVA_ENGINE = re.compile(r"\b(org\.apache\.(?:hudi|spark|hadoop)|scala)\.")
CORE = "core"


def _java_code(source: str) -> str:
    """A Java source without its comments and string and char literals (imports kept)."""
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            i = n if j < 0 else j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif source[i] in "\"'":
            quote, j = source[i], i + 1
            while j < n and source[j] != quote:
                j += 2 if source[j] == "\\" else 1
            out.append('""')
            i = j + 1
        else:
            out.append(source[i])
            i += 1
    return "".join(out)


def _java_floors(design: Path = DESIGN) -> Dict[str, Tuple[int, str]]:
    """Package ('' for the root) -> (floor index, floor name), from the design page's table."""
    text = design.read_text()
    table = text.split("<!-- java-floors -->", 1)[1].split("<!-- /java-floors -->", 1)[0]
    floors: Dict[str, Tuple[int, str]] = {}
    names: List[str] = []
    for row in table.splitlines():
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if len(cells) < 3 or cells[0] in ("floor", "---"):
            continue
        if cells[0] not in names:
            names.append(cells[0])
        package = "" if cells[1] == "(root)" else cells[1].strip("`")
        floors[package] = (names.index(cells[0]), cells[0])
    return floors


def _java_packages(root: Path = JAVA) -> Dict[str, Dict[str, Tuple[Set[str], Set[str]]]]:
    """Package -> class -> (the packages of ours it names, the engines it names: hudi, spark, ...);
    for the shared tree, each Hudi line's own sources (a class of a line as ``Class@hudi-1.0``) and
    the benchmark's source set too."""
    out: Dict[str, Dict[str, Tuple[Set[str], Set[str]]]] = {}
    paths = [(root, p) for p in sorted(root.rglob("*.java"))]
    if root == JAVA:
        paths += [(line, p) for line in JAVA_LINES for p in sorted(line.rglob("*.java"))]
        paths += [(BENCH_JAVA, p) for p in sorted(BENCH_JAVA.rglob("*.java"))]
    for root, path in paths:
        package = ".".join(path.relative_to(root).parts[:-1])
        code = _java_code(path.read_text())
        refs = {m.group(1).rstrip(".") for m in JAVA_REF.finditer(code)} - {package}
        engines = {m.group(1) for m in JAVA_ENGINE.finditer(code)}
        name = path.stem if root == JAVA or root not in JAVA_LINES else f"{path.stem}@{root.parents[2].name}"
        out.setdefault(package, {})[name] = (refs, engines)
    return out


def _java_violations(root: Path = JAVA, design: Path = DESIGN) -> List[str]:
    """Every breach of the floors: an unmapped package, an import up a floor, an engine in the core."""
    floors, found = _java_floors(design), []
    packages = _java_packages(root)
    for package in sorted(set(packages) ^ set(floors)):
        found.append(f"package '{package or '(root)'}' is " + ("not on the design page's floor map"
                                                              if package in packages else "mapped but has no class"))
    for package, classes in sorted(packages.items()):
        if package not in floors:
            continue
        level, name = floors[package]
        for cls, (refs, engines) in sorted(classes.items()):
            for ref in sorted(refs):
                if ref in floors and floors[ref][0] > level:
                    found.append(f"{package}.{cls} ({name}) imports {ref} ({floors[ref][1]}), a higher floor")
            if name == CORE and engines:
                found.append(f"{package}.{cls} is in the core but names {', '.join(sorted(engines))}")
    return found


def _java_graph(root: Path = JAVA) -> Dict[str, Set[str]]:
    graph: Dict[str, Set[str]] = {}
    for package, classes in _java_packages(root).items():
        graph.setdefault(package, set()).update(r for refs, _ in classes.values() for r in refs)
    for targets in list(graph.values()):
        for t in targets:
            graph.setdefault(t, set())
    return graph


def test_the_java_tree_keeps_its_floors():
    packages = _java_packages()
    assert {"layout", "plan", "spark", "hudi", ""} <= set(packages), sorted(packages)  # the reader sees the tree
    # every Hudi line's adapter is read, and sits in the Hudi floor
    assert {f"ThisLine@hudi-{line}" for line in ("0.15", "1.0", "1.2")} <= set(packages["hudi"]), sorted(packages["hudi"])
    # what differs between Hudi lines sits in the Hudi floor alone, the same classes on every line
    outside = {f"{p}.{c}" for p, classes in packages.items() if p != "hudi" for c in classes if "@" in c}
    assert not outside, outside
    def classes(*dirs):
        return {c.split("@")[0] for c in packages["hudi"] if c.split("@")[-1] in dirs}
    per_line = [classes("hudi-1.2"), classes("hudi-1.0", "hudi-avro"), classes("hudi-0.15", "hudi-avro")]
    assert per_line[0] and all(names == per_line[0] for names in per_line), per_line
    assert "org.apache.hudi" in packages["continuous"]["ContinuousPlanStrategy"][1]
    assert _java_violations() == []


def test_the_java_probes_are_a_source_set_of_their_own():
    """The benchmark's classes are not in the plugin's sources (nor its jars), name core and spark
    packages alone, and no plugin class names them."""
    assert not (JAVA / BENCH).exists() and not any((line / BENCH).exists() for line in JAVA_LINES)
    packages, floors = _java_packages(), _java_floors()
    assert set(packages[BENCH]) == {"StageLog", "ShuffleMeter", "HeapAfterGc", "CurveKeyBenchmark"}, packages[BENCH]
    assert "curve" in packages[BENCH]["CurveKeyBenchmark"][0]  # the reader sees its imports
    spark_floor = floors["spark"][0]
    above = [f"{BENCH}.{c} imports {r}" for c, (refs, _) in packages[BENCH].items() for r in sorted(refs)
             if floors[r][0] > spark_floor]
    assert not above, above
    users = [f"{p}.{c}" for p, classes in packages.items() if p != BENCH for c, (refs, _) in classes.items()
             if BENCH in refs]
    assert not users, users


def test_the_java_packages_have_no_cycle():
    graph = _java_graph()
    assert graph["hudi"] and graph["continuous"], graph
    assert _cycle(graph) == [], " -> ".join(_cycle(graph))


def test_the_java_checks_see_a_breach(tmp_path):
    (tmp_path / "layout").mkdir()
    (tmp_path / "hudi").mkdir()
    (tmp_path / "layout" / "Grid.java").write_text(
        "package dev.hudilayout.layout;\nimport dev.hudilayout.hudi.Table;\n"
        "// dev.hudilayout.spark.NotAnImport in a comment\nclass Grid { String s = \"org.apache.spark.x\"; "
        "org.apache.spark.sql.Row r; }\n")
    (tmp_path / "hudi" / "Table.java").write_text(
        "package dev.hudilayout.hudi;\nimport dev.hudilayout.layout.Grid;\nclass Table {}\n")
    design = tmp_path / "design.md"
    design.write_text("<!-- java-floors -->\n| floor | package | what |\n| --- | --- | --- |\n"
                      "| core | `layout` | x |\n| hudi | `hudi` | y |\n| hudi | `gone` | z |\n<!-- /java-floors -->\n")
    assert _java_violations(tmp_path, design) == [
        "package 'gone' is mapped but has no class",
        "layout.Grid (core) imports hudi (hudi), a higher floor",
        "layout.Grid is in the core but names org.apache.spark",
    ]
    assert _cycle(_java_graph(tmp_path)) == ["hudi", "layout", "hudi"]


# --- the design page's maps: the stage table's classes and the Repository table's paths ---------

#: a class named by its path under dev/hudilayout (``layout/grid/GridSearch``, ``ClusteringJob``) or
#: a package's every class (``curve/*``)
CLASS_PATH = re.compile(r"(?:[a-z]\w*/)*(?:[A-Z]\w*|\*)")
SLASHED_CLASS = re.compile(r"`((?:[a-z]\w*/)+[A-Z]\w*)`")


def _table_after(text: str, heading: str) -> List[List[str]]:
    """The body rows (cells) of the first table under ``heading`` in ``text``."""
    lines = text.split(heading, 1)[1].splitlines()
    rows = [line for line in lines[next(i for i, line in enumerate(lines) if line.startswith("|")):]]
    rows = rows[:next((i for i, line in enumerate(rows) if not line.startswith("|")), len(rows))]
    return [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows[2:]]


def _java_file(path: str, roots: List[Path]) -> bool:
    """Whether ``path`` (``layout/grid/GridSearch``, ``curve/*``) names a Java source under a root."""
    if path.endswith("*"):
        return any(any((root / path[:-1]).glob("*.java")) for root in roots)
    return any((root / f"{path}.java").is_file() for root in roots)


def _design_map_errors(text: str, repo: Path = REPO) -> List[str]:
    """What the design page's maps name that is not there: a class of the stage table (or a
    ``package/Class`` anywhere on the page) with no Java file, a Repository-table path that does
    not exist (``<line>`` matches any line)."""
    java = repo / JAVA.relative_to(REPO)
    roots = [java] + [repo / line.relative_to(REPO) for line in JAVA_LINES]
    stage = {m for row in _table_after(text, "## One clustering, stage by stage")
             for m in re.findall(r"`([^`]+)`", row[-1]) if CLASS_PATH.fullmatch(m)}
    named = stage | set(SLASHED_CLASS.findall(text.split("## Repository", 1)[0]))
    errors = [f"`{p}` names no Java file under {java.relative_to(repo)}" for p in sorted(named)
              if not _java_file(p, roots)]
    for row in _table_after(text, "## Repository"):
        path = row[0].strip("`")
        if not any(repo.glob(path.replace("<line>", "*").rstrip("/"))):
            errors.append(f"the Repository table's `{path}` does not exist")
    return errors


def _top_level_entries() -> Set[str]:
    """The files and folders at the top of the checkout that Git tracks."""
    run = subprocess.run(["git", "ls-files"], capture_output=True, text=True, cwd=str(REPO))
    if run.returncode != 0:
        pytest.skip("not a Git checkout")
    return {f.split("/")[0] for f in run.stdout.splitlines()}


def test_the_design_maps_name_what_is_there():
    text = DESIGN.read_text()
    stage = [m for row in _table_after(text, "## One clustering, stage by stage")
             for m in re.findall(r"`([^`]+)`", row[-1])]
    assert {"layout/grid/GridSearch", "hudi/InstantSample", "curve/*"} <= set(stage), stage  # the table is read
    assert _design_map_errors(text) == []
    rows = [row[0].strip("`") for row in _table_after(text, "## Repository")]
    missing = sorted(e for e in _top_level_entries() if not any(r.split("/")[0] == e for r in rows))
    assert not missing, f"docs/design.md's Repository table has no row for {missing}"


def test_the_design_map_check_sees_a_stale_path(tmp_path):
    (tmp_path / "hudi_strategy" / "src" / "main" / "java" / "dev" / "hudilayout" / "layout" / "grid").mkdir(parents=True)
    (tmp_path / "hudi_strategy" / "src" / "main" / "java" / "dev" / "hudilayout" / "layout" / "grid" /
     "GridSearch.java").write_text("")
    (tmp_path / "bench").mkdir()
    text = ("## One clustering, stage by stage\n\n| stage | what happens | where |\n| --- | --- | --- |\n"
            "| grid | x | `layout/grid/GridSearch`, `layout/GridSearch` (old), `curve/*`, `options.json` |\n\n"
            "Prose on `hudi/InstantSample`.\n\n## Repository\n\n| path | what |\n| --- | --- |\n"
            "| `bench/` | here |\n| `tools/` | gone |\n")
    assert _design_map_errors(text, tmp_path) == [
        "`curve/*` names no Java file under hudi_strategy/src/main/java/dev/hudilayout",
        "`hudi/InstantSample` names no Java file under hudi_strategy/src/main/java/dev/hudilayout",
        "`layout/GridSearch` names no Java file under hudi_strategy/src/main/java/dev/hudilayout",
        "the Repository table's `tools/` does not exist",
    ]
