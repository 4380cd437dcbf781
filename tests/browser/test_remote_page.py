"""Playing across devices in the browser (docs/remote.md): three warm devices (conftest.py),
each with its own storage (three phones), play a 3-player game to the final table by passing
the links their share action gives (every bidder of a contested ward seals, then each opens on
its own device); "Since your last move" opens the replay viewer and leaves the game as it was;
Python and Web Crypto agree on commitments; a waiting device and a watcher start no move; links
behind a device's game, contradicting it, damaged, or carrying a changed bid or random value
change nothing, in every language."""

import json
from pathlib import Path

import axe_kit
import pytest
from layout_kit import damaged, paste

import build
from remotekit import bids_in
from tammany.errors import IllegalAction
from tammany.game import Game
from tammany.savecode import decode, encode
from tools.gameplay import Player, settle, shown, wait_moves, wait_screen

VECTORS = json.loads((Path(__file__).parent.parent / "remote_vectors.json").read_text())
NAMES = ["Ann", "Boris", "Cleo"]

# The share sheet, as a phone has it: the test reads the link it was given.
SHARE_STUB = """
Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => {
  document.documentElement.dataset.shared = data.url;
} });
"""


def code_of(link: str) -> str:
    """The save code in a game's link (without "&for=SEAT", the seat it was sent for)."""
    return link.split("#g=", 1)[1].split("&", 1)[0]


class Phone:
    """One device (a warm device: its own storage), playing some of the seats."""

    def __init__(self, device, url: str, name: str):
        self.context = device
        self.page = device.new_page()
        self.page.add_init_script(SHARE_STUB)
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
        """`link` opened where this device already shows the game: taken in place (the fragment
        alone changes, as when the link is pasted into the tab; the ?seed= of the first page of
        the device that started the game is not the link's business)."""
        if not self.page.url.startswith(link.split("#")[0]):
            return self.open(link)
        paste(self.page, link)
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
        name = next(n for n in NAMES if waiting.startswith(f"Waiting for {n}:"))
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


def open_remote_game(warm_context, url: str, terms: int | None = None) -> dict:
    """Three phones; Ann's starts a game across devices (seed 17) with Boris and Cleo elsewhere
    (with `terms`, the house rule of that many terms, chosen on the start screen)."""
    phones = {name: Phone(warm_context(), url, name) for name in NAMES}
    ann = phones["Ann"]
    ann.page.goto(f"{url}?seed=17&fast=1")
    ann.page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    wait_screen(ann.page, "start")
    for i, name in enumerate(NAMES):
        ann.page.fill(f"#th-name-{i}", name)
    if terms:
        ann.page.click("#th-house summary")
        ann.page.check(f'#th-house input[data-switch="terms"][data-option="{terms}"]')
    ann.page.click("#th-remote summary")
    ann.page.click("#th-remote-start")
    return phones


