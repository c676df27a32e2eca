"""Setup, turn structure, legality, game end, scoring, log, shuffles and providers."""

from __future__ import annotations

import copy

import pytest
import yaml
from engine_helpers import deck, hand, make, names

from engine import (
    BigMoneyProvider,
    GameOver,
    IllegalMove,
    InvalidAnswer,
    ScriptError,
    SetupError,
    StepLimitExceeded,
    check_invariants,
    game_from_state,
    implemented_names,
    new_game,
)
from engine.registry import card as card_def
from rulings_service.paths import CATALOGUE_DIR

KINGDOM = ["Village", "Smithy", "Market", "Gardens", "Witch", "Moat", "Cellar", "Chapel",
           "Mine", "Library"]


@pytest.mark.parametrize("players,province,curse,victory,copper", [
    (2, 8, 10, 8, 46), (3, 12, 20, 12, 39), (4, 12, 30, 12, 32),
    (5, 15, 40, 12, 85), (6, 18, 50, 12, 78),
])
def test_setup_pile_sizes_by_player_count(players: int, province: int, curse: int,
                                          victory: int, copper: int) -> None:
    g = new_game(KINGDOM, players, seed=3)
    supply = g.snapshot()["supply"]
    assert supply["Province"] == province and supply["Curse"] == curse
    assert supply["Estate"] == supply["Duchy"] == supply["Gardens"] == victory
    assert supply["Copper"] == copper and supply["Village"] == 10
    for p in g.players:
        assert len(p.hand) == 5 and len(p.deck) == 5
        assert sorted(c.name for c in p.all_cards()) == ["Copper"] * 7 + ["Estate"] * 3
    assert "Potion" not in supply and "Colony" not in supply


def test_setup_colonies_and_non_supply_and_bad_input() -> None:
    g = new_game(["Bandit Camp"], 2, colonies=True)
    snap = g.snapshot()
    assert snap["supply"]["Colony"] == 8 and snap["supply"]["Platinum"] == 12
    assert snap["non_supply"] == {"Spoils": 15}
    with pytest.raises(SetupError, match="unknown card"):
        new_game(["Village", "Nope"], 2)
    with pytest.raises(SetupError):
        new_game(["Village"], 7)
    with pytest.raises(SetupError, match="twice"):
        new_game(["Village", "Village"], 2)
    with pytest.raises(SetupError, match="not a Kingdom card"):
        new_game(["Spoils"], 2)
    with pytest.raises(SetupError, match="list of card names"):
        new_game("Village", 2)


def test_every_physical_card_is_a_distinct_object() -> None:
    g = new_game(KINGDOM, 2)
    cards = [c for p in g.piles.values() for c in p.cards]
    cards += [c for p in g.players for c in p.all_cards()]
    assert len({id(c) for c in cards}) == len({c.uid for c in cards}) == len(cards)
    assert len(cards) == g.card_count
    assert check_invariants(g) == []


def test_same_seed_same_game() -> None:
    a = new_game(KINGDOM, 2, seed=9, providers=[BigMoneyProvider()])
    b = new_game(KINGDOM, 2, seed=9, providers=[BigMoneyProvider()])
    ra, rb = a.play_game(), b.play_game()
    assert (ra.vp, ra.turns) == (rb.vp, rb.turns) and a.snapshot() == b.snapshot()


@pytest.mark.parametrize("move,args,message", [
    ("play_action", ("Village",), "no Village"),
    ("play_action", ("Copper",), "not an Action"),
    ("play_treasure", ("Smithy",), "not a Treasure"),
    ("buy", ("Province",), "costs 8"),
    ("buy", ("Colony",), "no Colony pile"),
    ("buy_event", ("Launch",), "not an Event"),
    ("play_night", ("Copper",), "not a Night"),
])
def test_illegal_moves_raise_and_leave_state_untouched(move: str, args: tuple,
                                                       message: str) -> None:
    g, _ = make(["Smithy"], {"hand": ["Copper", "Smithy"], "deck": ["Estate"]}, {})
    before = copy.deepcopy(g.snapshot())
    with pytest.raises(IllegalMove, match=message):
        getattr(g, move)(*args)
    assert g.snapshot() == before


