"""AI seats: players played by the search AI (``engines.ai``), seated like anyone in a lobby,
moving through the table's normal move path (:mod:`bot.table.ai_seats`). No Discord here: the
Discord side (:mod:`bot.discord_app.ai_seats`) installs an
:class:`~bot.ai_seats.driver.AiSeatDriver` that publishes their moves. Players call them "bots";
the code says "AI seat", because "bot" is the Discord application."""

from bot.ai_seats.seats import ai_seat_id, ai_seat_level, ai_seat_name, is_ai_seat

__all__ = ["ai_seat_level", "ai_seat_name", "ai_seat_id", "is_ai_seat"]
