"""Completion forgives: misspelled card names, players after an unquoted card, `set`, `new`, Giants War strengths."""

from __future__ import annotations

import re

from prompt_toolkit.document import Document

from referee.core.session import Session
from referee.shell.completer import RefereeCompleter


def offered(session, text):
    return [c.text for c in RefereeCompleter(session).get_completions(Document(text), None)]


def rdi(cards):
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin Wizgille Serena")
    return session


def test_misspelled_card_name_completes(cards):
    assert offered(rdi(cards), "Phrenk plays lookng gren")[0] == '"You\'re looking a little green. Drink this."'


def test_own_deck_first(cards):
    session = rdi(cards)
    first = offered(session, "Kaylin plays ")[:5]
    owners = {c.name: c.owner for c in cards.cards if c.game == "rdi"}
    assert all(owners[name.strip('"')] == "Kaylin" for name in first)


def test_player_after_an_unquoted_card(cards):
    assert offered(rdi(cards), "Kaylin plays dont call me cute on Ka") == ["Kaylin"]
    assert offered(rdi(cards), 'Kaylin plays "Don\'t call me cute!" on S') == ["Serena"]
    assert offered(rdi(cards), "Phrenk orders a drink for W") == ["Wizgille"]


def test_card_names_with_a_preposition_still_complete(cards):
    assert '"I think you should stop playing with the drinks"' in offered(rdi(cards), "Kaylin plays stop playing with")


def test_set_arguments(cards):
    session = rdi(cards)
    assert {"Kaylin", "inn", "pot"} <= set(offered(session, "set "))
    assert offered(session, "set Kaylin ")[:5] == ["fortitude", "alcohol", "gold", "piety", "drinkme"]
    assert "mood" in offered(session, "set Kaylin ") and "toward" in offered(session, "set Kaylin ")
    assert offered(session, "set phase ") == ["discard", "action", "order", "drink"]
    assert offered(session, "set active ") == [p.name for p in session.state.players]
    assert offered(session, "set Kaylin go") == ["gold"]


def test_verbs_commands_and_new_options(cards):
    session = rdi(cards)
    assert "plays" in offered(session, "Kaylin ") and "orders a drink for" in offered(session, "Kaylin ")
    assert offered(session, "can Kaylin ") == ["play"]
    assert offered(Session(cards), "new ") == ["rdi", "tda"]
    assert offered(Session(cards), "new rdi Ann --rules ") == ["gii", "rdi3"]
    assert "Kaylin" in offered(Session(cards), "new rdi Ka")
    assert "gambling" in offered(session, "help gam")
    assert offered(session, "verbose o") == ["on", "off"]


def test_giants_war_strengths_from_the_card_list(cards):
    session = Session(cards)
    session.handle("new tda Ann Ben Cat --giants Storm Fire Frost Cloud Ordning Hill")  # Storm Giants in this game
    storm = [c for c in cards.cards if c.game == "tda" and c.name == "Storm Giant"][0]
    assert offered(session, "Ben plays storm gint")[: len(storm.get("strengths"))] == \
        [f"Storm Giant {s}" for s in storm.get("strengths")]
    assert offered(session, "Ben plays Storm Giant 1")[0].startswith("Storm Giant 1")
    assert offered(session, "Cat plays The Thief 7 f") == ["for the dragons", "for the giants"]
    assert offered(session, "Ben pays A") == ["Ann"]


def test_answers_to_the_open_question(cards):
    session = Session(cards)
    session.handle("new tda Ann Ben Cat --giants Storm Fire Frost Cloud Ordning Hill")
    for line in ("Ann antes Storm Giant 10", "Ben antes Cloud Giant 6", "Cat antes Fire Giant 5"):
        session.handle(line)
    assert offered(session, "Ann chooses ") == ["dragon stakes", "giant stakes"]
    assert offered(session, "answer g") == ["giant stakes"]


