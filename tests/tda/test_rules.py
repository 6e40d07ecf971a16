"""Giants War rules beyond the worked examples: buying, the hole, scoring effects, the endgame."""

from __future__ import annotations

from tda_helpers import Table

from referee.games.tda import defaults as D


def round_one(table: Table, ann="Hill Giant 1", ben="Storm Giant 2", cat="Frost Giant 3"):
    """Round 1 with only Ann's leading card triggering (each later card is stronger than the one before)."""
    table.ok(f"Ann plays {ann}")
    table.ok(f"Ben plays {ben}")
    table.ok(f"Cat plays {cat}")


# --- setup -------------------------------------------------------------------------------------
def test_setup_hoards_deck_and_hands(cards):
    table = Table(cards, antes=[])
    table.ok("new tda Ann Ben Cat")
    summary = table.session.summary()
    assert [p["hoard"] for p in summary["players"]] == [30, 30, 30]
    assert [p["hand"] for p in summary["players"]] == [7, 7, 7]
    assert summary["stakes"] == {"dragon": 0, "giant": 0}
    assert summary["main_deck"] == 90 - 21
    first = table.session.moves[0].ruling
    text = " ".join(s["text"] for s in first["steps"])
    assert "84 standard cards + 6 random Legendary cards = 90" in text
    assert "four Legendary cards" in text
    assert "first game" in text


def test_setup_six_players_and_warnings(cards):
    deck = "--dragons Red Shadow Black Brass Copper 'original Copper' Silver --giants Storm Fire Frost Cloud Ordning Hill"
    table = Table(cards, players="A B C D E F", antes=[], deck=deck)
    assert table.session.summary()["players"][0]["hoard"] == 60
    text = " ".join(s["text"] for s in table.session.moves[0].ruling["steps"])
    assert "Red and Shadow" in text
    assert "Both versions of the Copper Dragon" in text


def test_setup_refuses_unbalanced_colours(cards):
    table = Table(cards, antes=[])
    ruling = table.say("new tda Ann Ben --dragons Gold Brass Copper Silver Shadow Green")
    assert ruling.verdict == "refused" and "three good and three evil" in ruling.message
    ruling = table.say("new tda Ann Ben --giants Storm Fire")
    assert ruling.verdict == "refused" and "six giant colours" in ruling.message
    ruling = table.say("new tda Ann Ben --giants Storm Fire Frost Cloud Ordning Pebble")
    assert ruling.verdict == "refused" and "Pebble" in ruling.message


def test_strengths_are_checked(cards):
    table = Table(cards)
    assert "prints 2, 4, 6, 8, 10, 11, 13" in table.no("Ann plays Storm Giant 5").message
    assert "several strengths" in table.no("Ann plays Storm Giant").message
    assert "strength 13" in table.no("Ann plays Io 12").message
    assert "not in this game's main deck" in table.no("Ann plays Ettin 3").message
    assert "It is Ann's turn" in table.no("Ben plays Storm Giant 4").message
    table.ok("Ann plays Io")
    assert "already face up" in table.no("Ben plays Io").message


# --- triggers and questions ----------------------------------------------------------------------
def test_can_question_says_whether_the_power_triggers(cards):
    table = Table(cards)
    table.ok("Ann plays Storm Giant 6")
    table.ok("Ann chooses Hill Giant 2")
    answer = table.say("can Ben play Cloud Giant 7")
    assert answer.verdict == "answer" and answer.code == "yes" and "does not trigger" in answer.message
    answer = table.say("can Ben play Cloud Giant 6")
    assert "its power triggers" in answer.message
    answer = table.say("can Cat play Cloud Giant 6")
    assert answer.code.startswith("no") and "Ben's turn" in answer.message


