"""Learning cards at the table: remembered in the user's folder, known to later games and to
`referee card`, kept by the game itself (resume is exact whatever happens to the files), and
random cards from the phrase grammar keep every invariant."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.cli import app
from referee.core import learned
from referee.core.carddb import load_cards
from referee.core.phrases import same_effects
from referee.core.ruling import ASK, REFUSED
from referee.core.session import Session
from referee.core.store import Store
from referee.games.rdi.phrases import parse_card_phrase
from kept_cards import POCKET_SAND, assert_pocket_sand_kept, user_env
from rdi_lines import plausible_lines

PLAYERS = "new rdi Ann=Fiona Bob=Gerki Cat=Zot Dee=Deirdre"


@pytest.fixture
def user_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path


def test_learned_cards_are_known_to_the_next_game_and_to_card_lookup(user_folder):
    store = Store(user_folder / "games.sqlite3")
    session = Session(load_cards(), store, remember_learned=True)
    for line in (PLAYERS, "Ann draws", 'Ann plays "Pickpocket" on Cat',
                 'learn "Pickpocket": action: another player pays you 2 Gold', "resolve"):
        assert session.handle(line).verdict != REFUSED, line
    assert session.state.players[0].gold == 12
    assert [c["name"] for _, c in learned.learned_cards()] == ["Pickpocket"]

    second = Session(load_cards(), store)
    second.handle(PLAYERS)
    second.handle("Ann draws")
    ruling = second.handle('Ann plays Pickpocket on Bob')
    assert ruling.verdict != REFUSED and "Pickpocket" in ruling.message
    result = CliRunner().invoke(app, ["card", "pickpocket"])
    assert result.exit_code == 0, result.output
    assert "taught by this table" in result.output


def test_resume_is_exact_after_the_learned_card_is_edited_or_forgotten(user_folder):
    path = user_folder / "games.sqlite3"
    session = Session(load_cards(), Store(path), remember_learned=True)
    for line in (PLAYERS, 'learn "Sword of Might": action: another player loses 3 Fortitude', "Ann draws",
                 'Ann plays "Sword of Might" on Bob'):
        session.handle(line)
    expected = session.state.to_dict()
    card = learned.learned_cards()[0][1]
    learned.save([{**card, "effects": [{"op": "lose", "attr": "fortitude", "amount": 9, "who": "target"}]}])
    resumed = Session(load_cards(), Store(path))
    resumed.resume()
    assert resumed.state.to_dict() == expected
    learned.forget("Sword of Might")
    again = Session(load_cards(), Store(path))
    again.resume()
    assert again.handle("resolve").verdict != REFUSED
    assert again.state.players[1].fortitude == 17  # the game's own 3, not the edited 9


def test_learn_refuses_an_unreadable_phrase_at_the_word(cards):
    session = Session(cards)
    session.handle(PLAYERS)
    ruling = session.handle('learn "Sword of Might": action: another player loses three Fortitud')
    assert ruling.verdict == REFUSED
    assert "'Fortitud'" in ruling.message
    assert all(word in ruling.message.split("expected")[1] for word in ("Alcohol Content", "Fortitude", "Gold"))
    assert not session.state.table_cards


def test_a_shipped_card_keeps_its_words_and_the_table_version_is_used_here(cards):
    session = Session(cards)
    session.handle(PLAYERS)
    ruling = session.handle('learn "Wine": drink: 5 Alcohol Content')
    assert "the books' card stays as printed" in ruling.message
    assert cards.lookup("Wine").found.get("alcohol") == 2
    assert session.cards_in_play.lookup("Wine").found.get("alcohol") == 5


def test_an_unclear_name_asks_and_a_clear_one_is_taken(cards):
    session = Session(cards)
    session.handle("new rdi Kaylin Phrenk")
    session.handle("Kaylin draws")
    asked = session.handle("Kaylin plays Dont call me cut on Phrenk")
    assert asked.verdict != ASK and "Taking" in " ".join(s.text for s in asked.steps)
    session.handle("undo")
    asked = session.handle("Kaylin plays Shield Bash on Phrenk")
    assert asked.verdict == ASK and 'learn "Shield Bash"' in " ".join(s.text for s in asked.steps)


# ------------------------------------------------------------------ random cards from the grammar

SUBJECTS = ["another player", "each other player", "you"]
ATTRS = ["Fortitude", "Alcohol Content", "Gold"]


PRINTED = [  # card text as printed, {n} a number (issue 18: taught cards read as the card reads)
    ("action", "Action — Pick another player. They lose {n} Fortitude."),
    ("action", "action: Each player pays {n} Gold to the Inn. Draw a card."),
    ("action", "Action: Choose one: gain {n} Fortitude, or lose {n} Alcohol Content."),
    ("action", "action: Put this card in front of another player. At the start of their turn, they lose 1 Fortitude."),
    ("action", "Action: Each other player chooses one: lose 1 Fortitude, or pay you {n} Gold."),
    ("sometimes", "Sometimes: Play when you would lose Fortitude. Reduce that loss by {n}."),
    ("sometimes", "sometimes: Reduce the Fortitude another player loses by {n}."),
    ("sometimes", "Sometimes: Play after you lose Fortitude from another player's card. That player loses {n} Fortitude."),
    ("anytime", "(Anytime) Take {n} Gold from the Inn."),
    ("drink", "Drink: +{n} Alcohol Content. Each other player pays you 1 Gold."),
    ("drink", "Drink: Gain {n} Alcohol Content. Draw a card. This Drink has a Chaser."),
]


@st.composite
def card_phrases(draw):
    if draw(st.booleans()):
        kind, text = draw(st.sampled_from(PRINTED))
        return kind, text.format(n=draw(st.integers(0, 4)))
    kind = draw(st.sampled_from(["action", "sometimes", "anytime", "drink"]))
    if kind == "drink":
        extra = draw(st.sampled_from(["", ", lose 1 Fortitude", ", gain 1 Fortitude", ", with a Chaser"]))
        return kind, f"drink: {draw(st.integers(0, 5))} Alcohol Content{extra}"
    clauses = []
    picked = False
    for _ in range(draw(st.integers(1, 2))):
        form = draw(st.integers(0, 3))
        n = draw(st.integers(0, 4))
        who = draw(st.sampled_from(SUBJECTS))
        if who == "another player" and picked:  # a card picks one player: named once, "that player" afterwards
            who = "that player"
        verb = lambda v: v if who == "you" else v + "s"  # noqa: E731
        if (form == 0 or form == 1 and who != "you") and who != "you":
            picked = picked or who in ("another player", "that player")
        if form == 0:
            clauses.append(f"{who} {verb(draw(st.sampled_from(['gain', 'lose'])))} {n} {draw(st.sampled_from(ATTRS))}")
        elif form == 1 and who != "you":
            clauses.append(f"{who} {verb('pay')} you {n} Gold")
        elif form == 2 and kind == "sometimes":
            clauses.append(f"ignore a card that affects your {draw(st.sampled_from(ATTRS))}")
        else:
            clauses.append(f"{'negate an Action card' if kind == 'sometimes' else 'gain 1 Fortitude'}")
    return kind, f"{kind}: " + ", ".join(clauses)


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                           HealthCheck.too_slow])


@SETTINGS
@given(phrases=st.lists(card_phrases(), min_size=2, max_size=6), seed=st.integers(0, 10**6))
def test_random_learned_cards_keep_every_invariant(cards, tmp_path_factory, phrases, seed):
    path = tmp_path_factory.mktemp("store") / "games.sqlite3"
    session = Session(cards, Store(path))
    session.handle(PLAYERS)
    names = []
    for index, (kind, phrase) in enumerate(phrases):
        name = f"Table Card {index}"
        assert session.handle(f'learn "{name}": {phrase}').verdict != REFUSED, phrase
        taught = session.cards_in_play.lookup(name).found  # what it says back is a phrase that reads the same
        assert same_effects(parse_card_phrase(taught.summary).effects, taught.effects), (phrase, taught.summary)
        names.append((kind, name))
    rng = random.Random(seed)
    total = session.state.total_gold()
    states = [session.state.to_dict()]
    players = [p.name for p in session.state.players]
    for _ in range(70):
        if session.state.over:
            break
        roll = rng.random()
        kind, name = rng.choice(names)
        if roll < 0.35 and kind != "drink":
            line = f'{rng.choice(players)} plays "{name}" on {rng.choice(players)}'
        elif roll < 0.45 and kind == "drink":
            line = f'{players[session.state.active]} reveals "{name}"'
        else:
            line = plausible_lines(session, rng, 1)[0]
        before = session.state.to_dict()
        ruling = session.handle(line)
        if ruling.verdict == REFUSED:
            assert session.state.to_dict() == before, line
            assert "internal-error" != ruling.code, ruling.message
            continue
        state = session.state.to_dict()
        states.append(state)
        assert sum(p["gold"] for p in state["players"]) + state["inn"] + state["pot"] == total
        for p in state["players"]:
            assert 0 <= p["fortitude"] <= 20 and 0 <= p["alcohol"] <= 20 and p["gold"] >= 0
    resumed = Session(cards, Store(path))
    resumed.resume(session.game_id)
    assert resumed.state.to_dict() == states[-1]
    for expected in reversed(states[:-1]):
        session.handle("undo")
        assert session.state.to_dict() == expected


def test_a_taught_cards_summary_is_its_phrase_and_reads_back(cards):
    """`referee card` shows a taught card's summary as its phrase, without parsing: it must read back."""
    from referee.core.phrases import same_effects
    from referee.games.rdi.phrases import parse_card_phrase

    session = Session(cards)
    session.handle(PLAYERS)
    session.handle('learn "Brew of Mist": drink: two Alcohol Content, with a Chaser and gain 1 Fortitude')
    card = session.cards_in_play.lookup("Brew of Mist").found
    assert same_effects(parse_card_phrase(card.summary).effects, card.effects)
    assert card.summary == "drink: 2 Alcohol Content, with a Chaser, gain 1 Fortitude"


