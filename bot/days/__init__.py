"""Playing over days: turn clocks, reminders, stand-ins, away, host powers, history.

Discord-free; the Discord commands live in ``bot.discord_app.commands.days``.
"""