def test_ettin_and_the_ranger(cards):
    table = Table(cards)
    table.ok("Ann plays Ettin Enforcer")
    table.ok("Ann picks left")
    assert table.player("Ben")["hoard"] == 25 - 10
    assert table.player("Cat")["hoard"] == 25 + 3
    assert table.player("Ann")["hoard"] == 25 + 10 - 3
    table.ok("Ben plays Frost Giant Jarl")
    table.ok("Cat plays The Ranger 7 for the giants")
    table.ok("Cat chooses giants")
    assert table.player("Ann")["hoard"] == 31 and table.player("Ben")["hoard"] == 14


def test_frost_giant_charges_opponents_on_the_same_stakes(cards):
    table = Table(cards)
    round_one(table, ann="Hill Giant 1", ben="Storm Giant 2", cat="Copper Dragon 3")
    table.ok("Cat leads")
    ruling = table.ok("Cat plays Frost Giant 1")
    # Cat: 3 for the dragons, 1 for the giants, so a dragon flight; Ann and Ben fight for the giants.
    assert "nobody fits" in table.text(ruling) and table.player("Ann")["hoard"] == 25
    table.ok("Ann plays Frost Giant 4")  # 4 > 1: no trigger
    ruling = table.ok("Ben plays Frost Giant 3")  # 3 <= 4: Ann fights for the giants like Ben
    assert "Ann pays 3 to Ben" in table.text(ruling)
    assert table.player("Cat")["hoard"] == 25 and table.player("Ben")["hoard"] == 28


def test_fire_giant_counts_every_fire_giant_in_flights_and_ante(cards):
    table = Table(cards)  # Ann anted Fire Giant 3
    ruling = table.ok("Ann plays Fire Giant 9")
    assert "Ben pays 2 to Ann" in table.text(ruling)
    table.ok("Ben plays Surtur")
    ruling = table.ok("Cat plays Fire Giant Engineer")
    # The ante's Fire Giant, Ann's, the Engineer itself and Surtur (who counts as one): 4, plus 1.
    text = table.text(ruling)
    assert "Ann pays 5 to Cat" in text and "Ben pays 5 to Cat" in text
    assert D.COUNTS_AS.text in text


def test_memnor_swaps_the_stakes_and_skoreaus_charges_everyone(cards):
    table = Table(cards)
    table.ok("Ann plays Memnor")
    table.ok("yes")
    assert table.session.summary()["stakes"] == {"dragon": 6, "giant": 9}
    table.ok("Ben plays Skoreaus")  # 9 <= 10: triggers
    assert table.player("Ann")["hoard"] == 20 and table.player("Cat")["hoard"] == 20
    assert table.player("Ben")["hoard"] == 35
    assert table.player("Cat")["hand"] == 7  # anted one, drew one


def test_stronmaus_counts_legendary_and_mortal_cards_once_each(cards):
    table = Table(cards)
    table.ok("Ann plays Hill Giant 1")
    table.ok("Ben plays Hiatea")  # Legendary and a mortal: one card, counted once
    table.ok("Cat plays Storm Giant 13")
    table.ok("Ann leads")
    table.ok("Ann plays The Emperor 6 for the giants")
    table.ok("Ben plays Cloud Giant 7")
    table.ok("Cat plays Io")
    table.ok("Ann leads")
    ruling = table.ok("Ann plays Stronmaus")
    text = table.text(ruling)
    assert "Ben pays 4 to Ann" in text and "Cat pays 4 to Ann" in text
    assert table.player("Ann")["hoard"] == 33


def test_stone_giant_first_payer_draws(cards):
    table = Table(cards, deck="--giants Storm Fire Frost Cloud Stone Hill")
    table.ok("Ann plays Stone Giant 10")
    table.ok("Ben declines")
    ruling = table.ok("Cat pays")
    assert "Ben declined" in table.text(ruling)
    assert table.player("Cat")["hoard"] == 19 and table.player("Ann")["hoard"] == 31
    assert table.player("Cat")["hand"] == 7
    assert table.session.summary()["legendary_deck"] == 47
    table.ok("Ben plays Stone Giant Master")
    table.ok("no")
    table.ok("yes")
    assert table.player("Ann")["hoard"] == 27 and table.player("Ben")["hoard"] == 29


