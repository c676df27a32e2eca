"""All-or-nothing moves: a cheap checkpoint of every zone and counter.

A move is validated before it starts, but a card's effect can still fail part
way (a scripted answer that is not a legal option). With ``Game.atomic`` on,
each public call checkpoints the state first and puts it back if the call
raises, so the caller always sees the game as it was. A call is one move however
much it does: ``play_turn`` a turn, ``play_game`` a whole game (moves it makes
inside run unchecked, ``Game._in_move``). The checkpoint copies
lists of the *same* card objects, so card identity survives a rollback.
The event log is not rolled back: listeners see what was attempted.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.game import Game

_GAME_FIELDS = (
    "current", "phase", "turn_number", "is_extra_turn", "actions", "buys", "coins", "potions",
    "cost_reduction", "bought_in_phase", "_last_normal", "over",
    "steps", "_depth", "gained_last_turn", "possessed_by", "consecutive_turns",
    "last_turn_player",
)
_GAME_LISTS = ("trash", "bought_this_turn", "gained_this_turn", "played_this_turn",
               "black_market", "cost_modifiers", "cannot_buy",
               "turn_watchers", "end_of_turn", "play_watchers", "shuffle_hooks", "cleanup_hooks",
               "next_turn_effects")
_PLAYER_FIELDS = ("vp_tokens", "coffers", "villagers", "debt", "turns_taken")
_PLAYER_LISTS = ("deck", "hand", "discard", "in_play", "set_aside", "states", "kept_in_play")
# One C-level call each instead of a getattr per name: the checkpoint runs every move.
_get_fields = attrgetter(*_GAME_FIELDS)
_get_lists = attrgetter(*_GAME_LISTS)
_copy = list.copy


def checkpoint(game: Game) -> Any:
    """Everything a move can change, as shallow copies.

    The RNG state is saved lazily by the first shuffle of the move
    (``Game._rng_saved``): copying it costs more than all the zones together.
    """
    game._rng_saved = None
    game._saved_piles = {}
    players = [
        (
            (p.vp_tokens, p.coffers, p.villagers, p.debt, p.turns_taken),
            (p.deck[:], p.hand[:], p.discard[:], p.in_play[:], p.set_aside[:], p.states[:],
             p.kept_in_play[:]),
            {k: v[:] for k, v in p.mats.items()} if p.mats else {},
            dict(p.tokens) if p.tokens else {},
            [(e, e.keepers[:], e.left_play) for e in p.durations] if p.durations else [],
        )
        for p in game.players
    ]
    return (
        _get_fields(game),
        list(map(_copy, _get_lists(game))),
        # Which piles there are; their cards and tokens are saved by the move itself
        # when it first changes one (GameBase.note_pile_change): copying ~17 piles
        # every move was the largest part of the checkpoint, and a move changes one or two.
        dict(game.piles),
        dict(game.events_bought),
        list(game.extra_turns),
        {k: list(v) for k, v in game._shuffle_script.items()} if game._shuffle_script else {},
        players,
        {uid: (card, own, card.defn) for uid, (card, own) in game._masks.items()}
        if game._masks else {},
        # Only the landscape decks in use (most games have none); rollback empties the rest.
        [(deck, deck.cards[:], deck.discard[:], deck.held[:], deck.saved[:])
         for deck in (game.boons, game.hexes, game.loot)
         if deck.cards or deck.discard or deck.held or deck.saved],
        # Which cards sit on which host (Native Village, Procession's set-aside...).
        {uid: cards[:] for uid, cards in game._set_aside_on.items()}
        if game._set_aside_on else {},
        # The set states that exist (engine.set_state; none in most games), as copies.
        {kind: state.copy() for kind, state in game._set_states.items()}
        if game._set_states else None,
    )


def rollback(game: Game, saved: Any) -> None:
    """Put the game back exactly as :func:`checkpoint` saw it."""
    (fields, lists, piles, events_bought, extra, script, players, masks, landscapes,
     set_aside_on, set_states) = saved
    game._set_aside_on = set_aside_on
    if set_states is not None or game._set_states:
        # Copies again, so that the checkpoint's stay as they were; a state the move
        # created is dropped.
        game._set_states = ({kind: state.copy() for kind, state in set_states.items()}
                            if set_states else {})
        game._states_changed()
    if game._masks or masks:
        # Band of Misfits: cards masked during the move get their own identity back.
        for uid, (card, own) in game._masks.items():
            if uid not in masks:
                card.defn, card.name = own, own.name
        for card, _, as_defn in masks.values():
            card.defn, card.name = as_defn, as_defn.name
        game._masks = {uid: (card, own) for uid, (card, own, _) in masks.items()}
    saved_decks = {id(deck) for deck, *_ in landscapes}
    for deck in (game.boons, game.hexes, game.loot):
        if id(deck) not in saved_decks:
            deck.cards, deck.discard, deck.held, deck.saved = [], [], [], []
    for deck, cards, discard, held, kept in landscapes:
        deck.cards, deck.discard, deck.held, deck.saved = cards, discard, held, kept
    for f, v in zip(_GAME_FIELDS, fields, strict=True):
        setattr(game, f, v)
    for f, v in zip(_GAME_LISTS, lists, strict=True):
        setattr(game, f, v)
    if game._saved_piles:
        for pile, (cards, tokens) in game._saved_piles.items():
            pile.cards = cards
            pile.tokens = tokens
    game._saved_piles = None
    game.piles = piles
    game.events_bought = events_bought
    game.extra_turns.clear()
    game.extra_turns.extend(extra)
    game._shuffle_script = script
    if game._rng_saved is not None:
        game.rng.setstate(game._rng_saved)  # type: ignore[arg-type]
        game._rng_saved = None
    for p, (pf, pl, mats, tokens, durations) in zip(game.players, players, strict=True):
        for f, v in zip(_PLAYER_FIELDS, pf, strict=True):
            setattr(p, f, v)
        for f, v in zip(_PLAYER_LISTS, pl, strict=True):
            setattr(p, f, v)
        p.mats = mats
        p.tokens = tokens
        for effect, keepers, left_play in durations:
            effect.keepers = keepers
            effect.left_play = left_play
        p.durations = [e for e, _, _ in durations]


def commit(game: Game) -> None:
    """The move succeeded: forget what :func:`checkpoint` and the move saved."""
    game._saved_piles = None
    game._rng_saved = None
