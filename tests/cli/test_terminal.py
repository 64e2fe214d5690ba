"""The terminal client's prompt: codes, exact texts, searches and refusals."""

from __future__ import annotations

from click.testing import CliRunner

from meeple.cli import commands
from meeple.cli.terminal import codes


def test_codes_are_letters_then_pairs_of_letters() -> None:
    assert codes(3) == ["a", "b", "c"]
    assert codes(28)[25:] == ["z", "aa", "ab"]


def play(typed: str) -> str:
    out = CliRunner().invoke(
        commands.cli, ["play", "goofspiel", "--seats", "human,random", "-o", "cards=3", "--seed", "1"], input=typed
    )
    return out.output


def test_a_code_beyond_the_menu_is_refused_not_searched() -> None:
    out = play("g\nquit\n")
    assert "'g' is not allowed: type a code from a to c" in out


def test_an_actions_exact_text_takes_it_and_part_of_a_text_lists_the_matches() -> None:
    out = play("bid\nbid 2\nquit\n")
    assert "bid 1" in out.split("P1> ")[1]  # "bid" lists the bids with their codes
    assert "Bids for prize" in out  # "bid 2" was taken: the bids were revealed
