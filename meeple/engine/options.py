"""Game options (variants): declared as data by each game, parsed and validated here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BadOption

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One variant switch. `kind` is bool, int or str; `choices` limits a str or int option;
    `parse` turns a text value into the option's value (raising ValueError with a message) for
    options with a grammar of their own, like Genesia's ``teams=0+2,1+3``."""

    name: str
    default: Any
    help: str
    kind: type = str
    choices: Sequence[Any] | None = None
    minimum: int | None = None
    maximum: int | None = None
    parse: Callable[[str], Any] | None = None

    def allowed(self) -> str:
        if self.parse is not None:  # a grammar of its own: the help says it, with an example
            return self.help
        if self.choices is not None:
            return "|".join(str(c) for c in self.choices)
        if self.kind is bool:
            return "true|false"
        if self.kind is int:
            lo = "" if self.minimum is None else str(self.minimum)
            hi = "" if self.maximum is None else str(self.maximum)
            return f"an integer {lo}..{hi}" if lo or hi else "an integer"
        return "text"

    def coerce(self, value: Any) -> Any:
        try:
            v = self._coerce(value)
        except (ValueError, TypeError) as e:
            detail = f" ({e})" if str(e) else ""
            raise BadOption(
                f"option {self.name}={value!r} is not allowed{detail}; allowed: {self.allowed()}"
            ) from None
        return v

    def _coerce(self, value: Any) -> Any:
        if self.parse is not None and isinstance(value, str):
            return self.parse(value)
        if self.kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError("")
        if self.kind is int:
            if isinstance(value, bool) or not isinstance(value, (int, str)):  # 3.7 is no count
                raise ValueError("")
            v = int(value)
            if (self.minimum is not None and v < self.minimum) or (
                self.maximum is not None and v > self.maximum
            ):
                raise ValueError("")
        elif isinstance(value, str):
            v = value
        else:  # text options are text: a null or a list is no value of theirs
            raise ValueError("")
        if self.choices is not None and v not in self.choices:
            raise ValueError("")
        return v

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "default": self.default,
            "allowed": self.allowed(),
            "help": self.help,
        }


def parse_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """All declared options with defaults filled in; unknown names and bad values raise BadOption."""
    by_name = {o.name: o for o in declared}
    out = {o.name: o.default for o in declared}
    for key, value in (given or {}).items():
        if key not in by_name:
            names = ", ".join(sorted(by_name)) or "none"
            raise BadOption(f"unknown option {key!r}; this game's options are: {names}")
        out[key] = by_name[key].coerce(value)
    return out


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """Turn command-line ``KEY=VALUE`` strings into a dict."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption(f"option {pair!r} is not of the form KEY=VALUE")
        key = key.strip()
        if key in out:
            raise BadOption(
                f"option {key!r} is given twice ({out[key]} and {value.strip()}); give each option once"
            )
        out[key] = value.strip()
    return out