def test_no_actions_left_and_wrong_phase() -> None:
    g, _ = make(["Smithy"], {"hand": ["Smithy", "Copper"]}, {}, actions=0)
    with pytest.raises(IllegalMove, match="no Actions left"):
        g.play_action("Smithy")
    g.play_treasure("Copper")
    assert g.phase == "buy"
    g.actions = 1
    with pytest.raises(IllegalMove, match="Action phase"):
        g.play_action("Smithy")


def test_treasures_cannot_be_played_after_buying() -> None:
    g, _ = make(["Smithy"], {"hand": ["Silver", "Copper", "Copper"]}, {}, buys=2)
    g.play_treasure("Silver")
    g.play_treasure("Copper")
    g.buy("Silver")
    with pytest.raises(IllegalMove, match="after buying"):
        g.play_treasure("Copper")
    assert g.coins == 0 and g.buys == 1


def test_cleanup_discards_and_draws_five_then_next_player() -> None:
    g, _ = make(["Smithy"], {"hand": ["Estate"], "in_play": ["Copper"], "deck": ["Gold"] * 6},
                {"deck": ["Silver"] * 5})
    g.end_turn()
    assert hand(g, 0) == ["Gold"] * 5
    assert sorted(names(g.players[0].discard)) == ["Copper", "Estate"]
    assert g.current == 1 and g.phase == "action" and g.players[1].turns_taken == 1
    assert (g.actions, g.buys, g.coins) == (1, 1, 0)


def test_end_phase_walks_action_buy_night_then_ends_turn() -> None:
    g, _ = make(["Smithy"], {}, {})
    g.end_phase()
    assert g.phase == "buy"
    g.end_phase()
    assert g.phase == "night"
    g.end_phase()
    assert g.current == 1 and g.phase == "action"


def test_game_ends_when_provinces_run_out_and_scores_with_tokens_and_tiebreak() -> None:
    g, _ = make(["Smithy"], {"hand": ["Gold"] * 3, "vp_tokens": 6},
                {"discard": ["Province", "Province"]}, supply={"Province": 1}, phase="buy",
                current_player=0)
    g.play_all_treasures()
    g.buy("Province")
    g.end_turn()
    assert g.over
    res = g.result()
    # Player 1: Province + 6 VP tokens = 12; player 2: 12, and both had one turn.
    assert res.vp == [12, 12] and res.turns == [1, 0]
    assert res.winners == [1]
    with pytest.raises(GameOver):
        g.end_turn()


def test_tie_with_equal_turns_is_shared_and_curses_count_negative() -> None:
    g, _ = make(["Smithy"], {"hand": ["Duchy", "Curse"], "turns_taken": 3},
                {"hand": ["Estate", "Estate"], "turns_taken": 3})
    assert g.result().vp == [2, 2] and g.result().winners == [0, 1]


@pytest.mark.parametrize("players,empty,ends", [(2, 3, True), (2, 2, False), (5, 3, False),
                                                (5, 4, True)])
def test_three_piles_end_the_game_four_with_five_or_more(players: int, empty: int,
                                                         ends: bool) -> None:
    piles = ["Village", "Smithy", "Market", "Cellar"][:empty]
    g, _ = make(piles + ["Moat"], *[{} for _ in range(players)],
                supply={p: 0 for p in piles})
    g.end_turn()
    assert g.over is ends


def test_extra_turns_are_not_taken_after_the_game_ends() -> None:
    g, _ = make(["Outpost"], {"hand": ["Outpost", "Gold", "Gold", "Gold"]}, {},
                supply={"Province": 1})
    g.play_action("Outpost")
    g.play_all_treasures()
    g.buy("Province")
    g.end_turn()
    assert g.over and g.turn_number == 1


def test_dictated_shuffle_puts_named_cards_on_top_in_order() -> None:
    g, _ = make(["Smithy"], {"hand": ["Smithy"], "discard": ["Copper", "Gold", "Estate", "Silver"]},
                {})
    g.dictate_shuffle(0, ["Gold", "Silver"])
    g.play_action("Smithy")
    drawn = names(g.players[0].hand)
    assert drawn[:2] == ["Gold", "Silver"] and sorted(drawn[2:] + deck(g, 0)) == ["Copper",
                                                                                  "Estate"]
    g2, _ = make(["Smithy"], {"hand": ["Smithy"], "discard": ["Copper"]}, {})
    g2.dictate_shuffle(0, ["Gold"])
    with pytest.raises(SetupError, match="Gold"):
        g2.play_action("Smithy")


