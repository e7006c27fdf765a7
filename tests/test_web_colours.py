"""The colours a card's rank and suit are written in stay readable on every face a card or an inline
card is drawn on (WCAG AA, 4.5:1 for text). The browser tests meet this through axe only when a deal
happens to show the card: pai gow's joker (#a66d00, 4.37:1 on white) failed CI on a deal that had
one in a hand's result, and passed on every other deal. The four-colour deck's club (#18853a) read
at 4.2:1 on a received card."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import homegame.web

STYLE = (Path(homegame.web.__file__).parent / "static" / "css" / "homegame.css").read_text()
CARD_INKS = ("--spade", "--heart", "--diamond", "--club", "--payoo", "--joker")
FACES = {"a card or inline card": "#ffffff", "a joker's face": "#fff6d8", "a chosen card": "#fff5cf",
         "a received card": "#e8f4ff"}


def declared(rule: str) -> dict[str, str]:
    """The custom properties a rule (":root" or ".four-colour") declares, by name."""
    block = re.search(re.escape(rule) + r"\s*\{([^}]*)\}", STYLE)
    assert block, rule
    return dict(re.findall(r"(--[\w-]+):\s*(#[0-9a-fA-F]{6})", block.group(1)))


def luminance(colour: str) -> float:
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(colour[index:index + 2], 16) / 255) for index in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(ink: str, paper: str) -> float:
    darker, lighter = sorted((luminance(ink), luminance(paper)))
    return (lighter + 0.05) / (darker + 0.05)


def test_the_contrast_formula_gives_the_known_extremes() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("rule", [":root", ".four-colour"])
@pytest.mark.parametrize("face", sorted(FACES))
def test_every_card_ink_is_readable_on_every_card_face(rule: str, face: str) -> None:
    inks = {name: colour for name, colour in declared(rule).items() if name in CARD_INKS}
    assert inks, rule
    unreadable = {name: round(contrast(colour, FACES[face]), 2) for name, colour in inks.items()
                  if contrast(colour, FACES[face]) < 4.5}
    assert not unreadable, f"on {face}: {unreadable}"
