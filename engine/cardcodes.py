"""Collector codes as printed on cards and written in deck lists: `OGN-030`, `OGN-030/298`, `OGN-030a`, `SFD-227*`.

A printed code is `SET-NUMBER[VARIANT][/SET SIZE]`:
- SET: the set's letters (`OGN` Origins, `OGS` Proving Grounds, `SFD` Spiritforged, `UNL` Unleashed, `VEN` Vendetta);
- NUMBER: the collector number, with an optional prefix: `R` for a rune (`VEN-R04`), `SP` for a special printing
  (`VEN-SP3`), `T` for a token (`UNL-T07`);
- VARIANT: none for the regular printing, `a` or `b` for an alternate art (a showcase printing), `*` or `s` for a
  signed one;
- SET SIZE: `/298` after the number, which names no other printing and is dropped.

Every printing of a card names the same card (the catalog merges printings by name), so a code only has to be
brought to one spelling, `canonical`, to be looked up: upper-case set, the number padded as the card prints it
(three digits, two after `R` or `T`, none after `SP`), the variant in lower case with `s` written `*` (the gallery's
spelling of a signed printing). The module is pure: no catalog, no I/O.
"""
from __future__ import annotations

import re
from typing import NamedTuple

_CODE = re.compile(r"^([A-Za-z]{2,5})-(SP|sp|R|r|T|t)?(\d{1,4})([abABsS*])?(?:/\d{1,4})?$")
# How wide each prefix's number is printed (SP numbers are not padded).
NUMBER_WIDTH: dict[str, int] = {"": 3, "R": 2, "T": 2, "SP": 0}
SIGNED = "*"


class CardCode(NamedTuple):
    """A printed collector code taken apart: set, number prefix ("", "R", "SP", "T"), number, variant ("", "a",
    "b", "*")."""

    set: str
    prefix: str
    number: int
    variant: str

    def __str__(self) -> str:
        return f"{self.set}-{self.prefix}{str(self.number).zfill(NUMBER_WIDTH[self.prefix])}{self.variant}"

    @property
    def base(self) -> CardCode:
        """The same printing number without its variant: `OGN-030a` -> `OGN-030`."""
        return self._replace(variant="")


def parse_code(text: str) -> CardCode | None:
    """The collector code `text` spells (any case, with or without `/set size`), or None if it is not one."""
    if not isinstance(text, str):
        return None
    match = _CODE.match(text.strip())
    if match is None:
        return None
    set_id, prefix, number, variant = match.groups()
    variant = (variant or "").lower()
    return CardCode(set_id.upper(), (prefix or "").upper(), int(number), SIGNED if variant == "s" else variant)


def canonical(text: str) -> str | None:
    """`text` as one spelling of its code (`ogn-30/298` -> `OGN-030`, `OGN-007s` -> `OGN-007*`), or None."""
    code = parse_code(text)
    return None if code is None else str(code)
