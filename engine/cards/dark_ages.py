"""Dark Ages: Fortress (when trashed), Bandit Camp and Spoils (a non-Supply pile)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player

SET = "dark-ages"


def _fortress_trashed(g: Game, p: Player, card: Card) -> None:
    """Back to its owner's hand, no matter whose turn; only if it is still in the trash."""
    if card in g.trash:
        g.to_hand(p, card, g.trash)
        g.log("return", p, (card,), card.name, to="hand")


FORTRESS = register(CardDef("Fortress", 4, ("Action",), set_name=SET, cards=1, actions=2,
                            on_trash=_fortress_trashed))


def _bandit_camp(g: Game, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Spoils", source=card.name)


BANDIT_CAMP = register(CardDef("Bandit Camp", 5, ("Action",), set_name=SET, cards=1,
                               actions=2, on_play=_bandit_camp, extra_piles=("Spoils",)))


def _spoils(g: Game, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play:
        g.return_to_pile(p, card, p.in_play, card.name)


SPOILS = register(CardDef("Spoils", 0, ("Treasure",), set_name=SET, kind="non-supply",
                          coins=3, on_play=_spoils, pile_size=15))


# --- Marauder: a Looter, so the game gets a Ruins pile (see engine.setup._rule_ruins).
def _marauder(g: Game, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Spoils", source=card.name)
    for q in play.victims(g):
        g.gain(q, "Ruins", source=card.name)


MARAUDER = register(CardDef("Marauder", 4, ("Action", "Attack", "Looter"), set_name=SET,
                            on_play=_marauder, extra_piles=("Spoils",)))


# --- The five Ruins: one shuffled Supply pile whose top card varies.
def _ruins(name: str, **kw: object) -> CardDef:
    return register(CardDef(name, 0, ("Action", "Ruins"), set_name=SET, kind="ruins",
                            **kw))  # type: ignore[arg-type]


def _survivors(g: Game, p: Player, card: Card, play: Play) -> None:
    top = g.reveal_from_deck(p, 2, card.name, look=True)
    if not top:
        return
    if g.choose_option(p, card.name, "Discard them or put them back?",
                       [("discard", "discard them"), ("back", "put them back")],
                       context={"cards": [c.name for c in top]}) == "discard":
        for c in top:
            g.discard_card(p, c, p.set_aside, card.name)
        return
    # First chosen goes back first, so the last chosen ends on top.
    for c in g.order_cards(p, card.name, "Order to put back (last is the new top)", top):
        g.topdeck(p, c, p.set_aside, card.name)


ABANDONED_MINE = _ruins("Abandoned Mine", coins=1)
RUINED_LIBRARY = _ruins("Ruined Library", cards=1)
RUINED_MARKET = _ruins("Ruined Market", buys=1)
RUINED_VILLAGE = _ruins("Ruined Village", actions=1)
SURVIVORS = _ruins("Survivors", on_play=_survivors)


# --- Shelters: replace the starting Estates when the game uses them.
def _hovel_react(g: Game, p: Player, hovel: Card, bought: Card) -> None:
    """When you buy a Victory card, you may trash Hovel from your hand."""
    if hovel in p.hand:
        g.trash_card(p, hovel, p.hand, hovel.name)


def _overgrown_trashed(g: Game, p: Player, card: Card) -> None:
    g.draw(p, 1)


HOVEL = register(CardDef("Hovel", 1, ("Reaction", "Shelter"), set_name=SET, kind="shelter",
                         react_buy=_hovel_react))
NECROPOLIS = register(CardDef("Necropolis", 1, ("Action", "Shelter"), set_name=SET,
                              kind="shelter", actions=2))
OVERGROWN_ESTATE = register(CardDef("Overgrown Estate", 1, ("Victory", "Shelter"),
                                    set_name=SET, kind="shelter", on_trash=_overgrown_trashed))
