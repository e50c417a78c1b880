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
from typing import Callable, TypeVar, Union

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


def existing_table(spark, path: PathLike) -> str:
    """:func:`qualified`, after checking (through Spark's Hadoop file system, so any scheme) that a
    Hudi table is there; TableNotFoundError otherwise."""
    p = qualified(path)
    if not jvm.is_hudi_table(spark, p):
        raise TableNotFoundError(f"no Hudi table at {p} (no .hoodie/hoodie.properties there)")
    return p


def takes_table(fn: F) -> F:
    """For ``fn(spark, path, ...)``: the path is checked and qualified by :func:`existing_table`."""
    @functools.wraps(fn)
    def wrapper(spark, path, *args, **kwargs):
        return fn(spark, existing_table(spark, path), *args, **kwargs)
    return wrapper  # type: ignore[return-value]
