"""Each sampled Nocturne scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

from typing import Any

import pytest
from breakage_helpers import (
    Patch,
    check_breaks,
    hook,
    no_op,
    replace_setup_rule,
)

from engine import registry
from engine import setup as engine_setup
from engine.cards.nocturne import EnviousThisTurn, FaceDownInTrash
from engine.cost import Cost


def shepherd_draws_two_flat(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard", min=0, max=len(p.hand),
                                pred=lambda c: c.defn.is_victory)
    for c in picked:
        g.discard_card(p, c, p.hand, card.name)
    if picked:
        g.draw(p, 2)


def pasture_counts_estates_in_deck(p) -> int:
    return sum(1 for c in p.deck if c.name == "Estate")


def night_watchman_keeps_order(g, p, card, play) -> None:
    looked = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard", looked, min=0, max=len(looked)):
        g.discard_card(p, c, p.set_aside, card.name)
    for c in reversed([c for c in looked if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def ghost_town_card_only(g, p, card) -> None:
    g.draw(p, 1)


def monastery_hand_only(g, p, card, play) -> None:
    allowed = sum(1 for who, _ in g.gained_this_turn if who == p.index)
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=allowed):
        g.trash_card(p, c, p.hand, card.name)


def _devils_workshop_by(count):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        n = count(g, p)
        if n >= 2:
            g.gain(p, "Imp", source=card.name)
        elif n == 1:
            name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
            if name:
                g.gain(p, name, source=card.name)
        else:
            g.gain(p, "Gold", source=card.name)
    return hook_


devils_workshop_counts_buys_only = _devils_workshop_by(lambda g, p: len(g.bought_this_turn))


devils_workshop_ignores_buys = _devils_workshop_by(
    lambda g, p: sum(1 for who, _ in g.gained_this_turn if who == p.index)
    - len(g.bought_this_turn))


def _unique_action_played_this_turn(g, p, card) -> bool:
    played = {c.name for c in g.played_this_turn}
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action and c.name not in played)
    if picked:
        g.play_card(p, picked[0], p.hand)
    return bool(picked)


def imp_excludes_cards_played_this_turn(g, p, card, play) -> None:
    _unique_action_played_this_turn(g, p, card)


def conclave_no_action(g, p, card, play) -> None:
    in_play = {c.name for c in p.in_play}
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action and c.name not in in_play)
    if picked:
        g.play_card(p, picked[0], p.hand)


def tragic_hero_gains_only_if_trashed(g, p, card, play) -> None:
    if len(p.hand) >= 8 and card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        name = g.choose_supply(p, card.name, "Gain", pred=lambda d: d.is_treasure)
        if name:
            g.gain(p, name, source=card.name)


def tragic_hero_counts_before_drawing(g, p, card, play) -> None:
    if len(p.hand) - 3 >= 8:
        tragic_hero_gains_only_if_trashed(g, p, card, play)


def cobbler_gains_to_discard(g, p, card) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
    if name:
        g.gain(p, name, source=card.name)


def raider_hits_every_hand(g, p, card, play) -> None:
    in_play = {c.name for c in p.in_play}
    for q in play.victims(g):
        picked = g.choose_from_hand(q, card.name, "Discard", pred=lambda c: c.name in in_play)
        if picked:
            g.discard_card(q, picked[0], q.hand, card.name)
        else:
            g.reveal(q, list(q.hand), card.name)
    g.schedule_duration(p, card)


def zombie_apprentice_action_anyway(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 3)
    g.actions += 1


def zombie_mason_must_gain(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=g.cost(top).plus_coins(1))
    if name:
        g.gain(p, name, source=card.name)


def zombie_mason_strictly_cheaper(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=g.cost(top).plus_coins(1),
                           pred=lambda d: d.name != top.name, optional=True)
    if name:
        g.gain(p, name, source=card.name)


def _zombie_spy_look_then_draw(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is not None:
        choice = g.choose_option(p, card.name, "Top", [("discard", "d"), ("keep", "k")])
        if choice == "discard":
            g.discard_card(p, top, p.deck, card.name)
    g.draw(p, 1)


def zombie_spy_looks_before_drawing(mp: pytest.MonkeyPatch) -> None:
    defn = registry.card("Zombie Spy")
    mp.setattr(defn, "cards", 0)
    mp.setattr(defn, "on_play", _zombie_spy_look_then_draw)


def crypt_returns_everything_at_once(g, p, card, play) -> None:
    treasures = [c for c in p.in_play if c.defn.is_treasure]
    picked = g.choose_cards(p, card.name, "Set aside", treasures, min=0, max=len(treasures))
    for c in picked:
        g.to_mat(p, c, p.in_play, "Crypt", card.name)
    if picked:
        g.schedule_duration(p, card)


def _crypt_all_to_hand(g, p, card) -> None:
    for c in list(p.mats.get("Crypt", [])):
        g.to_hand(p, c, p.mats["Crypt"])
    p.mats.pop("Crypt", None)


def crypt_all_at_once(mp: pytest.MonkeyPatch) -> None:
    """Every Treasure comes back at the next turn (wrong: one per turn)."""
    defn = registry.card("Crypt")
    mp.setattr(defn, "on_play", crypt_returns_everything_at_once)
    mp.setattr(defn, "next_turn", _crypt_all_to_hand)


def hound_set_aside_to_discard_at_end(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Set aside?"):
        g.to_mat(p, card, p.discard, "until end of turn", card.name)
        p.mats["until end of turn"].remove(card)
        p.hand.append(card)  # back at once, before Clean-up (wrong: it belongs after)


def hound_only_from_hand(mp: pytest.MonkeyPatch) -> None:
    """The reaction fires only for discards from hand (wrong: from anywhere)."""
    from engine import primitives

    original = primitives.GameBase.discard_card

    def discard_card(self, p, card, from_zone, source=None):  # type: ignore[no-untyped-def]
        if from_zone is p.hand:
            return original(self, p, card, from_zone, source)
        from_zone.remove(card)
        p.discard.append(card)
        return None

    mp.setattr(primitives.GameBase, "discard_card", discard_card)


def _ghost_plays_once(g, p, card) -> None:
    mat = p.mats.get("Ghost", [])
    if mat:
        g.play_card(p, mat[0], mat, by=card)
        if not mat:
            del p.mats["Ghost"]


def ghost_plays_once(mp: pytest.MonkeyPatch) -> None:
    """Ghost's set-aside card is played once (wrong: twice)."""
    from engine.cards import nocturne

    mp.setattr(nocturne, "_ghost_effect", lambda mine: _ghost_plays_once)
    mp.setattr(registry.card("Ghost"), "next_turn", _ghost_plays_once)


