"""Which package may import which (ARCHITECTURE.md, "Rooms"): the engine nothing of ours, the
pictures the engine and how players look, the board layer the engine, the tutor those three and
never the assistant, and no app the project's package but for the two named doors."""

from __future__ import annotations

from tests.test_import_cycles import imported, sources

ROOMS: dict[str, tuple[str, ...]] = {
    "scorer.engine": (),
    "scorer.render": ("scorer.engine", "scorer.board_layer.players"),
    "scorer.board_layer": ("scorer.engine",),
    "tutorial": ("scorer.engine", "scorer.render", "scorer.board_layer"),
    "scorer": ("scorer.engine", "scorer.render", "scorer.board_layer"),
    "carcassonne_site": ("scorer", "tutorial"),
}
"""Each package (the deepest that holds a module) and what it may import besides itself."""

DOORS = {
    ("scorer.state_check", "carcassonne_site.database"),
    ("scorer.state_check", "carcassonne_site.middleware"),
    ("scorer.sharing", "carcassonne_site.environment"),
}
"""The assistant's few reads of the project's own plumbing: the phones' check, answered before
the middleware, asks whether the database can be read and answers as the middleware would; the
sharing links ask the server's address on the local network."""


def room_of(module: str) -> str:
    return max((room for room in ROOMS if module == room or module.startswith(room + ".")), key=len)


def within(module: str, prefixes: tuple[str, ...]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in prefixes)


def test_every_import_keeps_to_its_room():
    modules = sources()
    broken = []
    for name, path in sorted(modules.items()):
        room = room_of(name)
        targets = imported(name, path, modules)
        # ``from package import module`` reaches the module: the package is only its way in.
        targets = {t for t in targets if not any(o.startswith(t + ".") for o in targets)}
        for target in sorted(targets):
            if room_of(target) == room or within(target, ROOMS[room]) or (name, target) in DOORS:
                continue
            broken.append(f"{name} -> {target}")
    assert broken == []


def test_the_rooms_are_what_they_say():
    """A module moved out of its room would make the rules above check nothing."""
    modules = sources()
    assert room_of("scorer.board_layer.grid") == "scorer.board_layer"
    assert {"scorer.board_layer.grid", "scorer.board_layer.messages", "scorer.engine.game"} <= set(modules)
    assert not any(
        m.startswith("carcassonne_site.") and m.endswith(("languages", "numbers")) for m in modules
    )
