"""The table layer between the rules and every front end (docs/architecture.md, "Platform")."""

from .presenter import Presenter, presenter_for
from .table import HUMAN, Choice, Table, Unreplayable, Update

__all__ = ["HUMAN", "Choice", "Presenter", "Table", "Unreplayable", "Update", "presenter_for"]
