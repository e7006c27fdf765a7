"""The lessons in a browser: the room steps a lesson for the page, and keeps nothing of it.

The page holds the lesson's progress (:class:`~homegame.lessons.Progress`: the hand, its moves so
far, the stage) and sends it back with each command; the room rebuilds the lesson from it by
replaying the moves through the engine, carries the command out, lets the bots play up to the
learner's next decision, and answers with the new progress and what to show. A lesson is one
person practising against bots: it is no table, seat or event of the room, so it needs no store,
and any process of the room can answer any step. The engine checks every move, the learner's and
the replayed ones alike.

- ``GET /api/lessons``: every lesson, as a list shows it;
- ``POST /api/lessons/<lesson>`` with ``{"progress", "command", "action"}``: one step;
- ``GET /api/lessons/<lesson>/quiz?seed=N``: the quiz, drawn from hands dealt from ``seed``;
- ``GET /learn`` and ``GET /learn/<lesson>``: the page.

The shapes of these are in :mod:`homegame.web.lesson_schemas` and ``docs/protocol.md``. Each
step and quiz is worked out in a worker thread, a few at a time, and each client may ask a few a
second, as a seat may ask a table.

>>> answer = step("paiute", {"progress": None, "command": "begin"}, seed=3)
>>> answer["screen"]["stage"], answer["progress"]["seed"]
('intro', 3)
>>> answer = step("paiute", {"progress": answer["progress"], "command": "start"})
>>> answer["screen"]["asked"]
[{'kind': 'draw', 'option': 'stock'}]
"""

from __future__ import annotations

import asyncio
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, Final

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from homegame.cards import card_texts
from homegame.engine import Action, IllegalAction
from homegame.errors import NotFound, RoomError, shown
from homegame.lessons import Lesson, LessonError, LessonPlayer, Progress, Screen, lesson_names, load_lesson
from homegame.lessons.quiz import Question, make_quiz
from homegame.lessons.seen import pieces
from homegame.room.connection import TokenBucket

__all__ = ["COMMANDS", "lesson_json", "lesson_routes", "quiz_json", "step"]

COMMANDS: Final = ("begin", "show", "start", "act", "back", "keep", "next")
"""What a step asks: a new lesson (``begin``), the lesson where its progress stands (``show``: a
page loaded again), the hand to start, a move, a move off the lesson's path taken back or kept,
the next hand."""
AT_ONCE: Final = 2
"""The most steps and quizzes worked out at the same time; more wait their turn."""
RATE, BURST = 8.0, 60
"""The steps and quizzes a client may ask for a second, and at once."""
CLIENTS: Final = 4_096
"""The most clients whose rate is remembered (the longest quiet are forgotten first)."""
Handler = Callable[[Request], Awaitable[Response]]


def lesson_json(lesson: Lesson) -> dict[str, Any]:
    """A lesson as a list or the page shows it: its name and words, its game and table."""
    return {"name": lesson.name, "title": lesson.title, "about": lesson.about, "game": lesson.game_name,
            "variants": list(lesson.variants), "players": lesson.players, "seat": lesson.seat,
            "names": list(lesson.names), "hands": len(lesson.hands)}


def step(name: str, data: Any, *, seed: int | None = None) -> dict[str, Any]:
    """One step of the lesson called ``name``, asked by ``data`` (``{"progress", "command",
    "action"}``): the lesson, the new progress, what to show, why a move was refused (``null``:
    it was not), and the game's bot's move where hints are on. ``seed`` deals a new lesson's free
    hand (random if not given)."""
    lesson = _lesson(name)
    command, progress = _read(data, seed)
    player = LessonPlayer(lesson, progress)
    refused = None
    if command == "act":
        try:
            player.act(Action.from_json(data.get("action")))
        except IllegalAction as error:
            refused = str(error)
    elif command not in ("begin", "show"):
        {"start": player.start, "back": player.back, "keep": player.keep, "next": player.next_hand}[command]()
    screen = player.screen()
    hint = player.hint().to_json() if screen.hints and screen.stage == "play" else None
    return {"lesson": lesson_json(lesson), "progress": player.progress.to_json(),
            "screen": _screen_json(screen), "refused": refused, "hint": hint}


def quiz_json(name: str, seed: object) -> dict[str, Any]:
    """The quiz of the lesson called ``name``, drawn from hands dealt from ``seed``."""
    lesson = _lesson(name)
    if not isinstance(seed, str) or not seed.isdigit() or int(seed) >= 2**32:
        raise RoomError(f"a quiz's seed is a whole number below 2**32, not {shown(seed)}", field="seed")
    questions = make_quiz(lesson, seed=int(seed))
    return {"seed": int(seed), "questions": [_question_json(question) for question in questions]}


