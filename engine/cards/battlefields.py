"""Battlefields replaced by a battlefield token, compiled to the `battlefield` op they record and checked against it
(issue 26, "Resolutions the engine checks"; engine/battlefield_tokens.py `battlefield_op`).

"When you conquer or hold, you may exhaust me to replace that battlefield with a Brush battlefield token." (Green
Father): a `battlefield` op of that kind replacing a battlefield its controller controls (the one conquered or held:
after a conquer or a hold its controller controls it; which one is on the recorder's word when it controls
several). A spec is `{op: "battlefield", text, kind, replaces: "controlled"}`. Plain data; engine/
resolution_checks.py cites.
"""
from __future__ import annotations

import re
from typing import Any

Spec = dict[str, Any]
_REPLACE = re.compile(r"replace that battlefield with an? ([A-Z][A-Za-z' ]*?) battlefield token")


def compile_replace(text: str, sentence: str) -> Spec | None:
    """The spec of "replace that battlefield with a Brush battlefield token", or None for another instruction."""
    m = _REPLACE.fullmatch(text.strip())
    if m is None:
        return None
    return {"op": "battlefield", "text": sentence.strip().rstrip("."), "kind": m.group(1), "replaces": "controlled"}


def mismatch(state: dict[str, Any], item: dict[str, Any], spec: Spec, effect: dict[str, Any]) -> str | None:
    """Why the recorded `battlefield` op is not the card's (None: it is)."""
    if str(effect.get("kind", "")).casefold() != spec["kind"].casefold():
        return f"the card's battlefield token is {spec['kind']}, not {effect.get('kind')}"
    replaced = next((entry for entry in state["battlefields"] if entry["id"] == effect.get("replaces")), None)
    if replaced is None or replaced.get("controller") != item["controller"]:
        return f"the card replaces the battlefield conquered or held, one its controller ({item['controller']}) " \
               f"controls, not {effect.get('replaces', 'none')}"
    return None