def ghost_second_play_needs_the_card(mp: pytest.MonkeyPatch) -> None:
    """The second play is skipped once the card left play (wrong: it still happens)."""
    def effect(g, p, card) -> None:
        mat = p.mats.get("Ghost", [])
        if mat:
            target = mat[0]
            g.play_card(p, target, mat, by=card)
            if not mat:
                del p.mats["Ghost"]
            if target in p.in_play:
                g.play_card(p, target, None, by=card, again=True)

    mp.setattr(registry.card("Ghost"), "next_turn", effect)


def will_o_wisp_compares_coins_only(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is not None and g.cost(top).coins <= 2:
        g.to_hand(p, top, p.deck)


def exorcist_same_or_cheaper(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if not picked:
        return
    limit = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    options = [(n, n) for n in ("Will-o'-Wisp", "Imp", "Ghost")
               if g.piles[n].top is not None
               and g.cost(g.piles[n].top).at_most(limit.plus_coins(1))]
    if options:
        g.gain(p, g.choose_option(p, card.name, "Gain", options), source=card.name)


def cemetery_trashes_up_to_two(g, p, card) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=2):
        g.trash_card(p, c, p.hand, card.name)


def secret_cave_bonus_for_any_discard(g, p, card, play) -> None:
    if g.yes_no(p, card.name, "Discard 3?"):
        for c in g.choose_from_hand(p, card.name, "Discard", min=3, max=3):
            g.discard_card(p, c, p.hand, card.name)
        g.schedule_duration(p, card)


def magic_lamp_counts_card_names(g, p, card, play) -> None:
    if len({c.name for c in p.in_play}) >= 6 and card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        for _ in range(3):
            g.gain(p, "Wish", source=card.name)


def wish_gains_every_play(g, p, card, play) -> None:
    if card in p.in_play:
        g.return_to_pile(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(6))
    if name:
        g.gain(p, name, to="hand", source=card.name)


def necromancer_ignores_face_down(g, p, card, play) -> None:
    eligible = [c for c in g.trash if c.defn.is_action and not c.defn.is_duration]
    picked = g.choose_cards(p, card.name, "Play", eligible)
    if picked:
        g.play_card(p, picked[0], None, by=card)


def necromancer_moves_it_into_play(g, p, card, play) -> None:
    eligible = [c for c in g.trash if c.defn.is_action and not c.defn.is_duration
                and c not in g.state(FaceDownInTrash).cards]
    picked = g.choose_cards(p, card.name, "Play", eligible)
    if picked:
        g.state(FaceDownInTrash).cards.append(picked[0])
        g.play_card(p, picked[0], g.trash, by=card)


def tracker_counts_the_trash(g, p, gained, zone) -> None:
    if gained in zone and (any(c.name == "Tracker" for c in p.in_play)
                           or any(c.name == "Tracker"
                                  for c in g.state(FaceDownInTrash).cards)) \
            and g.yes_no(p, "Tracker", "Deck?"):
        g.topdeck(p, gained, zone, "Tracker")


def no_zombies(ctx) -> None:
    pass


def changeling_exchange_in_place(g, p, gained, zone) -> None:
    pile = g.piles.get("Changeling")
    if pile and pile.cards and gained in zone and Cost(3).at_most(g.cost(gained)) \
            and gained.name != "Changeling" and g.yes_no(p, "Changeling", "Exchange?"):
        g.exchange(p, gained, zone, "Changeling")


def changeling_printed_cost(g, p, gained, zone) -> None:
    pile = g.piles.get("Changeling")
    if pile and pile.cards and gained in zone and gained.defn.cost.coins >= 3 \
            and gained.name != "Changeling" and g.yes_no(p, "Changeling", "Exchange?"):
        g.exchange(p, gained, zone, "Changeling", to_zone=p.discard)


def changeling_copies_this_turns_cards(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    names = [n for n in dict.fromkeys(c.name for c in g.played_this_turn if c in p.in_play)
             if n in g.piles and g.piles[n].cards]
    if names:
        g.gain(p, names[0] if len(names) == 1 else g.choose_option(
            p, card.name, "Gain", [(n, n) for n in names]), source=card.name)


def _boon_patch(name: str, **attrs: Any) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        defn = registry.landscape(name)
        for attr, value in attrs.items():
            mp.setattr(defn, attr, value)
    return apply


def skys_gift_gold_per_card(g, p, name) -> None:
    if g.yes_no(p, name, "Discard 3?"):
        for c in g.choose_from_hand(p, name, "Discard", min=3, max=3):
            g.discard_card(p, c, p.hand, name)
            g.gain(p, "Gold", source=name)


def skys_gift_gold_for_any_discard(g, p, name) -> None:
    if g.yes_no(p, name, "Discard 3?"):
        for c in g.choose_from_hand(p, name, "Discard", min=3, max=3):
            g.discard_card(p, c, p.hand, name)
        g.gain(p, "Gold", source=name)


def moons_gift_asks_even_when_empty(g, p, name) -> None:
    g.choose_option(p, name, "Put a card back?", [("none", "nothing")])


def rivers_gift_draws_at_once(g, p, name) -> None:
    g.draw(p, 1)


def sacred_grove_shares_everything(g, p, card, play) -> None:
    name = g.receive_boon(p, card.name)
    for q in play.victims(g):
        if name and g.yes_no(q, card.name, "Receive?"):
            g.receive_boon(q, card.name, name=name, shared=True)


def sacred_grove_others_must_receive(g, p, card, play) -> None:
    name = g.receive_boon(p, card.name)
    if name and name not in ("The Field's Gift", "The Forest's Gift"):
        for q in play.victims(g):
            g.receive_boon(q, card.name, name=name, shared=True)


def idol_counts_idols_played(g, p, card, play) -> None:
    if sum(1 for c in g.played_this_turn if c.name == "Idol") >= 2:
        for q in play.victims(g):
            g.gain(q, "Curse", source=card.name)
    else:
        g.receive_boon(p, card.name)


def pixie_receives_once(g, p, card, play) -> None:
    name = g.next_landscape(g.boons)
    g.boons.discard.append(name)
    if card in p.in_play and g.yes_no(p, card.name, "Trash?"):
        g.trash_card(p, card, p.in_play, card.name)
        g.boons.discard.remove(name)
        g.receive_boon(p, card.name, name=name)


def goat_must_trash(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash", min=1, max=1):
        g.trash_card(p, c, p.hand, card.name)


def tracker_only_bought(g, p, gained, zone) -> None:
    if gained in zone and any(c.name == "Tracker" for c in p.in_play) \
            and gained.name in g.bought_this_turn and g.yes_no(p, "Tracker", "Deck?"):
        g.topdeck(p, gained, zone, "Tracker")


def fool_even_with_lost_in_the_woods(g, p, card, play) -> None:
    from engine.cards.nocturne import take_state

    take_state(g, p, "Lost in the Woods")
    taken = [g.next_landscape(g.boons) for _ in range(3)]
    while taken:
        name = taken[0] if len(taken) == 1 else g.choose_option(
            p, card.name, "Next?", [(n, n) for n in taken])
        taken.remove(name)
        g.receive_boon(p, card.name, name=name)


def fool_leaves_the_state_with_its_holder(g, p, card, play) -> None:
    if any("Lost in the Woods" in q.states for q in g.players):
        return
    fool_even_with_lost_in_the_woods(g, p, card, play)


def lost_in_the_woods_must_discard(g, p, name) -> None:
    picked = g.choose_from_hand(p, name, "Discard", min=1, max=1)
    if picked:
        g.discard_card(p, picked[0], p.hand, name)
        g.receive_boon(p, name)


def skulk_hex_per_player(g, p, card, play) -> None:
    for q in play.victims(g):
        g.receive_hex(q, card.name)


def deluded_returned_but_harmless(g, p, name) -> None:
    p.states.remove(name)


def envious_all_treasures(mp: pytest.MonkeyPatch) -> None:
    """Envious makes every Treasure make 1 coin (wrong: only Silver and Gold)."""
    def start(g, p, name) -> None:
        p.states.remove(name)
        g.state(EnviousThisTurn)
        for d in registry.all_cards().values():
            if d.is_treasure and d.coins > 1 and d.name not in ("Silver", "Gold"):
                mp.setattr(d, "coins", 1)

    mp.setattr(registry.landscape("Envious"), "start_of_buy", start)


def envy_replaces_deluded(g, p, name) -> None:
    for s in ("Deluded", "Envious"):
        if s in p.states:
            p.states.remove(s)
    p.states.append("Envious")


def famine_discards_everything(g, p, name) -> None:
    for c in g.reveal_from_deck(p, 3, name):
        g.discard_card(p, c, p.set_aside, name)


def fear_reveal_if_no_action(g, p, name) -> None:
    if len(p.hand) < 5:
        return
    picked = g.choose_from_hand(p, name, "Discard an Action", pred=lambda c: c.defn.is_action)
    if picked:
        g.discard_card(p, picked[0], p.hand, name)
    else:
        g.reveal(p, list(p.hand), name)


def locusts_same_cost_any_type(g, p, name) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, name)
    if top.name in ("Copper", "Estate"):
        g.gain(p, "Curse", source=name)
        return
    gain = g.choose_supply(p, name, "Gain", max_cost=g.cost(top))
    if gain:
        g.gain(p, gain, source=name)


def misery_always_flips(g, p, name) -> None:
    if "Twice Miserable" in p.states:
        p.states.remove("Twice Miserable")
        p.states.append("Miserable")
    elif "Miserable" in p.states:
        p.states[p.states.index("Miserable")] = "Twice Miserable"
    else:
        p.states.append("Miserable")


def war_trashes_first_non_copper(g, p, name) -> None:
    one = g.reveal_from_deck(p, 5, name)
    for c in one:
        if c.name != "Copper" and c in p.set_aside:
            g.trash_card(p, c, p.set_aside, name)
            break
    for c in [c for c in one if c in p.set_aside]:
        g.discard_card(p, c, p.set_aside, name)


def bad_omens_keeps_the_deck(g, p, name) -> None:
    coppers = [c for c in p.discard if c.name == "Copper"][:2]
    for c in coppers:
        g.topdeck(p, c, p.discard, name)


def cursed_village_draws_six(g, p, card, play) -> None:
    g.draw(p, 6 - len(p.hand) if len(p.hand) < 6 else 1)


def tormentor_counts_played_cards(g, p, card, play) -> None:
    if all(c is card for c in g.played_this_turn):
        g.gain(p, "Imp", source=card.name)
    else:
        g.hex_each_other(play.victims(g), card.name)


def tormentor_ignores_old_durations(g, p, card, play) -> None:
    if all(c is card or c not in g.played_this_turn for c in p.in_play):
        g.gain(p, "Imp", source=card.name)
    else:
        g.hex_each_other(play.victims(g), card.name)


def vampire_bat_in_place(g, p, card, play) -> None:
    g.hex_each_other(play.victims(g), card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5),
                           pred=lambda d: d.name != "Vampire")
    if name:
        g.gain(p, name, source=card.name)
    if card in p.in_play:
        g.exchange(p, card, p.in_play, "Bat")


def bat_needs_a_vampire_to_trash(g, p, card, play) -> None:
    if not g.piles["Vampire"].cards:
        return
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=2)
    g.trash_cards(p, picked, p.hand, card.name)
    if picked and card in p.in_play:
        g.exchange(p, card, p.in_play, "Vampire", to_zone=p.discard)