def test_storm_giant_champion_may_pick_the_new_legendary_card(cards):
    table = Table(cards)
    table.ok("Ann plays Storm Giant Champion")
    ruling = table.ok("answer Io 13")  # what went into the ante: named, not discarded
    assert "goes from the top of the Legendary deck face up into the ante" in table.text(ruling)
    assert [p.label for p in table.state.ante][-1] == "Io 13" and table.state.question["kind"] == "ante_card"
    assert table.session.summary()["legendary_deck"] == 46
    table.ok("Ann chooses Io 13")
    assert table.session.summary()["dragon_stakes"] == 9 + 9


def test_shadow_invader_and_grolantor(cards):
    table = Table(cards)
    table.ok("Ann plays Shadow Invader")
    table.ok("Ann picks Ben")
    table.ok("answer Hill Giant 5")
    assert "Ann discards 1 card" in table.text(table.session.last)
    assert table.player("Ben")["hand"] == 5


def test_bahamut_cannot_win_beside_an_evil_dragon(cards):
    table = Table(cards)
    round_one(table, ann="Hill Giant 1", ben="Bahamut 4", cat="Shadow Dragon 6")
    table.ok("Ben leads")
    table.ok("Ben plays Green Dragon 5")  # Bahamut beside an evil dragon: Ben cannot win
    table.ok("Cat pays")
    table.ok("Cat plays Black Dragon 9")
    table.ok("Ann plays Cloud Giant 11")
    table.ok("Cat leads")
    table.ok("Cat plays Copper Dragon 1")
    table.ok("Ann plays Hill Giant 3")
    table.ok("Ben plays Hill Giant 5")
    ruling = table.ok("score")
    text = table.text(ruling)
    assert "Ben cannot win: Bahamut shares the flight with evil dragon" in text
    assert "Cat's dragon flight (16) is the strongest" in text
    assert D.CANNOT_WIN.text[:30] in text


def test_buying_at_the_start_of_a_turn_with_one_card(cards):
    table = Table(cards)
    table.ok("set Ben hand 2")
    table.ok("Ann plays Storm Giant 2")
    table.ok("Ann chooses Cloud Giant 1")  # Storm copies Cloud Giant: Ann draws a Legendary card
    table.ok("Ben plays Cloud Giant 3")  # 3 > 2: no trigger. Ben now holds 1.
    table.ok("Cat plays Storm Giant 4")
    # Round 2: Cat led with the strongest card (4).
    table.ok("Cat plays Frost Giant 9")
    ruling = table.ok("Ann plays Frost Giant 10")
    # Ben holds one card as his turn starts: he buys. The price is his strongest flight card, 3.
    text = table.text(ruling)
    assert "Ben must buy new cards (start of the turn with one card in hand)" in text
    assert table.session.state.question["kind"] == "stakes"
    ruling = table.ok("Ben puts the odd coin on the giant stakes")
    assert table.player("Ben")["hand"] == 5
    summary = table.session.summary()
    assert summary["dragon_stakes"] == 9 + 1 and summary["giant_stakes"] == 6 + 2


def test_buying_with_an_empty_flight_discards_the_top_card(cards):
    # Ann's first turn starts with one card: she buys; with no flight the top card of the main deck sets the price.
    table = Table(cards, choose=None)
    table.ok("set Ann hand 1")
    table.ok("Ann chooses dragon stakes")
    assert table.session.state.question["kind"] == "card"
    table.ok("answer 8")
    assert table.player("Ann")["hoard"] == 25 - 8 and table.player("Ann")["hand"] == 5
    assert table.session.summary()["discard"] == 1
    assert table.session.summary()["dragon_stakes"] == 9 + 4


def test_merchant_prince_takes_the_buying_gold(cards):
    table = Table(cards)
    table.ok("Ann plays The Merchant Prince 4 for the giants")
    table.ok("set Ben hand 1")
    ruling = table.ok("Ben plays Storm Giant 6")
    text = table.text(ruling)
    assert "The Merchant Prince is in force" in text
    assert table.player("Ann")["hoard"] == 25 + 6 and table.player("Ben")["hoard"] == 25 - 6
    assert table.player("Ben")["hand"] == 5