def test_a_learned_card_first_played_in_a_later_game_joins_that_deck_and_is_saved(user_folder):
    """A card read back from the learned folder (it carries line numbers) is copied into the game and written
    again when its deck becomes known; the accepted line stays accepted."""
    first = Session(load_cards(), Store(user_folder / "a.sqlite3"), remember_learned=True)
    first.handle(PLAYERS)
    first.handle('learn "Jester Cap": action: another player gains 1 Alcohol Content')
    second = Session(load_cards(), Store(user_folder / "b.sqlite3"), remember_learned=True)
    second.handle(PLAYERS)
    second.handle("Ann draws")
    ruling = second.handle('Ann plays "Jester Cap" on Bob')
    assert ruling.verdict != REFUSED, ruling.message
    assert not second.notices
    assert [c.get("owner") for _, c in learned.learned_cards()] == ["Fiona"]


def test_no_effect_of_a_taught_card_is_a_silent_no_op(cards):
    """A Piety move applies; a standing effect the engine works out only where it lives (Wulfric, a card in
    front of its player) is named and left to the table, never dropped without a word."""
    session = Session(cards)
    for line in ("new rdi Ann=Fiona Serena", 'learn "Prayer" for Serena: action: [piety by=-2], gain 1 Fortitude',
                 'learn "Iron Skin": anytime: [modify change=fortitude_loss by=-1 scope=self]',
                 "set active Serena", "set phase action", "set Serena fortitude 15", 'Serena plays "Prayer"'):
        assert session.handle(line).verdict != REFUSED, line
    session.handle("resolve")
    serena = session.state.players[1]
    assert (serena.part["piety"], serena.fortitude) == (6, 16)
    session.handle('Ann plays "Iron Skin"')
    said = " ".join(s.text for s in session.handle("resolve").steps)
    assert "does not apply `[modify change=fortitude_loss by=-1 scope=self]`" in said


