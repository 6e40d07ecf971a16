"""Otto's Deck (Smorgasbox): it does not reshuffle during a Round of Gambling; he passes; it reshuffles after."""

from referee.core.session import Session


def test_empty_deck_passes_during_a_round_and_reshuffles_after(cards):
    session = Session(cards)
    for line in ["new rdi Otto Roxana Fiona --otto paladin,bard", "Otto action: nothing", "resolve",
                 "Otto reveals Dark Ale", "resolve", "end turn", 'Roxana plays "Gambling? I\'m in!"', "resolve",
                 "Fiona passes"]:
        assert session.handle(line).verdict != "refused", line
    state = session.state
    state.otto_discard, state.otto_deck = state.otto_discard + state.otto_deck, 0
    ruling = session.handle("Otto gambling: takes control")
    text = " ".join(s.text for s in ruling.steps)
    assert "does not reshuffle during a Round" in text and "wins the" in text
    assert session.state.round is None
    assert session.state.otto_deck == 10 and session.state.otto_discard == 0