# --- scoring --------------------------------------------------------------------------------------
def _quiet_gambit(table: Table, ann3="Storm Giant 13"):
    table.ok("Ann plays Hill Giant 1")
    table.ok("Ben plays Frost Giant 9")
    table.ok("Cat plays Copper Dragon 10")
    table.ok("Cat plays Hill Giant 6")
    table.ok("Ann plays Cloud Giant 11")
    table.ok("Ben plays The Ordning 12")
    table.ok("Ben plays Hill Giant 7")
    table.ok("Cat plays Copper Dragon 8")
    table.ok(f"Ann plays {ann3}")


def test_priest_splits_with_the_player_on_the_left(cards):
    table = Table(cards)
    table.ok("Ann plays The Priest 1 for the giants")
    table.ok("Ben plays Frost Giant 9")
    table.ok("Cat plays Copper Dragon 10")
    table.ok("Cat plays Hill Giant 6")
    table.ok("Ann plays Cloud Giant 11")
    table.ok("Ben plays The Ordning 12")
    table.ok("Ben plays Hill Giant 7")
    table.ok("Cat plays Copper Dragon 8")
    table.ok("Ann plays Storm Giant 13")
    ruling = table.ok("score")
    text = table.text(ruling)
    # Cat wins the Dragon Stakes (9) and shares with Ann on the left (4); Ben wins the Giant Stakes (6: Ann's
    # flight is 1 + 11 + 13 = 25, Ben's 28) and shares with Cat on his left (3).
    assert "Cat splits 9 with Ann" in text and "Ben splits 6 with Cat" in text
    assert D.PRIEST_SPLIT.text in text
    assert table.player("Cat")["hoard"] == 25 + 5 + 3
    assert table.player("Ben")["hoard"] == 25 + 3
    assert table.player("Ann")["hoard"] == 25 + 4
    assert table.player("Cat")["hoard"] + table.player("Ann")["hoard"] + table.player("Ben")["hoard"] == 90


def test_bronze_warlord_brings_a_fourth_round(cards):
    table = Table(cards)
    table.ok("Ann plays Bronze Warlord 1")
    table.ok("Ben plays Frost Giant 9")
    table.ok("Cat plays Copper Dragon 10")
    table.ok("Cat plays Hill Giant 6")
    table.ok("Ann plays Cloud Giant 11")
    table.ok("Ben plays The Ordning 12")
    table.ok("Ben plays Hill Giant 7")
    table.ok("Cat plays Copper Dragon 8")
    ruling = table.ok("Ann plays Storm Giant 13")
    assert "brings a fourth round" in table.text(ruling)
    assert table.session.summary()["round"] == 4
    table.no("score")


def test_scoring_bonuses(cards):
    table = Table(cards)
    table.ok("Ann plays Hiatea")  # triggers: +2 per flight with a mortal
    table.ok("Ben plays Thrym")  # 9 <= 9: triggers: +3 per player who has been in the hole
    table.ok("Cat plays Surtur")  # 10 > 9: no trigger
    table.ok("Ann leads")
    table.ok("Ann plays The Emperor 6 for the giants")  # triggers: +3 per dragon in Ann's flight
    table.ok("set Cat hole 1")  # as if Cat had gone into the hole this game
    table.ok("Ben plays Storm Giant 8")
    table.ok("Cat plays Copper Dragon 10")
    table.ok("Ann leads")
    table.ok("Ann plays Copper Dragon 1")
    table.ok("Ben plays Copper Dragon 3")
    table.ok("Cat plays Copper Dragon 5")
    ruling = table.ok("score")
    text = table.text(ruling)
    # Ann: Hiatea 9 + Emperor 6 for the giants = 15 giants; +2 x 1 flight with a mortal, +3 x 1 dragon.
    assert "Hiatea the Huntress: +2 × 1" in text
    assert "The Emperor: +3 × 1" in text
    assert "so 20" in text
    # Ben: Thrym 9 + Storm 8 = 17, +3 for Cat's visit to the hole.
    assert "Thrym: +3 × 1" in text and "so 20" in text
    assert "Flights tie for the Giant Stakes" in text