def test_a_plain_replay_teaches_the_users_decks_nothing_and_a_saved_one_does(user_folder):
    script = user_folder / "teach.txt"
    script.write_text(f'{PLAYERS}\nlearn "Pickpocket": action: another player pays you 2 Gold\n', encoding="utf-8")
    runner = CliRunner()
    for args in (["replay", str(script)], ["replay", str(script), "--check"]):
        assert runner.invoke(app, args).exit_code == 0
        assert learned.learned_cards() == []
    saved = runner.invoke(app, ["replay", str(script), "--save", "--store", str(user_folder / "games.sqlite3")])
    assert saved.exit_code == 0, saved.output
    assert [c["name"] for _, c in learned.learned_cards()] == ["Pickpocket"]


def test_learning_a_shared_card_as_printed_learns_nothing(cards):
    session = Session(cards)
    session.handle("new rdi Ann=Fiona Bob=Gerki")
    ruling = session.handle('learn "I raise": gambling: every player still in the Round antes 1 Gold, you take '
                            "control of the Round")
    assert ruling.verdict != REFUSED and "That is the printed I raise!" in ruling.message
    assert not session.state.table_cards


def test_a_shared_card_in_the_tables_words_is_one_decks_version(cards):
    session = Session(cards)
    session.handle("new rdi Ann=Fiona Bob=Gerki")
    wording = "gambling: every player still in the Round antes 2 Gold, you take control of the Round"
    refused = session.handle(f'learn "I raise!": {wording}')
    assert refused.verdict == REFUSED and "needs that deck" in refused.message
    assert f'learn "I raise!" for NAME: {wording}' in " ".join(s.text for s in refused.steps)
    taught = session.handle(f'learn "I raise!" for Ann: {wording}')
    assert "Fiona's deck holds its own version" in taught.message
    for line in ('Ann plays "Gambling? I\'m in!"', "resolve", 'Bob plays "I raise!"', "resolve"):
        assert session.handle(line).verdict != REFUSED, line
    assert session.state.pot == 4  # Bob's is the printed card: 1 more Gold each
    for line in ('Ann plays "I raise!"', "resolve"):
        assert session.handle(line).verdict != REFUSED, line
    assert session.state.pot == 8  # Fiona's deck's version: 2 more each
    assert [p.gold for p in session.state.players] == [4, 4]


