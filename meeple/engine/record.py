"""Game records: one JSON document per game, enough to replay it exactly and check the result."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .actions import Action, action_to_json
from .errors import BadOption, BadRecord, IllegalAction, MeepleError, UnknownGame
from .game import State
from .registry import load

FORMAT = "meeple-record/1"
REQUIRED = ("format", "game", "version", "options", "seats", "seed", "actions", "result", "final_hash")


def make_record(
    state: State, seats: Sequence[str], seed: int, history: Sequence[tuple[int, Action]]
) -> dict[str, Any]:
    from meeple import __version__

    return {
        "format": FORMAT,
        "meeple": __version__,
        "game": state.game.id,
        "version": state.game.version,
        "num_players": state.num_players,
        "options": dict(state.options),
        "seats": list(seats),
        "seed": seed,
        "actions": [{"player": p, "action": action_to_json(a)} for p, a in history],
        "result": state.result().to_json() if state.is_terminal() else None,
        "final_hash": state.state_hash(),
    }


def write_record(path: Path, record: Mapping[str, Any]) -> None:
    """Write through a temporary file so a failure never leaves half a record behind."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record, indent=1) + "\n")
    tmp.replace(path)


def read_record(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise BadRecord(f"cannot read record {str(path)!r}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise BadRecord(
            f"record {str(path)!r} is not UTF-8 text (a binary file, or another encoding?); "
            "a record is a JSON document as meeple writes it"
        ) from None
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadRecord(
            f"record {str(path)!r} is not valid JSON (truncated or corrupt?): {e.msg} at line {e.lineno}"
        ) from None
    except RecursionError:
        raise BadRecord(f"record {str(path)!r} is nested too deeply to be a record") from None
    return check_record(doc)


def check_record(doc: Any) -> dict[str, Any]:
    if not isinstance(doc, dict):
        raise BadRecord("a record must be a JSON object")
    missing = [k for k in REQUIRED if k not in doc]
    if missing:
        raise BadRecord(f"record lacks the keys: {', '.join(missing)}; a record needs {', '.join(REQUIRED)}")
    if doc.get("format") != FORMAT:
        raise BadRecord(f"record field 'format' must be {FORMAT!r}, got {doc.get('format')!r}")
    for key in ("game", "version", "final_hash"):
        if not isinstance(doc[key], str):
            raise BadRecord(f"record field {key!r} must be a string, got {doc[key]!r}")
    if "num_players" in doc and not _is_int(doc["num_players"]):
        raise BadRecord(f"record field 'num_players' must be an integer, got {doc['num_players']!r}")
    if not (doc["result"] is None or isinstance(doc["result"], dict)):
        raise BadRecord(f"record field 'result' must be an object or null, got {doc['result']!r}")
    if not isinstance(doc["seats"], list) or not doc["seats"]:
        raise BadRecord("record field 'seats' must be a non-empty list")
    if not all(isinstance(seat, str) for seat in doc["seats"]):
        raise BadRecord("record field 'seats' must hold strings (human or a bot spec)")
    if doc.get("num_players", len(doc["seats"])) != len(doc["seats"]):
        raise BadRecord(
            f"record field 'num_players' is {doc['num_players']} but 'seats' names {len(doc['seats'])} seats"
        )
    if not _is_int(doc["seed"]):
        raise BadRecord("record field 'seed' must be an integer")
    if not isinstance(doc["actions"], list):
        raise BadRecord("record field 'actions' must be a list")
    if not isinstance(doc["options"], dict):
        raise BadRecord("record field 'options' must be an object")
    return doc


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def replay(doc: Mapping[str, Any], log: bool = True) -> State:
    """Replay a record from its seed and actions; raises BadRecord naming the first bad action."""
    try:
        game = load(doc["game"])
    except (UnknownGame, TypeError) as e:
        raise BadRecord(f"record of an unknown game: {e}") from None
    if str(doc["version"]) != game.version:
        made_by = f" (meeple {doc['meeple']})" if isinstance(doc.get("meeple"), str) else ""
        raise BadRecord(
            f"record was made by {game.id} rules version {doc['version']}{made_by}, this meeple plays version"
            f" {game.version}; a record replays only under the rules that made it"
        )
    n = doc.get("num_players", len(doc["seats"]))
    try:
        state = game.new_state(n, doc["seed"], doc["options"])
    except BadOption as e:
        raise BadRecord(f"record cannot be set up: {e}") from None
    state.log = log
    for i, entry in enumerate(doc["actions"]):
        where = f"action #{i + 1}"
        if not isinstance(entry, dict) or "player" not in entry or "action" not in entry:
            raise BadRecord(f"{where} must be an object with 'player' and 'action'")
        try:
            action = game.action_from_json(entry["action"])
            player = entry["player"]
            if not _is_int(player):
                raise IllegalAction(f"player must be an integer, got {player!r}")
            state.apply(player, action)
        except MeepleError as e:
            raise BadRecord(
                f"{where} ({entry.get('action')!r} by player {entry.get('player')!r}) does not replay: {e}"
            ) from None
    return state


def verify(doc: Mapping[str, Any]) -> State:
    """Replay and check the final hash (and the result when the game ended)."""
    state = replay(doc)
    actual = state.state_hash()
    if actual != doc["final_hash"]:
        raise BadRecord(
            f"final hash mismatch: the record says {doc['final_hash']}, replaying gives {actual};"
            " the record was altered or made by different rules"
        )
    if doc["result"] is None:
        if state.is_terminal():
            raise BadRecord("the record says the game is unfinished (result null), but its actions end it")
    elif not state.is_terminal():
        raise BadRecord("the record gives a result, but its actions do not finish the game")
    elif state.result().to_json() != doc["result"]:
        raise BadRecord("the replayed result differs from the record's result")
    return state
