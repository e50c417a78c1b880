"""The package's structure, read from its source with ``ast`` (no Spark): py4j is reached from
:mod:`hudi_layout.jvm` alone; the library imports neither :mod:`hudi_layout.tools` nor numpy or
matplotlib (it imports and runs without the ``tools`` extra); no two modules import each other,
directly or round a longer cycle, counting imports inside functions too.
"""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set

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
