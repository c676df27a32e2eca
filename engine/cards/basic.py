"""The basic cards: Treasures, Victory cards and Curse (plus Potion, Platinum, Colony).

Plain data: their only effects are coins, Potions and VP.
"""

from __future__ import annotations

from engine.cards.core import CardDef
from engine.cost import Cost
from engine.registry import register


def _basic(name: str, cost: Cost | int, types: tuple[str, ...], set_name: str = "base", *,
           coins: int = 0, potions: int = 0, vp: int = 0) -> CardDef:
    return register(CardDef(name, cost, types, set_name=set_name, kind="basic", coins=coins,
                            potions=potions, vp=vp))


COPPER = _basic("Copper", 0, ("Treasure",), coins=1)
SILVER = _basic("Silver", 3, ("Treasure",), coins=2)
GOLD = _basic("Gold", 6, ("Treasure",), coins=3)
ESTATE = _basic("Estate", 2, ("Victory",), vp=1)
DUCHY = _basic("Duchy", 5, ("Victory",), vp=3)
PROVINCE = _basic("Province", 8, ("Victory",), vp=6)
CURSE = _basic("Curse", 0, ("Curse",), vp=-1)
POTION = _basic("Potion", 4, ("Treasure",), set_name="alchemy", potions=1)
PLATINUM = _basic("Platinum", 9, ("Treasure",), set_name="prosperity", coins=5)
COLONY = _basic("Colony", 11, ("Victory",), set_name="prosperity", vp=10)
