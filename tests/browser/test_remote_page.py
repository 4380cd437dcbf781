"""Playing across devices in the browser (docs/remote.md): three browser contexts,
each with its own storage (three phones), play a 3-player game to the final table by passing
the links their share action gives (every bidder of a contested ward seals, then each opens on
its own device); "Since your last move" opens the replay viewer and leaves the game as it was;
Python and Web Crypto agree on commitments; links behind a device's game, contradicting it, or
carrying a changed bid change nothing."""

import json
from pathlib import Path

from gameplay import Player, settle, wait_moves, wait_screen

import build
from remotekit import bids_in
from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.savecode import decode, encode

VECTORS = json.loads((Path(__file__).parent.parent / "remote_vectors.json").read_text())
NAMES = ["Ann", "Boris", "Cleo"]

# The share sheet, as a phone has it: the test reads the link it was given.
SHARE_STUB = """
Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => {
  document.documentElement.dataset.shared = data.url;
} });
"""


def code_of(link: str) -> str:
    return link.split("#g=", 1)[1]


class Phone:
    """One device: its own browser context (storage), playing some of the seats."""

    def __init__(self, browser, url: str, name: str):
        self.context = browser.new_context()
        self.context.add_init_script(SHARE_STUB)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.player = Player(self.page)
        self.url = url
        self.name = name

    def open(self, link: str) -> str:
        """A fresh visit to `link` (the engine starts anew)."""
        self.page.goto("about:blank")
        self.page.goto(link)
        self.page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        return settle(self.page, timeout=120_000)

    def receive(self, link: str) -> str:
        """`link` opened where this device already shows the game: taken in place."""
        if not self.page.url.startswith(link.split("#")[0]) or self.page.url == "about:blank":
            return self.open(link)
        self.page.goto(link)
        wait_moves(self.page, len(decode(code_of(link)).history), timeout=120_000)
        return settle(self.page, timeout=120_000)

    def moves(self) -> int:
        return int(self.page.get_attribute("#th-game", "data-moves"))

    def play_until_waiting(self) -> str:
        """Play this device's seats until another device must move: "waiting" or "final"."""
        page = self.page
        for _ in range(400):
            screen = settle(page)
            if screen in ("waiting", "final"):
                return screen
            if screen == "who":
                page.click(f'#th-remote-who button:has-text("I play {self.name}")')
                continue
            self.player.step()
        raise AssertionError("this device never finished its moves")

    def send(self) -> tuple[str, str]:
        """Tap Send to <name>: the link the share sheet received, and who it is for."""
        page = self.page
        waiting = page.text_content("#th-remote-waiting")
        page.evaluate("() => { delete document.documentElement.dataset.shared; }")
        page.click("#th-send")
        page.wait_for_selector("html[data-shared]", state="attached")
        link = page.get_attribute("html", "data-shared")
        name = next(n for n in NAMES if waiting.startswith(f"Waiting for {n} "))
        return link, name


def check_replay_since(phone: "Phone", game_id: str) -> None:
    """"Since your last move" → the replay viewer at the move after this device's last one;
    leaving it shows the game exactly as it was (same screen, moves and hash)."""
    page = phone.page
    screen, moves, digest = settle(page), phone.moves(), page.get_attribute("#th-game", "data-hash")
    record = json.loads(page.evaluate(f"() => localStorage.getItem('tammany-remote/{game_id}')"))
    lines = page.locator("#th-remote-since li").count()
    assert lines > 0
    page.click("#th-remote-replay")
    assert wait_screen(page, "replay") == "replay"
    assert int(page.get_attribute("#th-replay", "data-at")) == min(record["lastOwn"] + 1, moves)
    assert int(page.get_attribute("#th-replay", "data-moves")) == moves
    page.click("#th-rp-leave")
    assert wait_screen(page, screen) == screen
    assert (phone.moves(), page.get_attribute("#th-game", "data-hash")) == (moves, digest)
    assert page.locator("#th-remote-since li").count() == lines


def test_page_commitments_equal_python_vectors(serve, open_page):
    """Python (hashlib) and the page (crypto.subtle.digest) give the same commitment and chain
    for the same inputs (tests/remote_vectors.json, checked in Python by test_remote.py)."""
    rec = open_page(serve() + "?fast=1")
    rec.wait_ready()
    got = rec.page.evaluate("""async (v) => {
      const m = await import(new URL("js/ui/remote.js", location.href).href);
      const bids = [];
      for (const b of v.bids) {
        bids.push(await m.bidCommitment(b.game_id, b.election, b.ward, b.seat, b.chips, b.salt));
      }
      const chains = [];
      for (const c of v.chains) {
        const values = await m.chainValues(c.secret, c.game_id, c.seat);
        chains.push([values[0], values[1], values[80]]);
      }
      return { bids, chains };
    }""", VECTORS)
    assert got["bids"] == [b["commitment"] for b in VECTORS["bids"]]
    assert got["chains"] == [[c["anchor"], c["first"], c["secret"]] for c in VECTORS["chains"]]
    assert rec.errors == []
    rec.close()