def test_custom_shuffler_hook() -> None:
    g, _ = make(["Smithy"], {"hand": ["Smithy"], "discard": ["Copper", "Gold", "Estate"]}, {})
    g.shuffler = lambda game, p, cards: cards.sort(key=lambda c: c.name)  # top is last
    g.play_action("Smithy")
    assert names(g.players[0].hand) == ["Gold", "Estate", "Copper"]


def test_log_nests_throne_room_plays_and_marks_again() -> None:
    g, _ = make(["Throne Room", "Market"], {"hand": ["Throne Room", "Market"],
                                            "deck": ["Copper", "Silver"]}, {},
                answers=["Market"], log=True)
    log = g._listeners[0]
    g.play_action("Throne Room")
    [root] = log.roots
    assert root.kind == "play" and root.cards == ("Throne Room",)
    plays = [c for c in root.children if c.kind == "play"]
    assert [p.cards for p in plays] == [("Market",), ("Market",)]
    assert [p.data["again"] for p in plays] == [False, True]
    assert plays[0].children[0].kind == "draw" and plays[0].children[0].cards == ("Copper",)
    assert log.lines()[-2:] == ["  Player 1 plays Market again", "    Player 1 draws Silver"]
    assert log.to_list()[0]["children"][0]["kind"] == "play"


def test_log_records_decisions_reactions_gains_and_trashes() -> None:
    g, _ = make(["Witch", "Moat", "Chapel"], {"hand": ["Witch"], "deck": ["Copper"] * 2},
                {"hand": ["Moat"]}, {}, answers=["Moat"], log=True)
    g.play_action("Witch")
    log = g._listeners[0]
    kinds = [e.kind for e in log.walk()]
    assert kinds == ["play", "decision", "react", "draw", "gain"]
    assert log.of_kind("decision")[0].data == {"kind": "react", "answer": ["Moat"]}
    assert log.of_kind("gain")[0].player == 2


def test_no_log_is_built_without_listeners() -> None:
    g, _ = make(["Smithy"], {"hand": ["Smithy"], "deck": ["Copper"] * 3}, {})
    g.play_action("Smithy")
    assert g._listeners == [] and g._depth == 0


def test_step_limit_stops_runaway_turns() -> None:
    g, _ = make(["Smithy"], {"hand": ["Smithy"], "deck": ["Copper"] * 5}, {})
    g.step_limit = 1
    with pytest.raises(StepLimitExceeded, match="runaway"):
        g.play_action("Smithy")


def test_scripted_provider_is_strict_about_kind_and_exhaustion() -> None:
    g, _ = make(["Chapel"], {"hand": ["Chapel", "Copper"]}, {},
                answers=[{"kind": "yes_no", "choose": "yes"}])
    with pytest.raises(ScriptError, match="expects a yes_no"):
        g.play_action("Chapel")
    g2, _ = make(["Chapel"], {"hand": ["Chapel", "Copper"]}, {})
    with pytest.raises(ScriptError, match="choose_cards_from_hand"):
        g2.play_action("Chapel")
    g3, _ = make(["Chapel"], {"hand": ["Chapel", "Copper"]}, {}, answers=[["Gold"]])
    with pytest.raises(InvalidAnswer, match="not a legal choice"):
        g3.play_action("Chapel")


def test_answers_may_name_a_physical_card() -> None:
    g, _ = make(["Chapel"], {"hand": ["Chapel", "Copper", "Copper"]}, {})
    second = g.players[0].hand[2]
    g.providers[0].add([second])
    g.play_action("Chapel")
    assert g.trash == [second]


def test_game_from_state_mapping_validation_and_durations() -> None:
    with pytest.raises(SetupError, match="unknown game state keys"):
        game_from_state({"kingdom": [], "players": 2, "bogus": 1})
    with pytest.raises(SetupError, match="unknown keys"):
        game_from_state({"kingdom": [], "players": [{"hnad": []}]})
    with pytest.raises(SetupError, match="phase"):
        game_from_state({"kingdom": [], "players": 2, "phase": "lunch"})
    g = game_from_state({"kingdom": ["Wharf"], "players": [
        {"in_play": ["Wharf"], "durations": ["Wharf"], "deck": ["Copper"] * 8}, {}],
        "current_player": 1})
    g.end_turn()
    assert g.current == 0 and len(g.players[0].hand) == 2 and g.buys == 2


