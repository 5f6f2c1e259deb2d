"""The cards' texts, said for each reader (:func:`i18n.say.say`). The texts are Tabletop's own
wording of the standard effects (``data/cards.json``, provenance ``designed``), not quoted from
printed cards, so they are translated like the game's other words; the names in them (places,
characters, the decks) stay English. ``tests/monopoly/test_languages.py`` holds them equal to
the data file's."""

from __future__ import annotations

from i18n.say import Say, say

CARD_TEXTS: dict[str, Say] = {
    "s01": say("Rick needs a wrench from his garage. Advance to Rick's Garage."),
    "s02": say("Portal malfunction drops you at GO. Collect 200 shmeckles."),
    "s03": say("Unity calls. Advance to Unity's Planet. If you pass GO, collect 200."),
    "s04": say("Tickets to Blips and Chitz! Advance there. If you pass GO, collect 200."),
    "s05": say(
        "Hitch a ride: advance to the nearest ship or train. If owned, pay its owner twice the rent; if not, you may buy it."
    ),
    "s06": say(
        "Space cruiser departing! Advance to the nearest ship or train. If owned, pay twice the rent; if not, you may buy it."
    ),
    "s07": say(
        "Shrink ray! Advance to the nearest of Microverse or Miniverse. If owned, roll and pay 10 times the dice; if not, you may buy it."
    ),
    "s08": say("Your Plumbus stock pays a dividend. Collect 50 shmeckles."),
    "s09": say(
        "Portal Gun override: Get Out of Jail Free. Keep this card until needed, or sell it."
    ),
    "s10": say("Time loop! Go back 3 spaces."),
    "s11": say(
        "The Galactic Federation found you. Go to Jail. Go directly to Jail; do not pass GO, do not collect 200."
    ),
    "s12": say(
        "Meeseeks maintenance: pay 25 for each flublet stilt and 100 for each gublet box you own."
    ),
    "s13": say("Speeding in the space cruiser. Pay a 15 shmeckle fine."),
    "s14": say("All aboard the Ghost Train! Advance there. If you pass GO, collect 200."),
    "s15": say("You were elected President of the Council of Ricks. Pay each player 50 shmeckles."),
    "s16": say("Your interdimensional loan matures. Collect 150 shmeckles."),
    "c01": say("Ball Fondlers marathon ends; back to GO. Collect 200 shmeckles."),
    "c02": say("Bank error in your favour, thanks to a Cronenberg teller. Collect 200 shmeckles."),
    "c03": say("Doctor Xenon Bloom's fee. Pay 50 shmeckles."),
    "c04": say("You sold your Real Fake Doors. Collect 50 shmeckles."),
    "c05": say(
        "Mr. Meeseeks gets you out: Get Out of Jail Free. Keep this card until needed, or sell it."
    ),
    "c06": say(
        "Caught by the Citadel police. Go to Jail. Go directly to Jail; do not pass GO, do not collect 200."
    ),
    "c07": say("Your Interdimensional Cable pilot gets picked up. Collect 100 shmeckles."),
    "c08": say("Refund on a faulty Plumbus. Collect 20 shmeckles."),
    "c09": say(
        "It's your birthday; the whole family shows up. Collect 10 shmeckles from every player."
    ),
    "c10": say("Your life-insurance policy on Jerry pays out. Collect 100 shmeckles."),
    "c11": say("Anatomy Park hospital bill. Pay 100 shmeckles."),
    "c12": say("Morty's school fees at Harry Herpson High. Pay 50 shmeckles."),
    "c13": say("You consulted on a Gazorpian sitcom. Collect 25 shmeckles."),
    "c14": say(
        "Gromflomite street repairs: pay 40 for each flublet stilt and 115 for each gublet box you own."
    ),
    "c15": say("Second prize in the Cromulon talent show. Collect 10 shmeckles."),
    "c16": say("You inherit a Squanchy heirloom. Collect 100 shmeckles."),
}