def test_answers_to_a_waiting_choice(cards):
    session = Session(cards)
    for line in ("new rdi Ann Bob Cat", 'learn "X": action: choose one: (gain 2 Fortitude) or (lose 2 Alcohol Content)',
                 "Ann plays X"):
        session.handle(line)
    assert offered(session, "Ann chooses ") == ["1", "2", '"gain 2 Fortitude"', '"lose 2 Alcohol Content"']
    assert offered(session, "answer ") == ["1", "2", '"gain 2 Fortitude"', '"lose 2 Alcohol Content"']
    session.handle("Ann chooses 1")
    assert "1" not in offered(session, "answer ")


def meta(session, text):
    return [(c.text, c.display_meta_text) for c in RefereeCompleter(session).get_completions(Document(text), None)]


def test_the_cards_that_could_be_played_now_come_first_then_the_rest_marked(cards):
    session = rdi(cards)  # Phrenk goes first: his Action phase
    offers = meta(session, "Serena plays ")
    tiers = [("not at this table" in m, "not now" in m or not m.startswith(("Serena", "Character Decks")))
             for _, m in offers]
    assert tiers == sorted(tiers), offers  # playable now, then her cards not now, then others, then off the table
    first = offers[0][0].strip('"')
    assert session.handle(f'can Serena play "{first}"').code == "yes"
    not_now = next(text for text, m in offers if m == "Serena · not now")
    assert session.handle(f"can Serena play {not_now}").code.startswith("no")
    # and then she plays what completion put first, and the table goes on
    assert session.handle(f'Serena plays "{first}"').verdict == "ok"


def test_only_decks_at_the_table_come_before_the_rest(cards):
    session = rdi(cards)
    offers = meta(session, "Phrenk plays mo")
    away = [text for text, m in offers if m.endswith("not at this table")]
    assert '"Bard Otto"' in away and all(m.endswith("not at this table") for _, m in offers[len(offers) - len(away):])
    assert not any("Molly" in m and "not at this table" not in m for _, m in meta(session, "Phrenk plays "))
    tda = Session(cards)
    tda.handle("new tda Ann Ben Cat")  # the default giants: no Storm Giants in this game
    storms = [m for text, m in meta(tda, "Ann antes storm gi") if re.fullmatch(r"Storm Giant \d+", text)]
    assert storms and all(m.endswith("not at this table") for m in storms)
    assert meta(tda, "Ann antes fire gi")[0] == ("Fire Giant 1", "giant")


def test_a_player_is_offered_their_own_characters_verbs_only(cards):
    session = rdi(cards)
    serena, phrenk = offered(session, "Serena "), offered(session, "Phrenk ")
    assert "tithes" in serena and "cooks" not in serena and "sells" not in serena
    assert "sells" in phrenk and "tithes" not in phrenk and "plays" in phrenk
    assert offered(session, "Serena t") == ["takes gold", "tithes"]


def test_the_player_to_speak_comes_first_on_an_empty_line(cards):
    session = rdi(cards)
    assert offered(session, "")[:4] == ["Phrenk", "Kaylin", "Wizgille", "Serena"]
    assert session.handle("set active Wizgille").verdict == "ok"
    assert offered(session, "")[:4] == ["Wizgille", "Phrenk", "Kaylin", "Serena"]
    assert offered(session, "Wizgille ")[0] == "plays"  # and the line goes on from there


def test_a_verb_offers_the_kind_of_card_it_takes_first(cards):
    session = Session(cards)
    session.handle("new rdi Phrenk Kaylin Serena Roxana")
    cooks = [c.type for c in cards.cards if c.game == "rdi" and c.owner == "Roxana"]
    assert "recipe" in cooks
    first = offered(session, "Roxana cooks ")[:cooks.count("recipe")]
    recipes = {f'"{c.name}"' for c in cards.cards if c.game == "rdi" and c.type == "recipe"}
    assert first and set(first) <= recipes
    assert all(text in {f'"{c.name}"' for c in cards.cards if c.type == "potion"}
               for text in offered(session, "Phrenk sells ")[:3])
    assert offered(session, "Kaylin reveals ")[0] in {f'"{c.name}"' for c in cards.cards if c.type in ("drink", "drink_event")}
