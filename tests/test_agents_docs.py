"""docs/agents.md stays true: its encoding tables are what the encodings say, and every example in
it runs."""

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


@pytest.mark.parametrize("number", range(6))
def test_the_examples_run(number: int, capsys: pytest.CaptureFixture[str]) -> None:
    examples = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    assert len(examples) == 6
    code = examples[number]
    for module in ("pyspiel", "pettingzoo"):
        if module in code or (module == "pettingzoo" and "homegame.agents import env" in code):
            pytest.importorskip(module, reason=f"the example needs {module}, whose extra is not installed")
    exec(compile(code, f"docs/agents.md example {number + 1}", "exec"), {})
