"""Collection for the whole suite: the agent faces' modules need their optional extras (see
pyproject.toml); without them their doctests are not collected, and tests/test_agents_*.py skip
with the reason."""

import importlib.util

collect_ignore = [path for path, needs in (("src/homegame/agents/environment.py", "pettingzoo"),
                                           ("src/homegame/agents/openspiel.py", "pyspiel"))
                  if importlib.util.find_spec(needs) is None]
