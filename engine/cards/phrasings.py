"""The instruction readers of the families that have a module of their own, asked in turn by engine/cards/effects.py
`compile_sentence` for an instruction its own phrasings do not read (issue 26, "Honest coverage": effect
instructions; docs/cards.md "Effect instructions read from the cards"). Each answers one spec, or None.
"""
from __future__ import annotations

from typing import Any

from engine.cards.attachments import compile_attach
from engine.cards.battlefields import compile_replace
from engine.cards.copies import compile_copy
from engine.cards.countering import compile_control, compile_counter
from engine.cards.damage_changes import compile_change
from engine.cards.lasting import compile_lasting
from engine.cards.measures import compile_raise, compile_spend_any, compile_swap
from engine.cards.players import compile_win
from engine.cards.plays import compile_play, compile_reduced
from engine.cards.recycles import compile_recycle


def read(text: str, sentence: str, referent: dict[str, Any] | None, this_turn: bool) -> dict[str, Any] | None:
    """The spec of one instruction (`text`: lower-cased first letter, no final stop, "it" read as "the chosen" where
    a unit was chosen, its "this turn" taken off: `this_turn`), or None when no family here reads it."""
    return (compile_change(text, sentence, referent)  # "Prevent the next 7 damage ...", "Double all damage ..."
            or compile_recycle(text, sentence)  # "recycle 3 from your trash", "recycle one of your runes"
            or compile_play(text, sentence)  # "Play a unit from your trash, ignoring its Energy cost"
            or compile_lasting(f"{text} this turn" if this_turn else text, sentence)  # "Units you play this turn ..."
            or compile_replace(text, sentence)  # "replace that battlefield with a Brush battlefield token"
            or compile_copy(text, sentence, referent)  # "They become copies of me"
            or compile_raise(text, sentence, referent, "turn" if this_turn else None)  # "increase its Might to ..."
            or compile_counter(text, sentence, referent, this_turn)  # "Counter an enemy spell ... that chooses it"
            or compile_control(text, sentence)  # "Gain control of a spell. You may make new choices for it."
            or compile_attach(text, sentence)  # "Attach a detached Equipment you control to a unit you control"
            or compile_swap(text, sentence, this_turn)  # "Swap the Might of two units at the same battlefield"
            or compile_spend_any(text, sentence)  # "spend any number of buffs"
            or compile_reduced(text, sentence)  # "play a unit from hand to a battlefield you control, reducing ..."
            or compile_win(text, sentence))  # "you win the game"
