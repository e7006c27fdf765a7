"""Duplicate tournaments: the seats rotate over the same cards, the table and its intervals, and
the same seed gives the same table one deal after another, in a pool of processes and on Ray."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from homegame.analysis.tournament import DealSpec, play_deal, tournament
from homegame.cli import main
from homegame.engine import GameError


def test_every_bot_sits_in_every_seat_over_the_same_cards() -> None:
    spec = DealSpec("draw", 3, ("heuristic", "random"), seed=4, number=0)
    assert spec.plays == 6
    totals = play_deal(spec)
    assert [hands for _, hands in totals] == [9, 9]
    assert sum(total for total, _ in totals) == 0  # the same cards, all seats, chips only move


def test_a_bot_playing_itself_scores_nothing_but_luck_cancels() -> None:
    result = tournament("draw", ["random"], deals=5, seed=3, players=2)
    assert result.standings[0].mean == 0 and result.differences == ()


def test_the_table_gives_means_intervals_and_the_lead() -> None:
    result = tournament("soko", ["heuristic", "random"], deals=12, seed=2, players=2)
    heuristic, random_bot = result.standings
    assert heuristic.mean == pytest.approx(-random_bot.mean)
    lead, = result.differences
    assert lead.mean == pytest.approx(heuristic.mean - random_bot.mean) and lead.margin > 0
    assert result.hands == 24 and json.loads(json.dumps(result.to_json()))["deals"] == 12


def test_workers_give_the_same_table_as_one_process() -> None:
    alone = tournament("whiskey", ["heuristic", "random"], deals=6, seed=5, players=3)
    pooled = tournament("whiskey", ["heuristic", "random"], deals=6, seed=5, players=3, workers=2)
    assert pooled == alone


def test_bad_tournaments_are_refused() -> None:
    with pytest.raises(GameError, match="at least one deal"):
        tournament("draw", ["random"], deals=0)
    with pytest.raises(GameError, match="no bot called"):
        tournament("draw", ["nobody"], deals=1)
    with pytest.raises(GameError, match="one process or more"):
        tournament("draw", ["random"], deals=1, workers=0)
    with pytest.raises(GameError, match="not both"):
        tournament("draw", ["random"], deals=1, workers=2, ray_address="local")


def test_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "papayoo", "--bots", "heuristic,random", "--deals", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "fewer is better" in out and "heuristic ahead of random" in out and "\r" not in out


HAS_RAY = importlib.util.find_spec("ray") is not None


@pytest.mark.skipif(not HAS_RAY, reason="Ray is the cluster extra: pip install 'homegame[cluster]'")
def test_a_local_ray_gives_the_same_table_as_the_process_pool() -> None:
    # In a process of its own: Ray starts servers and workers that must not outlive the test.
    script = (
        "import json, socket\n"
        "from homegame.analysis.cluster import start_local_ray\n"
        "from homegame.analysis.tournament import tournament\n"
        "start_local_ray(cpus=2)\n"
        "import ray, psutil  # psutil comes with Ray\n"
        "ray_processes = [psutil.Process(), *psutil.Process().children(recursive=True)]\n"
        "ports = [c.laddr for p in ray_processes for c in p.net_connections('inet')\n"
        "         if c.status == 'LISTEN']\n"
        "result = tournament('draw', ['heuristic', 'random'], deals=4, seed=7, players=2,\n"
        "                    ray_address='auto')\n"
        "print(json.dumps({'result': result.to_json(), 'hosts': sorted({a.ip for a in ports})}))\n"
        "ray.shutdown()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    reply = json.loads(done.stdout.strip().splitlines()[-1])
    pooled = tournament("draw", ["heuristic", "random"], deals=4, seed=7, players=2, workers=2)
    assert reply["result"] == pooled.to_json()
    assert reply["hosts"] and all(host in ("127.0.0.1", "::ffff:127.0.0.1") for host in reply["hosts"])
