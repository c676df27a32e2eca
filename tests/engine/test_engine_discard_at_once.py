"""Several cards discarded for one instruction go to the discard pile together; their
when-discarded effects (Tunnel) run after all of them are there.

Found by benchmarks/fuzz.py (seed 0, games 3878 and 51863): discarding one card at a
time let Tunnel's Gold set off a waiting Secluded Shrine, which trashed from hand a card
that Foray (or Militia) was about to discard, and the engine crashed. The Cellar FAQ
states the rule ("discard them all at once"); Foray's and Militia's discards are one
instruction just the same.
"""

from __future__ import annotations

from engine_helpers import make, names


def test_foray_discards_three_at_once_before_tunnel_reacts() -> None:
    g, s = make(["Tunnel", "Secluded Shrine"],
                {"hand": ["Tunnel", "Estate", "Copper", "Silver"],
                 "in_play": ["Secluded Shrine"], "durations": ["Secluded Shrine"]}, {},
                answers=[{"choose": ["Tunnel", "Estate", "Copper"]}, "yes", {"choose": []}],
                events=["Foray"], phase="buy", coins=3)
    g.buy_event("Foray")
    assert names(g.players[0].hand) == ["Silver"]
    assert {"Tunnel", "Estate", "Copper", "Gold"} <= set(names(g.players[0].discard))
    shrine = [d for d in s.asked if d.source == "Secluded Shrine"]
    # Asked once, offering only the Silver still in hand (not the cards Foray discards).
    assert len(shrine) == 1 and len(shrine[0].options) == 1
