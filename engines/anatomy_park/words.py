"""Words the game keeps in its state as codes (a discard's reason, how the game ended, what a
move is), each with the message a reader is shown. The state stores the English, as it always
has (a game saved before these messages existed reads the same); what is shown is the
message, worded for its reader."""

from __future__ import annotations

from i18n.say import Say, say

#: why a player must discard (a task's ``reason``); a disease's name stays as it is
DISCARD_REASONS: dict[str, Say] = {
    "hand limit": say("hand limit"),
    "disease on your tile": say("disease on your tile"),
}

#: how the game ended (``APState.end_reason``)
END_REASONS: dict[str, Say] = {
    s: s
    for s in (
        say("everyone else left the game"),
        say("the tile stack ran out a second time; Ruben survives"),
        say("everyone has left the park"),
        say("Ruben's last two rounds are over and he dies"),
        say("the second heart attack killed Ruben"),
    )
}


def discard_reason(reason: str) -> str:
    """A discard's reason for the reader (a disease's name as it is)."""
    return DISCARD_REASONS.get(reason, reason)


def end_reason(reason: str) -> str:
    """How the game ended, for the reader (a reason this game never gives, as it is)."""
    return END_REASONS.get(reason, reason)


#: the moves' kinds, the headings a front end groups them under
WALK = say("Walk")
MOVE = say("Move")
DO = say("Do")
TAKE = say("Take")
PLACE = say("Place")
FOCUS = say("Focus")
LEAVE = say("Leave")
SHOOT = say("Shoot")
DISCARD = say("Discard")
STOP = say("Stop")
REROLL = say("Reroll")
KEEP = say("Keep")
XENON = say("Xenon")
STAY = say("Stay")
LAY = say("Lay")
WASH = say("Wash")
ACT = say("Act")
SKIP = say("Skip")
HEPATITIS = say("Hepatitis")
PASS = say("Pass")


def joined(items: list[str]) -> str:
    """Items of a list, a comma between each two (any of them a message worded for the
    reader): "Ada 3, Bruno 5 (out)"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    # Translators: a list, item after item ("Ada 3, Bruno 5 (out), Chidi 2")
    return say("{first}, {rest}", first=items[0], rest=joined(items[1:]))
