"""Checks the Java curves against independent Python references, through CurveIndexCli.

Hilbert: the ``hilbertcurve`` package (``HilbertCurve(p, n).distance_from_point``), which
implements Skilling's algorithm in plain Python, must give the same index for the same bits p and
dimensions n. Z-order: a bit-by-bit interleave written here (MSB first, dimension 0 highest).

The fixture is a few thousand points drawn with ``random.Random(SEED)`` for each (dimensions,
bits) case, plus the corners 0 and 2^bits - 1. Nothing is built here: the test runs the plugin
jar that ``make build`` / ``make test`` produce (found like every other jar, by ``hudi_layout``).
"""
from __future__ import annotations

import random
import shutil
import subprocess

import pytest
from hilbertcurve.hilbertcurve import HilbertCurve

import hudi_layout

CLI = "dev.hudilayout.curve.CurveIndexCli"
SEED = 20240603
POINTS_PER_CASE = 3000
# (dimensions, bits per dimension)
CASES = [(2, 10), (3, 21), (4, 15), (8, 7), (12, 8), (16, 4)]


def _points(dims: int, bits: int) -> list[list[int]]:
    rng = random.Random(SEED * 1000 + dims * 100 + bits)
    top = (1 << bits) - 1
    points = [[0] * dims, [top] * dims, [top if i % 2 else 0 for i in range(dims)]]
    points += [[rng.randrange(1 << bits) for _ in range(dims)] for _ in range(POINTS_PER_CASE)]
    return points


def _java_indexes(curve: str, bits: int, points: list[list[int]]) -> list[int]:
    java = shutil.which("java")
    assert java, "java is not on PATH"
    lines = "\n".join(f"{curve} {bits} " + " ".join(map(str, p)) for p in points)
    run = subprocess.run([java, "-cp", hudi_layout.jar_path(), CLI], input=lines, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = [int(v) for v in run.stdout.split()]
    assert len(out) == len(points)
    return out


def _zorder_reference(point: list[int], bits: int) -> int:
    key = 0
    for level in range(bits - 1, -1, -1):
        for x in point:
            key = (key << 1) | ((x >> level) & 1)
    return key


def test_zorder_reference_hand_example():
    # x = 5 = 0b101, y = 3 = 0b011: rounds (1 0) (0 1) (1 1) -> 0b100111 = 39.
    assert _zorder_reference([5, 3], 3) == 39


@pytest.mark.parametrize("dims,bits", CASES)
def test_hilbert_matches_hilbertcurve_package(dims: int, bits: int):
    points = _points(dims, bits)
    reference = HilbertCurve(bits, dims)
    expected = [reference.distance_from_point(p) for p in points]
    got = _java_indexes("hilbert", bits, points)
    mismatches = [(p, g, e) for p, g, e in zip(points, got, expected) if g != e]
    assert not mismatches, f"{len(mismatches)} of {len(points)} differ, first: {mismatches[0]}"


@pytest.mark.parametrize("dims,bits", CASES)
def test_zorder_matches_bit_by_bit_reference(dims: int, bits: int):
    points = _points(dims, bits)
    expected = [_zorder_reference(p, bits) for p in points]
    got = _java_indexes("z-order", bits, points)
    mismatches = [(p, g, e) for p, g, e in zip(points, got, expected) if g != e]
    assert not mismatches, f"{len(mismatches)} of {len(points)} differ, first: {mismatches[0]}"
