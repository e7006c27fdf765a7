"""The numpy batch path: exact category tables, the pinned 5-card ordering, agreement with the
single path, and a differential check against a peer evaluator when one is installed."""

import hashlib
from itertools import pairwise
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import homegame
from homegame.cards import DECKS
from homegame.ranking.batch import _combinations, high_strengths, tabulate_high

STANDARD = DECKS["standard"]

FIVE_CARD_TABLE = {
    "straight flush": 40, "four of a kind": 624, "full house": 3_744, "flush": 5_108,
    "straight": 10_200, "three of a kind": 54_912, "two pair": 123_552, "pair": 1_098_240,
    "high card": 1_302_540,
}
SIX_CARD_TABLE = {
    "straight flush": 1_844, "four of a kind": 14_664, "full house": 165_984, "flush": 205_792,
    "straight": 361_620, "three of a kind": 732_160, "two pair": 2_532_816, "pair": 9_730_740,
    "high card": 6_612_900,
}
SEVEN_CARD_TABLE = {
    "straight flush": 41_584, "four of a kind": 224_848, "full house": 3_473_184, "flush": 4_047_644,
    "straight": 6_180_020, "three of a kind": 6_461_620, "two pair": 31_433_400, "pair": 58_627_800,
    "high card": 23_294_460,
}
FIVE_CARD_FINGERPRINT = "3ddd13d3f3a78c2f0d4c508345816b9296ebe93b253635c11fe9adf16e2d3fa2"
"""sha256 of the strengths (little-endian int64) of all 2,598,960 five-card hands in lexicographic
order of card codes; checked once against the reference oracle hand by hand."""


@pytest.fixture(scope="module")
def every_five() -> np.ndarray:
    return _combinations(52, 5)


def test_every_five_card_hand_in_lexicographic_order(every_five: np.ndarray) -> None:
    assert every_five.shape == (comb(52, 5), 5)
    assert every_five[0].tolist() == [0, 1, 2, 3, 4] and every_five[-1].tolist() == [47, 48, 49, 50, 51]
    assert (np.diff(every_five, axis=1) > 0).all()


def test_five_card_ordering_is_pinned(every_five: np.ndarray) -> None:
    strengths = high_strengths(every_five)
    assert len(np.unique(strengths)) == 7_462
    assert hashlib.sha256(strengths.astype("<i8").tobytes()).hexdigest() == FIVE_CARD_FINGERPRINT
    categories = strengths >> 20
    royal = strengths == homegame.strength("Ah Kh Qh Jh Th")
    assert int(royal.sum()) == 4 and int((categories == 8).sum()) == 40


def test_five_and_six_card_tables() -> None:
    assert tabulate_high(5) == FIVE_CARD_TABLE
    assert list(tabulate_high(5)) == list(FIVE_CARD_TABLE)
    assert tabulate_high(6) == SIX_CARD_TABLE


def test_seven_card_table_with_progress() -> None:
    reports: list[tuple[int, int]] = []
    assert tabulate_high(7, progress=lambda done, total: reports.append((done, total))) == SEVEN_CARD_TABLE
    assert reports[-1] == (comb(52, 7), comb(52, 7))
    assert len(reports) == comb(47, 2)  # the two lowest cards of a hand: five must follow them
    assert all(a[0] < b[0] for a, b in pairwise(reports))


@settings(max_examples=12, deadline=None)
@given(st.integers(5, 7), st.integers(1, 400), st.randoms(use_true_random=False))
def test_batch_equals_the_single_path(size: int, count: int, random: object) -> None:
    hands = [random.sample(STANDARD, size) for _ in range(count)]  # type: ignore[attr-defined]
    expected = [homegame.strength(hand) for hand in hands]
    assert high_strengths(np.array(hands)).tolist() == expected
    assert high_strengths(np.array(hands, dtype=np.uint8), check=False).tolist() == expected


def test_batch_accepts_lists_of_cards_and_other_integer_dtypes() -> None:
    hand = homegame.parse_cards("As Ks Qs Js Ts 2c 3d")
    expected = homegame.strength(hand)
    assert high_strengths([hand]).tolist() == [expected]
    assert high_strengths(np.array([hand], dtype=np.uint8)).tolist() == [expected]
    assert high_strengths(np.zeros((0, 7), dtype=np.int64)).tolist() == []


@pytest.mark.parametrize(("codes", "message"), [
    ([[0, 1, 2, 3]], "k = 5, 6 or 7"),
    ([0, 1, 2, 3, 4], "k = 5, 6 or 7"),
    ([[0, 1, 2, 3, 52]], "standard cards"),
    ([[0, 1, 2, 3, -1]], "standard cards"),
    ([[0.0, 1.0, 2.0, 3.0, 4.0]], "integers"),
    ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 5]], "hand 1 holds the same card twice"),
])
def test_batch_rejects_bad_input(codes: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        high_strengths(codes)


def test_unchecked_batch_still_rejects_a_wrong_shape() -> None:
    with pytest.raises(ValueError, match="k = 5, 6 or 7"):
        high_strengths([[0, 1, 2, 3]], check=False)


def test_tabulate_rejects_other_sizes() -> None:
    with pytest.raises(ValueError, match="5, 6 or 7"):
        tabulate_high(8)


def test_same_order_as_eval7() -> None:
    eval7 = pytest.importorskip("eval7")
    rng = np.random.default_rng(7)
    hands = np.array([rng.choice(52, size=7, replace=False) for _ in range(20_000)])
    ours = high_strengths(hands)
    deck = {str(c): c for c in eval7.Deck().cards}
    theirs = np.array([eval7.evaluate([deck[str(STANDARD[c])] for c in row]) for row in hands])
    order = np.argsort(ours, kind="stable")
    assert (np.diff(theirs[order]) >= 0).all()
    assert ((np.diff(theirs[order]) == 0) == (np.diff(ours[order]) == 0)).all()


def test_same_order_as_treys() -> None:
    treys = pytest.importorskip("treys")
    rng = np.random.default_rng(11)
    hands = np.array([rng.choice(52, size=6, replace=False) for _ in range(5_000)])
    ours = high_strengths(hands)
    evaluator = treys.Evaluator()
    cards = [treys.Card.new(str(STANDARD[c])) for c in range(52)]
    theirs = -np.array([evaluator.evaluate([cards[c] for c in row[:2]], [cards[c] for c in row[2:]])
                        for row in hands])
    order = np.argsort(ours, kind="stable")
    assert (np.diff(theirs[order]) >= 0).all()
    assert ((np.diff(theirs[order]) == 0) == (np.diff(ours[order]) == 0)).all()


@pytest.mark.slow
def test_every_five_card_hand_single_path_batch_and_reference_agree(every_five: np.ndarray) -> None:
    from homegame.ranking import reference
    from homegame.ranking.core import encode

    batch = high_strengths(every_five).tolist()
    for row, expected in zip(every_five.tolist(), batch, strict=True):
        cards = [STANDARD[code] for code in row]
        assert homegame.strength(cards) == expected
        assert encode(*reference.five_card_key(cards)) == expected
