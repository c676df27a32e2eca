"""Each sampled Plunder scenario fails when the card behaviour it demonstrates is broken.

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
    turn_patch,
)

from engine import registry
from engine.cost import Cost
from engine.primitives import NextTime


def longship_draws_now(g, p, card, play) -> None:
    g.draw(p, 2)


def crew_may_stay(g, p, card) -> None:
    if card in p.in_play and g.yes_no(p, card.name, "Put Crew onto your deck?"):
        g.topdeck(p, card, p.in_play, card.name)


def swamp_shacks_counts_others(g, p, card, play) -> None:
    g.draw(p, len([c for c in p.in_play if c is not card and not c.defn.is_duration]) // 3)


def pilgrim_puts_back_a_drawn_card(g, p, card, play) -> None:
    drawn = p.hand[-4:]
    picked = g.choose_from_hand(p, card.name, "Put back", pred=lambda c: c in drawn)
    if picked:
        g.topdeck(p, picked[0], p.hand, card.name)


def maroon_draws_two(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 2)


def pendant_counts_others(g, p, card, play) -> None:
    g.coins += len({c.name for c in p.in_play if c.defn.is_treasure and c is not card})


def silver_mine_up_to_its_cost(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=g.cost(card),
                           pred=lambda d: d.is_treasure)
    if name:
        g.gain(p, name, to="hand", source=card.name)


def figurine_coin_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.coins += 1


def rope_trashes_before_drawing(g, p, card) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)
    g.draw(p, 1)


def tools_own_cards_only(g, p, card, play) -> None:
    mine = {c.name for c in p.in_play if c is not card}
    name = g.choose_supply(p, card.name, "Gain a copy", pred=lambda d: d.name in mine)
    if name:
        g.gain(p, name, source=card.name)


def launch_restarts_the_turn(g, p) -> None:
    g.return_to_action_phase()
    for c in list(p.in_play):
        if c.defn.is_duration and c.defn.next_turn is not None:
            c.defn.next_turn(g, p, c)
    g.draw(p, 1)
    g.actions += 1
    g.buys += 1


def crucible_counts_potion(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        cost = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        g.coins += cost.coins + cost.potion


def cabin_boy_other_durations_only(g, p, card) -> None:
    if card in p.in_play and g.choose_option(p, card.name, "Choose",
                                             [("coins", "+2"), ("trash", "trash")]) == "trash":
        g.trash_card(p, card, p.in_play, card.name)
        name = g.choose_supply(p, card.name, "Gain a Duration",
                               pred=lambda d: d.is_duration and d.name != card.name)
        if name:
            g.gain(p, name, source=card.name)
    else:
        g.coins += 2


def buried_treasure_may_play(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Play it?"):
        g.play_card(p, card, p.discard)


def enlarge_next_turn_optional(g, p, card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card", min=0, max=1)
    if picked:
        limit = g.cost(picked[0]).plus_coins(2)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, source=card.name)


def first_mate_plays_from_first_hand_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        same = [c for c in p.hand if c.name == picked[0].name]
        for c in same:
            g.play_card(p, c, p.hand)
    g.draw(p, max(0, 6 - len(p.hand)))


def kings_cache_twice(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        g.play_card(p, picked[0], None, by=card, again=True)


def fortune_hunter_puts_back_first(g, p, card, play) -> None:
    looked = g.reveal_from_deck(p, 3, card.name, look=True)
    treasures = [c for c in looked if c.defn.is_treasure]
    chosen = g.choose_cards(p, card.name, "Play", treasures, min=0, max=1)
    rest = [c for c in looked if c not in chosen]
    for c in reversed(g.order_cards(p, card.name, "Put back", rest)):
        g.topdeck(p, c, p.set_aside, card.name)
    for c in chosen:
        g.play_card(p, c, p.set_aside)


def gondola_always_now(g, p, card, play) -> None:
    g.choose_option(p, card.name, "When?", [("now", "now"), ("next", "next")])
    g.coins += 2


def shrine_own_turn_only(g, owner, card, gainer, gained) -> bool:
    return gainer is owner and gained.defn.is_treasure and g.current == owner.index


def shrine_trash(g, owner, card, gainer, gained) -> None:
    for c in g.choose_from_hand(owner, card.name, "Trash up to 2", min=0, max=2):
        g.trash_card(owner, c, owner.hand, card.name)


def abundance_when(g, owner, card, gainer, gained) -> bool:
    return gainer is owner and gained.defn.is_action


def abundance_bonus_to_current_player(g, owner, card, gainer, gained) -> None:
    g.buys += 1
    g.coins += 3


def taskmaster_printed_cost(g, p, card, play) -> None:
    def when(g, owner, c, gainer, gained) -> bool:
        return gainer is owner and gained.defn.cost == Cost(5)

    def then(g, owner, c, gainer, gained) -> None:
        if c in owner.in_play:
            g.schedule_duration(owner, c)

    g.watch_gains_this_turn(p, card, when, then)


def mining_road_spent_by_any_treasure(g, p, card, play) -> None:
    def when(g, owner, c, gainer, gained) -> bool:
        return gainer is owner and gained.defn.is_treasure

    def then(g, owner, c, gainer, gained) -> None:
        if gained in owner.discard and g.yes_no(owner, c.name, "Play it?"):
            g.play_card(owner, gained, owner.discard)

    g.watch_gains_this_turn(p, card, when, then)


def siren_never_trashed(g, p, card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


def amphora_always_now(g, p, card, play) -> None:
    g.choose_option(p, card.name, "When?", [("now", "now"), ("next", "next")])
    g.buys += 1
    g.coins += 3


def chalice_once(g, p, card) -> None:
    g.buys += 1


def figurehead_one_card(g, p, card) -> None:
    g.draw(p, 1)


def hammer_optional(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4), optional=True)
    if name:
        g.gain(p, name, source=card.name)


def insignia_first_gain_only(g, p, card, play) -> None:
    def when(g, owner, c, gainer, gained) -> bool:
        return gainer is owner

    def then(g, owner, c, gainer, gained) -> None:
        if gained in owner.discard and g.yes_no(owner, c.name, "Onto your deck?"):
            g.topdeck(owner, gained, owner.discard, c.name)

    g.watch_gains_this_turn(p, card, when, then)


def jewels_to_top(g, p, card) -> None:
    if card in p.in_play:
        g.topdeck(p, card, p.in_play, card.name)


def orb_coins_only(g, p, card, play) -> None:
    g.buys += 1
    g.coins += 3


def prize_goat_must_trash(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash a card"):
        g.trash_card(p, c, p.hand, card.name)


def puzzle_box_back_at_once(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Set aside", min=0, max=1)
    if picked:
        g.set_aside(p, picked[0], p.hand, card.name)
        g.to_hand(p, picked[0], p.set_aside)


def sextant_four(g, p, card, play) -> None:
    looked = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard", looked, min=0, max=4):
        g.discard_card(p, c, p.set_aside, card.name)
    rest = [c for c in looked if c in p.set_aside]
    for c in reversed(g.order_cards(p, card.name, "Put back", rest)):
        g.topdeck(p, c, p.set_aside, card.name)


def shield_does_not_protect(g, p, shield, attack) -> bool:
    return False


def spell_scroll_play_uses_action(g, p, card, play) -> None:
    if card not in p.in_play:
        return
    g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(6))
    gained = g.gain(p, name, source=card.name) if name else None
    if gained is not None and (gained.defn.is_action or gained.defn.is_treasure) \
            and g.yes_no(p, card.name, "Play it?"):
        if gained.defn.is_action:
            g.actions -= 1
        g.play_card(p, gained, p.discard)


def sword_down_to_three(g, p, card, play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 3
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Discard", min=excess, max=excess):
                g.discard_card(q, c, q.hand, card.name)


def sack_of_loot_unrevealed(g, p, card, play) -> None:
    g.gain(p, "Loot", source=card.name)


def egg_loot_to_current_player(g, p, card) -> None:
    g.gain(g.current_player, "Loot", source=card.name)


def pickaxe_optional(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1)
    if picked:
        cost = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        if cost.coins >= 3:
            g.gain(p, "Loot", to="hand", source=card.name)


def wealthy_village_this_turn_only(g, p, card) -> None:
    if len({c.name for c in g.played_this_turn if c.defn.is_treasure}) >= 3:
        g.gain(p, "Loot", source=card.name)


def cutthroat_ignores_loot(g, owner, card, gainer, gained) -> bool:
    return gained.defn.is_treasure and g.cost(gained).coins >= 5 and gained.defn.kind != "loot"


def cutthroat_loot(g, owner, card, gainer, gained) -> None:
    g.gain(owner, "Loot", source=card.name)


def search_when(g, owner, card, emptier, last) -> bool:
    return True


def search_gains_only_if_trashed(g, owner, card, emptier, last) -> None:
    if card in owner.in_play:
        g.trash_card(owner, card, owner.in_play, card.name)
        g.gain(owner, "Loot", source=card.name)


def siren_trashed_wherever_it_is(g, p, card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        return
    for zone in (p.discard, p.hand, p.deck):
        if card in zone:
            g.trash_card(p, card, zone, card.name)
            return


def peril_loot_anyway(g, p) -> None:
    for c in g.choose_from_hand(p, "Peril", "Trash an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action):
        g.trash_card(p, c, p.hand, "Peril")
    g.gain(p, "Loot", source="Peril")


def foray_distinct_names_only(g, p) -> None:
    picked = g.choose_from_hand(p, "Foray", "Discard 3", min=3, max=3)
    for c in picked:
        g.discard_card(p, c, p.hand, "Foray")
    if len({c.name for c in picked}) == len(picked):
        g.gain(p, "Loot", source="Foray")


def scrounge_card_without_estate(g, p) -> None:
    if g.choose_option(p, "Scrounge", "Choose", [("trash", "trash"), ("estate", "estate")]) \
            == "trash":
        for c in g.choose_from_hand(p, "Scrounge", "Trash"):
            g.trash_card(p, c, p.hand, "Scrounge")
        return
    name = g.choose_supply(p, "Scrounge", "Gain", max_cost=Cost(5))
    if name:
        g.gain(p, name, source="Scrounge")


def bury_optional(g, p) -> None:
    g.buys += 1
    for c in g.choose_cards(p, "Bury", "Bury", list(p.discard), min=0, max=1):
        p.discard.remove(c)
        p.deck.insert(0, c)


def maelstrom_optional_for_others(g, p) -> None:
    for c in g.choose_from_hand(p, "Maelstrom", "Trash 3", min=3, max=3):
        g.trash_card(p, c, p.hand, "Maelstrom")
    for q in g.players:
        if q is not p and len(q.hand) >= 5:
            for c in g.choose_from_hand(q, "Maelstrom", "Trash", min=0, max=1):
                g.trash_card(q, c, q.hand, "Maelstrom")


def prosper_loot_last(g, p) -> None:
    taken: set[str] = set()
    while True:
        name = g.choose_supply(p, "Prosper", "Gain", pred=lambda d: d.is_treasure
                               and d.name not in taken, optional=True)
        if not name:
            break
        taken.add(name)
        g.gain(p, name, source="Prosper")
    g.gain(p, "Loot", source="Prosper")


def mirror_once_per_turn(g, p) -> None:
    g.buys += 1
    if g.events_bought.get("Mirror", 0) <= 1:
        g.watch_gains_this_turn(p, None, lambda g, o, c, gainer, gained: gainer is o
                                and gained.defn.is_action,
                                lambda g, o, c, gainer, gained: g.gain(o, gained.name))


def rush_every_action(g, p) -> None:
    def when(g, o, c, gainer, gained) -> bool:
        return gainer is o and gained.defn.is_action

    def then(g, o, c, gainer, gained) -> None:
        g.watch_gains_this_turn(o, None, when, then)
        if gained in o.discard:
            g.play_card(o, gained, o.discard)

    g.buys += 1
    g.watch_gains_this_turn(p, None, when, then)


def deliver_to_hand_at_once(g, p) -> None:
    def when(g, o, c, gainer, gained) -> bool:
        return gainer is o

    def then(g, o, c, gainer, gained) -> None:
        if gained in o.discard:
            g.to_hand(o, gained, o.discard)

    g.buys += 1
    g.watch_gains_this_turn(p, None, when, then)


def invasion_attack_mandatory(g, p) -> None:
    for c in g.choose_from_hand(p, "Invasion", "Play an Attack", pred=lambda c: c.defn.is_attack):
        g.play_card(p, c, p.hand)
    g.gain(p, "Duchy", source="Invasion")
    name = g.choose_supply(p, "Invasion", "Action", pred=lambda d: d.is_action)
    if name:
        g.gain(p, name, to="deck", source="Invasion")
    loot = g.gain(p, "Loot", source="Invasion")
    if loot is not None:
        g.play_card(p, loot, p.discard)


def trait_hook(name: str, attr: str, value: Any) -> Patch:
    """Replace one attribute of a Trait definition."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(registry.trait(name), attr, value)

    return apply