def _lesson(name: str) -> Lesson:
    try:
        return load_lesson(name)
    except LessonError as error:
        raise NotFound(str(error)) from None


def _read(data: Any, seed: int | None) -> tuple[str, Progress]:
    """The command and the progress a step's body asks for, or :class:`RoomError` saying why not."""
    if not isinstance(data, dict) or not set(data) <= {"progress", "command", "action"}:
        raise RoomError("a step is an object of progress, command and (for a move) action")
    command = data.get("command")
    if command not in COMMANDS:
        raise RoomError(f"command is one of {', '.join(COMMANDS)}, not {shown(command)}", field="command")
    if ("action" in data) != (command == "act"):
        raise RoomError("an action comes with the command act, and only with it", field="action")
    if command == "begin":
        return command, Progress(seed=random.randrange(2**32) if seed is None else seed)
    try:
        return command, Progress.from_json(data.get("progress"))
    except LessonError as error:
        raise RoomError(str(error), field="progress") from None


def _screen_json(screen: Screen) -> dict[str, Any]:
    return {
        "stage": screen.stage, "number": screen.number, "hands": screen.hands, "title": screen.title,
        "texts": [_paragraphs(text) for text in screen.texts],
        "view": None if screen.view is None else screen.view.to_json(),
        "legal": None if screen.legal is None else screen.legal.to_json(),
        "asked": [action.to_json() for action in screen.asked], "hints": screen.hints, "step": screen.step,
        "steps": screen.steps, "wrong": None if screen.wrong is None else screen.wrong.to_json(),
    }


def _paragraphs(text: str) -> list[list[dict[str, Any]]]:
    """A lesson's text as paragraphs of pieces: words, cards (their notations), a move to make."""
    paragraphs: list[list[dict[str, Any]]] = [[]]
    for kind, part in pieces(text):
        if kind == "break":
            paragraphs.append([])
        elif kind == "cards":
            paragraphs[-1].append({"cards": part.split()})
        else:
            paragraphs[-1].append({kind: part})
    return paragraphs


def _question_json(question: Question) -> dict[str, Any]:
    return {
        "kind": question.kind, "question": question.question,
        "view": None if question.view is None else question.view.to_json(),
        "hands": [{"who": who, "cards": card_texts(cards), "note": note}
                  for who, cards, note in question.hands],
        "board": card_texts(question.board), "choices": list(question.choices),
        "moves": [move.to_json() for move in question.moves], "answers": list(question.answers),
        "reasons": list(question.reasons),
    }


def lesson_routes(*, api: Callable[[Handler], Handler], body: Callable[[Request], Awaitable[Any]],
                  page: Callable[[str], Handler],
                  monotonic: Callable[[], float]) -> list[BaseRoute]:
    """The lesson routes, built with the room's helpers: ``api`` wraps a JSON endpoint so that a
    refusal becomes a JSON error of the fitting status, ``body`` reads a request's JSON body,
    ``page`` serves one of the page's files and ``monotonic`` is the room's clock."""
    working = asyncio.Semaphore(AT_ONCE)
    buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allowed(request: Request) -> None:
        client = request.client.host if request.client else ""
        bucket = buckets.pop(client, None) or TokenBucket(rate=RATE, burst=BURST)
        buckets[client] = bucket
        while len(buckets) > CLIENTS:
            buckets.popitem(last=False)
        if not bucket.take(now=monotonic()):
            raise RoomError("too many lesson steps: wait a moment")

    async def worked(work: Callable[[], dict[str, Any]]) -> Response:
        async with working:
            return JSONResponse(await run_in_threadpool(work))

    async def list_endpoint(request: Request) -> Response:
        return JSONResponse([lesson_json(load_lesson(name)) for name in lesson_names()])

    async def step_endpoint(request: Request) -> Response:
        allowed(request)
        asked = await body(request)
        name = str(request.path_params["lesson"])
        return await worked(lambda: step(name, asked))

    async def quiz_endpoint(request: Request) -> Response:
        allowed(request)
        name, seed = str(request.path_params["lesson"]), request.query_params.get("seed", "0")
        return await worked(lambda: quiz_json(name, seed))

    return [
        Route("/learn", page("learn.html")),
        Route("/learn/{lesson}", page("learn.html")),
        Route("/api/lessons", api(list_endpoint)),
        Route("/api/lessons/{lesson}", api(step_endpoint), methods=["POST"]),
        Route("/api/lessons/{lesson}/quiz", api(quiz_endpoint)),
    ]
