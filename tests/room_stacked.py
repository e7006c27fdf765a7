"""A card-room app for tests that need known cards: the decks it deals come, one per deal and in
order, from the JSON list in ``HOMEGAME_TEST_DECKS``; its tables live in ``HOMEGAME_TEST_STORE``.
Bots think in the server's own process and act at once. Run by uvicorn's ``--factory``, it
serves the page as ``homegame serve`` does."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence

from starlette.applications import Starlette

from homegame.cards import Card, parse_cards
from homegame.room.bots import BotPool
from homegame.room.service import CardRoom
from homegame.room.store import open_store
from homegame.site import create_site


def make_app() -> Starlette:
    decks = [parse_cards(deck) for deck in json.loads(os.environ["HOMEGAME_TEST_DECKS"])]
    dealt = int(os.environ.get("HOMEGAME_TEST_DEALT", "0"))  # decks used before a restart

    def shuffle(cards: Sequence[Card]) -> list[Card]:
        nonlocal dealt
        for index in range(dealt, len(decks)):
            if sorted(decks[index]) == sorted(cards):
                dealt = index + 1
                return list(decks[index])
        raise AssertionError("the test gave no deck for this deal")

    room = CardRoom(open_store(os.environ["HOMEGAME_TEST_STORE"]), shuffle=shuffle, bots=BotPool(workers=0),
                    bot_delay=0)
    return create_site(room)  # the room's API and its page, as homegame serve serves them
