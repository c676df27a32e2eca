"""Dark Ages: Fortress (when trashed), Bandit Camp and Spoils (a non-Supply pile)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.game import Game, Play
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