def werewolf_always_draws(g, p, card, play) -> None:
    g.draw(p, 3)


def pooka_any_treasure(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 4)


def leprechaun_counts_played(g, p, card, play) -> None:
    """Counts cards played this turn that left play too (wrong: only what is in play)."""
    g.gain(p, "Gold", source=card.name)
    gone = sum(1 for c in g.played_this_turn if c not in p.in_play)
    if len(p.in_play) + gone == 7:
        g.gain(p, "Wish", source=card.name)
    else:
        g.receive_hex(p, card.name)


def blessed_village_always_now(g, p, card) -> None:
    name = g.next_landscape(g.boons)
    if name is not None:
        g.receive_boon(p, card.name, name=name)


def druid_discards_its_boon(g, p, card, play) -> None:
    name = g.choose_option(p, card.name, "Receive", [(n, n) for n in g.boons.set_aside])
    g.boons.set_aside.remove(name)
    g.receive_boon(p, card.name, name=name)


def no_druid_set_aside(ctx) -> None:
    from engine import registry as reg

    if any("Fate" in d.types for d in ctx.defs()):
        boons = reg.landscapes("boon")
        ctx.rng.shuffle(boons)
        ctx.landscape["boons"] = boons


def landscape_decks_never_reshuffle(mp: pytest.MonkeyPatch) -> None:
    """An empty Boons or Hexes deck gives nothing (wrong: its discards are reshuffled)."""
    from engine import primitives

    def next_landscape(self, deck):  # type: ignore[no-untyped-def]
        return deck.cards.pop() if deck.cards else None

    mp.setattr(primitives.GameBase, "next_landscape", next_landscape)