def cursed_loot_only_with_curse(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile and g.gain(p, "Curse", source="Cursed") is not None:
        g.gain(p, "Loot", source="Cursed")


def fawning_optional(g, p, card, pile) -> None:
    if card.name == "Province" and g.yes_no(p, "Fawning", "Gain a Fawning card?"):
        g.gain(p, pile, source="Fawning")


def nearby_once_per_turn(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile and not any(
            c.name == card.name for i, c in g.gained_this_turn[:-1] if i == p.index):
        g.buys += 1


def pious_must_trash(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile:
        for c in g.choose_from_hand(p, "Pious", "Trash a card"):
            g.trash_card(p, c, p.hand, "Pious")


def rich_silver_to_hand(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile:
        g.gain(p, "Silver", to="hand", source="Rich")


def harbor_village_any_coins(g, p, card, play) -> None:
    def when(g, owner, c, player, played) -> bool:
        return player is owner and played.defn.is_action

    def then(g, owner, c, player, played, coins_before) -> None:
        g.coins += 1

    g.watch_plays(p, card, when, then)


def flagship_replays_commands(g, owner, card, player, played) -> bool:
    return player is owner and played.defn.is_action


def flagship_replay(g, owner, card, player, played) -> None:
    g.play_card(owner, played, None, by=card, again=True)


def landing_party_actions_too(g, owner, card, player, played) -> bool:
    return player is owner and played.defn.is_treasure and not played.defn.is_action \
        and g.played_this_turn[:1] == [played]


def landing_party_topdeck(g, owner, card, player, played) -> None:
    if card in owner.in_play:
        g.topdeck(owner, card, owner.in_play, card.name)


def frigate_discards_before(g, p, card, play) -> None:
    victims = {q.index for q in play.victims(g)}

    def when(g, owner, c, player, played) -> bool:
        if player.index in victims and played.defn.is_action:
            excess = len(player.hand) - 5
            for x in g.choose_from_hand(player, c.name, "Discard", min=excess, max=excess):
                g.discard_card(player, x, player.hand, c.name)
        return False

    g.watch_plays(p, card, when, lambda *a: None, once=False)
    g.schedule_duration(p, card)


def shaman_optional(g, p) -> None:
    eligible = [c for c in g.trash if g.cost(c).at_most(Cost(6))]
    for c in g.choose_cards(p, "Shaman", "Gain", eligible, min=0, max=1):
        g.gain_card_object(p, c, g.trash, source="Shaman")


def shaman_needs_a_shaman(g, p) -> None:
    if any(c.name == "Shaman" for c in p.all_cards()):
        shaman_optional(g, p)


def grotto_draws_four(g, p, card) -> None:
    for c in g.set_aside_on(p, card):
        g.discard_card(p, c, p.mats[card.name], card.name)
    g.draw(p, 4)


def cage_cards_to_hand_at_once(g, owner, card, gainer, gained) -> None:
    if card in owner.in_play:
        g.trash_card(owner, card, owner.in_play, card.name)
    for c in g.set_aside_on(owner, card):
        g.to_hand(owner, c, owner.mats[card.name])


def cage_when(g, owner, card, gainer, gained) -> bool:
    return gainer is owner and gained.defn.is_victory


def quartermaster_shares_the_mat(g, p, card) -> None:
    if card not in p.in_play:
        return
    g.schedule_duration(p, card)
    kept = list(p.mats.get(card.name, []))
    choice = g.choose_option(p, card.name, "Choose", [("gain", "gain"), ("take", "take")]) \
        if kept else "gain"
    if choice == "take":
        [c] = g.choose_cards(p, card.name, "Take", kept)
        g.to_hand(p, c, p.mats[card.name])
        return
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
    gained = g.gain(p, name, source=card.name) if name else None
    if gained is not None and gained in p.discard:
        g.put_on(p, card, gained, p.discard, card.name)


def mapmaker_others_only(g, holder, card, gainer, gained) -> bool:
    return gained.defn.is_victory and holder is not gainer


def mapmaker_no_shuffle(g, p, card, play) -> None:
    looked = []
    for _ in range(4):
        if not p.deck:
            break
        c = p.deck.pop()
        p.set_aside.append(c)
        looked.append(c)
    for c in g.choose_cards(p, card.name, "Keep 2", looked, min=2, max=2):
        g.to_hand(p, c, p.set_aside)
    for c in [c for c in looked if c in p.set_aside]:
        g.discard_card(p, c, p.set_aside, card.name)


def stowaway_own_gains_only(g, holder, card, gainer, gained) -> bool:
    return gained.defn.is_duration and holder is gainer


def trickster_once_per_turn(g, p, card, play) -> None:
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)
    if g.cleanup_hooks:
        return

    def at_cleanup(game) -> None:
        treasures = [c for c in p.in_play if c.defn.is_treasure]
        for c in game.choose_cards(p, card.name, "Set aside", treasures, min=0, max=1):
            game.set_aside(p, c, p.in_play, card.name)
            game.at_end_of_turn(lambda g2, c=c: g2.to_hand(p, c, p.set_aside))

    g.cleanup_hooks.append(at_cleanup)


def prepare_optional(g, p) -> None:
    cards = list(p.hand)
    for c in cards:
        g.set_aside(p, c, p.hand, "Prepare")

    def next_turn(game, q) -> None:
        while True:
            playable = [c for c in cards if c in q.set_aside
                        and (c.defn.is_action or c.defn.is_treasure)]
            picked = game.choose_cards(q, "Prepare", "Play", playable, min=0, max=1)
            if not picked:
                break
            game.play_card(q, picked[0], q.set_aside)
        for c in [c for c in cards if c in q.set_aside]:
            game.discard_card(q, c, q.set_aside, "Prepare")

    g.next_turn_effects.append((p.index, next_turn))


def avoid_not_cumulative(g, p) -> None:
    g.buys += 1
    if not any(h[0] is p for h in g.shuffle_hooks):
        g.shuffle_hooks.append((p, lambda game, q, cards: game.choose_cards(
            q, "Avoid", "Keep out", cards, min=0, max=3)))


def journey_extra_turn_only(g, p) -> None:
    if g.last_turn_player != p.index:
        g.extra_turns.appendleft((p.index, None))


def inspiring_any_action(g, p, card, pile) -> None:
    picked = g.choose_from_hand(p, "Inspiring", "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand)


def patient_one_card(g, p, pile) -> None:
    picked = g.choose_from_hand(p, "Patient", "Set aside", min=0, max=1,
                                pred=lambda c: g.pile_name_of(c) == pile)
    for c in picked:
        g.set_aside(p, c, p.hand, "Patient")
        g.next_turn_effects.append((p.index, lambda game, q, c=c: game.play_card(
            q, c, q.set_aside)))


def shy_any_number(g, p, pile) -> None:
    while True:
        picked = g.choose_from_hand(p, "Shy", "Discard", min=0, max=1,
                                    pred=lambda c: g.pile_name_of(c) == pile)
        if not picked:
            return
        g.discard_card(p, picked[0], p.hand, "Shy")
        g.draw(p, 2)


def friendly_any_number(g, p, pile) -> None:
    while True:
        picked = g.choose_from_hand(p, "Friendly", "Discard", min=0, max=1,
                                    pred=lambda c: g.pile_name_of(c) == pile)
        if not picked:
            return
        g.discard_card(p, picked[0], p.hand, "Friendly")
        g.gain(p, pile, source="Friendly")


def tireless_onto_deck_at_once(g, p, pile) -> None:
    for c in list(p.in_play):
        if g.pile_name_of(c) == pile:
            g.topdeck(p, c, p.in_play, "Tireless")


def fated_top_only(g, p, cards, pile):
    top = []
    for c in [c for c in cards if g.pile_name_of(c) == pile]:
        if g.choose_option(p, "Fated", "Where?", [("shuffle", "s"), ("top", "t"),
                                                   ("bottom", "b")]) != "shuffle":
            top.append(c)
    return top, []


def inherited_gained(g, pile) -> None:
    for p in g.players:
        names = sorted({c.name for c in p.discard})
        name = g.choose_option(p, "Inherited", "Replace", [(n, n) for n in names])
        old = next(c for c in p.discard if c.name == name)
        p.discard.remove(old)
        g.piles[g.pile_name_of(old)].cards.append(old)
        g.gain(p, pile, source="Inherited")


def harbor_village_counts_coffers(g, p, card, play) -> None:
    held: dict[str, int] = {}

    def when(g, owner, c, player, played) -> bool:
        held["coffers"] = owner.coffers
        return player is owner and played.defn.is_action

    def then(g, owner, c, player, played, coins_before) -> None:
        if g.coins > coins_before or owner.coffers > held["coffers"]:
            g.coins += 1

    g.watch_plays(p, card, when, then)


def shaman_not_on_first_turn(g, p) -> None:
    if p.turns_taken <= 1:
        return
    eligible = [c for c in g.trash if g.cost(c).at_most(Cost(6))]
    for c in g.choose_cards(p, "Shaman", "Gain", eligible):
        g.gain_card_object(p, c, g.trash, source="Shaman")


def extra_turns_counted(original):
    """Every turn counted for the tiebreaker, Journey's extra turn too."""

    def wrong(game, idx, extra, possessor=None) -> None:
        original(game, idx, extra, possessor)
        if extra:
            game.players[idx].turns_taken += 1

    return wrong


CASES: list[tuple[str, Patch]] = [
    ("launch--back-to-action-phase", hook("Launch", "once_per_turn", False)),
    ("harbor-village--coffers-not-coins", hook("Harbor Village", "on_play",
                                               harbor_village_counts_coffers)),
    ("shaman--first-turn-zombies", lambda mp: (
        mp.setattr(registry.card("Shaman"), "each_turn", shaman_not_on_first_turn))),
    ("longship--two-actions-now-two-cards-next-turn", hook("Longship", "on_play",
                                                           longship_draws_now)),
    ("crew--onto-deck-not-optional", hook("Crew", "next_turn", crew_may_stay)),
    ("swamp-shacks--counts-itself-durations-treasures", hook("Swamp Shacks", "on_play",
                                                             swamp_shacks_counts_others)),
    ("pilgrim--put-back-any-card", hook("Pilgrim", "on_play", pilgrim_puts_back_a_drawn_card)),
    ("maroon--two-types-draw-four", hook("Maroon", "on_play", maroon_draws_two)),
    ("pendant--counts-itself", hook("Pendant", "on_play", pendant_counts_others)),
    ("silver-mine--cheaper-treasure-to-hand", hook("Silver Mine", "on_play",
                                                   silver_mine_up_to_its_cost)),
    ("figurine--treasure-that-draws", hook("Figurine", "on_play", figurine_coin_only)),
    ("rope--draw-then-trash", hook("Rope", "next_turn", rope_trashes_before_drawing)),
    ("tools--other-players-durations", hook("Tools", "on_play", tools_own_cards_only)),
    ("launch--no-start-of-turn-again", hook("Launch", "on_buy", launch_restarts_the_turn)),
    ("crucible--potion-cost-gives-nothing", hook("Crucible", "on_play", crucible_counts_potion)),
    ("cabin-boy--trash-to-gain-cabin-boy", hook("Cabin Boy", "next_turn",
                                                cabin_boy_other_durations_only)),
    ("buried-treasure--played-when-gained", hook("Buried Treasure", "on_gain",
                                                 buried_treasure_may_play)),
    ("enlarge--next-turn-trash-mandatory", hook("Enlarge", "next_turn",
                                                enlarge_next_turn_optional)),
    ("first-mate--plays-drawn-copy", hook("First Mate", "on_play",
                                          first_mate_plays_from_first_hand_only)),
    ("kings-cache--kings-cache-on-kings-cache", hook("King's Cache", "on_play", kings_cache_twice)),
    ("fortune-hunter--figurine-draws-below", hook("Fortune Hunter", "on_play",
                                                  fortune_hunter_puts_back_first)),
    ("gondola--kings-cache-each-play", hook("Gondola", "on_play", gondola_always_now)),
    ("gondola--now-or-next-turn", hook("Gondola", "on_play", gondola_always_now)),
    ("secluded-shrine--on-another-players-turn", hook(
        "Secluded Shrine", "next_turn", NextTime("gain", shrine_own_turn_only, shrine_trash))),
    ("abundance--other-players-turn", hook(
        "Abundance", "next_turn",
        NextTime("gain", abundance_when, abundance_bonus_to_current_player))),
    ("taskmaster--cost-when-gained", hook("Taskmaster", "on_play", taskmaster_printed_cost)),
    ("mining-road--two-roads-two-treasures", hook("Mining Road", "on_play",
                                                  mining_road_spent_by_any_treasure)),
    ("siren--trashed-unless-action", hook("Siren", "on_gain", siren_never_trashed)),
    ("amphora--now-or-next-turn", hook("Amphora", "on_play", amphora_always_now)),
    ("amphora--kings-cache-each-play", hook("Amphora", "on_play", amphora_always_now)),
    ("doubloons--gain-a-gold", hook("Doubloons", "on_gain", None)),
    ("endless-chalice--stays-for-the-game", hook("Endless Chalice", "next_turn", chalice_once)),
    ("figurehead--coins-now-cards-next-turn", hook("Figurehead", "next_turn",
                                                   figurehead_one_card)),
    ("hammer--gain-each-play-not-optional", hook("Hammer", "on_play", hammer_optional)),
    ("insignia--each-gain", hook("Insignia", "on_play", insignia_first_gain_only)),
    ("jewels--bottom-of-deck-next-turn", hook("Jewels", "next_turn", jewels_to_top)),
    ("orb--play-from-discard-or-coins", hook("Orb", "on_play", orb_coins_only)),
    ("prize-goat--trash-optional", hook("Prize Goat", "on_play", prize_goat_must_trash)),
    ("puzzle-box--card-back-after-drawing", hook("Puzzle Box", "on_play",
                                                 puzzle_box_back_at_once)),
    ("sextant--discard-any-number", hook("Sextant", "on_play", sextant_four)),
    ("shield--blocks-attacks-and-stays", hook("Shield", "react_attack", shield_does_not_protect)),
    ("spell-scroll--action-or-buy-phase", hook("Spell Scroll", "on_play",
                                               spell_scroll_play_uses_action)),
    ("sword--moat-protects", hook("Sword", "on_play", sword_down_to_three)),
    ("sack-of-loot--gains-top-loot-revealed", hook("Sack of Loot", "on_play",
                                                   sack_of_loot_unrevealed)),
    ("jewelled-egg--trashing-player-gets-loot", hook("Jewelled Egg", "on_trash",
                                                     egg_loot_to_current_player)),
    ("pickaxe--trash-mandatory-loot-revealed", hook("Pickaxe", "on_play", pickaxe_optional)),
    ("wealthy-village--duration-treasure-counts", hook("Wealthy Village", "on_gain",
                                                       wealthy_village_this_turn_only)),
    ("cutthroat--loot-fires-cutthroat", hook(
        "Cutthroat", "next_turn", NextTime("gain", cutthroat_ignores_loot, cutthroat_loot))),
    ("search--throne-room-two-loots", hook(
        "Search", "next_turn", NextTime("pile_empty", search_when,
                                        search_gains_only_if_trashed))),
    ("siren--moved-before-trash", hook("Siren", "on_gain", siren_trashed_wherever_it_is)),
    ("looting--gain-a-loot", hook("Looting", "on_buy", no_op)),
    ("peril--loot-only-for-an-action", hook("Peril", "on_buy", peril_loot_anyway)),
    ("foray--fewer-than-three-no-loot", hook("Foray", "on_buy", foray_distinct_names_only)),
    ("scrounge--no-estate-no-card", hook("Scrounge", "on_buy", scrounge_card_without_estate)),
    ("bury--mandatory", hook("Bury", "on_buy", bury_optional)),
    ("maelstrom--others-must-trash", hook("Maelstrom", "on_buy", maelstrom_optional_for_others)),
    ("prosper--loot-then-treasures", hook("Prosper", "on_buy", prosper_loot_last)),
    ("mirror--cumulative", hook("Mirror", "on_buy", mirror_once_per_turn)),
    ("rush--twice-plays-once", hook("Rush", "on_buy", rush_every_action)),
    ("deliver--once-and-after-drawing", hook("Deliver", "on_buy", deliver_to_hand_at_once)),
    ("invasion--in-order-attack-optional", hook("Invasion", "on_buy", invasion_attack_mandatory)),
    ("cheap--lowers-cost-all-game", trait_hook("Cheap", "cost_coins", 0)),
    ("cursed--loot-and-curse", trait_hook("Cursed", "on_gain", cursed_loot_only_with_curse)),
    ("fawning--gain-with-province", trait_hook("Fawning", "on_gain", fawning_optional)),
    ("nearby--each-gain-a-buy", trait_hook("Nearby", "on_gain", nearby_once_per_turn)),
    ("pious--optional-trash-each-gain", trait_hook("Pious", "on_gain", pious_must_trash)),
    ("rich--silver-each-gain", trait_hook("Rich", "on_gain", rich_silver_to_hand)),
    ("harbor-village--throne-room-militia", hook("Harbor Village", "on_play",
                                                 harbor_village_any_coins)),
    ("flagship--replays-next-action", hook(
        "Flagship", "next_turn", NextTime("play", flagship_replays_commands, flagship_replay))),
    ("landing-party--action-treasure-counts", hook(
        "Landing Party", "next_turn",
        NextTime("play", landing_party_actions_too, landing_party_topdeck))),
    ("frigate--each-action-afterwards", hook("Frigate", "on_play", frigate_discards_before)),
    ("shaman--every-turn-from-trash", lambda mp: (
        mp.setattr(registry.card("Shaman"), "each_turn", shaman_optional))),
    ("shaman--gain-triggers", lambda mp: (
        mp.setattr(registry.card("Shaman"), "each_turn", shaman_needs_a_shaman))),
    ("grotto--discard-then-draw-as-many", hook("Grotto", "next_turn", grotto_draws_four)),
    ("cage--cards-back-after-drawing", hook(
        "Cage", "next_turn", NextTime("gain", cage_when, cage_cards_to_hand_at_once))),
    ("quartermaster--two-have-own-sets", hook("Quartermaster", "next_turn",
                                              quartermaster_shares_the_mat)),
    ("mapmaker--on-anyones-victory-gain", hook("Mapmaker", "react_any_gain",
                                               mapmaker_others_only)),
    ("mapmaker--fewer-than-four", hook("Mapmaker", "on_play", mapmaker_no_shuffle)),
    ("stowaway--another-players-gain", hook("Stowaway", "react_any_gain",
                                            stowaway_own_gains_only)),
    ("trickster--two-treasures-after-drawing", hook("Trickster", "on_play",
                                                    trickster_once_per_turn)),
    ("prepare--play-next-turn-mandatory", hook("Prepare", "on_buy", prepare_optional)),
    ("avoid--cumulative", hook("Avoid", "on_buy", avoid_not_cumulative)),
    ("journey--keep-play-extra-turn", hook("Journey", "on_buy", journey_extra_turn_only)),
    ("reckless--twice-then-returned", trait_hook("Reckless", "plays_twice", False)),
    ("inspiring--action-not-in-play", trait_hook("Inspiring", "after_play",
                                                 inspiring_any_action)),
    ("patient--several-next-turn", trait_hook("Patient", "on_cleanup", patient_one_card)),
    ("shy--one-per-turn", trait_hook("Shy", "on_turn_start", shy_any_number)),
    ("friendly--one-per-turn", trait_hook("Friendly", "on_cleanup", friendly_any_number)),
    ("tireless--onto-deck-after-drawing", trait_hook("Tireless", "on_cleanup",
                                                     tireless_onto_deck_at_once)),
    ("fated--top-bottom-or-shuffled", trait_hook("Fated", "on_shuffle", fated_top_only)),
    ("inherited--replace-a-starting-card", trait_hook("Inherited", "at_setup", inherited_gained)),
    ("journey--extra-turn-not-for-tiebreaker", turn_patch("_start_turn", extra_turns_counted)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
