"""Rendering training scenes in worker processes, the same way for every network trained."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")


def map_jobs(work: Callable[[Job], Result], jobs: Sequence[Job], *, workers: int = 1,
             progress: bool = False, desc: str = "render") -> list[Result]:
    """``work`` done on each job, the results in the jobs' order: in ``workers`` processes (in
    this one when 1), with a progress bar named ``desc`` when ``progress`` (tqdm, of the
    ``train`` extra). ``work`` must be a module-level function, and each process keeps what it
    caches (an onnxruntime session).

    >>> map_jobs(abs, [-2, 3, -4])
    [2, 3, 4]
    """
    def shown(results: Iterable[Result]) -> Iterable[Result]:
        if not progress:
            return results
        from tqdm import tqdm  # noqa: PLC0415 (the train extra's progress bar, only when shown)

        bar: Iterable[Result] = tqdm(results, total=len(jobs), desc=desc)
        return bar

    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(shown(pool.map(work, jobs, chunksize=4)))
    return list(shown(work(job) for job in jobs))
