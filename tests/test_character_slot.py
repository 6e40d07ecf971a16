"""Characters keep their state in their character slots (issue 23): a game saved before the slots existed
(Serena's Piety on the player and her atonement on the table; every player carrying every character's keys)
resumes and plays on; each slot is its character's alone."""

from __future__ import annotations

from referee.core.ruling import OK, REFUSED
from referee.core.session import Session
from referee.games.rdi import game as rdi_game


def _old_shape(data: dict, seat: int, piety: int) -> dict:
    """The state as it was saved before the slot: `piety` on each player, `atoning` a seat of the table."""
    players = [{**{k: v for k, v in p.items() if k != "part"}, "piety": p["part"].get("piety")} for p in data["players"]]
    players[seat]["piety"] = piety
    return {**data, "players": players, "atoning": seat}


def test_an_old_saved_state_resumes_and_serena_atones_once(cards):
    session = Session(cards)
    session.handle("new rdi Ann Serena Bob")
    seat = session.state.seat("Serena")
    session.state = rdi_game.load_state(_old_shape(session.state.to_dict(), seat, 1))
    assert "Serena atones" in " ".join(str(row) for row in session.game.toolbar_rows(session.state, cards))
    gold, inn = session.state.players[seat].gold, session.state.inn
    ruling = session.handle("Serena tithes")
    assert ruling.verdict == OK, ruling.message
    assert (session.state.players[seat].gold, session.state.inn) == (gold - 1, inn + 1)
    again = session.handle("Serena tithes")
    assert again.verdict == REFUSED and "nothing to atone" in again.message


def test_piety_is_serenas_and_a_position_writes_it_flat(cards):
    session = Session(cards)
    session.handle("new rdi Ann Serena Bob")
    refused = session.handle("set Ann piety 3")
    assert refused.verdict == REFUSED and "Only Serena has a Piety track" in refused.message
    assert session.handle("set Serena piety 3").verdict == OK
    text = session.position_text()
    assert "piety: 3" in text and "part" not in text
    # the written position plays on: a card's Piety arrow moves the Piety read from the flat key
    played = Session(cards)
    from referee.core import position

    _, data = position.load(text)
    played.handle("new rdi Ann Serena Bob")
    played.state = rdi_game.load_position(data, cards)
    assert rdi_game.figures(played.state)["Serena"]["Piety"] == 3
    assert played.handle("set Serena piety 9").verdict == REFUSED  # outside 1..8: an impossible position


# Every key a player carried for some character before the characters kept their own slots, at its empty value.
OLD_PLAYER_KEYS = {"piety": None, "mood": None, "potion_choice": [], "potion_known": False, "cutting_board": [],
                   "cleaves": 0, "recipe": None, "recipe_choice": [], "recipes_in_hand": [], "automaton": False,
                   "tracks": {}}


def _old_players(data: dict) -> dict:
    """The state as saved before the slots: every player with every character's keys, its own filled in."""
    return {**data, "players": [{**{k: v for k, v in p.items() if k != "part"}, **OLD_PLAYER_KEYS, **p["part"]}
                                for p in data["players"]]}


def test_an_old_saved_otto_game_resumes_and_his_tracks_move(cards):
    session = Session(cards)
    for line in ("new rdi Otto Ann Bob --otto witchdoctor,paladin", "Otto action: nothing", "resolve",
                 "Otto orders a drink for Ann"):
        assert session.handle(line).verdict != REFUSED, line
    old = _old_players(session.state.to_dict())
    assert old["players"][0]["automaton"] is True and old["players"][1]["automaton"] is False
    session.state = rdi_game.load_state(old)
    assert session.state.players[0].automaton and not session.state.players[1].automaton
    assert session.state.to_dict()["players"][1]["part"] == {}  # another character's empty keys are not Ann's
    session.handle("Otto reveals Wine")
    session.handle("step")
    session.handle("Ann passes")
    ruling = session.handle("Bob passes")
    said = ruling.message + " ".join(step.text for step in ruling.steps)
    assert "Otto's track toward Ann: Alcohol Content 0 → 2" in said and "Otto's track toward Bob: Alcohol Content 0 → 2" in said


def test_an_old_saved_kitchen_and_potion_choice_resume_and_play_on(cards):
    session = Session(cards)
    session.handle("new rdi Roxana Phrenk Kaylin")
    session.handle('set Roxana board "This one\'s some mean cuisine!", "No soup for you!" recipe "Spatchcocked Cockatrice"')
    session.handle("set Kaylin mood loyal")
    session.state = rdi_game.load_state(_old_players(session.state.to_dict()))
    text = session.handle("state").message
    assert "Cutting Board This one's some mean cuisine!, No soup for you!" in text and "Wulfric: loyal" in text
    assert session.handle("set Phrenk mood bitey").verdict == REFUSED  # the mood is Kaylin's alone
    cooked = session.handle("Roxana cooks Spatchcocked Cockatrice")  # the folded board pays for the Recipe
    assert cooked.verdict == OK and "spending This one's some mean cuisine!, No soup for you!" in cooked.message
    assert "Cutting Board empty  Recipe -" in session.handle("state").message
    assert session.handle('Roxana plays "Spatchcocked Cockatrice" on Phrenk').verdict != REFUSED  # now in her hand


def test_a_kitchen_card_played_by_someone_else_finds_no_cutting_board(cards):
    # found by the fuzz once the Cutting Board became Roxana's alone: Ann, a player with no character, may play
    # any card on the table's word, and Roxana's card then has no board to grant
    session = Session(cards)
    for line in ("new rdi Ann Roxana Bob", 'Ann plays "Everything\'s prepped! Who\'s hungry?"'):
        assert session.handle(line).verdict == OK, line
    ruling = session.handle("resolve")
    assert ruling.verdict == OK and ruling.code != "internal-error"
    assert "Ann is not Roxana and has no Cutting Board" in " ".join(step.text for step in ruling.steps)
    assert session.handle("Roxana prepares Poof").verdict == REFUSED  # and Roxana was granted nothing either


