"""Refusals the table gives, each with a message shown to the user as is (ephemerally).

Every refusal means nothing was changed. The messages say why, and what to do instead. They are
said (:func:`i18n.say.say`): the table does not know who reads a refusal, so the front end words
``message`` for its reader (``i18n.say.word(exc.message, locale)``); as a ``str`` it is the
English.
"""

from __future__ import annotations

from i18n.say import say


class TableError(Exception):
    """A refusal with a message for the user; nothing was changed."""

    default: str = say("That cannot be done right now.")

    def __init__(self, message: str | None = None):
        self.message: str = message or self.default
        super().__init__(self.message)


class NoGame(TableError):
    default = say("There is no game in this channel. Start one with /game new.")


class GameExists(TableError):
    default = say(
        "This channel already has a game. Join it with /game join, or play in another channel."
    )


class NotSeated(TableError):
    default = say("You are not playing in this game. Join a game in its lobby with /game join.")


class AlreadySeated(TableError):
    default = say("You have already joined this game.")


class GameFull(TableError):
    default = say("This game is full.")


class NotYourTurn(TableError):
    default = say("It is not your turn.")


class WrongStage(TableError):
    default = say("The game is not at a stage where that can be done.")


class NotAllowed(TableError):
    default = say("Only the host or a moderator can do that.")


#: who besides the host has host powers, as the refusals name them (the Discord layer decides
#: who they are: ``bot.discord_app.checks.is_moderator``)
HOST_POWERS_ALSO = "a member with Manage Messages, or a member with the server's game master role"


class BoardChanged(TableError):
    default = say(
        "The board changed while you were choosing; nothing was done. Look again and retry."
    )


class IllegalMove(TableError):
    default = say("That move is not allowed.")


class NothingToUndo(TableError):
    """An undo with no step of the caller's to take back (none made, or past the point of no
    return: a roll, a reveal, another player's move)."""

    default = say("There is nothing you can take back now.")


class TooFewPlayers(TableError):
    default = say("Not enough players have joined yet.")


# -- additions beyond the binding list ---------------------------------------------------------


class UnknownGameName(TableError):
    """No engine by that name (the message lists the valid ones)."""

    default = say("There is no game by that name.")


class BadOptions(TableError):
    """A lobby option or per-player choice that the game does not offer."""

    default = say("That option is not available for this game.")


class DamagedGame(TableError):
    """The saved game cannot be loaded; only /host abort still works on it."""

    default = say(
        "This game's saved state is damaged and cannot be loaded, so nothing was changed. "
        "The host or a moderator can end it with /host abort and start a new one."
    )


class SaveFailed(TableError):
    """The database refused the write (disk full, locked too long); nothing was saved."""

    default = say("The game could not be saved just now, so nothing changed. Please try again.")


class EngineFailure(TableError):
    """The game's rules code failed unexpectedly (a bug); nothing was saved."""

    default = say(
        "Something went wrong inside the game's rules, so nothing changed. "
        "Please try another move; the error has been logged."
    )
