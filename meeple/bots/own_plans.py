"""Plans from outside meeple: `plan:FILE.py:FUNCTION` or `plan:MODULE:FUNCTION`.

A researcher or designer checks the bots against a plan of their own without touching meeple's
packages (issue 50 asks that plans the project does not see are used to check the bots). The function
has the signature of a game's own plans (`meeple/bots/plans.py`): `(view, player, legal) -> preferred`,
`view` a determinization of the position for `player`, so it cannot read hidden information either.
Each process of the arena loads the plan again from its spec, so the spec alone names it.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from types import ModuleType

from .plans import Plan
from .spec import BadBotSpec

_loaded: dict[str, ModuleType] = {}  # by resolved path: one module per file and process


def is_own_plan(name: str) -> bool:
    """`FILE.py:FUNCTION` or `MODULE:FUNCTION` (a game's own plans are single words)."""
    return ":" in name


def own_plan(name: str) -> Plan:
    """The function that `FILE.py:FUNCTION` or `MODULE:FUNCTION` names; BadBotSpec saying what is wrong."""
    where, _, function = name.rpartition(":")
    if not where or not function.isidentifier():
        raise BadBotSpec(f"plan {name!r} is not FILE.py:FUNCTION or MODULE:FUNCTION (e.g. my_plans.py:roads_first)")
    module = _file_module(where) if where.endswith(".py") else _module(where)
    plan = getattr(module, function, None)
    if plan is None:
        defined = sorted(n for n, v in vars(module).items() if callable(v) and not n.startswith("_"))
        raise BadBotSpec(f"{where} has no function {function!r}; it defines: {', '.join(defined) or 'none'}")
    if not callable(plan):
        raise BadBotSpec(f"{where}: {function!r} is not a function; a plan is a function (view, player, legal)")
    return plan


def _file_module(path: str) -> ModuleType:
    file = Path(path).expanduser().resolve()
    if not file.is_file():
        raise BadBotSpec(f"plan file {path!r} not found (looked for {file})")
    key = str(file)
    if key not in _loaded:
        spec = importlib.util.spec_from_file_location(f"meeple_own_plan_{len(_loaded)}", file)
        assert spec is not None and spec.loader is not None  # a .py file always has a source loader
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as e:  # the user's code: one message, not meeple's traceback
            raise BadBotSpec(f"plan file {path!r} could not be loaded: {type(e).__name__}: {e}") from None
        _loaded[key] = module
    return _loaded[key]


def _module(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except Exception as e:  # the user's code: one message, not meeple's traceback
        if isinstance(e, ModuleNotFoundError) and e.name and name.startswith(e.name):  # the module itself
            raise BadBotSpec(f"no module {name!r} to take a plan from (give a FILE.py path or an importable module)") from None
        raise BadBotSpec(f"module {name!r} could not be loaded: {type(e).__name__}: {e}") from None
