"""Random text and random card names never raise: every refusal has a message."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.core.session import Session

NAMES = ["Phrenk", "Kaylin", "Wizgille", "Serena"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(
    st.text(max_size=80),
    st.builds(lambda who, card, verb: f"{who} {verb} {card}", st.sampled_from(NAMES + ["Zed", ""]),
              st.text(max_size=40), st.sampled_from(["plays", "reveals", "orders a drink for", "passes", "draws"])),
    st.sampled_from(["resolve", "end turn", "undo", "redo", "why", "state", "chain", "step", "answer 3",
                     "set Kaylin gold -1", "set", "can Serena play", "chaser", "new", "new rdi", "new xyz A B"]),
), max_size=25))
def test_no_input_raises(cards, lines):
    session = Session(cards)
    session.handle("new rdi " + " ".join(NAMES))
    for line in lines:
        ruling = session.handle(line)
        assert ruling.verdict in ("ok", "refused", "answer", "ask")
        if ruling.verdict == "refused":
            assert ruling.message.strip()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_random_card_names_in_plays(cards, data):
    session = Session(cards)
    session.handle("new rdi " + " ".join(NAMES))
    rdi = [c.name for c in cards.cards if c.game == "rdi"]
    for _ in range(10):
        name = data.draw(st.sampled_from(rdi))
        mangled = data.draw(st.sampled_from([name, name.lower(), name[: max(3, len(name) // 2)], name + "x"]))
        who = data.draw(st.sampled_from(NAMES))
        ruling = session.handle(f"{who} plays {mangled} on {data.draw(st.sampled_from(NAMES))}")
        assert ruling.message.strip()
        if ruling.verdict == "ok" and session.state.chain:
            session.handle("resolve")


def test_an_engine_bug_becomes_a_refusal_not_a_traceback(cards, monkeypatch):
    session = Session(cards)
    session.handle("new rdi " + " ".join(NAMES))
    before = session.state.to_dict()

    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(session.engine, "apply", broken)
    ruling = session.handle("resolve")
    assert ruling.verdict == "refused" and ruling.code == "internal-error" and "nothing changed" in ruling.message
    assert session.state.to_dict() == before
