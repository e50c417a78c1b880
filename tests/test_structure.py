"""The package's structure, read from its source with ``ast`` (no Spark): py4j is reached from
:mod:`hudi_layout.jvm` alone; the library imports neither :mod:`hudi_layout.tools` nor numpy or
matplotlib (it imports and runs without the ``tools`` extra); no two modules import each other,
directly or round a longer cycle, counting imports inside functions too. The Java tree keeps the
floors docs/design.md maps (core <- spark <- hudi <- entry), with no package cycle.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "python" / "hudi_layout"
NAME = "hudi_layout"
# PySpark's private handles on the JVM: SparkContext._jvm, ._jsc, ._gateway, DataFrame._jdf, ...
JVM_HANDLE = re.compile(r"\._j[a-z]\w*|\b_gateway\b|\bpy4j\b")
EXTRA_ONLY = ("numpy", "matplotlib", "pyarrow")


def _modules() -> Dict[str, Path]:
    """Dotted module name -> source file, for every module of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


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
    """Module -> the package's modules it imports, leaving out its own parent packages (Python
    imports those first anyway, and ``from . import x`` names them)."""
    modules = _modules()
    return {m: {i for i in _imports(m, p) if i in modules and i != m and not m.startswith(i + ".")}
            for m, p in modules.items()}


def _library() -> List[str]:
    """Every module but the tools and the command line (which imports them when asked)."""
    return [m for m in _modules() if not m.startswith(f"{NAME}.tools") and m != f"{NAME}.__main__"]


def test_the_module_list_is_what_we_think():
    modules = _modules()
    assert f"{NAME}.jvm" in modules and f"{NAME}.tools.ssb" in modules and f"{NAME}.options" in modules, modules
    assert "hudi_layout.ssb" not in modules and "hudi_layout.bench" not in modules, modules


def test_only_the_jvm_module_reaches_the_jvm():
    offenders = []
    for module, path in _modules().items():
        if module == f"{NAME}.jvm":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if JVM_HANDLE.search(line):
                offenders.append(f"{path.relative_to(PACKAGE.parent)}:{n}: {line.strip()}")
    assert not offenders, "py4j access outside hudi_layout/jvm.py (add a function there):\n" + "\n".join(offenders)
    assert JVM_HANDLE.search((PACKAGE / "jvm.py").read_text()), "the pattern no longer finds jvm.py's own calls"


def test_the_library_imports_no_tool_and_no_extra_at_import_time():
    offenders = []
    for module in _library():
        path = _modules()[module]
        offenders += [f"{module} imports {i}" for i in _imports(module, path) if i.startswith(f"{NAME}.tools")]
    for module, path in _modules().items():
        if module in _library() or module == f"{NAME}.__main__":
            offenders += [f"{module} imports {i} at import time" for i in _imports(module, path, top_level=True)
                          if i.split(".")[0] in EXTRA_ONLY]
    assert not offenders, offenders
    assert "numpy" in _imports(f"{NAME}.tools.ssb", _modules()[f"{NAME}.tools.ssb"], top_level=True)
    assert "matplotlib" in _imports(f"{NAME}.report", _modules()[f"{NAME}.report"])  # inside draw_boxes
    assert "matplotlib" not in _imports(f"{NAME}.report", _modules()[f"{NAME}.report"], top_level=True)


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
    assert graph[f"{NAME}.clustering"] and graph[f"{NAME}.tools.demo"], graph  # the parser sees imports
    assert _cycle(graph) == [], " -> ".join(_cycle(graph))


BLOCK_EXTRAS = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in EXTRA_ONLY)


@pytest.mark.parametrize("module", sorted(set(_library()) | {f"{NAME}.__main__"}))
def test_the_library_imports_without_the_tools_extra(module):
    code = BLOCK_EXTRAS + f"import importlib\nimportlib.import_module({module!r})\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]


def test_blocking_an_extra_is_seen():
    """The check above can fail: a tool imported the same way does."""
    code = BLOCK_EXTRAS + f"import {NAME}.tools.ssb\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "numpy" in run.stderr, run.stderr[-3000:]


@pytest.mark.parametrize("command, needs", [("demo", "numpy"), ("bench", "numpy")])
def test_a_tool_without_its_extra_says_what_to_install(command, needs):
    code = BLOCK_EXTRAS + f"from {NAME}.__main__ import main\nsys.exit(main([{command!r}, '--help']))\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, (run.stdout, run.stderr[-3000:])
    assert run.stderr.splitlines() == [f"error: hudi-layout {command} needs {needs}, which is not installed: "
                                       "pip install 'hudi-layout[tools]'"], run.stderr[-3000:]


def test_the_cli_runs_without_the_tools_extra():
    code = BLOCK_EXTRAS + f"from {NAME}.__main__ import main\nsys.exit(main(['report', '--help']))\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "--png" in run.stdout, run.stderr[-3000:]


# --- the Java tree: floors, cycles, a pure core ---------------------------------------------------
# The map of floors is docs/design.md's table between the java-floors markers: one source for the
# page and the check.

REPO = PACKAGE.parents[1]
JAVA = REPO / "hudi_strategy" / "src" / "main" / "java" / "dev" / "hudilayout"
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
    for the shared tree, each Hudi line's own sources too (a class of a line as ``Class@hudi-1.0``)."""
    out: Dict[str, Dict[str, Tuple[Set[str], Set[str]]]] = {}
    paths = [(root, p) for p in sorted(root.rglob("*.java"))]
    if root == JAVA:
        paths += [(line, p) for line in JAVA_LINES for p in sorted(line.rglob("*.java"))]
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
