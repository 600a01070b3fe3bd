"""The engine's house plan holds: families never import the fold, the imports make no circle,
every family is in the registry, and the registry gives each call, figure, relance and roll-off
one owner."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import voice_scribe.engine as engine
from voice_scribe.engine import registry
from voice_scribe.engine.calls import CALL_SPECS

ENGINE = Path(engine.__file__).parent
FAMILIES = sorted(p for p in (ENGINE / "families").glob("*.py") if p.stem != "__init__")


def imports_of(path: Path) -> set[str]:
    """The engine modules a file imports (type-checking imports included)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("voice_scribe.engine"):
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("voice_scribe.engine"))
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE).with_suffix("").parts
    return ".".join(("voice_scribe.engine", *parts)).removesuffix(".__init__")


def engine_graph() -> dict[str, set[str]]:
    paths = sorted(ENGINE.rglob("*.py"))
    names = {module_name(p) for p in paths}
    return {module_name(p): {m for m in imports_of(p) if m in names} - {module_name(p)} for p in paths}


def test_no_family_imports_the_fold() -> None:
    for path in FAMILIES:
        assert not {"voice_scribe.engine.game", "voice_scribe.engine.registry"} & imports_of(path), path.name


def test_the_engine_imports_make_no_circle() -> None:
    graph = engine_graph()
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        assert node not in path, " -> ".join([*path[path.index(node):], node])
        if node in done:
            return
        for nxt in graph[node]:
            visit(nxt, [*path, node])
        done.add(node)

    for node in graph:
        visit(node, [])


def test_every_family_module_is_registered_and_quotes_its_seed() -> None:
    registered = {f.name for f in registry.FAMILIES}
    for path in FAMILIES:
        module = importlib.import_module(module_name(path))
        family = getattr(module, "FAMILY", None)
        if family is None:  # a helper shared by families (the Civet's bet vocabulary)
            continue
        assert family in registry.FAMILIES, path.name
        assert "«" in (module.__doc__ or "") and family.seed, path.name
    assert len(registered) == len(registry.FAMILIES)


def test_each_registered_call_is_answered_by_its_own_rule() -> None:
    for family in registry.FAMILIES:
        for kind, handler in family.handles.items():
            assert registry.HANDLERS[kind] is handler
            assert handler.__module__.endswith(f".{family.name}") or CALL_SPECS[kind].rule == family.name, kind


def test_every_relance_and_roll_off_purpose_has_its_owner() -> None:
    # A relance or a roll-off started anywhere in the engine is thrown / decided by the registry.
    import re

    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))
    relances = set(re.findall(r'Relance\(\s*"(\w+)"', source))
    roll_offs = set(re.findall(r'start_roll_off\((?:ctx|self), "(\w+)"', source))
    assert relances and roll_offs
    assert relances <= set(registry.RELANCES)
    assert roll_offs - {"suite"} <= set(registry.ROLL_OFFS)  # the Suite's tie is the roll-off's own