def test_diancastra_draws_when_an_opponent_completes_a_special_flight(cards):
    table = Table(cards)
    table.ok("Ann plays Diancastra")
    table.ok("Ben plays Copper Dragon 6")
    table.ok("Cat plays Copper Dragon 7")
    table.ok("Cat plays Cloud Giant 3")
    table.ok("Ann plays Cloud Giant 8")
    table.ok("Ben plays Hill Giant 6")
    table.ok("Ann plays Hill Giant 7")
    ruling = table.ok("Ben plays Frost Giant 6")  # three 6s: a strength flight
    text = table.text(ruling)
    assert "Ben completes a strength flight of three 6s" in text
    assert "Ann's Diancastra is in their flight" in text
    assert "Ann draws 1 Legendary-deck card" in text
    assert table.session.state.question["kind"] == "table"
    table.ok("Ben steals 2 from the dragon stakes")
    table.ok("done")


def test_hand_limit_of_ten(cards):
    table = Table(cards)
    table.ok("set Ann hand 9")
    ruling = table.ok("Ann plays Hill Giant 1")  # discard 1 (7 left) and draw 2: fine
    assert table.player("Ann")["hand"] == 9
    table.no("Ann draws 3")  # the Hill Giant's draw, which the referee made: never twice
    table.ok("Ann draws 3 more")
    assert table.player("Ann")["hand"] == 10
    assert D.HAND_LIMIT.text in table.text(table.session.last)
    assert ruling.verdict == "ok"


def test_original_copper_dragon_replaces_itself(cards):
    table = Table(cards, deck="--dragons 'original Copper' Brass Silver Black Green Shadow "
                              "--giants Storm Fire Frost Cloud Ordning Hill")
    ruling = table.ok("Ann plays Copper Dragon 4")
    assert "The Giants War book does not print Copper Dragon's strengths" in table.text(ruling)
    assert table.session.state.question["kind"] == "card"
    ruling = table.ok("answer Cloud Giant 9")
    text = table.text(ruling)
    assert "Cloud Giant 9 from the top of the main deck takes the place" in text
    assert "Ann draws 1 Legendary-deck card" in text
    assert [c["card"] for c in table.player("Ann")["flight"]] == ["Cloud Giant"]


def test_hole_settled_after_scoring_ends_the_game(cards):
    table = Table(cards, antes=["Fire Giant 3", "Hill Giant 2", "Cloud Giant 1"], choose=None)
    table.ok("set Ann hoard 3")
    table.ok("Ann chooses dragon stakes")
    table.ok("Ann puts the odd coin on the dragon stakes")
    assert table.player("Ann")["hole"] == 2 and table.player("Ann")["hoard"] == 0
    _quiet_gambit(table)
    ruling = table.ok("score")
    text = table.text(ruling)
    assert "Ann settles the hole: 0 of the 2 owed" in text
    assert "The game ends: Ann could not pay the hole in full; Ann has no gold" in text
    summary = table.session.summary()
    assert summary["over"] and summary["winner"] == "Cat"
    assert table.player("Cat")["hoard"] == 25 + 8
    assert summary["stakes"] == {"dragon": 0, "giant": 0} and summary["pile"] == 0


QUIET = [("Storm Giant", "tda/storm-giant", (2, 4, 6, 8, 10, 11, 13)),
         ("Cloud Giant", "tda/cloud-giant", (1, 3, 6, 7, 8, 9, 11))]
ANSWERS = {"stakes": "dragon", "yesno": "no", "choice": "answer 1", "table": "done", "card": "answer 5",
           "number": "answer 5", "flight_card": "none"}


