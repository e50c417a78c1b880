"""Table paths as users type them: relative paths, ``~``, ``file:`` and other URIs.

Hudi needs an absolute path or a URI (a relative one fails deep in Hadoop with "Relative path in
absolute URI"), so every function that takes a table path passes it through :func:`qualified`,
and those that read a table through :func:`existing_table`, which says in one line when the path
holds no Hudi table.
"""
from __future__ import annotations

import functools
import os
import re
from typing import Callable, Optional, TypeVar, Union
from urllib.parse import urlparse

from . import jvm

_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")
PathLike = Union[str, "os.PathLike[str]"]
F = TypeVar("F", bound=Callable)


class TableNotFoundError(FileNotFoundError):
    """The path holds no Hudi table (no ``.hoodie/hoodie.properties``)."""


def qualified(path: PathLike) -> str:
    """A URI (``file:/t``, ``s3a://b/t``) as given; a local path made absolute (``~`` expanded)."""
    p = os.fspath(path)
    if _SCHEME.match(p):
        return p
    return os.path.abspath(os.path.expanduser(p))


def _not_found(qualified_path: str) -> str:
    return f"no Hudi table at {qualified_path} (no .hoodie/hoodie.properties there)"


def local_properties(path: PathLike) -> Optional[str]:
    """Where the table at a path on this machine's file system (no scheme, or ``file:``) keeps its
    ``.hoodie/hoodie.properties``, whether or not it is there; None for any other scheme, which
    only Spark's Hadoop file system can read."""
    p = qualified(path)
    if _SCHEME.match(p) and not p.lower().startswith("file:"):
        return None
    local = urlparse(p).path if _SCHEME.match(p) else p
    return os.path.join(local, ".hoodie", "hoodie.properties")


def local_table_error(path: PathLike) -> Optional[str]:
    """For a path on this machine's file system: the one line saying it holds no Hudi table, or
    None when it holds one. None for any other scheme (:func:`existing_table` checks those). A
    command asks this before it starts a JVM, so a mistyped path is refused in a moment rather
    than after Spark's start."""
    props = local_properties(path)
    return None if props is None or os.path.isfile(props) else _not_found(qualified(path))


def existing_table(spark, path: PathLike) -> str:
    """:func:`qualified`, after checking (through Spark's Hadoop file system, so any scheme) that a
    Hudi table is there; TableNotFoundError otherwise."""
    p = qualified(path)
    if not jvm.is_hudi_table(spark, p):
        raise TableNotFoundError(_not_found(p))
    return p


def takes_table(fn: F) -> F:
    """For ``fn(spark, path, ...)``: the path is checked and qualified by :func:`existing_table`."""
    @functools.wraps(fn)
    def wrapper(spark, path, *args, **kwargs):
        return fn(spark, existing_table(spark, path), *args, **kwargs)
    return wrapper  # type: ignore[return-value]
