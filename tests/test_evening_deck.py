"""Issue 18's evening: a deck list that names its copies of the shared cards, imported, then played on
under both editions. The shared cards stay the shared cards for every player; the deck's own cards,
typed as printed, rule by the general rules of their kinds."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app
from referee.core.carddb import load_cards
from referee.core.ruling import REFUSED
from referee.core.session import Session

DECK = Path(__file__).parent / "data" / "evening_deck.csv"


@pytest.fixture(autouse=True)
def user_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("REFEREE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))


def _game(rules: str) -> Session:
    imported = CliRunner().invoke(app, ["cards", "import", str(DECK)])
    assert imported.exit_code == 0, imported.output
    assert "4 shared cards counted as copies" in imported.output, imported.output
    assert "Hex of Weakness (Natyli's deck): Action Card. Natyli picks another player" in imported.output
    session = Session(load_cards())
    assert session.handle(f"new rdi Ann=Natyli Bob=Kaylin Cat=Phrenk --rules {rules}").verdict != REFUSED
    return session


def _says(session: Session, line: str) -> str:
    ruling = session.handle(line)
    assert ruling.verdict != REFUSED, (line, ruling.message)
    return " ".join(step.text for step in ruling.steps)


def _figures(session: Session) -> list[tuple[int, int, int]]:
    return [(p.fortitude, p.alcohol, p.gold) for p in session.state.players]


@pytest.mark.parametrize("rules", ["gii", "rdi3"])
def test_the_evenings_deck_list_plays_with_every_players_shared_cards_intact(rules):
    session = _game(rules)
    _says(session, "Bob reveals Wulfric is feeling Loyal")
    _says(session, "Ann draws")
    _says(session, 'Ann plays "Hex of Weakness" on Bob')
    _says(session, "resolve")
    assert session.state.players[1].fortitude == 19  # 2, less Loyal's 1
    _says(session, "Ann orders a drink for Cat")
    _says(session, "Ann reveals Wine")
    _says(session, "resolve")
    _says(session, "end turn")
    # Bob, playing Kaylin, plays a shared "Gambling? I'm in!": not Natyli's, and a Round starts as the rules say.
    _says(session, "Bob draws")
    said = _says(session, 'Bob plays "Gambling? I\'m in!"')
    assert "Natyli's deck" not in said
    _says(session, "resolve")
    assert session.state.pot == 3 and session.state.round.control == 1
    # Natyli's cheating card forces Cat out and takes control; Bob passes; Ann wins the pot.
    _says(session, "Cat passes")
    said = _says(session, 'Ann plays "Loaded Bones" on Cat')
    assert "forces Cat out of the Round" in said
    _says(session, "resolve")
    assert session.state.round.control == 0 and 2 in session.state.round.left
    _says(session, "Bob passes")
    assert session.state.round is None and session.state.players[0].gold == 9 + 3
    # Natyli's copy of the shared "I don't think so!" Negates a Sometimes card as the printed one does.
    _says(session, "Bob orders a drink for Cat")
    _says(session, "Bob reveals Wine")
    _says(session, 'Cat plays "Here ya go… This\'ll make that drink better!" on Bob')
    said = _says(session, 'Ann plays "I don\'t think so!"')
    assert "Negate" in said
    _says(session, "resolve")  # the Negate: the extra kick goes to its discard pile
    _says(session, "resolve")  # the Wine
    assert session.state.players[1].alcohol == 2  # Wine's 2: the extra kick was Negated
    _says(session, "end turn")
    # Natyli's reduction answers a loss to her; her choice card asks which option.
    _says(session, "Cat draws")
    _says(session, 'learn "Troll Slap" for Phrenk: action: Pick another player. They lose 3 Fortitude.')
    _says(session, 'Cat plays "Troll Slap" on Ann')
    _says(session, 'Ann plays "Not Today"')
    _says(session, "resolve")
    _says(session, "resolve")
    assert _figures(session)[0] == (19, 2, 12)  # 3 reduced by 2; Ann's Wine; the pot she won
    assert session.state.total_gold() == 30
