"""Which card mechanics the engine models: the ledger that `scripts/gallery_coverage.py` reads.

A card is modelled fully when every mechanic its text needs (its keywords, and what each of its abilities does:
an activated ability, a static bonus, a replacement, ...) is in `MODELLED`. A name goes in only together with the
code that records it and a test that records it from a real card; the coverage script then counts the cards it
unlocks. The names a card's text needs are found by the catalog's reading of rules text (engine/cardtext.py,
`mechanics(card)`), and every name it may give is a key of `VOCABULARY`, with one line of what it means.

Keywords are named as printed ("Equip", "Quick-Draw"); what abilities do is named in lower case ("activated",
"static might"). Rule numbers: 004 for the edition of 2025-06-02, `v1.3` for Core Rules v1.3.
"""
from __future__ import annotations

KEYWORDS: dict[str, str] = {
    "Accelerate": "pay [1] and a Power of its domain as the unit is played to have it enter ready (004 717, v1.3 805)",
    "Action": "a card or ability that may be played or activated in showdowns (v1.3 806)",
    "Reaction": "a card or ability that may be played or activated in closed states (v1.3 813)",
    "Assault": "+X Might while an attacker (v1.3 807)",
    "Shield": "+X Might while a defender (v1.3 814)",
    "Tank": "must be assigned lethal combat damage first (v1.3 815)",
    "Backline": "must be assigned lethal combat damage last (v1.3 826)",
    "Ganking": "may move from battlefield to battlefield (v1.3 810)",
    "Temporary": "killed at the start of its controller's Beginning Phase (v1.3 816)",
    "Deathknell": "a triggered ability when the permanent dies and goes to the trash (v1.3 808)",
    "Deflect": "opponents' spells and abilities that choose it cost X more Power (v1.3 809)",
    "Hidden": "the hide action (pay [A], facedown at a battlefield you control) and playing it from facedown "
              "(v1.3 811)",
    "Legion": "its dependent ability is active once its controller has played another card this turn (v1.3 812)",
    "Level": "its dependent ability is active while its controller has N or more XP (v1.3 824)",
    "Vision": "when played, look at the main deck's top card and may recycle it (v1.3 817)",
    "Predict": "look at the main deck's top N cards and recycle any of them (reminder text)",
    "Burn": "a player puts the top N cards of their main deck into their trash (reminder text)",
    "Equip": "an activated ability: pay its cost to attach this gear to a unit you control (v1.3 818)",
    "Quick-Draw": "the gear has Reaction and attaches to a unit you control when played (v1.3 819)",
    "Weaponmaster": "when the unit is played, pay an Equipment's Equip cost less [A] to attach it (v1.3 821)",
    "Repeat": "an optional additional cost that executes the spell's effect again (v1.3 820)",
    "Flow": "the spell may be played from the trash for its Flow cost, then banished (reminder text)",
    "Empower": "an activated ability that empowers it (the Empowered state, empower and disempower; reminder text)",
    "Ambush": "may be played, with Reaction, to a battlefield where its controller has units (v1.3 822)",
    "Hunt": "when it conquers or holds, its controller gains X XP (v1.3 823)",
    "Unique": "a deck may contain one card of its name (v1.3 825)",
    "Mighty": "the state of a unit with 5 or more Might, referred to by its text (004 706-711)",
}

ABILITIES: dict[str, str] = {
    "spell effect": "a spell's instructions, recorded with the existing effect ops of a `resolve`",
    "triggered": "a triggered ability of a unit, gear or legend, put on the chain with `trigger` and recorded with "
                 "the existing effect ops",
    "battlefield trigger": "a triggered ability of a battlefield, so `trigger` from a battlefield (004 163.9, 583)",
    "delayed trigger": "an ability a resolving spell or ability creates for later: 'when it dies this turn', "
                       "'at the start of your next Main Phase' (v1.3 389-392)",
    "activated": "an activated ability (cost: effect) used with `activate`, its cost charged (v1.3 376-381, 398-406)",
    "add ability": "an activated ability that only adds Energy or Power ([Add]): it resolves at once (v1.3 400.2)",
    "additional cost": "an optional or mandatory additional cost paid as the card is played (kill, discard, pay, "
                       "spend XP or a buff), with the effect of having paid it",
    "effect cost": "a cost paid while an ability or spell resolves ('you may pay [1] to draw 1'), taken from the "
                   "pool (v1.3 403.1.b.1)",
    "cost change": "a cost that is reduced, increased, replaced or ignored by text (004 353, 'I cost [2] less')",
    "static might": "a continuous Might bonus or penalty while its source is on the board (v1.3 468-475)",
    "static keyword": "a continuous grant of keywords or abilities while its source is on the board",
    "static rule": "another continuous effect that changes what the rules allow: restrictions ('can't be chosen', "
                   "'can't move to base') and permissions ('may play me to an open battlefield')",
    "enter ready": "units that enter the board ready by a continuous effect ('I enter ready')",
    "replacement": "a replacement or prevention effect: the replaced event does not happen (v1.3 367-375)",
    "attach": "attachment: attach and detach, an Equipment's effect on the unit it is attached to (v1.3 716-719)",
    "xp": "gaining and spending XP, each player's XP total (v1.3 728-733)",
    "additional turn": "a player takes an additional turn (v1.3 734-738)",
    "deck top": "looking at, revealing, recycling, banishing or trashing the main deck's top cards (004 600, 603)",
    "gear token": "a gear token (the Gold token, v1.3 184.5), played to the board as a Gear",
    "battlefield token": "a battlefield token added to or replacing a battlefield (v1.3 184.8-184.9)",
    "copy": "an object becomes a copy of another object",
    "win the game": "a card's condition that makes a player win the game",
    "unread": "text the catalog could not read into an ability: kept verbatim, never modelled",
}

