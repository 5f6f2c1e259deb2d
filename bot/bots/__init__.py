"""Bot seats: players played by the search AI (``engines.ai``), seated like anyone in a lobby,
moving through the table's normal move path. No Discord here: the Discord side installs a
:class:`~bot.bots.driver.BotDriver` that publishes their moves."""

from bot.bots.seats import bot_level, bot_seat_name, bot_user_id, is_bot

__all__ = ["bot_level", "bot_seat_name", "bot_user_id", "is_bot"]
