"""Equipment attached by an effect, compiled to the `attach` op it records (issue 26, "Resolutions the engine
checks"; engine/attachment.py `attach_op`: `target` the gear, `to` the unit).

"[1], [T]: Attach a detached Equipment you control to a unit you control." / "[T]: Attach an attached Equipment you
control to a unit you control." (Grandmaster at Arms): the gear is an Equipment its controller controls, detached
(attached to nothing) or attached (to some unit) as the item resolves (a target `state`, engine/cards/
resolutions.py), and the unit one its controller controls.
"""
from __future__ import annotations

import re
from typing import Any

Spec = dict[str, Any]
_ATTACH = re.compile(r"attach an? (?:(detached|attached) )?equipment you control to a unit you control",
                     re.IGNORECASE)


def compile_attach(text: str, sentence: str) -> Spec | None:
    """The `attach` spec of "Attach a detached Equipment you control to a unit you control", or None."""
    if text.strip().lower() == "attach it to me":  # after "play an Equipment ...": the card played (plays.py)
        return {"op": "attach", "text": sentence.strip().rstrip("."), "optional": True, "played_before": True,
                "target": {"count": {"min": 1, "max": 1}}, "to": {"self": True, "count": {"min": 1, "max": 1}}}
    m = _ATTACH.fullmatch(text.strip())
    if m is None:
        return None
    gear: dict[str, Any] = {"count": {"min": 1, "max": 1}, "whose": "friendly", "types": ["Gear"],
                            "tags": ["Equipment"]}
    if m.group(1):
        gear["state"] = m.group(1).lower()
    return {"op": "attach", "text": sentence.strip().rstrip("."), "target": gear,
            "to": {"count": {"min": 1, "max": 1}, "whose": "friendly", "types": ["Unit"]}}