VOCABULARY: dict[str, str] = {**KEYWORDS, **ABILITIES}
"""Every mechanic name `cardtext.mechanics` may give, with one line of meaning."""

# Keywords (004 712-727, v1.3 800-826) and what ability text does, recorded by the engine today.
MODELLED: frozenset[str] = frozenset({
    # keywords with rules in the engine
    "Accelerate", "Assault", "Shield", "Tank", "Ganking", "Temporary", "Deathknell",
    # play timing of Action and Reaction cards (engine/play.py: 308.1.a, 334.1.a)
    "Action", "Reaction",
    # what the existing events and effect ops record
    "triggered", "spell effect",
    # static effects in layers and costs in the process of play (engine/layers.py, engine/statics.py, play.py;
    # tests/test_rules_statics.py: Garen, Commander, Fiora, Victorious, Eager Apprentice, Helm of Suppression,
    # Commander Ledros, Bonds of Strength, Noxus Hopeful, Arena Kingpin, Blast Corps Cadet, Solari Sunhawk,
    # Baccai Sandspinner, Questionable Tome)
    "static might", "static keyword", "enter ready", "cost change", "Mighty", "Deflect", "Repeat", "Legion",
    "additional cost", "Empower",
    # the main deck's top cards (engine/decktop.py; tests/test_rules_deck_top.py: Mystic Poro, Stacked Deck;
    # tests/test_rules_hidden_and_deck_top_gallery.py: Eclipse, Forgotten Relic)
    "Vision", "deck top", "Predict", "Burn",
    # hiding and playing from facedown (engine/hidden.py; tests/test_rules_hidden.py: Block; the gallery test:
    # Blastcone Fae, Zhonya's Hourglass)
    "Hidden",
    # static rules (engine/rulechanges.py, tests/test_rules_static_rules.py: Ruin Runner, Determined Sentry, Maduli,
    # Decree of Rage, Galio, Lee Sin, Sneaky Deckhand, Rockfall Path, Endless Riches, Undying Legion, Aspirant's
    # Climb, Tianna Crownguard, Forgotten Monument; what the vocabulary does not cover is recorded as "other")
    "static rule",
    # deck construction (engine/construction.py, v1.3 825; tests/test_rules_decks.py: two copies refused)
    "Unique",
    # activated abilities, attachment and tokens of every kind (engine/abilities.py, engine/attachment.py;
    # tests/test_rules_abilities.py: Grandmaster at Arms, Eye of Twilight, Bloodharbor Ripper, Gold, Doran's
    # Shield, Sterak's Gage, Veteran Poro, Serrated Dirk, Sacred Shears, Last Rites, Treasure Hoard)
    "activated", "add ability", "attach", "gear token", "battlefield trigger", "Equip", "Quick-Draw", "Weaponmaster",
    # engine/experience.py, engine/ambush.py, engine/combat.py, a static's `while: {"level": N}` (v1.3 822-826;
    # tests/test_rules_later_keywords.py: Master Yi, Tempered, Gemhand Hunter, Wuju Apprentice, Gustwalker,
    # Chakram Dancer, Enthusiastic Promoter)
    "Hunt", "Level", "Ambush", "Backline",
    # the `xp` and `turn` ops (v1.3 728-738)
    "xp", "additional turn",
    # engine/replacement.py: a death replaced (`replace`) and damage prevented (`prevent`); a point scored or a card
    # put into the trash cannot be replaced yet (Otterpus, Endless Riches)
    "replacement",
    # a cost within an instruction, the `pay` op (engine/costs.py, v1.3 403.1.b.1; Treasure Hoard) and a trigger's
    # `cost` (v1.3 742.1.b; Baccai Reaper)
    "effect cost",
    # Flow, delayed abilities, copies, winning by a card and battlefield tokens (engine/flow.py, delayed.py,
    # copies.py, battlefield_tokens.py; tests/test_rules_later_effects.py: Dredge Up, Brittle Steel, Deadly
    # Flourish, Rally the Troops, Mirror Image, Gutter Palace, Baron Nashor, Green Father)
    "Flow", "delayed trigger", "copy", "win the game", "battlefield token",
    # Empower: the activated ability (engine/abilities.py, used only if not Empowered) with the Empowered state and
    # the empower/disempower ops of engine/statics.py (tests/test_rules_abilities.py: Akali, Deadly Weapon)
    "Empower",
})
