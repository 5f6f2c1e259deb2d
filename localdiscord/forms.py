"""Forms (modals): what a user fills in and how Discord's client sends it back.

The bot answers an interaction with a form (response type 9); the user's client shows it,
checks what was typed (a required field left empty, too short, too long: the client will not
send it) and sends a ``MODAL_SUBMIT`` interaction (type 5) whose data names the form and gives
each text field's value. The test driver and the local page both fill forms in through here.
"""

from __future__ import annotations

from bot.discord_limits import MAX_TEXT_INPUT
from localdiscord import protocol
from localdiscord.payloads import JsonObject


class FormError(ValueError):
    """What Discord's client would not send (the user is told in the form itself)."""


def fields(form: JsonObject) -> list[tuple[JsonObject, JsonObject]]:
    """(the component holding it, the text input) for each field of ``form``: a label holding
    a text input (the current way) or an action row holding one (the older way)."""
    out = []
    for comp in form.get("components") or []:
        if comp.get("type") == protocol.LABEL:
            field = comp.get("component") or {}
        elif comp.get("type") == protocol.ACTION_ROW:
            field = (comp.get("components") or [{}])[0]
        else:
            continue  # text shown in the form: nothing to fill in
        if field.get("type") != protocol.TEXT_INPUT:
            raise FormError(f"only text fields can be filled in here, not type {field.get('type')}")
        out.append((comp, field))
    return out


def described(form: JsonObject) -> JsonObject:
    """The form as a page shows it: its title and each field's words and protocol."""
    return {
        "custom_id": form.get("custom_id"),
        "title": form.get("title") or "",
        "fields": [
            {
                "custom_id": field["custom_id"],
                "label": comp.get("label") or field.get("label") or "",
                "description": comp.get("description") or "",
                "placeholder": field.get("placeholder") or "",
                "value": field.get("value") or "",
                "required": field.get("required", True),
                "min_length": field.get("min_length") or 0,
                "max_length": field.get("max_length") or MAX_TEXT_INPUT,
                "paragraph": field.get("style") == 2,
            }
            for comp, field in fields(form)
        ],
    }


def submission(form: JsonObject, values: dict[str, str]) -> JsonObject:
    """The ``MODAL_SUBMIT`` data for ``form`` filled in with ``values`` (a field left out keeps
    its pre-filled value); :class:`FormError` for what the client would refuse to send."""
    sent, known = [], set()
    for comp, field in fields(form):
        cid = field["custom_id"]
        known.add(cid)
        value = str(values.get(cid, field.get("value") or ""))
        low = field.get("min_length") or 0
        high = field.get("max_length") or MAX_TEXT_INPUT
        if field.get("required", True) and not value:
            raise FormError(f"the field {cid!r} is required")
        if value and not low <= len(value) <= high:
            raise FormError(f"the field {cid!r} takes {low} to {high} characters")
        typed = {"type": protocol.TEXT_INPUT, "custom_id": cid, "value": value}
        if comp.get("type") == protocol.LABEL:
            sent.append({"type": protocol.LABEL, "component": typed})
        else:
            sent.append({"type": protocol.ACTION_ROW, "components": [typed]})
    unknown = set(values) - known
    if unknown:
        raise FormError(f"the form has no field {sorted(unknown)}; it has {sorted(known)}")
    return {"custom_id": form["custom_id"], "components": sent}
