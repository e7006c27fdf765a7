"""The lookup tables under the fast high paths: the rank keys really tell multisets apart, and the
tables agree with the reference oracle on every rank multiset of five to seven cards."""

import numpy as np
import pytest

from homegame.cards import DECKS
from homegame.ranking import _high_tables as tables
from homegame.ranking import reference
from homegame.ranking.core import encode

STANDARD = DECKS["standard"]


def test_rank_keys_tell_every_multiset_of_a_size_apart() -> None:
    counts = tables.rank_multisets(7)
    sizes = counts.sum(axis=1)
    keys = counts.astype(np.int64) @ np.array(tables.RANK_KEYS, dtype=np.int64)
    for size, expected in [(5, 6_175), (6, 18_395), (7, 49_205)]:
        chosen = keys[sizes == size]
        assert len(chosen) == expected
        assert len(np.unique(chosen)) == expected
    assert int(keys.max()) < 1 << 23  # the room the single path's card keys leave for it


def test_straight_tops_cover_every_window() -> None:
    masks = np.array([0b11111 << low for low in range(9)] + [0b1000000001111, 0b1000000000111])
    assert tables.straight_tops(masks).tolist() == [*range(6, 15), 5, 0]


def _natural_hand(counts: np.ndarray) -> list:
    """Cards with these rank counts, suits dealt in turn so that no five share a suit."""
    cards, suit = [], 0
    for index, count in enumerate(counts):
        for _ in range(count):
            cards.append(STANDARD[4 * index + suit % 4])
            suit += 1
    return cards


@pytest.mark.slow
def test_every_rank_multiset_matches_the_reference() -> None:
    counts = tables.rank_multisets(7)
    counts = counts[counts.sum(axis=1) >= 5]
    strengths = tables.nonflush_strengths(counts)
    for row, strength in zip(counts, strengths.tolist(), strict=True):
        cards = _natural_hand(row)
        (category, ranks), _ = reference.best_five(cards)
        assert strength == encode(category, ranks), cards


def test_sampled_rank_multisets_match_the_reference() -> None:
    counts = tables.rank_multisets(7)
    counts = counts[counts.sum(axis=1) >= 5][::37]
    strengths = tables.nonflush_strengths(counts)
    for row, strength in zip(counts, strengths.tolist(), strict=True):
        (category, ranks), _ = reference.best_five(_natural_hand(row))
        assert strength == encode(category, ranks)


def test_flush_table_matches_the_reference() -> None:
    flushes = tables.flush_strengths()
    for mask in range(1 << 13):
        ranks = [index for index in range(13) if mask >> index & 1]
        if len(ranks) < 5:
            assert flushes[mask] == 0
            continue
        (category, tiebreak), _ = reference.best_five([STANDARD[4 * index + 1] for index in ranks])
        assert flushes[mask] == encode(category, tiebreak)


def test_the_shipped_tables_are_the_tables_numpy_builds() -> None:
    from homegame.ranking.high import shipped_table

    for name, table in tables.shipped_tables().items():
        assert shipped_table(name) == table, name


def test_ranking_one_hand_reads_the_shipped_tables_without_numpy() -> None:
    import subprocess
    import sys

    probe = ("import sys, homegame; print(homegame.evaluate('Kh Kd Ks 9c 9d 2s 3c').name, "
             "homegame.strength(homegame.parse_cards('Ah Kh Qh Jh Th')) > 0, 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["full", "house,", "kings", "over", "nines", "True", "False"]
