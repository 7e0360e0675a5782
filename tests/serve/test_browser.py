"""`cmdsl serve` in a real browser (Debian's Chromium, driven by Playwright's sync API): a game
made through the front page's forms and played to its end, each seat's page showing its own hand
and never another's, a page reloaded or reopened, the server killed and started again under an
open page, a spectator's page, and a hot-seat hand-over.

The server is the command itself, a subprocess on a free port with its database in a temporary
folder; the browser is launched once for the module (no browser is downloaded: the module is
skipped without /usr/bin/chromium, or the executable CMDSL_CHROMIUM names, unless CMDSL_REQUIRE_BROWSER
is set, as .ci/run sets it where Chromium is). With CMDSL_SCREENSHOTS
set, a full-page screenshot of each key moment is saved into that folder.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

import pytest

#: Set by .ci/run where Chromium is installed: there a missing Playwright or a browser that does not
#: start fails these tests instead of skipping them.
REQUIRED = bool(os.environ.get("CMDSL_REQUIRE_BROWSER"))
CHROMIUM = shutil.which(os.environ.get("CMDSL_CHROMIUM", "/usr/bin/chromium"))
if CHROMIUM is None and not REQUIRED:
    pytest.skip("no Chromium here (/usr/bin/chromium, or CMDSL_CHROMIUM naming one)", allow_module_level=True)
if not REQUIRED:
    pytest.importorskip("playwright.sync_api")

from playwright.sync_api import Browser, BrowserContext, Error, Page, sync_playwright  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WAIT_MS = 20_000  # the longest any one wait for the page may take
START_S = 20.0  # the longest the server may take to accept connections

# ---- the server ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """`cmdsl serve` as a subprocess: started, killed (-9) and started again on the same port and db."""

    port: int
    db: Path
    stderr_path: Path
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"

    def stderr(self) -> str:
        return self.stderr_path.read_text(encoding="utf-8", errors="replace") if self.stderr_path.exists() else ""

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        with self.stderr_path.open("ab") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "cmdsl.cli", "serve", "--port", str(self.port), "--db", str(self.db)],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        self.starts += 1
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"cmdsl serve stopped (exit {self.process.returncode}):\n{self.stderr()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()
        pytest.fail(f"cmdsl serve did not accept connections within {START_S} s:\n{self.stderr()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no lifespan; the store has only what it had kept."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("serve")
    s = Server(free_port(), folder / "games.db", folder / "server-stderr.txt")
    s.start()
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def live_server(server: Server) -> Iterator[Server]:
    """The module's server, running (a test that killed it and failed before its restart leaves it
    down), and quiet: a test fails on a traceback or an error line the server wrote meanwhile."""
    if not server.running():
        server.start()
    before = len(server.stderr())
    yield server
    said = server.stderr()[before:]
    bad = [line for line in said.splitlines() if "Traceback" in line or "ERROR" in line]
    assert not bad, f"the server reported errors:\n{said}"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM is not None, "CMDSL_REQUIRE_BROWSER is set, and there is no Chromium (or CMDSL_CHROMIUM)"
    with sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        except Error as e:
            if REQUIRED:
                raise
            pytest.skip(f"Chromium ({CHROMIUM}) did not start: {str(e).splitlines()[0]}")
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def wide_page(browser: Browser) -> Iterator[Page]:
    """A page in a browser context of its own (a person's browser), 1280 px wide, closed after the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    yield context.new_page()
    context.close()


@pytest.fixture
def contexts(browser: Browser) -> Iterator[Callable[[], BrowserContext]]:
    """New browser contexts (each one person's browser: its own cookies, storage and sockets),
    closed after the test."""
    made: list[BrowserContext] = []

    def new() -> BrowserContext:
        c = browser.new_context(viewport={"width": 1200, "height": 900})
        c.set_default_timeout(WAIT_MS)
        made.append(c)
        return c
    yield new
    for c in made:
        try:
            c.close()
        except Exception:  # closed by the test already
            pass


def new_page(contexts: Callable[[], BrowserContext]) -> Page:
    return contexts().new_page()


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("CMDSL_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


# ---- making a game through the forms ------------------------------------------------------------------


class GameRefused(AssertionError):
    """The seats' form was posted and the server made no game."""


def make_game(page: Page, server: Server, game: str, players: int, seats: list[str],
              hot_seat: bool = False) -> dict[str, str]:
    """A game made as a person makes one: the front page's form for ``game`` (its table size), the
    seats' form (``seats``: each seat's player in seat order), then the links page. Returns each
    link's row label (the seat's name, "spectators (...)", "every person, ... (hot-seat)") → URL."""
    page.goto(server.url + "/")
    form = page.locator("form.offer", has=page.locator(f"input[name=game][value={game}]"))
    form.locator("select[name=players]").select_option(str(players))
    form.get_by_role("button", name="Choose the seats").click()
    page.wait_for_url("**/new?*")
    selects = page.locator("select[name^='seat.']")
    assert selects.count() == players == len(seats)
    for i, player in enumerate(seats):
        selects.nth(i).select_option(player)
    if hot_seat:
        page.locator("input[name=hot_seat]").check()
    with page.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/games")) as posted:
        page.get_by_role("button", name="Make the game").click()
    if posted.value.status != 303:  # refused: the error page says why
        page.wait_for_load_state()
        error = page.locator("#error")
        raise GameRefused(f"{posted.value.status}: {error.inner_text() if error.count() else page.content()[:300]}")
    page.wait_for_url("**/host/**")
    links = {}
    for row in page.locator("table.links tbody tr").all():
        links[row.locator("td").first.inner_text().strip()] = row.locator("a.link").get_attribute("href") or ""
    return links


def spectator_link(links: dict[str, str]) -> str:
    return next(url for who, url in links.items() if who.startswith("spectators"))


# ---- reading a seat's page -------------------------------------------------------------------------------

#: The page has drawn a screen and is not waiting for a bot: its decision is up, or the game is over.
SETTLED = """() => {
  const $ = (id) => document.getElementById(id);
  if ($("game").hidden || !$("thinking").hidden) return false;
  if (!$("result").hidden) return true;
  return !$("decision").hidden && document.querySelectorAll("#options button.option").length > 0;
}"""

#: As SETTLED, and the decision is this seat's alone (no bot is still to choose: no screen can come
#: unasked, so the next one answers this page's click).
MY_TURN_ALONE = SETTLED.replace('if (!$("result").hidden) return true;',
                                'if (!$("result").hidden) return true;\n  if ($("turn").textContent !== "Your turn.") return false;')


@dataclass(frozen=True)
class Seen:
    """What a seat's page shows of the game."""

    you: str
    turn: str
    prompt: str | None
    options: tuple[str, ...]
    log: tuple[str, ...]
    board: str
    result: str | None
    error: str | None = field(default=None, compare=False)


def seen(page: Page) -> Seen:
    d = page.evaluate("""() => {
      const $ = (id) => document.getElementById(id);
      const shown = (id) => !$(id).hidden;
      return {you: $("you").textContent, turn: $("turn").textContent,
              prompt: shown("decision") ? $("prompt").textContent : null,
              options: shown("decision") ? [...document.querySelectorAll("#options button.option")].map((b) => b.textContent) : [],
              log: [...document.querySelectorAll("#log li")].map((li) => li.textContent),
              board: $("board").textContent, result: shown("result") ? $("result").textContent : null,
              error: shown("error") ? $("error").textContent : null};
    }""")
    return Seen(d["you"], d["turn"], d["prompt"], tuple(d["options"]), tuple(d["log"]), d["board"], d["result"],
                d["error"])


def hand(page: Page) -> list[str]:
    """The cards of the "Your hand:" line of a Lobbys seat's board as text: folded away under its HTML
    board, and sent once unfolded."""
    if page.locator("#as-text").get_attribute("open") is None:
        page.locator("#as-text summary").click()
    page.wait_for_function("() => document.getElementById('board').textContent.includes('Your hand:')")
    text = page.locator("#board").text_content() or ""
    lines = [line for line in text.splitlines() if line.startswith("Your hand:")]
    assert len(lines) == 1, text
    return lines[0].removeprefix("Your hand:").split()


def all_text(page: Page) -> str:
    """Everything the page holds as text: what it shows, what it hides, and its log."""
    return str(page.evaluate("() => document.body.innerText + '\\n' + document.body.textContent + '\\n' + "
                             "[...document.querySelectorAll('#log li')].map((li) => li.textContent).join('\\n')"))


def open_seat(page: Page, url: str) -> Seen:
    page.goto(url)
    page.wait_for_function(SETTLED)
    return seen(page)


def no_error(page: Page) -> None:
    error = page.locator("#error")
    assert not error.is_visible(), f"the page shows an error: {error.inner_text()!r}"


def answer_first(page: Page) -> Seen:
    """Click the first option of this seat's decision (when no bot is still to choose), and wait for
    the screen that answers it: the options drawn again, or taken away, or an error."""
    page.wait_for_function(MY_TURN_ALONE)
    assert page.title().startswith("▶ Your turn"), page.title()
    button = page.locator("#options button.option").first
    handle = button.element_handle()
    button.click()
    page.wait_for_function("(b) => !b.isConnected || b.offsetParent === null || !document.getElementById('error').hidden",
                           arg=handle)
    handle.dispose()
    no_error(page)
    page.wait_for_function(SETTLED)
    return seen(page)


def play_to_the_end(page: Page, most: int = 200) -> int:
    """Answer the first option until the game is over; the number of answers given."""
    for n in range(most):
        page.wait_for_function(SETTLED)
        if page.locator("#result").is_visible():
            return n
        answer_first(page)
    raise AssertionError(f"the game is not over after {most} answers: {seen(page)}")


# ---- the tests -------------------------------------------------------------------------------------------


def test_a_game_made_from_the_front_page_is_played_to_its_end(live_server: Server,
                                                              contexts: Callable[[], BrowserContext]) -> None:
    page = new_page(contexts)
    links = make_game(page, live_server, "lobbys", 3, ["human", "random", "random"])
    assert set(links) == {"Player 1", "spectators (what every seat may see)"}, links
    shot(page, "lobbys-links.png")

    start = open_seat(page, links["Player 1"])
    assert start.you == "You play Player 1."
    assert start.prompt and start.options and start.result is None
    page.wait_for_function(MY_TURN_ALONE)
    assert page.title().startswith("▶ Your turn"), page.title()
    shot(page, "lobbys-seat1-start.png")

    answers = play_to_the_end(page)
    end = seen(page)
    assert answers >= 3
    assert end.result is not None and end.result.startswith("Game over"), end
    assert end.turn == "The game is over."
    assert end.prompt is None and not page.locator("#decision").is_visible()
    assert end.error is None and not page.locator("#error").is_visible()
    assert not page.title().startswith("▶"), page.title()
    assert page.locator("#status").inner_text() == ""
    shot(page, "game-over.png")


def test_each_seat_sees_its_own_hand_and_never_the_others(live_server: Server,
                                                          contexts: Callable[[], BrowserContext]) -> None:
    links = make_game(new_page(contexts), live_server, "lobbys", 2, ["human", "human"])
    assert {"Player 1", "Player 2"} <= set(links), links
    a, b = new_page(contexts), new_page(contexts)  # two persons, two browsers
    seen_a, seen_b = open_seat(a, links["Player 1"]), open_seat(b, links["Player 2"])
    assert (seen_a.you, seen_b.you) == ("You play Player 1.", "You play Player 2.")
    hand_a, hand_b = hand(a), hand(b)
    assert hand_a and hand_b and not set(hand_a) & set(hand_b)
    shot(a, "lobbys-seat1-hand.png")
    shot(b, "lobbys-seat2-hand.png")

    def private(page: Page, own: list[str], other: list[str]) -> None:
        text = all_text(page)
        assert " ".join(own) in text
        assert " ".join(other) not in text
        # at the deal, not one of the other's cards is shown anywhere on this page, by label or id
        words = set(text.replace("[", " ").replace("]", " ").split())
        assert not words & set(other), sorted(words & set(other))
    private(a, hand_a, hand_b)
    private(b, hand_b, hand_a)

    # simultaneous secret picks: both are to choose, each told the other chooses too
    assert seen_a.turn == "Your turn. (Player 2 also to choose, in secret.)"
    assert seen_b.turn == "Your turn. (Player 1 also to choose, in secret.)"
    log_before = len(seen_a.log)
    picked_a = seen_a.options[0].split(".", 1)[-1]  # "1.A♥": the button's number, then its label
    a.locator("#options button.option").first.click()
    a.wait_for_function("() => document.getElementById('decision').hidden")
    no_error(a)
    assert seen(a).turn == "Waiting for Player 2."
    b.wait_for_function("() => document.getElementById('turn').textContent === 'Your turn.'")
    assert not any(picked_a in line for line in seen(b).log[log_before:]), "A's secret pick shown to B"
    b.locator("#options button.option").first.click()

    # both see the next step: the picks revealed in the log, and the first tender to choose for
    for page in (a, b):
        page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {log_before}")
        page.wait_for_function(SETTLED)
        no_error(page)
    after_a, after_b = seen(a), seen(b)
    assert after_a.prompt and after_a.prompt != seen_a.prompt and after_b.prompt and after_b.prompt != seen_b.prompt
    assert any(picked_a in line for line in after_b.log[log_before:]), "the picks are revealed to both"
    assert len(hand(a)) == len(hand_a) - 1 and len(hand(b)) == len(hand_b) - 1
    assert " ".join(hand(b)) not in all_text(a) and " ".join(hand(a)) not in all_text(b)
    shot(a, "lobbys-seat1-after-picks.png")
    shot(b, "lobbys-seat2-after-picks.png")


@pytest.mark.deep  # the default run keeps a game to its end, two seats and a restart: 2 minutes
def test_a_page_reloaded_or_reopened_shows_the_same_game(live_server: Server,
                                                         contexts: Callable[[], BrowserContext]) -> None:
    links = make_game(new_page(contexts), live_server, "lobbys", 3, ["human", "random", "random"])
    page = new_page(contexts)
    open_seat(page, links["Player 1"])
    for _ in range(3):
        answer_first(page)
    page.wait_for_function(MY_TURN_ALONE)
    before = seen(page)
    assert before.prompt and before.options and len(before.log) > 4

    page.reload()
    page.wait_for_function(MY_TURN_ALONE)
    assert seen(page) == before
    shot(page, "lobbys-seat1-reloaded.png")

    page.context.close()
    again = new_page(contexts)
    again.goto(links["Player 1"])
    again.wait_for_function(MY_TURN_ALONE)
    assert seen(again) == before
    assert again.title().startswith("▶ Your turn")
    answer_first(again)  # and the reopened page plays on


def test_an_open_page_comes_back_after_the_server_is_killed_and_started_again(
        live_server: Server, contexts: Callable[[], BrowserContext]) -> None:
    links = make_game(new_page(contexts), live_server, "lobbys", 3, ["human", "random", "random"])
    page = new_page(contexts)
    open_seat(page, links["Player 1"])
    for _ in range(2):
        answer_first(page)
    page.wait_for_function(MY_TURN_ALONE)
    before = seen(page)
    page.evaluate("() => { window.drawnBefore = document.querySelector('#options button.option'); }")

    live_server.kill()
    page.wait_for_function("() => document.getElementById('status').textContent.startsWith('Connection lost')")
    shot(page, "server-down.png")
    live_server.start()
    # play.js retries on its own (0.5 s, doubling, at most 8 s): a new screen replaces the options
    page.wait_for_function("() => !window.drawnBefore.isConnected && document.getElementById('status').textContent === ''")
    page.wait_for_function(MY_TURN_ALONE)
    assert seen(page) == before
    shot(page, "after-restart.png")

    after = answer_first(page)  # an answer is taken by the new server
    assert after != before and len(after.log) > len(before.log)
    play_to_the_end(page)
    assert (seen(page).result or "").startswith("Game over")
    no_error(page)


@pytest.mark.deep  # the default run keeps a game to its end, two seats and a restart: 2 minutes
def test_a_spectator_watches_and_has_no_decision(live_server: Server, contexts: Callable[[], BrowserContext]) -> None:
    links = make_game(new_page(contexts), live_server, "lobbys", 3, ["human", "random", "random"])
    seat = new_page(contexts)
    open_seat(seat, links["Player 1"])
    own = hand(seat)
    answer_first(seat)

    page = new_page(contexts)
    page.goto(spectator_link(links))
    page.wait_for_function("() => !document.getElementById('game').hidden")
    watching = seen(page)
    assert watching.you.startswith("You are watching")
    assert not page.locator("#decision").is_visible() and page.locator("button.option").count() == 0
    assert watching.log and watching.turn
    assert not page.title().startswith("▶")
    assert "Your hand" not in all_text(page)
    assert " ".join(own[1:]) not in all_text(page)  # the seat's hand (one card played since) is not shown
    shot(page, "spectator.png")

    # the spectator follows the game: the seat's next answer reaches its log
    n = len(watching.log)
    answer_first(seat)
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {n}")
    assert page.locator("button.option").count() == 0


@pytest.mark.deep  # the default run keeps a game to its end, two seats and a restart: 2 minutes
def test_hot_seat_hands_the_screen_over_between_persons(live_server: Server,
                                                         contexts: Callable[[], BrowserContext]) -> None:
    links = make_game(new_page(contexts), live_server, "lobbys", 2, ["human", "human"], hot_seat=True)
    table = next(url for who, url in links.items() if "hot-seat" in who)
    assert "Player 1" not in links and "Player 2" not in links  # one link for the screen, none per seat
    page = new_page(contexts)
    page.goto(table)
    # the screen is first handed to the first person to play
    page.wait_for_function("() => !document.getElementById('handover').hidden")
    assert "Player 1" in page.locator("#handover-text").inner_text() and not page.locator("#game").is_visible()
    page.locator("#take").click()
    page.wait_for_function(SETTLED)
    first = seen(page)
    assert first.you == "You play Player 1."
    hand_1 = hand(page)
    page.locator("#options button.option").first.click()

    page.wait_for_function("() => !document.getElementById('handover').hidden")
    assert not page.locator("#game").is_visible()
    assert "Player 2" in page.locator("#handover-text").inner_text()
    assert " ".join(hand_1) not in page.evaluate("() => document.body.innerText")
    # nor in the page's hidden parts: nothing of Player 1's view is left for Player 2 to find
    left = page.evaluate("() => document.getElementById('game').textContent")
    assert "Your hand" not in left and not any(f"[{c}]" in left for c in ("AH", "2H"))
    assert page.locator("#options button").count() == 0
    shot(page, "hot-seat-handover.png")

    page.locator("#take").click()
    page.wait_for_function("() => document.getElementById('you').textContent === 'You play Player 2.'")
    page.wait_for_function(SETTLED)
    no_error(page)
    hand_2 = hand(page)
    assert not set(hand_1) & set(hand_2)
    assert " ".join(hand_1) not in all_text(page)
    shot(page, "hot-seat-player2.png")


@pytest.mark.deep  # the default run stays within 2 minutes; CI runs these
def test_a_game_is_played_to_its_end_from_the_keyboard_alone(live_server: Server, wide_page: Page) -> None:
    """Issue 61 §2: no click after the link is opened: the answer box has the focus at each decision,
    an option's number and Enter answer it, as at the REPL; "?" in the empty box explains."""
    page = wide_page
    links = make_game(page, live_server, "racolage", 2, ["human", "random"])
    page.goto(links["Player 1"])
    page.wait_for_function(MY_TURN_ALONE)
    page.wait_for_function("() => document.activeElement === document.getElementById('answer')")
    page.keyboard.press("?")
    page.wait_for_function("() => !document.getElementById('explain').hidden")
    assert "Phase 1 of your turn (RA4.1)" in page.locator("#explain").inner_text()
    for answers in range(300):
        page.wait_for_function(SETTLED)
        if page.locator("#result").is_visible():
            break
        page.wait_for_function(MY_TURN_ALONE)
        page.wait_for_function("() => document.activeElement === document.getElementById('answer')")
        drawn = page.locator("#options button.option").first.element_handle()
        page.wait_for_timeout(120)  # a quick typist, within the server's rate of answers
        page.keyboard.type("1")
        page.keyboard.press("Enter")
        page.wait_for_function("(b) => !b.isConnected || !document.getElementById('error').hidden || "
                               "!document.getElementById('result').hidden", arg=drawn)  # a new screen, or the end
        drawn.dispose()
        no_error(page)
    assert page.locator("#result").is_visible() and answers > 3
    no_error(page)
    shot(page, "racolage-keyboard-end.png")


@pytest.mark.deep  # the default run stays within 2 minutes; CI runs these
def test_a_seats_page_reads_at_phone_width(live_server: Server, browser: Browser) -> None:
    """Issue 61 §2: at 360 px the page does not scroll sideways (the table's text scrolls in its own
    box), and the options and the answer box are within the screen."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    context.set_default_timeout(WAIT_MS)
    try:
        page = context.new_page()
        links = make_game(page, live_server, "diemacher", 3, ["human", "random", "random"])
        page.goto(links["CDU/CSU"])
        page.wait_for_function(MY_TURN_ALONE)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        for selector in ("#options button.option", "#answer", "#why"):
            box = page.locator(selector).first.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, (selector, box)
        assert page.evaluate("() => document.activeElement.id") != "answer"  # no keyboard popped up unasked
        shot(page, "diemacher-phone.png")
    finally:
        context.close()


def test_lobbys_board_in_html_with_its_cards_in_french(live_server: Server, wide_page: Page) -> None:
    """Issue 61 §1: Lobbys' own board (its plug-in's template), each card opened for its text, in
    English, then French; the table as text a click away."""
    page = wide_page
    links = make_game(page, live_server, "lobbys", 3, ["human", "random", "random"])
    page.goto(links["Player 1"])
    page.wait_for_function(MY_TURN_ALONE)
    board = page.locator("#board-html")
    assert board.is_visible() and not page.locator("#board").is_visible()
    assert page.evaluate("() => getComputedStyle(document.querySelector('.lobbys .card')).borderRadius") == "5px"
    card = board.locator(".lobbys-hand details").first
    card.locator("summary").click()
    assert " of " in card.inner_text()
    page.locator("#lang").select_option("fr")
    page.wait_for_function("() => document.getElementById('board-html').textContent.includes('Votre main')")
    assert board.locator(".lobbys-hand details").first.get_attribute("open") is not None  # kept open, redrawn
    assert re.search(r"\b(cœur|carreau|trèfle|pique)\b", board.inner_text())
    shot(page, "lobbys-board-fr.png")
    assert page.locator("#board").text_content() == ""  # the table as text: sent only once unfolded
    page.locator("#as-text summary").click()
    page.wait_for_function("() => document.getElementById('board').textContent.includes('Your hand:')")
    assert "Your hand:" in page.locator("#board").inner_text()


def shot_and_play_to_the_end(page: Page, name: str, most: int) -> None:
    """A game's board shot as it stands, then played on to its end, the board drawn at every step."""
    shot(page, name)
    play_to_the_end(page, most=most)
    assert page.locator("#result").is_visible() and page.locator("#board-html").is_visible()
    no_error(page)


@pytest.mark.deep  # the default run has Lobbys' board; CI runs this one
def test_racolages_board_in_html(live_server: Server, wide_page: Page) -> None:
    """Issue 61 §1: Racolage's own board; a card of the hand opened to its rules text."""
    page = wide_page
    links = make_game(page, live_server, "racolage", 3, ["human", "greedy", "random"])
    page.goto(links["Player 1"])
    page.wait_for_function(MY_TURN_ALONE)
    board = page.locator("#board-html")
    assert board.is_visible() and "Your hand" in board.inner_text()
    card = board.locator(".racolage-hand details").first
    card.locator("summary").click()
    assert "range" in card.inner_text() or "Action" in card.inner_text()
    for _ in range(6):  # a few turns, for a table with cards on it
        answer_first(page)
    page.wait_for_function(MY_TURN_ALONE)
    board.locator(".racolage-hand details").first.locator("summary").click()
    shot_and_play_to_the_end(page, "racolage-board.png", most=400)


@pytest.mark.deep  # the default run has Lobbys' board; CI runs this one
def test_cm2008s_board_in_html(live_server: Server, wide_page: Page) -> None:
    """Issue 61 §1: CM2008's own board: the states in play with their rows of blocks, the side's hand."""
    page = wide_page
    links = make_game(page, live_server, "cm2008", 2, ["human", "greedy"])
    page.goto(links["McCain"])
    page.wait_for_function(SETTLED)
    for _ in range(4):
        if page.locator("#result").is_visible():
            break
        answer_first(page)
    board = page.locator("#board-html")
    assert board.is_visible() and board.locator(".cm-state").count() >= 1
    if board.locator(".cm-hand details").count():
        board.locator(".cm-hand details summary").first.click()
    shot_and_play_to_the_end(page, "cm2008-board.png", most=400)


@pytest.mark.deep  # the default run has Lobbys' board; CI runs this one
def test_die_machers_board_in_html(live_server: Server, wide_page: Page) -> None:
    """Issue 61 §1: Die Macher's own board: the parties, the four state boards, the national board, the hand."""
    page = wide_page
    links = make_game(page, live_server, "diemacher", 3, ["human", "greedy", "greedy"])
    page.goto(links["CDU/CSU"])
    page.wait_for_function(MY_TURN_ALONE)
    for _ in range(8):  # through the preliminary step
        answer_first(page)
    board = page.locator("#board-html")
    assert board.is_visible() and board.locator(".dm-board").count() == 4
    board.locator(".dm-mine details summary").first.click()
    shot_and_play_to_the_end(page, "diemacher-board.png", most=1500)
