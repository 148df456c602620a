"""The vocabulary of card mechanics (engine/mechanics.py) and the ledger of those the engine models."""
from __future__ import annotations

from engine import mechanics


def test_every_modelled_mechanic_is_a_word_of_the_vocabulary() -> None:
    assert mechanics.MODELLED <= set(mechanics.VOCABULARY), sorted(mechanics.MODELLED - set(mechanics.VOCABULARY))


def test_every_word_of_the_vocabulary_says_what_it_means_in_one_line() -> None:
    for name, meaning in mechanics.VOCABULARY.items():
        assert name.strip() == name and name
        assert meaning.strip() and "\n" not in meaning, name


def test_keywords_are_named_as_printed_and_abilities_in_lower_case() -> None:
    assert not set(mechanics.KEYWORDS) & set(mechanics.ABILITIES)
    assert all(name[0].isupper() for name in mechanics.KEYWORDS)
    assert all(name == name.lower() for name in mechanics.ABILITIES)
