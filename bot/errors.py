"""Refusals the table gives, each with a message shown to the user as is (ephemerally).

Every refusal means nothing was changed. The messages say why, and what to do instead.
"""

from __future__ import annotations


class TableError(Exception):
    """A refusal with a message for the user; nothing was changed."""

    default = "That cannot be done right now."

    def __init__(self, message: str | None = None):
        self.message = message or self.default
        super().__init__(self.message)


class NoGame(TableError):
    default = "There is no game in this channel. Start one with /game new."


class GameExists(TableError):
    default = (
        "This channel already has a game. Join it with /game join, or play in another channel."
    )


class NotSeated(TableError):
    default = "You are not playing in this game. Join a game in its lobby with /game join."


class AlreadySeated(TableError):
    default = "You have already joined this game."


class GameFull(TableError):
    default = "This game is full."


class NotYourTurn(TableError):
    default = "It is not your turn."


class WrongStage(TableError):
    default = "The game is not at a stage where that can be done."


class NotAllowed(TableError):
    default = "Only the host or a moderator can do that."


#: who besides the host has host powers, as the refusals name them (the Discord layer decides
#: who they are: ``bot.discord_app.checks.is_moderator``)
HOST_POWERS_ALSO = "a member with Manage Messages, or a member with the server's game master role"


class BoardChanged(TableError):
    default = "The board changed while you were choosing; nothing was done. Look again and retry."


class IllegalMove(TableError):
    default = "That move is not allowed."


class NothingToUndo(TableError):
    """An undo with no step of the caller's to take back (none made, or past the point of no
    return: a roll, a reveal, another player's move)."""

    default = "There is nothing you can take back now."


class TooFewPlayers(TableError):
    default = "Not enough players have joined yet."


# -- additions beyond the binding list ---------------------------------------------------------


class UnknownGameName(TableError):
    """No engine by that name (the message lists the valid ones)."""

    default = "There is no game by that name."


class BadOptions(TableError):
    """A lobby option or per-player choice that the game does not offer."""

    default = "That option is not available for this game."


class DamagedGame(TableError):
    """The saved game cannot be loaded; only /host abort still works on it."""

    default = (
        "This game's saved state is damaged and cannot be loaded, so nothing was changed. "
        "The host or a moderator can end it with /host abort and start a new one."
    )


class SaveFailed(TableError):
    """The database refused the write (disk full, locked too long); nothing was saved."""

    default = "The game could not be saved just now, so nothing changed. Please try again."


class EngineFailure(TableError):
    """The game's rules code failed unexpectedly (a bug); nothing was saved."""

    default = (
        "Something went wrong inside the game's rules, so nothing changed. "
        "Please try another move; the error has been logged."
    )