def _said(ruling) -> str:
    return ruling.message + " " + " ".join(step.text for step in ruling.steps)


def test_debuff_tokens_lie_in_front_and_an_old_save_with_them_on_the_player_plays_on(cards):
    # Otto's Debuff tokens were a list of their own on every player; they now lie in front, beside the cards
    session = Session(cards)
    for line in ("new rdi Otto Ann Bob --otto witchdoctor", "Otto action: Ann gets a Pain Curse", "resolve"):
        assert session.handle(line).verdict != REFUSED, line
    data = session.state.to_dict()
    assert data["players"][1]["front"] == [{"token": "pain_curse"}] and "debuffs" not in data["players"][1]
    old = {**data, "players": [{**p, "front": [r for r in p["front"] if "token" not in r],
                                "debuffs": [r["token"] for r in p["front"] if "token" in r]} for p in data["players"]]}
    session.state = rdi_game.load_state(old)
    assert session.state.players[1].tokens() == ["pain_curse"]
    assert "Ann pain curse" in " ".join(str(row) for row in session.game.toolbar_rows(session.state, cards))
    supply = session.state.otto_tokens["pain_curse"]
    for line in ("Otto reveals Wine", "resolve", "end turn", "resolve"):
        session.handle(line)
    fortitude = session.state.players[1].fortitude
    # Otto's next turn: a Fortitude loss to Ann sets the curse off once, and the token goes back to Otto
    session.handle("set active Otto phase action")
    ruling = session.handle("Otto action: Ann loses 2 Fortitude")
    assert ruling.verdict != REFUSED, ruling.message
    ruling = session.handle("resolve")
    assert "Pain Curse" in _said(ruling)
    assert session.state.players[1].fortitude == fortitude - 3
    assert session.state.players[1].tokens() == [] and session.state.otto_tokens["pain_curse"] == supply + 1


def test_a_position_with_debuffs_written_on_the_player_loads_and_a_card_set_in_front_leaves_them(cards):
    from referee.core import position

    session = Session(cards)
    session.handle("new rdi Otto Ann Bob --otto witchdoctor")
    assert session.handle("set Ann debuffs power jinx, mind hex").verdict == OK
    text = session.position_text()
    _, data = position.load(text)
    data["players"][1].pop("front", None)
    data["players"][1]["debuffs"] = ["mind_hex"]
    played = Session(cards)
    played.handle("new rdi Otto Ann Bob --otto witchdoctor")
    played.state = rdi_game.load_position(data, cards)
    assert played.state.players[1].tokens() == ["mind_hex"]
    # the position written again loads again, tokens and all (a token names no seat to write as a name)
    again = Session(cards)
    again.handle("new rdi Otto Ann Bob --otto witchdoctor")
    again.state = rdi_game.load_position(position.load(played.position_text())[1], cards)
    assert again.state.players[1].tokens() == ["mind_hex"]
    assert again.handle('set Ann front "Spatchcocked Cockatrice"').verdict == OK
    assert again.state.players[1].tokens() == ["mind_hex"] and "Mind Hex" not in again.handle("state").message
    assert "mind hex" in again.handle("state").message
    again.handle("set active Otto phase action")
    ruling = again.handle("Otto action: Ann gains 1 Alcohol Content")
    assert ruling.verdict != REFUSED, ruling.message
    said = _said(again.handle("resolve"))
    assert "Mind Hex" in said and again.state.players[1].tokens() == []


def test_a_player_holds_only_what_every_player_has():
    # issue 23: a character's state is in its slot (`part`); what lies in front is cards and tokens, for anyone
    import dataclasses

    from referee.games.rdi.state import Player

    assert [f.name for f in dataclasses.fields(Player)] == [
        "name", "character", "gold", "fortitude", "alcohol", "out", "drink_me", "kept", "potions", "front", "part"]


def test_what_a_position_puts_in_front_is_checked_and_a_named_debuff_plays_on(cards, tmp_path):
    head = "game: rdi\nplayers:\n- {name: Otto, character: Otto, gold: 0, drink_me: 0, automaton: true}\n"
    tail = "- {name: Bob, character: '', gold: 10}\ndrink_deck: 28\notto_factions: [witchdoctor]\notto_tokens: {pain_curse: 2}\n"
    refused = {"debuffs: [bogus]": "'bogus' token", "front: [{token: 5}]": "a 5 token",
               "debuffs: {a: 1}": "token in front", "front: [{name: Hex}]": "needs `uid`, `name`, `when`"}
    for number, (ann, reason) in enumerate(refused.items()):
        path = tmp_path / f"p{number}.yaml"
        path.write_text(head + f"- {{name: Ann, character: '', gold: 10, {ann}}}\n" + tail, encoding="utf-8")
        ruling = Session(cards).handle(f"new --from {path}")
        assert ruling.verdict == REFUSED and reason in ruling.message and ruling.code != "internal-error", ruling.message
    path = tmp_path / "named.yaml"  # one token, named as on the token: the same as `set Ann debuffs pain curse`
    path.write_text(head + "- {name: Ann, character: '', gold: 10, debuffs: Pain Curse}\n" + tail, encoding="utf-8")
    session = Session(cards)
    assert session.handle(f"new --from {path}").verdict == OK
    assert session.state.players[1].tokens() == ["pain_curse"]
    assert session.handle("Otto action: Ann loses 1 Fortitude").verdict != REFUSED
    assert "Pain Curse" in _said(session.handle("resolve")) and session.state.players[1].fortitude == 18
