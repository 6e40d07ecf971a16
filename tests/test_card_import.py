"""`referee cards import / export / learned / forget`: whole decks a table owns, all or nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.core import learned
from referee.core.carddb import load_cards
from referee.core.ruling import REFUSED
from referee.core.session import Session

runner = CliRunner()
DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    """Each test its own user folders, so learned cards never leak between tests."""
    monkeypatch.setenv("REFEREE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))


def run(*args: str):
    return runner.invoke(app, list(args))


def learned_by_name() -> dict[str, dict]:
    return {card["name"]: card for _, card in learned.learned_cards()}


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sample_csv_imports_with_a_report():
    result = run("cards", "import", str(DOCS / "sample-deck.csv"))
    assert result.exit_code == 0, result.output
    assert "Brannoc the Piper's deck: 9 cards, 15 physical cards; 8 modelled, 1 unmodelled (Swap Instruments)" \
        in result.output
    assert "Drink Deck: 2 cards, 3 physical cards; 2 modelled." in result.output
    cards = learned_by_name()
    assert len(cards) == 11
    assert cards["Kettle Drum Solo"]["count"] == 3
    assert cards["Kettle Drum Solo"]["phrase"] == "action: another player loses 2 Fortitude"
    assert cards["Kettle Drum Solo"]["owner"] == "Brannoc the Piper"
    assert cards["Bog Water Stout"]["alcohol"] == 3 and cards["Bog Water Stout"]["fortitude"] == -1
    assert cards["Peppermint Fizz"]["chaser"] is True and cards["Peppermint Fizz"]["deck"] == "Drink Deck"


def test_the_sample_yaml_imports_to_the_same_cards_as_the_csv():
    assert run("cards", "import", str(DOCS / "sample-deck.yaml")).exit_code == 0
    from_yaml = learned_by_name()
    for name in list(from_yaml):
        run("cards", "forget", name)
    assert learned_by_name() == {}
    assert run("cards", "import", str(DOCS / "sample-deck.csv")).exit_code == 0
    assert learned_by_name() == from_yaml


def test_imported_cards_pass_the_card_checker_and_are_found_by_a_look_up():
    run("cards", "import", str(DOCS / "sample-deck.csv"))
    assert run("cards", "check").exit_code == 0
    result = run("card", "kettle drum solo")
    assert result.exit_code == 0 and "another player loses 2 Fortitude" in result.output


def test_one_broken_row_refuses_the_whole_file_naming_each_line(tmp_path):
    deck = write(tmp_path / "deck.csv",
                 "name,character,type,quantity,phrase\n"
                 "Good Card,Brannoc,action,1,another player loses 1 Fortitude\n"
                 "\n"
                 "Bad Kind,Brannoc,spell,1,gain 1 Fortitude\n"
                 'Bad Words,Brannoc,action,1,"another player\nsings loudly"\n'
                 "Bad Count,Brannoc,action,none,gain 1 Gold\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 1
    assert f"{deck}:4: type: 'spell' is not a card kind" in result.output
    assert f"{deck}:5: phrase: cannot be read at 'sings' (word 3)" in result.output
    assert f"{deck}:7: quantity: must be a whole number from 1 to 999, not 'none'" in result.output
    assert "nothing imported" in result.output
    assert learned.learned_cards() == []


def test_a_broken_yaml_effect_names_its_line(tmp_path):
    deck = write(tmp_path / "deck.yaml",
                 "cards:\n"
                 "  - name: Fine\n"
                 "    phrase: 'anytime: gain 1 Fortitude'\n"
                 "  - name: Broken\n"
                 "    type: action\n"
                 "    effects:\n"
                 "      - {op: lose, attr: fortitud, amount: 1}\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 1
    assert f"{deck}:6: effects[0].attr: must be one of fortitude, alcohol, gold" in result.output
    assert learned.learned_cards() == []


def test_a_name_twice_in_one_file_is_refused(tmp_path):
    deck = write(tmp_path / "deck.csv", "name,type,phrase\nEcho,action,gain 1 Gold\necho!,action,gain 2 Gold\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 1 and f"{deck}:3: name: 'echo!' is also on line 2" in result.output


def test_importing_again_replaces_the_cards_learned_before():
    run("cards", "import", str(DOCS / "sample-deck.csv"))
    again = run("cards", "import", str(DOCS / "sample-deck.yaml"))
    assert again.exit_code == 0 and "Replaces 11 cards learned before: Kettle Drum Solo, " in again.output
    assert len(learned_by_name()) == 11


def test_a_dry_run_writes_nothing(tmp_path):
    result = run("cards", "import", str(DOCS / "sample-deck.csv"), "--dry-run")
    assert result.exit_code == 0
    assert "Dry run: nothing written." in result.output and "15 physical cards" in result.output
    assert learned.learned_cards() == [] and not learned.learned_dir().exists()


def test_a_clash_with_a_shipped_card_is_reported_and_the_tables_card_takes_effect(tmp_path):
    deck = write(tmp_path / "drinks.csv", "name,deck,type,phrase\nWine,Drink Deck,drink,5 Alcohol Content\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 0
    assert "1 name clashes with shipped cards: Wine." in result.output
    looked_up = json.loads(run("card", "wine", "--json").stdout)
    assert looked_up["alcohol"] == 5 and looked_up["book"] == "table"


def test_for_gives_the_deck_of_rows_that_name_none(tmp_path):
    deck = write(tmp_path / "deck.csv", "name,character,type,phrase\nMine,,action,gain 1 Gold\nTheirs,Zot,action,gain 2 Gold\n")
    assert run("cards", "import", str(deck), "--for", "Fiona").exit_code == 0
    cards = learned_by_name()
    assert cards["Mine"]["deck"] == "Fiona's deck" and cards["Theirs"]["deck"] == "Zot's deck"


def test_a_file_that_is_not_utf8_or_missing_gets_one_plain_line(tmp_path):
    deck = tmp_path / "deck.csv"
    deck.write_bytes(b"name,type,phrase\n\xff\xfeOdd,action,gain 1 Gold\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.strip().count("\n") == 0 and "is not UTF-8 text (line 2" in result.output
    missing = run("cards", "import", str(tmp_path / "nope.yaml"))
    assert missing.exit_code == 1 and missing.output.strip() == f"Cannot read {tmp_path / 'nope.yaml'}: No such file or directory."


@pytest.mark.parametrize("suffix", [".yaml", ".csv"])
def test_export_then_import_gives_identical_cards(tmp_path, suffix):
    run("cards", "import", str(DOCS / "sample-deck.yaml"))
    # A card learned at the table, in the table's own casing, joins the same deck.
    learned.save([_table_card("Lucky Chord", "Action: you take control of the Round", "Brannoc the Piper")])
    before = learned_by_name()
    out = tmp_path / f"brannoc{suffix}"
    result = run("cards", "export", "brannoc the piper", "-o", str(out))
    assert result.exit_code == 0 and "Wrote 10 cards of Brannoc the Piper's deck" in result.output
    drinks = tmp_path / f"drinks{suffix}"
    assert run("cards", "export", "Drink Deck", "-o", str(drinks)).exit_code == 0
    for name in before:
        assert run("cards", "forget", name).exit_code == 0
    assert learned_by_name() == {}
    assert run("cards", "import", str(out)).exit_code == 0
    assert run("cards", "import", str(drinks)).exit_code == 0
    assert learned_by_name() == before


def _table_card(name: str, phrase: str, owner: str) -> dict:
    from referee.games.rdi.learning import build_card

    return build_card(name, phrase, owner)


def test_export_prints_yaml_and_refuses_an_unknown_deck():
    run("cards", "import", str(DOCS / "sample-deck.csv"))
    result = run("cards", "export", "Drink Deck")
    assert result.exit_code == 0 and "name: Bog Water Stout" in result.stdout
    missing = run("cards", "export", "Nobody")
    assert missing.exit_code == 1 and "No learned cards in Nobody's deck" in missing.output


def test_learned_lists_and_forget_removes_one():
    assert "No learned cards yet" in run("cards", "learned").output
    run("cards", "import", str(DOCS / "sample-deck.csv"))
    listing = run("cards", "learned").output
    assert "Brannoc the Piper's deck:" in listing
    assert "  Kettle Drum Solo x3 (action): action: another player loses 2 Fortitude" in listing
    assert "11 learned cards" in listing
    rows = {row["name"]: row for row in json.loads(run("cards", "learned", "--json").stdout)}
    assert rows["Peppermint Fizz"] == {"name": "Peppermint Fizz", "deck": "Drink Deck", "kind": "drink",
                                       "phrase": "drink: 2 Alcohol Content, with a Chaser", "count": 1,
                                       "id": "table/rdi/peppermint-fizz"}
    forgot = run("cards", "forget", "kettle drum solo")
    assert forgot.exit_code == 0 and "Forgot Kettle Drum Solo (Brannoc the Piper's deck)." in forgot.output
    assert "Kettle Drum Solo" not in learned_by_name()
    again = run("cards", "forget", "Kettle", "Drum", "Solo")
    assert again.exit_code == 1 and again.output.strip() == \
        "No learned card is called 'Kettle Drum Solo'; `referee cards learned` lists them."


def test_the_format_page_shows_the_shipped_sample_file():
    page = (DOCS / "card-import.md").read_text(encoding="utf-8")
    shown = page.split("```csv\n", 1)[1].split("```", 1)[0]
    assert shown == (DOCS / "sample-deck.csv").read_text(encoding="utf-8")


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PIECES = st.sampled_from(["name", "type", "phrase", "quantity", "effects", "alcohol", "chaser", "cards", "character",
                          ",", ":", "\n", "  ", "- ", '"', "[", "]", "{", "}", "action", "drink", "3", "-1",
                          "another player loses 2 Fortitude", "op: lose", "\xff", "é", "#", "? ", "&a", "*a"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pieces=st.lists(PIECES, max_size=40), suffix=st.sampled_from([".csv", ".yaml", ".txt"]))
def test_no_deck_file_shows_a_traceback(tmp_path, pieces, suffix):
    deck = tmp_path / f"deck{suffix}"
    deck.write_bytes("".join(pieces).encode("utf-8").replace("ÿ".encode(), b"\xff"))
    result = run("cards", "import", str(deck), "--dry-run")
    assert result.exit_code in (0, 1), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


# ------------------------------------------------------------------ shared cards in a deck list

def _play(*lines: str) -> Session:
    """A new game with the learned folder as it is now; every line must be accepted."""
    session = Session(load_cards())
    for line in lines:
        ruling = session.handle(line)
        assert ruling.verdict != REFUSED, (line, ruling.message)
    return session


def test_shared_cards_named_as_printed_count_as_copies_and_change_no_card(tmp_path):
    deck = write(tmp_path / "natyli.csv",
                 "name,character,type,quantity,phrase\n"
                 "Gambling? I'm in!,Natyli,,2,\n"                                # no wording: the printed card
                 "I don't think so,Natyli,sometimes,1,negate a Sometimes card\n"  # an alias, the printed effects
                 "Lucky Charm,Natyli,cheating,1,you take control of the Round\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 0, result.output
    assert ("Natyli's deck: 1 card, 1 physical card; 1 modelled; 3 shared cards counted as copies of the printed "
            "cards, which every deck may hold: Gambling? I'm in! (2), I don't think so! (1).") in result.output
    assert "clash" not in result.output and "version" not in result.output
    assert list(learned_by_name()) == ["Lucky Charm"]
    shipped = json.loads(run("card", "Gambling? I'm in!", "--json").stdout)
    assert shipped["id"] == "common/gambling-im-in" and shipped["owner"] == "shared"
    # Playing on: both players hold the printed card; Natyli's Round antes and she is in control.
    session = _play("new rdi Natyli Kaylin", 'Natyli plays "Gambling? I\'m in!"', "resolve")
    assert session.state.pot == 2 and session.state.round.control == 0
    session = _play("new rdi Natyli Kaylin", 'Natyli plays "Gambling? I\'m in!"', "resolve",
                    'Kaylin plays "Gambling? I\'m in!"', "resolve", 'Natyli plays "Lucky Charm"', "resolve",
                    "Kaylin passes")
    assert [p.gold for p in session.state.players] == [9, 7] and session.state.pot == 0


def test_a_shared_card_in_a_wording_of_its_own_is_that_decks_version_only(tmp_path):
    deck = write(tmp_path / "natyli.csv", "name,character,type,quantity,phrase\n"
                                          "Gambling? I'm in!,Natyli,action,2,start a Round of Gambling\n"
                                          "Lucky Charm,Natyli,cheating,1,you take control of the Round\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 0, result.output
    assert ("1 table version of a shared card for one deck only: Gambling? I'm in! (Natyli's deck). Its wording "
            "differs from the printed card") in result.output
    assert "clash" not in result.output
    version = learned_by_name()["Gambling? I'm in!"]
    assert version["id"] == "table/rdi/natyli/gambling-im-in" and version["edition"] == "Natyli's deck"
    assert run("cards", "check").exit_code == 0
    assert json.loads(run("card", "Gambling? I'm in!", "--json").stdout)["id"] == "common/gambling-im-in"
    # Natyli's version starts a Round by the rule of its kind: everyone antes 1 and she is in control.
    session = _play("new rdi Natyli Kaylin", 'Natyli plays "Gambling? I\'m in!"')
    assert "Natyli's own version" in " ".join(s.text for s in session.last.steps)
    session.handle("resolve")
    assert session.state.pot == 2 and session.state.round.control == 0
    # Kaylin's is the printed card: it takes control mid-Round, never refused as Natyli's.
    ruling = session.handle('Kaylin plays "Gambling? I\'m in!"')
    assert ruling.verdict != REFUSED and "the shared printing" in " ".join(s.text for s in ruling.steps)
    session.handle("resolve")
    assert session.state.round.control == 1
    # Natyli's own version is an Action that only starts a Round: not playable during one...
    refused = session.handle('Natyli plays "Gambling? I\'m in!"')
    assert refused.verdict == REFUSED and "normal play is suspended" in refused.message
    # ...and the printed card, named `shared`, is hers to play as well.
    for line in ('Natyli plays shared "Gambling? I\'m in!"', "resolve", "Kaylin passes"):
        assert session.handle(line).verdict != REFUSED, line
    assert [p.gold for p in session.state.players] == [9, 7]


def test_a_shared_cards_own_wording_needs_the_deck_that_holds_it(tmp_path):
    deck = write(tmp_path / "deck.csv", "name,type,phrase\nI raise!,gambling,every player still in the Round "
                                        "antes 2 Gold and you take control of the Round\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 1
    assert (f"{deck}:2: character: I raise! is a shared card: every deck may hold the printed one, so a wording of "
            "the table's own is one deck's version and needs that deck: give it (or `--for CHARACTER`), or leave "
            "`phrase` empty to count copies of the printed card") in result.output
    assert run("cards", "import", str(deck), "--for", "Natyli").exit_code == 0
    assert learned_by_name()["I raise!"]["deck"] == "Natyli's deck"


def test_a_shared_card_named_with_another_kind_is_refused(tmp_path):
    deck = write(tmp_path / "deck.csv", "name,character,type,quantity,phrase\nI raise!,Natyli,sometimes,1,\n"
                                        "Gambling? I'm in!,Natyli,gambling,1,\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 1
    assert f"{deck}:2: type: says sometimes, but the printed I raise! is gambling: give that, or leave it empty" \
        in result.output
    assert f"{deck}:3:" not in result.output  # "Action - Gambling": either word names it


def test_copies_with_no_deck_named_are_reported_as_such(tmp_path):
    deck = write(tmp_path / "deck.csv", "name,quantity\nWinning Hand,2\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 0, result.output
    assert ("No deck named: 2 shared cards counted as copies of the printed card, which every deck may hold: "
            "Winning Hand! (2).") in result.output
    assert learned.learned_cards() == []


def test_importing_the_deck_again_forgets_a_card_that_took_a_shared_cards_place(tmp_path):
    # What an earlier import made of "Gambling? I'm in!": a card of Natyli's that replaced the printed one.
    learned.save([_table_card("Gambling? I'm in!", "action: start a Round of Gambling", "Natyli")])
    assert json.loads(run("card", "Gambling? I'm in!", "--json").stdout)["book"] == "table"
    deck = write(tmp_path / "natyli.csv", "name,character,quantity\nGambling? I'm in!,Natyli,2\n")
    result = run("cards", "import", str(deck))
    assert result.exit_code == 0, result.output
    assert ("Forgets 1 card learned before under a shared card's name in the same deck, which this file now counts "
            "or words anew: Gambling? I'm in! (Natyli's deck).") in result.output
    assert learned_by_name() == {}
    assert json.loads(run("card", "Gambling? I'm in!", "--json").stdout)["id"] == "common/gambling-im-in"
    _play("new rdi Natyli Kaylin=Kaylin", "Natyli draws", 'Natyli plays "Gambling? I\'m in!"', "resolve",
          'Kaylin plays "Gambling? I\'m in!"')