def test_three_devices_play_a_game_by_passing_links(serve, warm_context):
    """A whole game across devices to its final table, with the house rule of two terms
    (issue 46): the rule travels in every link, and every device plays by it. Every link names
    the seat it was sent for (`&for=SEAT`), and a device new to the game is offered that seat
    first; the first device a link reaches plays on, then waits and starts no move whatever it
    taps. "Since your last move" opens the replay viewer and leaves the game as it was. At the
    end, on a device that has gone past it, an older link (a fresh visit), a link whose
    earlier move differs and one whose only change is a seal (pasted into the tab) change
    nothing, each with its notice (the changed seal named with its ward, R24)."""
    phones = open_remote_game(warm_context, serve(), terms=2)
    links = []
    holder = phones["Ann"]
    older = None  # (phone, link) of a link that phone has since gone past
    replayed = 0  # "Since your last move" opened in the replay viewer
    chose = []  # the devices new to the game: the seat offered first
    years = {}  # each device's year track after each link it took in
    for _ in range(600):
        if holder.play_until_waiting() == "final":
            break
        if len(links) == 1:  # the device the first link was sent for has played: it waits
            taps_start_no_move(holder)
        link, name = holder.send()
        assert link.endswith(f"&for={NAMES.index(name)}"), link
        links.append(link)
        if len(links) == 6:
            older = (holder, link)
        holder = phones[name]
        print(f"link {len(links)}: {len(code_of(link))} chars, to {name}", flush=True)
        screen = holder.receive(link)
        if screen == "who":
            first = holder.page.locator("#th-remote-who button").first
            chose.append((name, first.get_attribute("data-seat"), first.text_content()))
        years.setdefault(name, []).append(holder.page.locator("#th-game .tm-years-year")
                                          .text_content())
        if replayed < 2 and screen == "turn" and holder.page.locator("#th-remote-replay").count():
            check_replay_since(holder, str(decode(code_of(link)).game_id))
            replayed += 1
    else:
        raise AssertionError("the game did not end")

    assert sorted(name for name, _, _ in chose) == ["Boris", "Cleo"], chose
    assert all((seat, text) == (str(NAMES.index(name)), f"I play {name}")
               for name, seat, text in chose), chose
    for link in links:
        bids_in(code_of(link))
    # The finished game: the address of the device that played the last move holds its link.
    final_code = code_of(holder.page.url)
    totals = bids_in(final_code)
    final = decode(final_code)
    assert final.is_over
    assert final.remote and len(final.history) > 50
    # The house rule, in every link and on every device (its year track: 8 years, not 16).
    assert final.rules.terms == 2
    assert {decode(code_of(link)).rules.terms for link in links} == {2}
    assert set(years) == set(NAMES), years
    assert all(any(y.endswith(" of 8") for y in seen) for seen in years.values()), years
    assert not [y for seen in years.values() for y in seen if y.endswith(" of 16")], years
    assert totals["seal"] == totals["open"] >= 4 and totals["contested"] >= 2
    assert replayed == 2
    # The log says, in a sentence, when a ward's bids are all sealed and are opened next.
    revealing = holder.page.locator(".tm-log-list li", has_text="every bid is in; the sealed "
                                    "bids are opened next")
    assert revealing.count() == totals["revealing"] >= 2
    assert all(phone.errors == [] for phone in phones.values())

    # An older link on a device that has gone past it (the final link taken in its tab, the
    # older one opened afresh): recognised, nothing changes.
    phone, link = older
    phone.receive(link.split("#g=")[0] + "#g=" + final_code)
    before = phone.moves()
    assert before == len(final.history)
    assert phone.open(link) and phone.moves() == before
    box = phone.page.text_content("#th-remote-box")
    assert f"This link is older than your game: you are at move {before}." in box

    # A link whose earlier move differs from what the device has seen, pasted into its tab:
    # refused, the game as it was.
    forked = fork(code_of(links[len(links) // 2]))
    paste(phone.page, "#g=" + forked)
    phone.page.locator("#th-remote-box", has_text="does not match your game").wait_for()
    settle(phone.page)
    assert phone.moves() == before
    assert "does not match your game" in phone.page.text_content("#th-remote-box")

    # A link whose only change is a seal this device has seen (its own seat's, if it sealed):
    # refused as a changed sealed bid in its ward, not as any earlier move; the game as it was.
    resealed, ward = seal_changed(final, NAMES.index(phone.name))
    paste(phone.page, "#g=" + resealed)
    said = (f"This link does not match your game: a sealed bid in ward {ward} was changed on "
            "its way.")
    phone.page.locator("#th-remote-box", has_text=said).wait_for()
    settle(phone.page)
    assert phone.moves() == before
    assert "an earlier move is different" not in phone.page.text_content("#th-remote-box")
    assert all(phone.errors == [] for phone in phones.values())


def seal_changed(game: Game, seat: int) -> tuple[str, int]:
    """The code of `game` up to `seat`'s first seal (anyone's, if it sealed none), that seal's
    commitment changed on its way (a code that decodes: a commitment is any 96 bits); and the
    seal's ward."""
    from tammany.actions import SealBid
    seals = [i for i, (_p, a) in enumerate(game.history) if a.kind == "seal"]
    at = next((i for i in seals if game.history[i][0] == seat), seals[0])
    sealer, seal = game.history[at]
    changed = ("0" if seal.h[0] != "0" else "1") + seal.h[1:]
    forged = Game.replay(game.seats, game.seed, game.history[:at] + [(sealer, SealBid(changed))],
                         game.game_id, game.rules)
    return encode(forged), forged.state.election.ward


def fork(code: str) -> str:
    """The same game with its last turn step replaced by another legal one."""
    game = decode(code)
    history = list(game.history)
    while history:
        seat, action = history.pop()
        base = Game.replay(game.seats, game.seed, history, game.game_id, game.rules)
        for other in base.legal_actions(seat):
            if other != action:
                try:
                    base.apply(seat, other)
                except IllegalAction:
                    continue
                return encode(base)
    raise AssertionError("no move to fork at")


def test_the_page_commits_as_python_does_and_refuses_a_changed_sealed_bid(serve, warm_page):
    """A device whose stored bid was changed after sealing (its owner edited local storage)
    opens it: Python refuses the opening with its reason, and the game stays as it was. In
    that page, Python (hashlib) and the page (crypto.subtle.digest) give the same commitment
    and chain for the same inputs (tests/remote_vectors.json, checked in Python by
    test_remote.py); nothing is logged as an error."""
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
    page, errors = warm_page(), []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
    page.add_init_script(
        f"localStorage.setItem({json.dumps('tammany-remote/' + str(game_id))}, "
        f"{json.dumps(json.dumps(record))});")
    page.goto(f"{serve()}?fast=1#g={code}")
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    assert wait_screen(page, "refused", timeout=120_000) == "refused"
    text = page.text_content("#th-remote-box")
    assert "This is not the bid sealed in ward" in text
    assert int(page.get_attribute("#th-game", "data-moves")) == len(game.history)
    assert page.get_attribute("#th-game", "data-hash") == game.hash()

    got = page.evaluate("""async (v) => {
      const m = await import(new URL("js/ui/remote/remote.js", location.href).href);
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
    assert errors == []


# --- a device moves only for its own seats; no bad link strands anyone ----------------------------
def start_remote(warm_context, url: str) -> dict:
    """Ann's phone starts a game across devices (Boris and Cleo elsewhere) and plays until it
    waits for another device."""
    phones = open_remote_game(warm_context, url)
    assert phones["Ann"].play_until_waiting() == "waiting"
    return phones


def position(phone: Phone) -> tuple:
    return phone.moves(), phone.page.get_attribute("#th-game", "data-hash")


def taps_start_no_move(phone: Phone) -> None:
    """Taps on wards, Castle Garden's cubes and keys on a device that waits: no move starts,
    no move is offered, and "Send to <name>" stays, with the same words."""
    page = phone.page
    before, waiting = position(phone), page.text_content("#th-remote-waiting")
    wards = page.locator('#th-game .tm-ward:not([aria-disabled="true"])')
    cubes = page.locator('#th-game [data-castle]:not([aria-disabled="true"])')
    targets = [wards.nth(i) for i in range(0, wards.count(), 2)]
    targets += [cubes.nth(i) for i in range(cubes.count())]
    assert len(targets) >= 5
    for target in targets:
        target.click()
        assert settle(page) == "waiting"
        assert page.text_content("#th-feedback") == waiting  # said again next to the finger
    wards.nth(1).focus()
    for key in ("Enter", " ", "Tab", "Enter"):
        page.keyboard.press(key)
        assert settle(page) == "waiting"
    assert position(phone) == before
    assert page.locator("#th-game .is-target").count() == 0
    assert page.locator("#th-panel [data-action]").count() == 0  # no move's buttons
    assert not shown(page, "#th-offices") and not shown(page, "#th-cover")
    assert shown(page, "#th-send")
    assert page.text_content("#th-remote-waiting") == waiting
    assert page.text_content(".tm-prompt").strip().endswith(waiting)


# --- a link whose sealed bid was changed on its way (issue 48, item 8) ---------------------------
def forged_links() -> tuple[dict[str, str], dict]:
    """Codes of a game across devices changed after they left their devices, by a forger who
    writes codes the engine reads (check digits and all): "opening", the last move opens a
    sealed bid with other chips; "commitment", the seal it opens was changed; "contribution",
    the last move is a draw whose random value is not the seat's (docs/remote.md). The rules
    refuse each on reading. Also what the page's words need: the ward, the draw's move."""
    from unittest import mock

    from tammany import remote
    from tammany.actions import Draw, OpenBid, SealBid
    from tammany.cli import DEFAULT_NAMES
    from tammany.device import Device, bid_limits
    from tammany.legal import candidate_kinds
    from tammany.remote import election_number
    from tammany.rng import Rng

    game_id = 4243
    game = Game.create(list(DEFAULT_NAMES[:3]), 11, game_id=game_id)
    counter = Rng(98)

    def random_bytes(n):
        return b"".join(counter.next_u64().to_bytes(8, "big") for _ in range(n // 8))

    devices = [Device(game_id, [p], random_bytes) for p in range(3)]
    choices = Rng(5)

    def play_until(done):
        while not done(game):
            s, seat = game.state, game.to_act()[0]
            action = devices[seat].protocol_move(game, seat)
            if action is None and s.phase == "bid":
                action = devices[seat].bid(game, seat, [choices.below(n + 1)
                                                        for n in bid_limits(game, seat)])
            game.apply(seat, action or game.random_action(seat, choices))

    play_until(lambda g: g.state.phase == "bid"
               and candidate_kinds(g.state, g.to_act()[0]) == ["open"])
    s, seat = game.state, game.to_act()[0]
    key = (election_number(s), s.election.ward, seat)
    ward, limits = s.election.ward, bid_limits(game, seat)
    opening = devices[seat].protocol_move(game, seat)
    game.apply(seat, opening)
    history = list(game.history)
    sealed = max(i for i, (p, a) in enumerate(history) if p == seat and a.kind == "seal")
    other = [0, 0, 0, 0] if any(opening.n) else [min(1, n) for n in limits]
    seal = history[sealed][1].h
    forged_seal = ("0" if seal[0] != "0" else "1") + seal[1:]
    play_until(lambda g: g.history[-1][1].kind == "draw")
    drawer, draw = game.history[-1]
    forged_value = ("0" if draw.y[0] != "0" else "1") + draw.y[1:]
    forgeries = {
        "opening": (history[:-1] + [(seat, OpenBid(tuple(other), opening.y))], seal),
        "commitment": (history[:sealed] + [(seat, SealBid(forged_seal))]
                       + history[sealed + 1:], forged_seal),
        "contribution": (game.history[:-1] + [(drawer, Draw(forged_value))], None),
    }
    real = remote.bid_commitment
    codes = {}
    for name, (moves, on_record) in forgeries.items():
        def lenient(gid, election, ward_, seat_, chips, salt, on_record=on_record):
            if (election, ward_, seat_) == key and on_record:  # the forger's copy of the rules
                return bytes.fromhex(on_record)
            return real(gid, election, ward_, seat_, chips, salt)
        check_value = remote.check_next_value if on_record else (lambda *args: None)
        with mock.patch.object(remote, "bid_commitment", lenient), \
                mock.patch.object(remote, "check_next_value", check_value):
            codes[name] = encode(Game.replay(game.seats, game.seed, moves, game_id))
    return codes, {"ward": ward, "draw": len(game.history)}


@pytest.fixture(scope="module")
def forged():
    codes, facts = forged_links()
    for name, code in codes.items():  # the rules refuse each, with its reason
        with pytest.raises(IllegalAction) as err:
            decode(code)
        assert err.value.code == "bad_move"
        reason = "bad_contribution" if name == "contribution" else "opening_mismatch"
        assert err.value.params["reason"]["code"] == reason
    return codes, facts


REFUSED = {
    "en": "This link was damaged on its way",
    "de": "Dieser Link wurde unterwegs beschädigt",
    "fr": "Ce lien a été abîmé en route",
    "it": "Questo link si è danneggiato per strada",
}


def refusals(lang: str, facts: dict) -> dict[str, str]:
    """What the page says in `lang` of each forged link (forged_links: "opening", "commitment",
    "contribution") and of a "damaged" one; "forged", what it says of a move it cannot name."""
    table = json.loads((Path(__file__).parents[2] / "site" / "data" / "i18n" / f"{lang}.json")
                       .read_text("utf-8"))
    words = table["strings"]
    bid_changed = words["link.bid_changed"].replace("{ward}", str(facts["ward"]))
    return {"opening": bid_changed, "commitment": bid_changed,
            "contribution": words["link.bad_move"].replace("{move}", str(facts["draw"]))
            .replace("{message}", table["messages"]["bad_contribution"]),
            "damaged": REFUSED[lang], "forged": words["link.forged"]}


def switch_language(page, lang: str) -> str:
    """The game bar's language menu set to `lang` (the screens built again in place); the
    screen then on show."""
    page.select_option("#th-game .th-language", lang)
    screen = settle(page)
    assert page.evaluate("document.documentElement.lang") == lang
    return screen


def test_waiting_devices_start_no_move_and_no_refused_link_strands_a_game(serve, warm_context,
                                                                          forged):
    """Three phones. Ann's, waiting, starts no move whatever it taps, and "Send to <name>"
    stays; the link names the seat it was sent for. A device new to the game (not the one the
    link was sent for) is offered that seat first, in English, German, French and Italian (the
    game bar's language menu); it watches ("Waiting for <name>: send them the link.") and starts
    no move either. On Ann's device, in each of the four languages: a damaged link, and a link
    whose opening of a sealed bid, whose commitment or whose random value was changed on its
    way, pasted into the game's tab, change nothing and the address bar goes back to the game's
    link (a reload reopens the game); the page says why: a sealed bid was changed (the engine's
    `opening_mismatch`, never only that a move is not allowed), a random value with the engine's
    reason for it (`bad_contribution`). A damaged link in a new tab (which starts in the language
    the device chose) offers the game this device holds, which continues it. In German, French
    and Italian none of these screens shows English."""
    from wordkit import SCREEN_WORDS, english_in, english_strings

    codes, facts = forged
    phones = start_remote(warm_context, serve())
    ann = phones["Ann"]
    page = ann.page
    english = {}  # lang -> English sentences a page in lang must not show

    def no_english(p, lang, screen):
        if lang == "en":
            return
        if lang not in english:
            english[lang] = english_strings(p, lang)
        found = english_in("\n".join(p.evaluate(SCREEN_WORDS)), english[lang])
        assert found == [], f"{lang}, {screen}: English on screen: {found}"

    taps_start_no_move(ann)
    good, before = page.url, position(ann)
    link, name = ann.send()
    seat = NAMES.index(name)
    assert link.endswith(f"&for={seat}")

    # A device new to the game, not the one the link was sent for: that seat first; it watches.
    watcher = next(p for n, p in phones.items() if n not in ("Ann", name))
    assert watcher.open(link) == "who"
    first = watcher.page.locator("#th-remote-who button").first
    assert first.get_attribute("data-seat") == str(seat)
    assert first.text_content() == f"I play {name}"
    assert axe_kit.scan(watcher.page) == []  # the seat chooser
    for lang in ("de", "fr", "it", "en"):
        assert switch_language(watcher.page, lang) == "who"
        assert first.get_attribute("data-seat") == str(seat)
        no_english(watcher.page, lang, "who")
    watcher.page.click("#th-remote-watch")
    assert settle(watcher.page) == "waiting"
    waiting = watcher.page.text_content("#th-remote-waiting")
    assert waiting == f"Waiting for {name}: send them the link."
    assert axe_kit.scan(watcher.page) == []  # a waiting device
    taps_start_no_move(watcher)

    for lang in ("en", "de", "fr", "it"):
        says = refusals(lang, facts)
        if lang != "en":
            assert switch_language(page, lang) == "waiting"
        no_english(page, lang, "waiting")
        # Pasted into the game's tab (each notice other than the one before it): refused in
        # words, the game as it was.
        for kind in ("opening", "contribution", "commitment", "damaged"):
            code = damaged(code_of(good)) if kind == "damaged" else codes[kind]
            paste(page, "#g=" + code)
            page.locator(".th-banner", has_text=says[kind]).wait_for()
            assert settle(page) == "waiting"
            assert position(ann) == before and page.url == good
            banner = page.text_content(".th-banner")
            assert says[kind] in banner and says["forged"] not in banner, (kind, banner)
            no_english(page, lang, f"{kind} refused in the game's tab")
        if lang == "en":
            page.reload()
            page.wait_for_selector(build.READY, state="attached", timeout=120_000)
            assert settle(page) == "waiting" and position(ann) == before
        # In a new tab: the start screen says what happened and offers the game this device
        # holds.
        tab = ann.context.new_page()
        tab.goto(good.split("#")[0] + "#g=" + damaged(code_of(good)))
        tab.wait_for_selector(build.READY, state="attached", timeout=120_000)
        assert settle(tab) == "start"
        assert tab.evaluate("document.documentElement.lang") == lang
        assert REFUSED[lang] in tab.text_content("#th-start")
        held = tab.locator("#th-held .th-held")
        assert held.count() == 1
        assert axe_kit.scan(tab) == []  # the refusal and the games this device holds
        if lang == "en":
            text = held.text_content()  # the names as Intl.ListFormat joins them
            assert text.startswith("Continue Ann, Boris") and "and Cleo's game" in text
            assert "waiting for " in held.text_content()
        no_english(tab, lang, "start with the held game")
        held.locator("button").click()
        assert settle(tab) == "waiting"
        game = tab.locator("#th-game")
        assert (int(game.get_attribute("data-moves")), game.get_attribute("data-hash")) == before
        tab.close()
    assert all(p.errors == [] for p in phones.values())


def test_a_link_changed_on_its_way_is_refused_for_its_real_reason(serve, warm_page, forged):
    """Opened afresh on a device with no game (its start screen), a link whose opening of a
    sealed bid, or whose commitment, was changed on its way is refused, no game opened and the
    link not offered again, with the page saying that a sealed bid was changed (the engine's
    `opening_mismatch`), never only that a move is not allowed; a changed random value, with
    the engine's reason for it (`bad_contribution`). Each in a language of its own (German,
    French, Italian); each in all four languages pasted into a game's tab:
    test_waiting_devices_start_no_move_and_no_refused_link_strands_a_game."""
    codes, facts = forged
    url = serve()
    page = warm_page()
    for (kind, code), lang in zip(codes.items(), ("de", "fr", "it"), strict=True):
        says = refusals(lang, facts)
        page.goto("about:blank")
        page.goto(f"{url}?fast=1&lang={lang}#g={code}")
        page.wait_for_selector(build.READY, state="attached", timeout=120_000)
        assert settle(page) == "start", kind
        text = page.text_content("#th-start")
        assert says[kind] in text, (kind, lang, text)
        assert says["forged"] not in text
        assert "#g=" not in page.url  # the refused link is not offered again
        assert page.locator("#th-game[data-hash]").count() == 0  # no game was opened
