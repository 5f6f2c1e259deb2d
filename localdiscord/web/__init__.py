"""The local Discord's client: a page that looks like Discord's, through which one person acts
as every seat (:mod:`localdiscord.web.page`, with ``static/``: HTML, CSS and JS, no build step).
"""