def throne_room_leaves_play_at_once(mp: pytest.MonkeyPatch) -> None:
    """Throne Room is discarded in Clean-up though its Duration waits (wrong)."""
    from engine import primitives

    original = primitives.GameBase.play_card

    def play_card(self, p, card, from_zone=None, by=None, again=False):  # type: ignore[no-untyped-def]
        return original(self, p, card, from_zone, None, again)

    mp.setattr(primitives.GameBase, "play_card", play_card)


def delusion_takes_envious(g, p, name) -> None:
    if "Deluded" not in p.states and "Envious" not in p.states:
        p.states.append("Envious")


def exchange_counts_as_gain(mp: pytest.MonkeyPatch) -> None:
    """Exchanging records the new card as gained (wrong: it is not a gain)."""
    from engine import primitives

    original = primitives.GameBase.exchange

    def exchange(self, p, card, from_zone, pile_name, to_zone=None):  # type: ignore[no-untyped-def]
        new = original(self, p, card, from_zone, pile_name, to_zone)
        if new is not None:
            self.gained_this_turn.append((p.index, new))
        return new

    mp.setattr(primitives.GameBase, "exchange", exchange)


def idol_counts_plays_this_turn(g, p, card, play) -> None:
    """Idol counting the Idols played this turn instead of those in play."""
    if sum(1 for c in g.played_this_turn if c.name == "Idol") % 2:
        g.receive_boon(p, card.name)
    else:
        for q in play.victims(g):
            g.gain(q, "Curse", source=card.name)


