"""Each sampled Prosperity scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from breakage_helpers import (
    Patch,
    check_breaks,
    game_end_ignoring,
    hook,
    no_op,
    replace_setup_rule,
    turn_patch,
)

from engine import registry
from engine import setup as engine_setup
from engine.cost import Cost


def kings_court_twice(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play", min=0, pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        g.play_card(p, picked[0], None, by=card, again=True)


def hoard_once_per_turn(g, p, hoard, bought) -> None:
    if bought.defn.is_victory and not any(c.name == "Gold" for c in p.discard):
        g.gain(p, "Gold", source=hoard.name)


def watchtower_draws_to_five(g, p, card, play) -> None:
    if len(p.hand) < 5:
        g.draw(p, 5 - len(p.hand))


def colonies_platinum_by_players(ctx) -> None:
    if ctx.options.get("colonies"):
        ctx.add_pile("Platinum", 24 if ctx.players >= 5 else 12, supply=True, kingdom=False)
        ctx.add_pile("Colony", 8 if ctx.players <= 2 else 12, supply=True, kingdom=False)


def colonies_as_kingdom_piles(ctx) -> None:
    if ctx.options.get("colonies"):
        ctx.add_pile("Platinum", 12, supply=True, kingdom=True)
        ctx.add_pile("Colony", 8 if ctx.players <= 2 else 12, supply=True, kingdom=True)


def colonies_platinum_always(ctx) -> None:
    """Colony by the randomizer, Platinum in every random game (not both-or-neither)."""
    choice = ctx.options.get("colonies")
    if choice == "random":
        ctx.add_pile("Platinum", 12, supply=True, kingdom=False)
        choice = engine_setup.colonies_by_randomizer(
            ctx.defs(), ctx.rng, ctx.options.get("colony_randomizer"))
    if choice:
        ctx.add_pile("Colony", 8 if ctx.players <= 2 else 12, supply=True, kingdom=False)


def colony_count(count: int) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        original = engine_setup.pile_size
        mp.setattr(engine_setup, "pile_size",
                   lambda defn, players: count if defn.name == "Colony"
                   else original(defn, players))

    return apply


def randomizer(wrong: Callable[..., bool]) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(engine_setup, "colonies_by_randomizer", wrong)

    return apply


def never_colonies(kingdom, rng, randomizer=None) -> bool:
    return False


def colonies_only_if_all_prosperity(kingdom, rng, randomizer=None) -> bool:
    return all(d.set_name == "prosperity" for d in kingdom)


def colonies_if_any_prosperity(kingdom, rng, randomizer=None) -> bool:
    return any(d.set_name == "prosperity" for d in kingdom)


def city_counts_piles_that_ran_out(mp: pytest.MonkeyPatch) -> None:
    """City counts every Supply pile that has run out, as a tally that cards returned to
    a pile (Ambassador) never lower."""
    from engine.game import Game

    ran_out: set[str] = set()
    original = Game.return_to_pile

    def return_to_pile(game, p, card, from_zone, source=None) -> None:
        name = game.pile_name_of(card)
        if not game.piles[name].cards:
            ran_out.add(name)
        original(game, p, card, from_zone, source)

    def city(g, p, card, play) -> None:
        empty = sum(1 for name, pile in g.piles.items()
                    if pile.supply and (not pile.cards or name in ran_out))
        if empty >= 1:
            g.draw(p, 1)
        if empty >= 2:
            g.coins += 1
            g.buys += 1

    mp.setattr(Game, "return_to_pile", return_to_pile)
    hook("City", "on_play", city)(mp)


def talisman_skips_only_pure_victory(g, p, talisman, bought) -> None:
    """Talisman taking "Victory card" to mean a card whose only type is Victory."""
    if bought.defn.types == {"Victory"} or not g.cost(bought).at_most(Cost(4)):
        return
    pile = g.piles[g.pile_name_of(bought)]
    if len(pile.cards) >= 2:
        g.gain(p, pile.name, source=talisman.name)


def hoard_pure_victory_only(g, p, hoard, bought) -> None:
    """Hoard giving Gold only for cards whose only type is Victory."""
    if bought.defn.types == {"Victory"}:
        g.gain(p, "Gold", source=hoard.name)


def mint_pure_treasures_only(g, p, card, play) -> None:
    """Mint offering only cards whose only type is Treasure."""
    picked = g.choose_from_hand(p, card.name, "Reveal a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.types == {"Treasure"})
    if picked:
        g.reveal(p, picked, card.name)
        g.gain(p, picked[0].name, source=card.name)


def possessed_players_gain_hooks_fire(original):
    """The possessed player's "while in play, when you gain" cards (Royal Seal) still act
    on what the possessor gains in their place."""
    def wrong(game, p, card, to, source) -> None:
        possessed = game.possessed_by is not None and p.index == game.current
        original(game, p, card, to, source)
        gainer = game.players[game.possessed_by] if possessed else None
        if gainer is not None and p.in_play and card in gainer.discard:
            game._while_in_play_gain(p, card, gainer.discard)
    return wrong


def possessed_player_reacts_to_gains(original):
    """Reactions to a card gained in a Possession turn offered to the possessed player,
    whose turn it is, rather than to the possessor who gains it."""
    def wrong(game, p, card, zone) -> None:
        if game.possessed_by is not None and p.index == game.possessed_by:
            p = game.players[game.current]
        original(game, p, card, zone)
    return wrong


def trade_route_counts_short_victory_piles(g, p, card, play) -> None:
    """Trade Route without tokens: +1 coin per Victory pile smaller than at the start."""
    start = 8 if len(g.players) == 2 else 12
    g.coins += sum(1 for name, pile in g.piles.items()
                   if pile.supply and name in registry.all_cards()
                   and registry.card(name).is_victory and len(pile.cards) < start)
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


def city_coin_for_one_empty(g, p, card, play) -> None:
    empty = sum(1 for pile in g.piles.values() if pile.supply and not pile.cards)
    if empty >= 1:
        g.draw(p, 1)
        g.coins += 1
        g.buys += 1


def bishop_others_trash_first_and_score(g, p, card, play) -> None:
    n = len(g.players)
    for k in range(1, n):
        q = g.players[(p.index + k) % n]
        for c in g.choose_from_hand(q, card.name, "Trash", min=0, max=1):
            q.vp_tokens += g.cost(c).coins // 2
            g.trash_card(q, c, q.hand, card.name)
    p.vp_tokens += 1
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        p.vp_tokens += g.cost(picked[0]).coins // 2
        g.trash_card(p, picked[0], p.hand, card.name)


def counting_house_takes_all(g, p, card, play) -> None:
    for c in [c for c in p.discard if c.name == "Copper"]:
        g.to_hand(p, c, p.discard)


def expand_up_to_four_more(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0]).plus_coins(4)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, source=card.name)


def forge_up_to_total(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=len(p.hand))
    total = sum(g.cost(c).coins for c in picked)
    for c in picked:
        g.trash_card(p, c, p.hand, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(total))
    if name:
        g.gain(p, name, source=card.name)


def forge_needs_a_trashed_card(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=len(p.hand))
    if not picked:
        return
    forge_up_to_total(g, p, card, play)


def mountebank_always_discards_curse(g, p, card, play) -> None:
    for q in play.victims(g):
        curse = next((c for c in q.hand if c.defn.is_curse), None)
        if curse is not None:
            g.discard_card(q, curse, q.hand, card.name)
        else:
            g.gain(q, "Curse", source=card.name)
            g.gain(q, "Copper", source=card.name)


def rabble_discards_everything(g, p, card, play) -> None:
    for q in play.victims(g):
        for c in g.reveal_from_deck(q, 3, card.name):
            g.discard_card(q, c, q.set_aside, card.name)


def vault_draw_for_any_discard(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard", min=0, max=len(p.hand))
    for c in picked:
        g.discard_card(p, c, p.hand, card.name)
    g.coins += len(picked)
    n = len(g.players)
    for k in range(1, n):
        q = g.players[(p.index + k) % n]
        if q.hand and g.yes_no(q, card.name, "Discard 2?"):
            m = min(2, len(q.hand))
            for c in g.choose_from_hand(q, card.name, "Discard", min=m, max=m):
                g.discard_card(q, c, q.hand, card.name)
            g.draw(q, 1)


def bank_counts_other_treasures(g, p, card, play) -> None:
    g.coins += sum(1 for c in p.in_play if c.defn.is_treasure and c is not card)


def loan_always_discards(g, p, card, play) -> None:
    while True:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        g.discard_card(p, one[0], p.set_aside, card.name)
        if one[0].defn.is_treasure:
            break


def venture_adds_coins_only(g, p, card, play) -> None:
    while True:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            return
        if one[0].defn.is_treasure:
            g.coins += one[0].defn.coins
            p.set_aside.remove(one[0])
            p.in_play.append(one[0])
            return
        g.discard_card(p, one[0], p.set_aside, card.name)


def grand_market_copper_in_hand(g, p) -> str | None:
    if any(c.name == "Copper" for c in p.in_play + p.hand):
        return "Copper"
    return None


def talisman_copies_victory_too(g, p, talisman, bought) -> None:
    if g.cost(bought).at_most(Cost(4)):
        g.gain(p, bought.name, source=talisman.name)


def talisman_gains_before_the_bought_card(g, p, talisman, bought) -> None:
    if not bought.defn.is_victory and g.cost(bought).at_most(Cost(4)):
        g.gain(p, bought.name, source=talisman.name)


def quarry_not_cumulative(g, d, c):
    if d.is_action and any(x.name == "Quarry" for x in g.players[g.current].in_play):
        return c.plus_coins(-2)
    return c


def peddler_counts_plays(g, d, c):
    if d.name != "Peddler" or g.phase != "buy":
        return c
    return c.plus_coins(-2 * sum(1 for x in g.played_this_turn if x.defn.is_action))


def mint_trashes_hand_treasures_too(g, p, card) -> None:
    for zone in (p.in_play, p.hand):
        for c in [c for c in zone if c.defn.is_treasure]:
            g.trash_card(p, c, zone, card.name)


def trade_route_per_victory_card(g, p, card, play) -> None:
    g.coins += sum(1 for _, c in g.gained_this_turn if c.defn.is_victory)
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


def trade_route_kingdom_only(ctx) -> None:
    if "Trade Route" in ctx.kingdom:
        ctx.landscape["trade_route"] = sorted(
            name for name, (cards, supply, _) in ctx.piles.items()
            if supply and cards and registry.card(cards[-1]).is_victory)


def peddler_cheaper_in_any_phase(g, d, c):
    if d.name != "Peddler":
        return c
    n = sum(1 for x in g.players[g.current].in_play if x.defn.is_action)
    return c.plus_coins(-2 * n)


CASES: list[tuple[str, Patch]] = [
    ("watchtower--trash-gained-card", hook("Watchtower", "react_gain", None)),
    ("kings-court--village-three-times", hook("King's Court", "on_play", kings_court_twice)),
    ("hoard--gold-on-victory-buy", hook("Hoard", "while_in_play_buy", None)),
    ("hoard--one-gold-per-victory-buy", hook("Hoard", "while_in_play_buy", hoard_once_per_turn)),
    ("watchtower--draw-to-six", hook("Watchtower", "on_play", watchtower_draws_to_five)),
    ("kings-court--market-three-actions", hook("King's Court", "on_play", kings_court_twice)),
    ("watchtower--trash-after-mine", hook("Watchtower", "react_gain", None)),
    ("watchtower--topdeck-gained-card", hook("Watchtower", "react_gain", None)),
    ("kings-court--kings-court-on-kings-court", hook("King's Court", "on_play", kings_court_twice)),
    ("platinum--colonies-two-players", colony_count(12)),
    ("platinum--colonies-two-players", replace_setup_rule(engine_setup._rule_colonies,
                                                          colonies_as_kingdom_piles)),
    ("platinum--colonies-three-players", colony_count(8)),
    ("platinum--colonies-six-players", replace_setup_rule(engine_setup._rule_colonies,
                                                          colonies_platinum_by_players)),
    ("platinum--all-prosperity-kingdom", randomizer(never_colonies)),
    ("platinum--mixed-kingdom-prosperity-randomizer",
     randomizer(colonies_only_if_all_prosperity)),
    ("platinum--mixed-kingdom-other-randomizer", randomizer(colonies_if_any_prosperity)),
    ("platinum--mixed-kingdom-other-randomizer", replace_setup_rule(
        engine_setup._rule_colonies, colonies_platinum_always)),
    ("platinum--worth-five-coins", hook("Platinum", "coins", 4)),
    ("colony--ten-vp-last-colony-ends-game", hook("Colony", "vp", 6)),
    ("colony--ten-vp-last-colony-ends-game", game_end_ignoring("Colony")),
    ("city--returned-pile-not-empty", city_counts_piles_that_ran_out),
    ("talisman--action-victory-no-copy", hook("Talisman", "while_in_play_buy",
                                              talisman_skips_only_pure_victory)),
    ("hoard--victory-with-other-types", hook("Hoard", "while_in_play_buy",
                                             hoard_pure_victory_only)),
    ("mint--treasure-with-other-type", hook("Mint", "on_play", mint_pure_treasures_only)),
    ("royal-seal--possessed-player-cannot-topdeck",
     turn_patch("_receive", possessed_players_gain_hooks_fire)),
    ("watchtower--possessor-reacts",
     turn_patch("_react_to_gain", possessed_player_reacts_to_gains)),
    ("trade-route--returned-cards-keep-token-on-mat",
     hook("Trade Route", "on_play", trade_route_counts_short_victory_piles)),
    ("monument--vp-token-and-coins", hook("Monument", "on_play", no_op)),
    ("workers-village--card-actions-buy", hook("Worker's Village", "buys", 0)),
    ("city--one-empty-pile", hook("City", "on_play", city_coin_for_one_empty)),
    ("city--three-empty-piles", hook("City", "on_play", no_op)),
    ("bishop--trash-then-others-may", hook("Bishop", "on_play",
                                           bishop_others_trash_first_and_score)),
    ("counting-house--coppers-from-discard", hook("Counting House", "on_play",
                                                  counting_house_takes_all)),
    ("expand--up-to-three-more", hook("Expand", "on_play", expand_up_to_four_more)),
    ("forge--exact-total", hook("Forge", "on_play", forge_up_to_total)),
    ("forge--trash-nothing", hook("Forge", "on_play", forge_needs_a_trashed_card)),
    ("mountebank--curse-or-curse-and-copper", hook("Mountebank", "on_play",
                                                    mountebank_always_discards_curse)),
    ("rabble--discard-actions-treasures", hook("Rabble", "on_play", rabble_discards_everything)),
    ("vault--others-discard-two-draw-one", hook("Vault", "on_play", vault_draw_for_any_discard)),
    ("goons--token-per-buy", hook("Goons", "while_in_play_buy", None)),
    ("bank--played-first-worth-one", hook("Bank", "on_play", bank_counts_other_treasures)),
    ("loan--trash-found-treasure", hook("Loan", "on_play", loan_always_discards)),
    ("venture--plays-found-treasure", hook("Venture", "on_play", venture_adds_coins_only)),
    ("grand-market--copper-in-play-forbids", hook("Grand Market", "buy_forbidden", None)),
    ("grand-market--copper-in-hand-is-fine", hook("Grand Market", "buy_forbidden",
                                                   grand_market_copper_in_hand)),
    ("talisman--victory-or-expensive-no-copy", hook("Talisman", "while_in_play_buy",
                                                     talisman_copies_victory_too)),
    ("talisman--last-copy", hook("Talisman", "while_in_play_buy",
                                 talisman_gains_before_the_bought_card)),
    ("quarry--cumulative-any-action", hook("Quarry", "cost_modifier", quarry_not_cumulative)),
    ("peddler--kings-court-two-actions", hook("Peddler", "cost_modifier", peddler_counts_plays)),
    ("royal-seal--topdeck-each-gain", hook("Royal Seal", "while_in_play_gain", None)),
    ("mint--buy-trashes-treasures-in-play", hook("Mint", "on_buy",
                                                 mint_trashes_hand_treasures_too)),
    ("mint--royal-seal-gone", hook("Mint", "on_buy", None)),
    ("contraband--named-card-not-buyable", hook("Contraband", "on_play", no_op)),
    ("trade-route--tokens-and-coins", hook("Trade Route", "on_play",
                                           trade_route_per_victory_card)),
    ("peddler--black-market-costs-eight", hook("Peddler", "cost_modifier",
                                               peddler_cheaper_in_any_phase)),
    ("trade-route--black-market-victory-not-counted", hook("Trade Route", "on_play",
                                                           trade_route_per_victory_card)),
    ("trade-route--in-black-market-deck-tokens", replace_setup_rule(
        engine_setup._rule_trade_route, trade_route_kingdom_only)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