def answer_questions(table: Table) -> None:
    while table.session.state.question:
        question = table.session.state.question
        if question["kind"] == "ante_card":
            ante = table.session.state.ante
            table.ok(f"answer {ante[0].name} {ante[0].strength}" if ante else "answer Io 13")
        elif question["kind"] == "player":
            table.ok(f"answer {question['options'][0]}")
        else:
            table.ok(ANSWERS[question["kind"]])


def play_out_gambit(table: Table) -> None:
    """Every remaining turn plays some Storm or Cloud Giant not yet face up, answering whatever is asked."""
    state = table.session.state
    while state.phase == "play":
        up = {(p.card_id, p.strength) for player in state.players for p in player.flight}
        up |= {(p.card_id, p.strength) for p in state.ante}
        name, strength = next((name, s) for name, card_id, strengths in QUIET for s in strengths
                              if (card_id, s) not in up)
        table.ok(f"{state.name(state.turn)} plays {name} {strength}")
        answer_questions(table)
        state = table.session.state


def test_shuffle_twice_score_thrice(cards):
    table = Table(cards)
    table.ok("set deck 0")
    table.ok("set discard 30")
    table.ok("Ann plays Hill Giant 1")  # draws 2: the main deck is empty, the discards are shuffled
    summary = table.session.summary()
    assert summary["reshuffles"] == 1 and summary["toasts_left"] == 3
    assert "mid-game shuffle" in table.text(table.session.last)
    toasts = ["To the dragons!", "To the giants!", "To us mortals!"]
    for gambit, toast in enumerate(toasts):
        play_out_gambit(table)
        ruling = table.ok("score")
        assert toast in table.text(ruling)
        if gambit < 2:
            assert not table.session.state.over
            for name, card in zip(["Ann", "Ben", "Cat"], ["Fire Giant 3", "Hill Giant 2", "Cloud Giant 1"]):
                table.ok(f"{name} antes {card}")
            table.ok("Ann chooses dragon stakes")
            answer_questions(table)
    text = table.text(table.session.last)
    assert "the Fool card has been toasted" in text and "The game ends" in text
    assert table.session.summary()["over"]


# --- data-driven powers ------------------------------------------------------------------------
def test_a_user_card_file_gives_an_unprinted_power(tmp_path):
    from referee.core.carddb import load_cards

    (tmp_path / "silver.yaml").write_text(
        "schema: 1\ngame: tda\nbook: tda\ncards:\n"
        "  - id: house/silver-dragon\n    name: Silver Dragon\n    type: dragon\n    color: Silver\n"
        "    alignment: good\n    strengths: [2, 3, 4, 6, 7, 9, 12]\n    summary: House rule Silver.\n"
        "    cites: [tda/glossary/color]\n    power:\n      summary: Each opponent pays you 2.\n"
        "      effects:\n        - {op: pay, amount: 2, who: each_opponent, to: self}\n", encoding="utf-8")
    cards = load_cards([tmp_path])
    table = Table(cards)
    table.ok("Ann plays Silver Dragon 6")
    assert table.player("Ann")["hoard"] == 29 and table.player("Ben")["hoard"] == 23


def test_defaults_are_labelled():
    for default in D.ALL:
        assert "not from the Giants War book" in default.label()
        assert default.cites


def test_summary_for_json(cards):
    table = Table(cards)
    table.ok("Ann plays Io")
    summary = table.session.summary()
    ann = summary["players"][0]
    assert ann["name"] == "Ann" and ann["hoard"] == 22 and ann["side"] == "dragons" and ann["strength"] == 13
    assert ann["flight"] == [{"card": "Io", "strength": 13, "side": None, "triggered": True, "kind": "dragon_god"}]
    assert summary["stakes"] == {"dragon": 18, "giant": 6}
    toolbar = table.session.toolbar()
    assert "Dragon 18" in toolbar and "Giant 6" in toolbar and "lead Ann" in toolbar and "round 1" in toolbar
    assert "Ann 13D" in toolbar
