"""The table view: `referee serve` as a real process, read by headless Chromium.

The browser tests need Debian's `chromium` and `chromium-driver` (`.ci/run` installs
them). Without them the browser tests skip, except in CI, where they must run.
The RDI, Giants War and phone tests save the screenshots the README shows.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from referee.core.session import Session
from referee.core.store import Store
from referee.serve import snapshot

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
DOCS = Path(__file__).resolve().parents[1] / "docs"
MUST_RUN = bool(os.environ.get("CI") or os.environ.get("REFEREE_REQUIRE_BROWSER"))

# A four-player game: drinks drunk, a card attacked and answered, so the chain holds two plays.
RDI_GAME = ["new rdi Phrenk Kaylin Wizgille Serena",
            "set Kaylin fortitude 12 alcohol 10 gold 3",
            'Phrenk plays "You\'re looking a little green. Drink this." on Kaylin', "resolve",
            "Phrenk orders a drink for Kaylin", "Phrenk reveals Wine with a Chaser", "resolve", "end turn",
            "Kaylin plays \"Don't call me cute!\" on Serena", "Serena plays How dare you strike a Paladin"]
ONE_MORE = "Kaylin plays We don't think so"
# The Giants War flight example, two rounds in.
TDA_GAME = ["new tda Ann Ben Cat --giants Storm Fire Frost Cloud Ordning Hill",
            "Ann antes Cloud Giant 11", "Ben antes Hill Giant 2", "Cat antes Fire Giant 1", "Ann chooses dragon stakes",
            "Ann plays Silver Dragon 6", "done", "Ben plays Frost Giant 9", "Cat plays Hill Giant 8",
            "Ben plays Hill Giant 1", "Cat plays Cloud Giant 1", "Ann plays Storm Giant 10"]
# The Gambling Example of Gambling? I'm In!, stopped with 6 Gold in the pot and Jasper in control.
GAMBLING = ['new rdi Warthorn "The Wench" Molly Jasper --rules gii', 'Warthorn plays "Gambling? I\'m in!"',
            "The Wench plays \"Wait a minute! Someone's playing with the drinks!\"", "resolve", "resolve",
            "Molly passes", 'Jasper plays "I raise"', "resolve"]


def saved_game(cards, path: Path, lines: list[str]) -> Session:
    session = Session(cards, Store(path))
    for line in lines:
        ruling = session.handle(line)
        assert ruling.accepted, (line, ruling.message)
    return session


@contextmanager
def serving(path: Path, game_id: int, host: str = "127.0.0.1"):
    """`referee serve` on a free port; yields the URL it printed; stops it with Ctrl-C (SIGINT) and checks it stopped cleanly."""
    process = subprocess.Popen([sys.executable, "-m", "referee", "serve", str(game_id), "--store", str(path),
                                "--host", host, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout] and None, daemon=True).start()
    said = []
    try:
        while not any("http://" in line for line in said):
            said.append(lines.get(timeout=30))
        url = said[-1][said[-1].index("http://"):].split()[0]
        yield url
    finally:
        process.send_signal(signal.SIGINT)
        try:
            status = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            raise AssertionError("referee serve did not stop on Ctrl-C")
    while not lines.empty():
        said.append(lines.get())
    assert status == 0, said
    assert "Table view stopped." in "".join(said), said
    assert "Traceback" not in "".join(said), said


def fetch(url: str, method: str = "GET") -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


# --- without a browser ---------------------------------------------------------------------------

def test_a_non_local_bind_needs_the_token_and_nothing_but_get_is_answered(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME[:2])
    with serving(path, session.game_id, host="0.0.0.0") as url:
        token = url.split("?token=")[1]
        assert len(token) >= 20
        port = url.split(":")[2].split("/")[0]
        local = f"http://127.0.0.1:{port}/"
        for path_ in ("", "state", "events", "table.js"):
            status, text = fetch(local + path_)
            assert status == 403, (path_, status)
            assert "access token" in text
        assert fetch(local + "?token=wrong")[0] == 403
        status, page = fetch(local + "?token=" + token)
        assert status == 200 and f"table.js?token={token}" in page
        status, state = fetch(local + "state?token=" + token)
        assert status == 200 and '"Kaylin"' in state
        for method in ("POST", "PUT", "DELETE"):
            status, text = fetch(local + "state?token=" + token, method)
            assert status == 405 and "read-only" in text


def test_a_local_bind_needs_no_token(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME[:1])
    with serving(path, session.game_id) as url:
        assert "token" not in url and url.startswith("http://127.0.0.1:")
        assert fetch(url)[0] == 200
        assert fetch(url, "POST")[0] == 405
        request = urllib.request.Request(url, headers={"Host": "attacker.example:80"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 403  # a rebinding page calling itself 127.0.0.1 gets nothing


def test_refusals_without_a_traceback(cards, tmp_path):
    def serve(*args):
        return subprocess.run([sys.executable, "-m", "referee", "serve", *args], capture_output=True, text=True,
                              timeout=60)

    missing = serve("--store", str(tmp_path / "none.sqlite3"))
    assert missing.returncode == 1 and "no saved-game store" in missing.stderr
    path = tmp_path / "g.sqlite3"
    saved_game(cards, path, RDI_GAME[:1])
    unknown = serve("7", "--store", str(path))
    assert unknown.returncode == 1 and "no saved game number 7" in unknown.stderr
    with serving(path, 1) as url:
        port = url.split(":")[2].strip("/")
        busy = serve("1", "--store", str(path), "--port", port)
        assert busy.returncode == 1 and "Cannot listen" in busy.stderr and "--port" in busy.stderr
    for result in (missing, unknown, busy):
        assert "Traceback" not in result.stdout + result.stderr


def test_the_view_follows_undo_and_says_when_the_game_is_over(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, ["new rdi Ann Bob", "set Bob fortitude 5"])
    before = snapshot.version(path, session.game_id)
    view = snapshot.table_view(path, session.game_id, cards)
    assert view["status"] == "live" and view["table"]["players"][1]["fortitude"] == 5
    assert view["rulings"][0]["line"] == "set Bob fortitude 5"
    session.handle("undo")
    assert snapshot.version(path, session.game_id) != before
    view = snapshot.table_view(path, session.game_id, cards)
    assert view["table"]["players"][1]["fortitude"] == 20
    assert view["undone"] == ["set Bob fortitude 5"]
    for line in ("set Bob fortitude 1 alcohol 0", "Ann plays \"Don't call me cute!\" on Bob", "resolve", "resolve"):
        assert session.handle(line).accepted
    view = snapshot.table_view(path, session.game_id, cards)
    assert view["status"] == "over" and view["notice"] == "Game over: Ann wins."


def test_the_view_says_when_the_store_is_locked_and_never_writes(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME[:1])
    session.store.close()
    locker = sqlite3.connect(path)
    locker.execute("PRAGMA locking_mode=EXCLUSIVE")
    locker.execute("UPDATE games SET title = title")
    locker.commit()  # an exclusive-mode connection keeps its lock after the write
    try:
        view = snapshot.table_view(path, session.game_id, cards)
        assert view["status"] == "unreadable" and "locked" in view["notice"]
        assert snapshot.version(path, session.game_id)[0] == "unreadable"
    finally:
        locker.close()
    assert snapshot.table_view(path, session.game_id, cards)["status"] == "live"
    missing = snapshot.table_view(path, 99, cards)
    assert missing["status"] == "missing" and "no saved game number 99" in missing["notice"]
    with pytest.raises(sqlite3.OperationalError):
        snapshot.open_read_only(path).execute("UPDATE games SET title = 'x'")


def test_serve_in_the_repl_starts_the_view_of_the_game_being_played(cards, tmp_path):
    from referee.serve import launch

    path = tmp_path / "g.sqlite3"
    assert "Start or resume" in launch.serve_from_repl(Session(cards, Store(path)), "")
    session = saved_game(cards, path, RDI_GAME[:2])
    assert "--port takes a number" in launch.serve_from_repl(session, "--port many")
    assert "does not take" in launch.serve_from_repl(session, "--colour red")
    try:
        said = launch.serve_from_repl(session, "--port 0")
        url = said[said.index("http://"):].split()[0]
        assert f"game {session.game_id}" in said
        assert fetch(url + "state")[0] == 200
        assert launch.serve_from_repl(session, "") == f"The table view is at {url}"
    finally:
        launch._stop()


# --- in a real browser ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser():
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        message = (f"the browser tests need Debian's chromium and chromium-driver ({CHROMIUM}, {CHROMEDRIVER}): "
                   "apt-get install chromium chromium-driver")
        if MUST_RUN:
            pytest.fail(message)
        pytest.skip(message)
    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must never download a browser or a driver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1366,768", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    # The whole page of a 1366 x 768 laptop screen, without the browser's own bars.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False})
    yield driver
    driver.quit()


def wait_for(driver, condition, timeout: float = 10.0):
    """Poll the page every 20 ms; the value the condition returned and the seconds it took."""
    start = time.monotonic()
    while True:
        value = driver.execute_script(condition)
        if value:
            return value, time.monotonic() - start
        if time.monotonic() - start > timeout:
            raise AssertionError(f"the page never satisfied: {condition}")
        time.sleep(0.02)


PLAYERS_SHOWN = """return [...document.querySelectorAll('#players .player')].map(p => ({
    name: p.querySelector('.who').textContent,
    counts: [...p.querySelectorAll('.track .count')].map(c => c.textContent),
    gold: p.querySelector('.figure.gold .value').textContent,
    drinks: p.querySelector('.figure.drinks .value').textContent,
    spare: p.querySelector('.figure.spare .value, .figure.danger .value').textContent,
    active: p.classList.contains('active')}))"""
CHAIN_SHOWN = "return [...document.querySelectorAll('#chain .card')].map(c => c.textContent)"


def test_the_page_shows_a_four_player_game_and_follows_each_announcement(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME)
    with serving(path, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 4")
        players = browser.execute_script(PLAYERS_SHOWN)
        for shown, expected in zip(players, session.summary()["players"]):
            assert shown["name"] == expected["name"]
            assert shown["counts"] == [str(expected["fortitude"]), str(expected["alcohol"])]
            assert shown["gold"] == str(expected["gold"])
            assert shown["drinks"] == str(expected["drink_me"])
            assert shown["spare"] == str(expected["fortitude"] - expected["alcohol"])
        assert [p["name"] for p in players if p["active"]] == ["Kaylin"]
        assert browser.execute_script(CHAIN_SHOWN) == ["How dare you strike a Paladin!", "Don't call me cute!"]
        text = browser.find_element("tag name", "body").text
        assert "Kaylin’s turn: Action phase" in text
        assert "Drink Deck" in text and "25" in text
        assert "GII › Other Rules › Timing" in text  # a citation by section name

        # One more announcement, saved by a session as the REPL does: the page changes within a second.
        session.handle(ONE_MORE)
        chain, seconds = wait_for(browser, "const c = " + CHAIN_SHOWN[7:] + "; return c.length === 3 && c", 5)
        assert chain[0] == session.summary()["chain"][-1]["card"]
        assert seconds < 1.0, seconds
        assert ONE_MORE in browser.find_element("id", "rulings").text
        DOCS.mkdir(exist_ok=True)
        browser.save_screenshot(str(DOCS / "table-view.png"))

        # Undo shows too.
        session.handle("undo")
        _, seconds = wait_for(browser, "return document.querySelectorAll('#chain .card').length === 2", 5)
        assert seconds < 1.0, seconds
        assert f"Undone: “{ONE_MORE}”" in browser.find_element("id", "notice").text


def test_names_are_shown_as_text_never_as_markup(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    names = ["<script>alert(1)</script>", "<b>Bold</b>", "Bob"]
    session = saved_game(cards, path, ["new rdi " + " ".join(f"'{name}'" for name in names)])
    with serving(path, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 3")
        assert [p["name"] for p in browser.execute_script(PLAYERS_SHOWN)] == names
        assert browser.execute_script("return document.body.querySelectorAll('script, b').length") == 0
        assert "<b>Bold</b>" in browser.find_element("id", "rulings").text
        assert "<script>alert(1)</script>’s turn" in browser.find_element("id", "where").text


def test_the_page_says_when_the_store_is_locked_and_when_the_game_is_over(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, ["new rdi Ann Bob", "set Bob fortitude 1 alcohol 0"])
    with serving(path, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 2")
        session.store.close()  # an exclusive lock needs every other connection closed
        locker = sqlite3.connect(path)
        locker.execute("PRAGMA locking_mode=EXCLUSIVE")
        locker.execute("UPDATE games SET title = title")
        locker.commit()
        try:
            wait_for(browser, "return document.getElementById('notice').textContent.includes('locked')", 5)
            assert browser.find_element("id", "live").text == "store locked"
            assert len(browser.find_elements("css selector", "#players .player")) == 2  # the last picture stays
        finally:
            locker.close()
        session.store = Store(path)
        wait_for(browser, "return document.getElementById('notice').hidden", 5)
        for line in ("Ann plays \"Don't call me cute!\" on Bob", "resolve", "resolve"):
            assert session.handle(line).accepted
        _, seconds = wait_for(browser, "return document.getElementById('notice').textContent === 'Game over: Ann wins.'", 5)
        assert seconds < 1.0
        assert "OUT" in browser.find_elements("css selector", "#players .player")[1].text


def test_the_page_shows_a_round_of_gambling(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, GAMBLING)
    with serving(path, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 4")
        table = browser.find_element("id", "table").text
        assert "ROUND OF GAMBLING" in table.upper()
        assert "6\nPot" in table and "Jasper\nin control" in table
        assert "Passed since control changed: nobody" in table and "Left the Round: The Wench" in table


def test_the_page_shows_a_giants_war_game(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, TDA_GAME)
    with serving(path, session.game_id, host="0.0.0.0") as url:
        port, token = url.split(":")[2].split("/")[0], url.split("?token=")[1]
        browser.get(f"http://127.0.0.1:{port}/?token={token}")
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 3")
        summary = session.summary()
        shown = browser.execute_script("""return [...document.querySelectorAll('#players .player')].map(p => ({
            name: p.querySelector('.who').textContent,
            hoard: p.querySelector('.figure.gold .value').textContent,
            strength: p.querySelector('.flight-total .value').textContent,
            side: p.querySelector('.flight-total .label').textContent,
            cards: [...p.querySelectorAll('.flight li')].length}))""")
        for row, expected in zip(shown, summary["players"]):
            assert row["name"] == expected["name"]
            assert row["hoard"] == str(expected["hoard"])
            assert row["strength"] == str(expected["strength"])
            assert row["side"] == "flight " + {"dragons": "for the dragons", "giants": "for the giants",
                                               None: "for neither stakes"}[expected["side"]]
            assert row["cards"] == len(expected["flight"])
        table = browser.find_element("id", "table").text
        assert str(summary["dragon_stakes"]) in table and str(summary["giant_stakes"]) in table
        assert "Dragon Stakes" in table and "Giant Stakes" in table and "Cloud Giant" in table  # the ante
        browser.save_screenshot(str(DOCS / "table-view-tda.png"))


# --- following the game being played -------------------------------------------------------------

def test_serve_at_the_prompt_follows_new_and_resume(cards, tmp_path):
    from referee.serve import launch

    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME[:2])
    try:
        said = launch.serve_from_repl(session, "--port 0")
        url = said[said.index("http://"):].split()[0]
        assert "following the game being played" in said

        def shown(game_id, timeout=5.0):
            start = time.monotonic()
            while True:
                view = json.loads(fetch(url + "state")[1])
                if view["game_id"] == game_id:
                    return view
                assert time.monotonic() - start < timeout, view
                time.sleep(0.05)

        assert shown(1)["following"] is True
        assert session.handle("new rdi Ann Bob").accepted
        view = shown(2)
        assert [p["name"] for p in view["table"]["players"]] == ["Ann", "Bob"] and "elsewhere" not in view
        assert launch.serve_from_repl(session, "") == f"The table view is at {url}"  # the same server
        assert session.handle("resume 1").message.startswith("Resumed game 1")
        assert shown(1)["playing"] == 1
    finally:
        launch._stop()


def test_a_page_for_a_given_game_says_it_is_not_the_one_being_played(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME[:2])
    with serving(path, session.game_id) as url:
        view = json.loads(fetch(url + "state")[1])
        assert view["playing"] == 1 and "elsewhere" not in view and view["following"] is False
        assert session.handle("new rdi Ann Bob").accepted
        view = json.loads(fetch(url + "state")[1])
        assert view["game_id"] == 1 and view["playing"] == 2
        assert view["elsewhere"].startswith("This page shows game 1, not the one being played (game 2)")


def test_the_last_ruling_shows_its_outcome_whole(cards, tmp_path):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, GAMBLING + ["Warthorn passes", "Molly passes"])
    ruling = snapshot.table_view(path, session.game_id, cards)["rulings"][0]
    assert ruling["mark"] == "✓" and ruling["outcome"][0] == "Molly passes and stays in the Round."
    assert any("Jasper wins the 6 Gold in the pot" in text for text in ruling["outcome"])


# --- the page: turn, who is to act, the question, the outcome, a phone ---------------------------

def test_the_page_follows_new_in_the_browser(cards, tmp_path, browser):
    from referee.serve import launch

    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME[:2])
    try:
        said = launch.serve_from_repl(session, "--port 0")
        browser.get(said[said.index("http://"):].split()[0])
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 4")
        assert browser.find_element("id", "live").text == "live: the game being played"
        session.handle("new rdi Ann Bob")
        names, seconds = wait_for(browser, "const n = [...document.querySelectorAll('#players .who')]"
                                           ".map(w => w.textContent); return n.join() === 'Ann,Bob' && n", 5)
        assert seconds < 1.5
        assert "game 2" in browser.find_element("id", "title").text
        assert browser.find_element("id", "live").text == "live: the game being played"
    finally:
        launch._stop()


def test_the_page_says_when_its_game_is_not_the_one_being_played(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME[:2])
    with serving(path, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 4")
        assert browser.find_element("id", "live").text == "live"
        session.handle("new rdi Ann Bob")
        wait_for(browser, "return document.getElementById('live').textContent === 'not the game being played'", 5)
        assert "This page shows game 1, not the one being played (game 2)" in browser.find_element("id", "notice").text
        assert len(browser.find_elements("css selector", "#players .player")) == 4  # still game 1


def test_the_page_shows_the_turn_who_is_to_act_and_the_outcome(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, GAMBLING)
    with serving(path, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 4")
        assert browser.find_element("id", "where").text.startswith("Turn 1 · Warthorn’s turn: Action phase")
        assert browser.find_element("id", "act").text == "Warthorn to act in the Round of Gambling"
        warthorn = browser.find_elements("css selector", "#players .player h2")[0].text
        assert "to act in the Round" in warthorn
        assert "Warthorn\nto act" in browser.find_element("id", "table").text
        session.handle("Warthorn passes")
        wait_for(browser, "return document.getElementById('act').textContent.startsWith('Molly to act')", 5)
        session.handle("Molly passes")
        last, _ = wait_for(browser, "const r = document.querySelector('#rulings > li');"
                                    "return r.textContent.includes('Molly passes and') && r.innerText", 5)
        assert "✓Molly passes and stays in the Round." in last, last  # the mark, then the first step
        assert "Jasper wins the 6 Gold in the pot" in last  # the outcome, not only the first sentence
        assert browser.find_element("id", "question").is_displayed() is False

    tda = tmp_path / "tda.sqlite3"
    session = saved_game(cards, tda, TDA_GAME[:6])  # Silver Dragon's power: the table is asked to apply it
    with serving(tda, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .player').length === 3")
        banner = browser.find_element("id", "question")
        assert banner.is_displayed() and "Silver Dragon" in banner.text
        assert browser.find_element("id", "act").text == "Ann to play"
        assert browser.find_element("css selector", "#rulings > li .mark").text == "?"


def test_the_out_stamp_leaves_the_name_readable(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, ["new rdi Ann Bob", "set Bob fortitude 1 alcohol 0",
                                       "Ann plays \"Don't call me cute!\" on Bob", "resolve", "resolve"])
    with serving(path, session.game_id) as url:
        browser.get(url)
        wait_for(browser, "return document.querySelectorAll('#players .stamp').length === 1")
        overlap = browser.execute_script("""const p = document.querySelectorAll('#players .player')[1];
            const a = p.querySelector('.who').getBoundingClientRect(), b = p.querySelector('.stamp').getBoundingClientRect();
            return !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);""")
        assert overlap is False


def test_on_a_phone_the_turn_the_question_and_the_chain_come_first(cards, tmp_path, browser):
    path = tmp_path / "g.sqlite3"
    session = saved_game(cards, path, RDI_GAME)
    with serving(path, session.game_id) as url:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        try:
            browser.get(url)
            wait_for(browser, "return document.querySelectorAll('#players .player').length === 4")
            top = browser.execute_script("""const y = (id) => document.getElementById(id).getBoundingClientRect().top;
                return {where: y('where'), act: y('act'), chain: y('chain-panel'), players: y('players'),
                        rulings: y('rulings-panel'), table: y('table-panel')};""")
            assert top["where"] < top["act"] < top["chain"] < top["players"] < top["rulings"] < top["table"], top
            assert top["chain"] < 844 / 2, top  # the chain on the first half of the first screen
            browser.save_screenshot(str(DOCS / "table-view-phone.png"))
        finally:
            browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": 1366, "height": 768, "deviceScaleFactor": 1, "mobile": False})
