"""docs/agents.md stays true: its encoding tables are what the encodings say, and every example in
it runs (a training run among them only in the slow suite, where it is the documented run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import homegame
from homegame.agents import encoding_for
from homegame.agents.encodings import ENCODINGS

DOC = Path(__file__).parent.parent / "docs" / "agents.md"


@pytest.mark.parametrize("name", sorted(homegame.GAMES))
def test_the_documented_encoding_is_the_encoding(name: str) -> None:
    text = DOC.read_text()
    shown = "\n".join(encoding_for(homegame.new_game(name, players=3)).markdown())
    assert shown in text, f"docs/agents.md does not list {name}'s encoding as it is now"
    module = __import__(ENCODINGS[name].__module__, fromlist=["__doc__"])
    assert (module.__doc__ or "").strip() in text


EXAMPLES = 12


def examples() -> list[str]:
    found = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert len(found) == EXAMPLES
    return found


@pytest.mark.parametrize("number", range(EXAMPLES))
def test_the_examples_run(number: int) -> None:
    code = examples()[number]
    if "train(" in code:
        pytest.skip("a training run: test_the_training_example_runs runs it in the slow suite")
    run_example(code, number)


@pytest.mark.slow
def test_the_training_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (number, code), = [(n, code) for n, code in enumerate(examples()) if "train(" in code]
    monkeypatch.chdir(tmp_path)  # it saves the policy it trains
    run_example(code, number)


def run_example(code: str, number: int) -> None:
    for module in ("pyspiel", "pettingzoo"):
        if module in code or (module == "pettingzoo" and "homegame.agents import env" in code):
            pytest.importorskip(module, reason=f"the example needs {module}, whose extra is not installed")
    exec(compile(code, f"docs/agents.md example {number + 1}", "exec"), {})