CASES: list[tuple[str, Patch]] = [
    ("den-of-sin--gained-to-hand-night", hook("Den of Sin", "gain_to", None)),
    ("necromancer--tracker-from-trash-not-in-play", hook("Tracker", "on_any_gain",
                                                         tracker_counts_the_trash)),
    ("shepherd--discard-three-draw-six", hook("Shepherd", "on_play", shepherd_draws_two_flat)),
    ("shepherd--pasture-replaces-a-copper", hook("Shepherd", "heirloom", None)),
    ("pasture--one-vp-per-estate", hook("Pasture", "vp_fn", pasture_counts_estates_in_deck)),
    ("night-watchman--look-five-discard-reorder", hook("Night Watchman", "on_play",
                                                       night_watchman_keeps_order)),
    ("night-watchman--look-five-discard-reorder", hook("Night Watchman", "gain_to", None)),
    ("ghost-town--next-turn-card-and-action", hook("Ghost Town", "next_turn",
                                                   ghost_town_card_only)),
    ("monastery--three-gains-any-combination", hook("Monastery", "on_play",
                                                    monastery_hand_only)),
    ("devils-workshop--counts-night-gains", hook("Devil's Workshop", "on_play",
                                                 devils_workshop_counts_buys_only)),
    ("devils-workshop--bought-cards-count", hook("Devil's Workshop", "on_play",
                                                 devils_workshop_ignores_buys)),
    ("imp--plays-action-not-in-play", hook("Imp", "on_play",
                                           imp_excludes_cards_played_this_turn)),
    ("conclave--plays-action-not-in-play", hook("Conclave", "on_play", conclave_no_action)),
    ("tragic-hero--eight-cards-trash-and-gain", hook("Tragic Hero", "on_play",
                                                     tragic_hero_gains_only_if_trashed)),
    ("tragic-hero--eight-cards-trash-and-gain", hook("Tragic Hero", "on_play",
                                                     tragic_hero_counts_before_drawing)),
    ("cobbler--gain-to-hand-next-turn", hook("Cobbler", "next_turn", cobbler_gains_to_discard)),
    ("raider--discard-a-copy-or-reveal", hook("Raider", "on_play", raider_hits_every_hand)),
    ("zombie-apprentice--trash-action-for-cards", hook("Zombie Apprentice", "on_play",
                                                       zombie_apprentice_action_anyway)),
    ("zombie-mason--optional-gain-up-to-one-more", hook("Zombie Mason", "on_play",
                                                        zombie_mason_must_gain)),
    ("zombie-mason--optional-gain-up-to-one-more", hook("Zombie Mason", "on_play",
                                                        zombie_mason_strictly_cheaper)),
    ("zombie-spy--draw-then-look", zombie_spy_looks_before_drawing),
    ("guardian--attacks-miss-until-next-turn", hook("Guardian", "shields", False)),
    ("crypt--one-treasure-each-turn", crypt_all_at_once),
    ("faithful-hound--cellar-then-end-of-turn", hook("Faithful Hound", "on_discard",
                                                     hound_set_aside_to_discard_at_end)),
    ("faithful-hound--discarded-from-deck", hound_only_from_hand),
    ("faithful-hound--discarded-to-militia", hook("Faithful Hound", "on_discard", None)),
    ("ghost--plays-action-twice-next-turn", ghost_plays_once),
    ("ghost--duration-and-self-trashing", ghost_second_play_needs_the_card),
    ("will-o-wisp--cheap-card-to-hand", hook("Will-o'-Wisp", "on_play",
                                             will_o_wisp_compares_coins_only)),
    ("exorcist--cheaper-spirit", hook("Exorcist", "on_play", exorcist_same_or_cheaper)),
    ("cemetery--gain-trashes-haunted-mirror", hook("Cemetery", "on_gain",
                                                   cemetery_trashes_up_to_two)),
    ("cemetery--gain-trashes-haunted-mirror", hook("Haunted Mirror", "on_trash", None)),
    ("cemetery--haunted-mirror-and-pasture-replace-coppers", hook("Cemetery", "heirloom", None)),
    ("secret-cave--fewer-than-three-cards", hook("Secret Cave", "on_play",
                                                 secret_cave_bonus_for_any_discard)),
    ("secret-cave--discard-three-for-coins-next-turn", hook("Secret Cave", "next_turn",
                                                            lambda g, p, card: None)),
    ("secret-cave--magic-lamp-replaces-copper", hook("Secret Cave", "heirloom", None)),
    ("magic-lamp--copies-do-not-count", hook("Magic Lamp", "on_play",
                                             magic_lamp_counts_card_names)),
    ("magic-lamp--six-single-copies", hook("Magic Lamp", "coins", 0)),
    ("wish--return-then-gain-to-hand", hook("Wish", "on_play", wish_gains_every_play)),
    ("necromancer--plays-from-trash-face-down", hook("Necromancer", "on_play",
                                                     necromancer_ignores_face_down)),
    ("necromancer--cards-that-move-themselves", hook("Necromancer", "on_play",
                                                     necromancer_moves_it_into_play)),
    ("changeling--goes-to-discard-after-gain-effects", hook("Changeling", "on_any_gain",
                                                            changeling_exchange_in_place)),
    ("changeling--cost-three-or-more-now", hook("Changeling", "on_any_gain",
                                                changeling_printed_cost)),
    ("changeling--exchange-a-bought-card", hook("Changeling", "on_any_gain", None)),
    ("changeling--copy-of-a-card-in-play", hook("Changeling", "on_play",
                                                changeling_copies_this_turns_cards)),
    ("bard--receives-the-top-boon", hook("Bard", "coins", 0)),
    ("bard--receives-the-top-boon", hook("Bard", "on_play", no_op)),
    ("the-skys-gift--three-cards-one-gold", _boon_patch("The Sky's Gift",
                                                        on_receive=skys_gift_gold_per_card)),
    ("the-skys-gift--fewer-than-three", _boon_patch("The Sky's Gift",
                                                    on_receive=skys_gift_gold_for_any_discard)),
    ("the-moons-gift--empty-discard", _boon_patch("The Moon's Gift",
                                                  on_receive=moons_gift_asks_even_when_empty)),
    ("the-rivers-gift--draw-after-new-hand", _boon_patch("The River's Gift",
                                                         on_receive=rivers_gift_draws_at_once)),
    ("the-rivers-gift--draw-after-new-hand", _boon_patch("The River's Gift", keep=False)),
    ("sample-turn--averys-turn", _boon_patch("The Forest's Gift", keep=False)),
    ("sacred-grove--coin-boons-not-shared", hook("Sacred Grove", "on_play",
                                                 sacred_grove_shares_everything)),
    ("sacred-grove--others-may-receive", hook("Sacred Grove", "on_play",
                                              sacred_grove_others_must_receive)),
    ("sacred-grove--rivers-gift-shared", hook("Sacred Grove", "on_play",
                                              sacred_grove_others_must_receive)),
    ("idol--odd-boon-even-curse", hook("Idol", "on_play", idol_counts_idols_played)),
    ("pixie--trash-to-receive-twice", hook("Pixie", "on_play", pixie_receives_once)),
    ("pixie--goat-replaces-copper", hook("Pixie", "heirloom", None)),
    ("goat--trash-is-optional", hook("Goat", "on_play", goat_must_trash)),
    ("tracker--gains-onto-deck", hook("Tracker", "on_any_gain", tracker_only_bought)),
    ("tracker--pouch-replaces-copper", hook("Tracker", "heirloom", None)),
    ("pouch--coin-and-buy", hook("Pouch", "buys", 0)),
    ("fool--takes-lost-in-the-woods-and-three-boons", hook(
        "Fool", "on_play", fool_even_with_lost_in_the_woods)),
    ("lost-in-the-woods--optional-each-turn-until-taken", hook(
        "Fool", "on_play", fool_leaves_the_state_with_its_holder)),
    ("lost-in-the-woods--optional-each-turn-until-taken", _boon_patch(
        "Lost in the Woods", start_of_turn=lost_in_the_woods_must_discard)),
    ("fool--lucky-coin-replaces-copper", hook("Fool", "heirloom", None)),
    ("lucky-coin--gain-silver-if-played", hook("Lucky Coin", "on_play", no_op)),
    ("skulk--each-other-player-same-hex", hook("Skulk", "on_play", skulk_hex_per_player)),
    ("skulk--gold-however-gained", hook("Skulk", "on_gain", None)),
    ("deluded--no-action-buys-this-turn", _boon_patch(
        "Deluded", start_of_buy=deluded_returned_but_harmless)),
    ("leprechaun--hex-before-buy-phase", _boon_patch(
        "Deluded", start_of_buy=deluded_returned_but_harmless)),
    ("leprechaun--seven-in-play-gains-a-wish", hook("Leprechaun", "on_play",
                                                    leprechaun_counts_played)),
    ("envious--silver-and-gold-make-one", envious_all_treasures),
    ("envy--not-if-already-deluded", _boon_patch("Envy", on_receive=envy_replaces_deluded)),
    ("famine--actions-discarded-rest-shuffled-in", _boon_patch(
        "Famine", on_receive=famine_discards_everything)),
    ("fear--action-or-treasure-else-reveal", _boon_patch(
        "Fear", on_receive=fear_reveal_if_no_action)),
    ("locusts--cheaper-card-sharing-a-type", _boon_patch(
        "Locusts", on_receive=locusts_same_cost_any_type)),
    ("misery--miserable-then-twice", _boon_patch("Misery", on_receive=misery_always_flips)),
    ("misery--miserable-then-twice", _boon_patch("Twice Miserable", vp=-2)),
    ("war--trash-three-or-four", _boon_patch("War", on_receive=war_trashes_first_non_copper)),
    ("bad-omens--two-coppers-on-deck", _boon_patch("Bad Omens",
                                                   on_receive=bad_omens_keeps_the_deck)),
    ("cursed-village--draw-to-six", hook("Cursed Village", "on_play",
                                         cursed_village_draws_six)),
    ("cursed-village--hex-when-gained", hook("Cursed Village", "on_gain", None)),
    ("tormentor--imp-or-hex", hook("Tormentor", "on_play", tormentor_counts_played_cards)),
    ("tormentor--previous-turn-duration-counts", hook("Tormentor", "on_play",
                                                      tormentor_ignores_old_durations)),
    ("vampire--hex-gain-then-bat", hook("Vampire", "on_play", vampire_bat_in_place)),
    ("bat--trash-then-vampire", hook("Bat", "on_play", bat_needs_a_vampire_to_trash)),
    ("werewolf--action-or-night", hook("Werewolf", "on_play", werewolf_always_draws)),
    ("pooka--cursed-gold-heirloom", hook("Pooka", "on_play", pooka_any_treasure)),
    ("pooka--cursed-gold-heirloom", hook("Cursed Gold", "on_play", no_op)),
    ("pooka--cursed-gold-replaces-copper", hook("Pooka", "heirloom", None)),
    ("blessed-village--boon-now-or-next-turn", hook("Blessed Village", "on_gain",
                                                    blessed_village_always_now)),
    ("druid--three-set-aside-boons", hook("Druid", "on_play", druid_discards_its_boon)),
    ("druid--set-aside-at-setup", replace_setup_rule(engine_setup._rule_boons,
                                                     no_druid_set_aside)),
    ("hexes--reshuffle-when-empty", landscape_decks_never_reshuffle),
    ("boons--reshuffle-when-empty", landscape_decks_never_reshuffle),
    ("durations--throne-room-on-secret-cave", throne_room_leaves_play_at_once),
    ("components--piles-and-decks", hook("Imp", "pile_size", 10)),
    ("components--all-heirlooms-six-players", hook("Pooka", "heirloom", None)),
    ("den-of-sin--gained-to-hand-night", hook("Den of Sin", "gain_to", None)),
    ("necromancer--tracker-from-trash-not-in-play", hook("Tracker", "on_any_gain",
                                                         tracker_counts_the_trash)),
    ("leprechaun--hex-before-buy-phase", _boon_patch("Delusion",
                                                     on_receive=delusion_takes_envious)),
    ("vampire--hex-gain-then-bat", exchange_counts_as_gain),
    ("necromancer--zombies-start-in-trash", replace_setup_rule(engine_setup._rule_zombies,
                                                               no_zombies)),
    ("idol--counterfeit-counts-idols-in-play",
     hook("Idol", "on_play", idol_counts_plays_this_turn)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
