"""A player types an amount: in a Monopoly auction the "Bid up to" button opens a form, the
most they will pay typed there is the move (their limit, which only they see), and a bad one is answered privately and changes nothing (the real bot
against the local Discord)."""

from __future__ import annotations

from engines.monopoly.auction import lowest_limit
from tests.e2e.session import GameSession


def _button(message, start: str) -> dict:
    return next(b for b in message.buttons() if b["label"].startswith(start))


def _auction(d, db, channel_name: str):
    """A quick two-player Monopoly game played until a property goes to auction: the game,
    the turn message with the Bid button, and the player whose bid is awaited."""
    channel = d.channel(channel_name)
    game = GameSession(
        d, db, channel, "monopoly", [d.user("Ada"), d.user("Bob")], spectator=d.user("Eve")
    )
    game.open_and_start()
    for _ in range(60):  # until someone lands on a property nobody owns
        if game.witness.state().offer is not None:
            break
        game.move()
    assert game.witness.state().offer is not None, "nobody landed on an unowned property"
    [uid] = game.witness.to_act_users()
    actor = next(u for u in game.players if u.id == uid)
    turn = d.latest_public(channel)
    d.click(actor, turn, custom_id=_button(turn, "Auction")["custom_id"])
    turn = d.latest_public(channel)
    bidder = next(u for u in game.players if u.id in game.witness.to_act_users())
    return game, turn, bidder


def test_a_player_types_a_bid_in_an_auction(world):
    d = world.driver
    game, turn, bidder = _auction(d, world.db, "typed-bid")
    channel = game.channel
    bid = _button(turn, "Bid")
    opened = d.click(bidder, turn, custom_id=bid["custom_id"])
    assert opened.interaction.response_type == 9, opened
    version = game.witness.row().version
    bad = d.submit(bidder, opened, amount="lots")
    assert bad.ephemeral and "whole number" in bad.text and not bad.new_public
    assert game.witness.row().version == version

    opened = d.click(bidder, turn, custom_id=bid["custom_id"])
    d.submit(bidder, opened, amount="77")
    auction = game.witness.state().auction
    assert auction is not None and auction.limits.get(bidder.name) == 77
    # the turn message is edited once the move is saved; under load that may land a little later
    answered = f"{bidder.name} has answered the auction"
    d.server.wait_until(
        lambda: any(answered in m.content for m in d.public_messages(channel)[-2:]),
        20.0,
        "the answer (not the limit) in the turn message",
    )
    game.check_consistency()  # every request the bot sent was one Discord accepts


def test_a_form_opened_before_a_restart_is_answered_after_it(fresh_world):
    """The form's answer names the move by custom id, never by a view held in memory: a bid
    typed into a form the bot opened before it was killed is the move after it starts again."""
    w, d = fresh_world, fresh_world.driver
    game, turn, bidder = _auction(d, w.db, "typed-bid-restart")
    opened = d.click(bidder, turn, custom_id=_button(turn, "Bid")["custom_id"])
    assert opened.interaction.response_type == 9, opened

    ready = w.bot.times_ready()
    w.bot.kill()
    w.bot.start()
    w.bot.wait_ready(times=ready + 1)
    w.server.settle(quiet=0.5)

    answer = d.submit(bidder, opened, amount="31")
    assert not (answer.ephemeral and "error" in answer.text.lower()), answer.text
    auction = game.witness.state().auction
    assert auction is not None and auction.limits.get(bidder.name) == 31
    game.check_consistency()


def test_a_bid_typed_into_play_as_suggested_is_the_bid(world):
    """Typing "bid up to N" (as "Bid up to N" is suggested), in lower case, sets the limit."""
    d = world.driver
    game, _, bidder = _auction(d, world.db, "typed-bid-play")
    low = lowest_limit(game.witness.state().auction, bidder.name)
    reply = d.run(bidder, game.channel, "/play", action=f"bid up to {low}")
    assert reply.ephemeral and f"Bid up to {low}" in reply.text, reply.text
    assert game.witness.state().auction.limits.get(bidder.name) == low


def test_a_negative_bid_typed_into_play_is_refused_with_the_range(world):
    d = world.driver
    game, _, bidder = _auction(d, world.db, "typed-bid-negative")
    version = game.witness.row().version
    reply = d.run(bidder, game.channel, "/play", action="bid -5")
    assert reply.ephemeral and reply.text.startswith("-5 is out of range: Bid "), reply.text
    assert game.witness.row().version == version
