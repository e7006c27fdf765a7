"""Running independent pieces of work on a Ray cluster (the optional ``cluster`` extra).

A tournament's deals are independent (:mod:`homegame.analysis.tournament`), so a large one can be
spread over a Ray cluster: ``homegame tournament ... --ray ADDRESS``. ``ADDRESS`` is what
``ray.init`` takes: ``auto`` for the cluster this machine belongs to, ``ray://HOST:10001`` for a
remote one, or ``local`` to start a Ray of this machine alone for the run, listening on the
loopback address only. The machines of a cluster need homegame installed alongside Ray. Results
come back in the order of the work, so a seed gives the same table as when the work runs here.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from homegame.errors import GameError

__all__ = ["LOOPBACK", "run_on_ray", "start_local_ray"]

LOOPBACK = "127.0.0.1"

Item = TypeVar("Item")
Result = TypeVar("Result")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise GameError("running on a Ray cluster needs the cluster extra: "
                        "pip install 'homegame[cluster]'") from None
    return ray


def start_local_ray(cpus: int | None = None) -> None:
    """Start a Ray of this machine alone, every service of it listening on the loopback address
    only, with ``cpus`` worker slots (default: the machine's cores).

    Left to itself Ray takes the machine's outward address even when told 127.0.0.1 (it means its
    nodes to be reachable); its single-machine mode, chosen by the environment variable below
    before Ray is first imported, keeps every server on the loopback address.
    """
    os.environ.setdefault(_SINGLE_MACHINE, "0")
    _ray().init(address="local", num_cpus=cpus, include_dashboard=False, log_to_driver=False,
                object_store_memory=_OBJECT_STORE, _node_ip_address=LOOPBACK)


_SINGLE_MACHINE = "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"
_OBJECT_STORE = 100 * 1024 * 1024
"""Bytes of shared memory for Ray's object store: deals pass small results only."""


def run_on_ray(work: Callable[[Item], Result], items: Sequence[Item], address: str,
               report: Callable[[int], None]) -> list[Result]:
    """``[work(item) for item in items]``, each on the Ray cluster at ``address`` (see the module's
    docstring); ``report(done)`` as pieces finish. A Ray already started in this process is used
    as it is, and left running."""
    if address == "local":
        os.environ.setdefault(_SINGLE_MACHINE, "0")
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        if address == "local":
            start_local_ray()
        else:
            try:
                ray.init(address=address, log_to_driver=False)
            except ConnectionError:
                raise GameError(f"no Ray cluster answers at {address!r}: start one ('ray start --head'), "
                                "or use --ray local") from None
    try:
        remote = ray.remote(work)
        futures = [remote.remote(item) for item in items]
        pending = list(futures)
        while pending:
            _, pending = ray.wait(pending, num_returns=1)
            report(len(futures) - len(pending))
        return list(ray.get(futures))
    finally:
        if started:
            ray.shutdown()
