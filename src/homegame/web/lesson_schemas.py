"""The JSON Schemas of the lesson endpoints (:mod:`homegame.web.lessons`), as ``docs/protocol.md``
shows them: a test checks the document against :func:`lessons_markdown` and the room's answers
against the schemas. ``python -m homegame.web.lesson_schemas`` prints the generated part.

>>> sorted(SCHEMAS)
['lesson', 'quiz', 'step', 'step answer']
"""

from __future__ import annotations

import json
from typing import Any, Final

from homegame.lessons import STAGES
from homegame.web.lessons import COMMANDS

__all__ = ["SCHEMAS", "lessons_markdown"]

_DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"
_ACTION: Final = {"type": "object", "required": ["kind"],
                  "description": "an action in the engine's JSON form, as in the act message"}
_CARDS: Final = {"type": "array", "items": {"type": "string"}}
_VIEW: Final = {"type": ["object", "null"],
                "description": "the learner's view, as docs/views.md describes it"}
_PROGRESS: Final = {
    "type": "object", "additionalProperties": False, "required": ["hand", "moves", "stage", "kept", "seed"],
    "description": "where the lesson has come to: the page keeps it and sends it back as it is",
    "properties": {
        "hand": {"type": "integer", "minimum": 0, "description": "the hand being played, from 0"},
        "moves": {"type": "array", "maxItems": 2000, "description": "every move of the hand so far, in order",
                  "items": {"type": "array", "prefixItems": [{"type": "integer", "minimum": 0}, _ACTION],
                            "minItems": 2, "maxItems": 2}},
        "stage": {"enum": list(STAGES)},
        "kept": {"type": "boolean", "description": "the learner kept a move off the lesson's path this hand"},
        "seed": {"type": "integer", "minimum": 0, "maximum": 2**32 - 1,
                 "description": "deals the lesson's free hand"},
    },
}
_PIECE: Final = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                 "properties": {"text": {"type": "string"}, "cards": _CARDS,
                                "type": {"type": "string", "description": "a move to make, as typed"}}}


def _schema(title: str, description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {"$schema": _DRAFT, "title": title, "description": description, "type": "object",
            "additionalProperties": False, "required": list(properties), "properties": properties}


LESSON: Final = _schema("lesson", "A lesson, as GET /api/lessons lists it and every step names it.", {
    "name": {"type": "string", "description": "its name in paths: a game's, or a variant's lesson"},
    "title": {"type": "string"}, "about": {"type": "string", "description": "what the game is, in a line"},
    "game": {"type": "string"}, "variants": {"type": "array", "items": {"type": "string"}},
    "players": {"type": "integer"}, "seat": {"type": "integer", "description": "the learner's seat"},
    "names": {"type": "array", "items": {"type": "string"},
              "description": "each seat's name; 'you' at the learner's"},
    "hands": {"type": "integer", "description": "how many hands the lesson deals, the free one last"},
})
STEP: Final = {**_schema("step", "The body of POST /api/lessons/<lesson>: a command, with the progress the "
                        "last answer gave (null to begin).", {
                            "progress": {"anyOf": [_PROGRESS, {"type": "null"}]},
                            "command": {"enum": list(COMMANDS)},
                            "action": _ACTION}),
               "required": ["command"]}
STEP_ANSWER: Final = _schema("step answer", "The answer to a step: the lesson, the new progress, what to "
                             "show, why a move was refused, and the game's bot's move where hints are on.", {
    "lesson": LESSON,
    "progress": _PROGRESS,
    "screen": {"type": "object", "additionalProperties": False, "required": [
        "stage", "number", "hands", "title", "texts", "view", "legal", "asked", "hints", "step", "steps",
        "wrong"],
        "properties": {
            "stage": {"enum": list(STAGES)}, "number": {"type": "integer", "description": "the hand, from 1"},
            "hands": {"type": "integer"}, "title": {"type": "string", "description": "the hand's title"},
            "texts": {"type": "array", "description": "the lesson's words: texts of paragraphs of pieces",
                      "items": {"type": "array", "items": {"type": "array", "items": _PIECE}}},
            "view": _VIEW,
            "legal": {"type": ["array", "null"], "description": "the legal moves, as in a state message"},
            "asked": {"type": "array", "items": _ACTION, "description": "the moves the step asks for "
                      "(empty: the learner's own choice)"},
            "hints": {"type": "boolean"}, "step": {"type": "integer"}, "steps": {"type": "integer"},
            "wrong": {"anyOf": [_ACTION, {"type": "null"}], "description": "the move off the lesson's path"},
        }},
    "refused": {"type": ["string", "null"],
                "description": "why the engine refused the move (nothing changed)"},
    "hint": {"anyOf": [_ACTION, {"type": "null"}], "description": "what the game's bot would play now"},
})
QUIZ: Final = _schema("quiz", "The answer to GET /api/lessons/<lesson>/quiz?seed=N: questions on real "
                      "dealt hands, each answered by the engine.", {
    "seed": {"type": "integer"},
    "questions": {"type": "array", "items": {
        "type": "object", "additionalProperties": False,
        "required": ["kind", "question", "view", "hands", "board", "choices", "moves", "answers", "reasons"],
        "properties": {
            "kind": {"enum": ["allowed", "fouls", "showdown"]}, "question": {"type": "string"},
            "view": _VIEW,
            "hands": {"type": "array", "description": "the hands shown at a showdown", "items": {
                "type": "object", "additionalProperties": False, "required": ["who", "cards", "note"],
                "properties": {"who": {"type": "string"}, "cards": _CARDS, "note": {"type": "string"}}}},
            "board": _CARDS,
            "choices": {"type": "array", "items": {"type": "string"}},
            "moves": {"type": "array", "items": _ACTION, "description": "the moves the choices are (none "
                      "for a showdown)"},
            "answers": {"type": "array", "items": {"type": "integer"}},
            "reasons": {"type": "array", "items": {"type": "string"}, "description": "the engine's reason "
                        "for each choice"},
        }}},
})
SCHEMAS: Final = {"lesson": LESSON, "step": STEP, "step answer": STEP_ANSWER, "quiz": QUIZ}


def lessons_markdown() -> str:
    """The schemas as the lessons section of ``docs/protocol.md`` shows them."""
    return "\n".join(f"#### {title}\n\n```json\n{json.dumps(schema, indent=2)}\n```\n"
                     for title, schema in SCHEMAS.items())


if __name__ == "__main__":
    print(lessons_markdown(), end="")