def test_registry_names_exist_in_the_catalogue() -> None:
    catalogue: set[str] = set()
    for path in CATALOGUE_DIR.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            catalogue.update(c["name"] for c in data.get("cards", []) if "name" in c)
    # The catalogue is shipped; an empty one is a broken checkout, not a reason to skip.
    assert catalogue, f"no card names found in {CATALOGUE_DIR}/*.yaml"
    missing = implemented_names() - catalogue
    assert missing == set()


def test_registry_has_every_first_edition_base_card_with_catalogue_costs() -> None:
    base = ["Adventurer", "Bureaucrat", "Cellar", "Chancellor", "Chapel", "Council Room",
            "Feast", "Festival", "Gardens", "Laboratory", "Library", "Market", "Militia", "Mine",
            "Moat", "Moneylender", "Remodel", "Smithy", "Spy", "Thief", "Throne Room", "Village",
            "Witch", "Woodcutter", "Workshop"]
    assert len(base) == 25 and set(base) <= implemented_names()
    data = yaml.safe_load((CATALOGUE_DIR / "base.yaml").read_text(encoding="utf-8"))
    costs = {c["name"]: c["cost"] for c in data["cards"]}
    for name in base:
        assert card_def(name).cost.coins == costs[name], name


def test_a_bad_answer_mid_effect_rolls_the_whole_move_back() -> None:
    g, _ = make(["Cellar"], {"hand": ["Cellar", "Estate", "Copper"], "deck": [],
                             "discard": ["Gold", "Silver", "Duchy"]}, {},
                answers=[["Estate", "Province"]])
    before = copy.deepcopy(g.snapshot())
    cellar = g.players[0].hand[0]
    with pytest.raises(InvalidAnswer, match="Province"):
        g.play_action("Cellar")
    assert g.snapshot() == before and g.players[0].hand[0] is cellar
    # The failed move did not consume randomness: the next shuffle is as if it never ran.
    g2, _ = make(["Cellar"], {"hand": ["Cellar", "Estate", "Copper"], "deck": [],
                              "discard": ["Gold", "Silver", "Duchy"]}, {}, answers=[["Estate"]])
    g.providers[0].add(["Estate"])
    g.play_action("Cellar")
    g2.play_action("Cellar")
    assert g.snapshot() == g2.snapshot()


def test_rollback_happens_even_after_a_shuffle_and_gain() -> None:
    g, _ = make(["Witch", "Watchtower"], {"hand": ["Witch"], "discard": ["Copper"] * 4},
                {"hand": ["Watchtower"]}, answers=["Watchtower", "burn"])
    before = copy.deepcopy(g.snapshot())
    with pytest.raises(InvalidAnswer, match="burn"):
        g.play_action("Witch")
    assert g.snapshot() == before
    assert check_invariants(g) == []


def test_play_turn_drives_phases_through_the_provider() -> None:
    g, s = make(["Village", "Smithy"], {"hand": ["Village", "Smithy", "Copper", "Copper",
                                                 "Silver"], "deck": ["Copper"] * 10}, {},
                answers=["play:Village", "play:Smithy", "play_all_treasures", "buy:Smithy"])
    g.play_turn()
    # No Action left in hand after Smithy, and no Buy left after buying: not asked.
    assert g.current == 1 and s.answers == []
    assert [d.kind.value for d in s.asked] == ["action_phase"] * 2 + ["buy_phase"] * 2
    assert "Smithy" in names(g.players[0].discard)
    assert {"buy:Province", "buy:Gold", "end_phase"} <= set(s.asked[3].option_ids())  # 8 coins
    g2, _ = make(["Village"], {"hand": ["Village"]}, {}, answers=["buy:Village"])
    with pytest.raises(InvalidAnswer, match="buy:Village"):
        g2.play_turn()
    g3, _ = make(["Village"], {"hand": ["Copper"]}, {}, answers=["buy:Province"])
    with pytest.raises(IllegalMove, match="costs 8"):
        g3.play_turn()
    assert hand(g3, 0) == ["Copper"] and g3.current == 0