def test_three_devices_play_a_game_by_passing_links(serve, browser):
    url = serve()
    phones = {name: Phone(browser, url, name) for name in NAMES}
    ann = phones["Ann"]
    ann.page.goto(f"{url}?seed=17&fast=1")
    ann.page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(ann.page, "start")
    for i, name in enumerate(NAMES):
        ann.page.fill(f"#th-name-{i}", name)
    ann.page.click("#th-remote summary")
    ann.page.click("#th-remote-start")

    links = []
    holder = ann
    older = None  # (phone, link) of a link that phone has since gone past
    replayed = 0  # "Since your last move" opened in the replay viewer
    for _ in range(600):
        if holder.play_until_waiting() == "final":
            break
        link, name = holder.send()
        links.append(link)
        if len(links) == 6:
            older = (holder, link)
        holder = phones[name]
        print(f"link {len(links)}: {len(code_of(link))} chars, to {name}", flush=True)
        screen = holder.receive(link)
        if replayed < 2 and screen == "turn" and holder.page.locator("#th-remote-replay").count():
            check_replay_since(holder, str(decode(code_of(link)).game_id))
            replayed += 1
    else:
        raise AssertionError("the game did not end")

    for link in links:
        bids_in(code_of(link))
    # The finished game: the address of the device that played the last move holds its link.
    final_code = code_of(holder.page.url)
    totals = bids_in(final_code)
    final = decode(final_code)
    assert final.is_over
    assert final.remote and len(final.history) > 100
    assert totals["seal"] == totals["open"] >= 4 and totals["contested"] >= 2
    assert replayed == 2
    # The log says, in a sentence, when a ward's bids are all sealed and are opened next.
    revealing = holder.page.locator(".tm-log-list li", has_text="every bid is in; the sealed "
                                    "bids are opened next")
    assert revealing.count() == totals["revealing"] >= 2
    assert all(phone.errors == [] for phone in phones.values())

    # An older link on a device that has gone past it: recognised, nothing changes.
    phone, link = older
    before = phone.open(link.split("#g=")[0] + "#g=" + final_code) and phone.moves()
    assert phone.open(link) and phone.moves() == before
    box = phone.page.text_content("#th-remote-box")
    assert f"This link is behind your game: you are at move {before}." in box

    # A link whose earlier move differs from what the device has seen: refused.
    forked = fork(code_of(links[len(links) // 2]))
    phone.open(link.split("#g=")[0] + "#g=" + forked)
    assert phone.moves() == before
    assert "does not match your game" in phone.page.text_content("#th-remote-box")
    for p in phones.values():
        p.context.close()


def fork(code: str) -> str:
    """The same game with its last turn step replaced by another legal one."""
    game = decode(code)
    history = list(game.history)
    while history:
        seat, action = history.pop()
        base = Game.replay(game.seats, game.seed, history, game.game_id)
        for other in base.legal_actions(seat):
            if other != action:
                try:
                    base.apply(seat, other)
                except IllegalAction:
                    continue
                return encode(base)
    raise AssertionError("no move to fork at")


def test_a_changed_sealed_bid_is_refused_on_the_page(serve, browser):
    """A device whose stored bid was changed after sealing (its owner edited local storage)
    opens it: Python refuses the opening with its reason, and the game stays as it was."""
    from tammany.cli import DEFAULT_NAMES
    from tammany.device import Device, bid_limits
    from tammany.legal import candidate_kinds
    from tammany.remote import election_number
    from tammany.rng import Rng

    game_id = 4242
    game = Game.create(list(DEFAULT_NAMES[:3]), 11, game_id=game_id)
    counter = Rng(99)

    def random_bytes(n):
        return b"".join(counter.next_u64().to_bytes(8, "big") for _ in range(n // 8))

    devices = [Device(game_id, [p], random_bytes) for p in range(3)]
    choices = Rng(5)
    while True:
        s = game.state
        seat = game.to_act()[0]
        if (s.phase == "bid" and len(s.election.bidders) >= 2
                and candidate_kinds(s, seat) == ["open"]):
            break
        action = devices[seat].protocol_move(game, seat)
        if action is None and s.phase == "bid":
            action = devices[seat].bid(game, seat, [choices.below(n + 1)
                                                    for n in bid_limits(game, seat)])
        game.apply(seat, action or game.random_action(seat, choices))
    key = (election_number(s), s.election.ward, seat)
    chips, salt = devices[seat].sealed[key]
    limits = bid_limits(game, seat)
    changed = [0, 0, 0, 0] if any(chips) else [min(1, n) for n in limits]
    assert tuple(changed) != tuple(chips)
    code = encode(game)
    record = {"seats": [seat], "secrets": {str(seat): devices[seat].chains[seat][80].hex()},
              "sealed": {f"{key[0]}:{key[1]}:{seat}": {"n": changed, "y": salt}},
              "code": code, "moves": len(game.history), "lastOwn": 0}
    context = browser.new_context()
    context.add_init_script(
        f"localStorage.setItem({json.dumps('tammany-remote/' + str(game_id))}, "
        f"{json.dumps(json.dumps(record))});")
    page = context.new_page()
    page.goto(f"{serve()}?fast=1#g={code}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert wait_screen(page, "refused", timeout=120_000) == "refused"
    text = page.text_content("#th-remote-box")
    assert "This bid is not the one that was sealed" in text
    assert int(page.get_attribute("#th-game", "data-moves")) == len(game.history)
    assert page.get_attribute("#th-game", "data-hash") == game.hash()
    context.close()
