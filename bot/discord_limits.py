"""Discord's limits, in one place: the bot designs its messages inside them and the local Discord
(:mod:`localdiscord.validate`) refuses what breaks them, as Discord would, so a message that
breaks one fails a test first.

Figures are Discord's documented ones. The file size limit is the current default for a guild
without boosts, 10 MiB (Discord lowered it from 25 MiB in 2024; the older 8 MiB figure is what
discord.py's docs still mention). Interactions advertise it as ``attachment_size_limit``. This
module imports nothing, so anything may import it.
"""

from __future__ import annotations

#: seconds an interaction may wait for its first answer
RESPONSE_DEADLINE = 3.0

# messages
MAX_MESSAGE = 2000  # characters of a message's content
MAX_FILE_SIZE = 10 * 1024 * 1024
MAX_FILES = 10
MAX_ALT_TEXT = 1024  # an attachment's description
MAX_EMBEDS = 10
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_TOTAL = 6000  # characters of all of a message's embeds together

# components on a message
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_BUTTONS = MAX_ROWS * MAX_BUTTONS_PER_ROW
MAX_BUTTON_LABEL = 80
MAX_CUSTOM_ID = 100
MAX_SELECT_OPTIONS = 25
MAX_OPTION_LABEL = 100  # a select option's label (and its description)
MAX_PLACEHOLDER = 150

# forms (modals)
MAX_FORM_TITLE = 45
MAX_FORM_FIELDS = 5
MAX_FIELD_DESCRIPTION = 100
MAX_TEXT_INPUT = 4000

# slash commands
MAX_SUBCOMMANDS = 25  # in a command or a group
MAX_CHOICES = 25  # an autocomplete answer's choices, an option's fixed ones
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100
MAX_STRING_OPTION = 6000  # characters a string option takes without its own max_length

# channels
MAX_THREAD_NAME = 100