def test_direct_gain_goes_where_the_card_says_unless_told() -> None:
    g, _ = make(["Den of Sin"], {}, {})
    g.gain_card(1, "Den of Sin")
    assert hand(g, 1) == ["Den of Sin"]
    g.gain_card(1, "Den of Sin", to="deck")
    assert deck(g, 1) == ["Den of Sin"]
    with pytest.raises(IllegalMove, match="cannot gain to"):
        g.gain_card(1, "Silver", to="trash")


def test_direct_trash_from_any_zone_fires_when_trashed() -> None:
    g, _ = make(["Fortress"], {"deck": ["Estate", "Fortress"], "discard": ["Copper"]}, {})
    g.trash_from(0, "Fortress", "deck")
    assert hand(g, 0) == ["Fortress"] and deck(g, 0) == ["Estate"]
    g.trash_from(0, "Copper", "discard")
    assert names(g.trash) == ["Copper"]
    with pytest.raises(IllegalMove, match="no Gold"):
        g.trash_from(0, "Gold", "discard")
    with pytest.raises(IllegalMove, match="cannot trash from"):
        g.trash_from(0, "Copper", "supply")


def test_mats_hold_cards_that_count_for_scoring_and_snapshots() -> None:
    g, _ = make(["Gardens"], {"hand": ["Estate", "Copper"], "mats": {"Island": ["Duchy"]},
                              "tokens": {"Pirate Ship": 2}}, {})
    p = g.players[0]
    g.to_mat(p, p.hand[0], p.hand, "Island")
    snap = g.snapshot()["players"][0]
    assert snap["mats"] == {"Island": ["Duchy", "Estate"]} and snap["tokens"] == {"Pirate Ship": 2}
    assert g.victory_points(p) == 4 and check_invariants(g) == []


def test_a_refused_move_does_not_leave_the_log_nested() -> None:
    g, s = make(["Chapel"], {"hand": ["Chapel", "Copper", "Estate"]}, {},
                answers=[["Gold"]], log=True)
    log = g._listeners[0]
    with pytest.raises(InvalidAnswer):
        g.play_action("Chapel")
    s.add(["Estate"])
    g.play_action("Chapel")
    plays = [e for e in log.roots if e.kind == "play"]
    assert len(plays) == 2 and plays[1].depth == 0
    assert [c.kind for c in plays[1].children] == ["decision", "trash"]


def test_legal_moves_follow_the_phase() -> None:
    g, _ = make(["Village", "Den of Sin"], {"hand": ["Village", "Copper", "Den of Sin"]}, {})
    assert g.legal_moves() == ["play:Village", "play_all_treasures", "play:Copper",
                               "buy:Copper", "buy:Curse", "play:Den of Sin", "end_phase"]
    g.play_treasure("Copper")
    assert "play:Village" not in g.legal_moves() and "buy:Village" not in g.legal_moves()
    g.buy("Curse")
    assert g.legal_moves() == ["play:Den of Sin", "end_phase"]
    g.end_phase()
    assert g.legal_moves() == ["play:Den of Sin", "end_phase"]


def test_the_log_shows_a_mid_draw_shuffle_between_the_draws() -> None:
    g, _ = make(["Smithy"], {"hand": ["Smithy"], "deck": ["Gold"], "discard": ["Silver"] * 2},
                {}, log=True)
    g.play_action("Smithy")
    [play] = g._listeners[0].roots
    assert [(e.kind, e.cards) for e in play.children] == [
        ("draw", ("Gold",)), ("shuffle", ()), ("draw", ("Silver", "Silver"))]


@pytest.mark.parametrize("state,message", [
    ({"kingdom": [], "players": [{"hand": "Copper"}]}, "hand must be a list of card names"),
    ({"kingdom": [], "players": [{"vp_tokens": "3"}]}, "vp_tokens must be an integer"),
    ({"kingdom": "Village", "players": 2}, "kingdom must be a list"),
    ({"kingdom": [], "players": 2, "supply": {"Curse": -1}}, "non-negative"),
    ({"kingdom": [], "players": 2, "coins": True}, "coins must be an integer"),
    ({"kingdom": [], "players": [{"mats": {"Island": "Duchy"}}]}, "mats must be"),
])
def test_game_state_type_errors_are_clear(state: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        game_from_state(state)
