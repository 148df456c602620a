"""The match viewer's keys: one table, from which the page's key handling (static/viewer.js reads it from the page),
each step button's key hints and the `?` overlay are all generated, so what the overlay lists is what the keys do.

An action is a step button's element id (the key follows that button's link) or one of viewer.js's own actions
(autoplay, its speed, the board's flip, the overlay). Keys are KeyboardEvent names, "Shift+" for a shifted arrow.
"""
from __future__ import annotations

# (action, keys, what it does), in the overlay's order.
KEYS = (
    ("prev-event", ("ArrowLeft",), "previous event"),
    ("next-event", ("ArrowRight",), "next event"),
    ("prev-resolution", (",", "Shift+ArrowLeft"), "previous chain resolution"),
    ("next-resolution", (".", "Shift+ArrowRight"), "next chain resolution"),
    ("prev-turn", ("[", "PageUp"), "start of this turn, else of the previous one"),
    ("next-turn", ("]", "PageDown"), "next turn (in the last one: its last event)"),
    ("first", ("Home",), "first event"),
    ("last", ("End",), "last event"),
    ("play", (" ",), "play or pause the match from here"),
    ("slower", ("-",), "play slower"),
    ("faster", ("+", "="), "play faster"),
    ("flip", ("f",), "flip the board: the other player at the bottom"),
    ("help", ("?",), "show or hide this list of keys"),
)

# Autoplay speeds in events a second; the first play uses DEFAULT_SPEED.
SPEEDS = (1, 2, 4, 8, 16)
DEFAULT_SPEED = 2

KEY_LABELS = {"ArrowLeft": "←", "ArrowRight": "→", "Shift+ArrowLeft": "⇧←", "Shift+ArrowRight": "⇧→",
              "PageUp": "PgUp", "PageDown": "PgDn", " ": "Space"}


def keys_of(action: str) -> tuple[str, ...]:
    """The keys of one action (a step button's id), as the table lists them."""
    return next((keys for name, keys, _ in KEYS if name == action), ())


def key_map() -> dict[str, str]:
    """{key: action} for viewer.js: the same table, read the other way."""
    return {key: action for action, keys, _ in KEYS for key in keys}


def key_label(key: str) -> str:
    """How a key is printed on a key cap: "→" for "ArrowRight", "Space" for " "."""
    return KEY_LABELS.get(key, key)
