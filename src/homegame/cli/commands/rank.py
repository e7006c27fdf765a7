"""``homegame rank CARDS``: name a hand under any ranking, with its category, cards and strength, and
what the strength means: the hand's place among all distinct hands of its size and the share of
all such hands it beats."""

from __future__ import annotations

import argparse
import json

import homegame
from homegame.cards import format_cards
from homegame.cli.commands._hand_options import (
    add_ranking_option,
    add_wild_option,
    check_ranking,
    check_wild,
    guarded,
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "rank", help="name a hand and show its strength",
        description="Evaluate a hand: its name, category, the cards that make it and its strength "
        "(greater is better within one ranking). Jokers (Jk) are wild except in pai-gow.")
    parser.add_argument("cards", nargs="+", metavar="CARDS", help="the cards, as \"Ah Kh 10h\" or AhKhTh")
    add_ranking_option(parser)
    add_wild_option(parser)
    parser.add_argument("--json", action="store_true", help="print the hand as JSON")
    parser.set_defaults(run=guarded("rank", run))


def run(args: argparse.Namespace) -> int:
    from homegame.analysis.standing import MAX_STANDING_CARDS, standing
    from homegame.ranking import wild_cards

    check_ranking(args.ranking)
    check_wild(args.wild)
    hand = homegame.evaluate(" ".join(args.cards), ranking=args.ranking, wild=args.wild)
    if args.json:
        print(json.dumps(hand.to_json()))
        return 0
    print(hand.name)
    print(f"  category  {hand.category.name}")
    print(f"  cards     {format_cards(hand.cards)}")
    print(f"  strength  {hand.strength}")
    print(f"  ranking   {hand.ranking}")
    print(f"The strength orders hands of the {hand.ranking} ranking: a greater one beats a smaller one, "
          "equal ones tie.")
    if len(hand.cards) <= MAX_STANDING_CARDS:
        wild = wild_cards(args.wild) if args.wild is not None else frozenset()
        print(f"This hand is {standing(hand, wild)}.")
    else:
        print(f"(Where a hand stands among all others is counted for hands of up to {MAX_STANDING_CARDS} "
              f"cards; this one is made of {len(hand.cards)}.)")
    return 0