POSITION = Path(__file__).parent / "transcripts" / "positions" / "rdi_serena_round.yaml"


def _referee(folder: Path, *args: str, typed: str = "") -> str:
    """`referee ARGS` in a process of its own, the table typing ``typed``; what it printed."""
    import os
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "referee", *args], input=typed, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **user_env(folder)})
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stdout + done.stderr
    return done.stdout


@pytest.mark.parametrize("how", ["play", "resume", "play --from", "replay --save"])
def test_every_session_that_saves_games_keeps_what_its_table_teaches(tmp_path, how):
    """A card taught in any session that saves its game is in the user's learned folder afterwards (plain
    `referee` then `new`: tests/shell/test_terminal.py); a plain replay's is not (the test above)."""
    store = ["--store", str(tmp_path / "games.sqlite3")]
    assert _referee(tmp_path, "cards", "learned").startswith("No learned cards yet")
    if how == "play":
        taught = _referee(tmp_path, "play", "rdi", "--players", "Ann", "Bob", *store, typed=POCKET_SAND + "\n")
    elif how == "resume":
        _referee(tmp_path, "play", "rdi", "--players", "Ann", "Bob", *store, typed="Ann draws\n")
        taught = _referee(tmp_path, "resume", *store, typed=POCKET_SAND + "\n")
    elif how == "play --from":
        taught = _referee(tmp_path, "play", "--from", str(POSITION), *store, typed=POCKET_SAND + "\n")
    else:
        script = tmp_path / "teach.txt"
        script.write_text(f"new rdi Ann Bob\n{POCKET_SAND}\n", encoding="utf-8")
        taught = _referee(tmp_path, "replay", str(script), "--save", *store)
    assert "Learned Pocket sand" in taught, taught
    assert_pocket_sand_kept(tmp_path)
