"""Killing a clustering driver mid-write, for the fault scenarios (integration/test_faults.py and
the compatibility suite): the job runs in its own process group, and is killed once its clustering
is inflight and has started a data file."""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Iterable, List, Set, Tuple


def clusterings_started(path: str) -> Set[str]:
    """Instants of the clusterings that have been inflight on the table (Hudi keeps a completed
    clustering's inflight file beside its completed one). Table version 6 keeps the timeline in
    .hoodie and names an inflight clustering a replacecommit; from version 8 it is in
    .hoodie/timeline and named clustering."""
    found = set()
    for folder in (Path(path) / ".hoodie", Path(path) / ".hoodie" / "timeline"):
        if folder.is_dir():
            found |= {f.split(".")[0].split("_")[0] for f in os.listdir(folder)
                      if f.endswith((".clustering.inflight", ".replacecommit.inflight"))}
    return found


def kill_once_writing(job, path: str, log, earlier: Iterable[str] = ()) -> Tuple[str, List[str]]:
    """SIGKILL to the job's process group once its clustering (an instant not in ``earlier``) is
    inflight and has started a data file; (instant, its data files by then)."""
    instant, written = None, []
    deadline = time.time() + 300
    try:
        while time.time() < deadline and job.poll() is None:
            inflight = sorted(clusterings_started(path) - set(earlier))
            if inflight:
                instant = inflight[0]
                written = [f for f in os.listdir(path) if f.endswith(f"_{instant}.parquet")]
                if written:
                    break
            time.sleep(0.02)
    finally:
        os.killpg(job.pid, signal.SIGKILL)
        job.wait()
    assert instant and written, "the job ended before it was caught writing:\n" + Path(log).read_text()[-3000:]
    return instant, written
