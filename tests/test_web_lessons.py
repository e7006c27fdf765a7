"""The lessons served by the room, on a real server: a lesson played to its end and its quiz over
HTTP, every answer fitting its documented schema, the page served, and bad steps refused with the
reason and nothing kept (the room holds no lesson: the progress travels with each step)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from homegame.lessons import lesson_names
from homegame.web import Assets
from homegame.web.lesson_schemas import SCHEMAS, lessons_markdown
from room_server import RoomServer

DOC = Path(__file__).parent.parent / "docs" / "protocol.md"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RoomServer]:
    with RoomServer(str(tmp_path_factory.mktemp("lessons") / "room.sqlite3")) as running:
        yield running


def ask(server: RoomServer, path: str, body: Any = None, *, raw: bytes | None = None) -> tuple[int, Any]:
    data = raw if raw is not None else None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.base + path, data=data, method="GET" if data is None else "POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def fits(kind: str, data: Any) -> Any:
    Draft202012Validator(SCHEMAS[kind]).validate(data)
    return data


def test_the_document_shows_the_schemas_and_they_are_valid() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### The lessons' schemas"):text.index("## The websocket")]
    assert section.split("\n", 2)[2].strip() == lessons_markdown().strip(), \
        "regenerate them: python -m homegame.web.lesson_schemas"
    for schema in SCHEMAS.values():
        Draft202012Validator.check_schema(schema)


def test_the_lessons_are_listed_and_the_page_is_served(server: RoomServer) -> None:
    status, listed = ask(server, "/api/lessons")
    assert status == 200 and [lesson["name"] for lesson in listed] == lesson_names()
    for lesson in listed:
        fits("lesson", lesson)
    for path in ("/learn", "/learn/paiute"):
        with urllib.request.urlopen(server.base + path, timeout=10) as answer:
            assert f"/static/{Assets().version}/js/learn.js" in answer.read().decode()  # cached by content


def test_a_lesson_is_played_to_its_end_and_its_quiz_asked_over_http(server: RoomServer) -> None:
    status, answer = ask(server, "/api/lessons/pai-gow", {"progress": None, "command": "begin"})
    assert status == 200 and fits("step answer", answer)["screen"]["stage"] == "intro"
    seen = []
    for _ in range(100):
        screen = answer["screen"]
        seen.append(screen["stage"])
        if screen["stage"] == "done":
            break
        command: dict[str, Any] = {"progress": answer["progress"]}
        if screen["stage"] == "intro":
            command["command"] = "start"
        elif screen["stage"] == "over":
            command["command"] = "next"
        else:
            assert screen["stage"] == "play"
            move = screen["asked"][0] if screen["asked"] else answer["hint"]
            command.update(command="act", action=move)
        status, answer = ask(server, "/api/lessons/pai-gow", command)
        assert status == 200 and fits("step answer", answer)["refused"] is None
    assert seen[-1] == "done" and seen.count("over") == answer["lesson"]["hands"]
    status, quiz = ask(server, "/api/lessons/pai-gow/quiz?seed=5")
    kinds = [question["kind"] for question in fits("quiz", quiz)["questions"]]
    assert status == 200 and kinds == ["fouls", "fouls"]


def test_a_move_is_refused_or_taken_back_and_the_room_keeps_nothing(server: RoomServer) -> None:
    _, begun = ask(server, "/api/lessons/paiute", {"progress": None, "command": "begin"})
    _, started = ask(server, "/api/lessons/paiute", {"progress": begun["progress"], "command": "start"})
    pile = {"progress": started["progress"], "command": "act", "action": {"kind": "draw", "option": "pile"}}
    status, refused = ask(server, "/api/lessons/paiute", pile)
    assert status == 200 and "no discard pile" in refused["refused"]
    assert refused["progress"] == started["progress"]
    _, drawn = ask(server, "/api/lessons/paiute", {**pile, "action": {"kind": "draw", "option": "stock"}})
    wrong = {"progress": drawn["progress"], "command": "act", "action": {"kind": "discard", "cards": ["5c"]}}
    _, off_path = ask(server, "/api/lessons/paiute", wrong)
    assert off_path["screen"]["stage"] == "wrong" and off_path["screen"]["asked"] == [
        {"kind": "discard", "cards": ["9h"]}]
    _, back = ask(server, "/api/lessons/paiute", {"progress": off_path["progress"], "command": "back"})
    assert back["progress"] == drawn["progress"] and back["screen"] == drawn["screen"]
    assert ask(server, "/api/lessons/paiute", wrong)[1] == off_path  # the same step, the same answer


@pytest.mark.parametrize("path, body, status, why", [
    ("/api/lessons/no-such-game", {"progress": None, "command": "begin"}, 404, "no lesson called"),
    ("/api/lessons/paiute", {"progress": None, "command": "fly"}, 400, "command is one of"),
    ("/api/lessons/paiute", {"command": "start", "progress": {"hand": 0}}, 400, "a lesson's progress is"),
    ("/api/lessons/paiute", {"command": "next", "progress": {"hand": 0, "moves": [], "stage": "intro",
                                                             "kept": False, "seed": 1}}, 400, "stage"),
    ("/api/lessons/paiute", {"command": "start", "progress": {
        "hand": 0, "moves": [[0, {"kind": "draw", "option": "pile"}]], "stage": "intro", "kept": False,
        "seed": 1}}, 400, "refused"),
    ("/api/lessons/paiute", {"command": "begin", "action": {"kind": "call"}}, 400, "only with"),
    ("/api/lessons/paiute/quiz?seed=x", None, 400, "seed"),
])
def test_a_bad_step_is_refused_with_its_reason(server: RoomServer, path: str, body: Any, status: int,
                                               why: str) -> None:
    answered, refusal = ask(server, path, body)
    assert answered == status and why in refusal["error"]


def test_a_body_that_is_not_json_is_refused(server: RoomServer) -> None:
    status, refusal = ask(server, "/api/lessons/paiute", raw=b"{not json")
    assert status == 400 and "JSON" in refusal["error"]


def test_a_flood_of_steps_is_refused_for_a_moment(tmp_path: Path) -> None:
    with RoomServer(str(tmp_path / "room.sqlite3")) as running:
        begin = {"progress": None, "command": "begin"}
        answers = [ask(running, "/api/lessons/paiute", begin) for _ in range(90)]
    refused = [refusal for status, refusal in answers if status == 400]
    assert refused and all("too many lesson steps" in refusal["error"] for refusal in refused)
    assert answers[0][0] == 200
