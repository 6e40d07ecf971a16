"""Table lines that report a move the referee made itself are refused as already done, never applied twice."""

from __future__ import annotations

from tda_helpers import Table


def test_a_line_the_referee_asked_for_is_applied_even_if_it_looks_like_its_own_move(cards):
    t = Table(cards)
    t.ok("set round 1 leader Ann")
    t.ok('set Ann flight "Hill Giant 3", "Hill Giant 5"')
    ruling = t.ok("Ann plays Hill Giant 6")  # her power draws 2; then her colour flight asks the table
    assert "Ann draws 2 main-deck cards" in t.text(ruling) and t.state.question["kind"] == "table"
    hand = t.state.players[0].hand
    t.ok("Ann draws 1")  # the table applies what the flight pays, as it was asked to
    assert t.state.players[0].hand == hand + 1
    t.ok("done")
    assert "Already done" in t.text(t.no("Ann draws 1"))  # now it is a report of the referee's moves again


def test_again_more_and_another_mark_a_further_move(cards):
    t = Table(cards)
    t.ok("Ann plays Ettin Enforcer")
    t.ok("Ann picks left")
    ruling = t.no("Ben pays Ann 10")
    assert ruling.code == "already-done" and t.player("Ben")["hoard"] == 15
    t.ok("Ben pays Ann 1 again")
    assert t.player("Ben")["hoard"] == 14
    t.ok("Ben plays Othea")
    t.no("Cat gives Ann 1 card")
    t.ok("Cat gives Ann another card")
    assert t.state.players[2].hand == 4 and t.state.players[0].hand == 6


def test_the_next_announcement_ends_what_counts_as_just_done(cards):
    t = Table(cards)
    t.ok("Ann plays Ettin Enforcer")
    t.ok("Ann picks left")
    t.ok("Ben plays Hill Giant 7")  # no trigger: Ben's play sets the referee going again
    t.ok("Ben pays Ann 10")  # not a move the referee made for this play: the table's own
    assert t.player("Ben")["hoard"] == 5


def test_naming_the_leader_the_referee_named_begins_no_turn_again(cards):
    t = Table(cards)
    t.ok("set Ann hand 1")
    t.ok("Ben leads")
    t.ok("Ann leads")  # Ann's turn begins, with one card: she buys; with no flight, the main deck's top card prices it
    t.ok("answer 4")
    assert t.state.players[0].hand == 5 and t.player("Ann")["hoard"] == 21
    ruling = t.ok("Ann leads")  # she leads already: her turn does not begin again
    assert "already leads round 1" in t.text(ruling) and t.state.players[0].hand == 5
