"""Analysis over the rankings and the games, one module per tool, each imported on its own (so
that a command pays for the part it uses, numpy only where it is needed):

- :mod:`~homegame.analysis.odds`: exact odds tables of every hand category;
- :mod:`~homegame.analysis.equity`: hand-against-hand equity, exact or Monte Carlo;
- :mod:`~homegame.analysis.standing`: where a hand stands among all hands of its size;
- :mod:`~homegame.analysis.simulation`: bots against bots, results per seat;
- :mod:`~homegame.analysis.pai_gow` and :mod:`~homegame.analysis.chinese`: the solvers' measures.

>>> from homegame.analysis.odds import category_table
>>> category_table("ace-to-five", 5).counts["four of a kind"]
624
>>> from homegame.analysis.equity import equity
>>> [p.equity for p in equity(["Ac Ad", "Kc Kd"], board="Ah 7s 2c 9d").players]  # kings drawing dead
[1.0, 0.0]
"""
