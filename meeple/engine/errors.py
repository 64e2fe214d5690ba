"""Errors the engine raises. Each carries a message meant for a person: what was wrong, what is allowed."""


class MeepleError(Exception):
    """Base of every error meeple reports to a user without a traceback."""


class IllegalAction(MeepleError):
    """An action that the rules do not allow now. The state is left unchanged."""


class BadOption(MeepleError):
    """An unknown game option or a value the option does not allow."""


class BadState(MeepleError):
    """A state document that is malformed or inconsistent with the rules."""


class BadRecord(MeepleError):
    """A game record that is corrupt, truncated or does not replay."""


class UnknownGame(MeepleError):
    """A game id that is not registered."""
