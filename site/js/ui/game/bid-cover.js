// Sealed bids, hot-seat (R24, R25, R34). A full-screen cover ("Hand the device to Anna")
// hides the table; after Anna's tap she sees her own bid screen: one stepper per usable colour
// (limits from Python's prompt), the running total, and Seal. Then the cover returns for the
// next bidder. The cover is a modal <dialog>: focus stays inside it and the page behind is inert.
// Secrets: the bid being entered lives only in this module's variables and in visible text;
// once sealed, the bid screen is removed from the DOM (no inputs, no data attributes).

import { t, message } from "../../strings.js";
import { cubeIcon, chipIcon, bossIcon, NATIONALITIES, playerInitials } from "../../render/pieces.js";
import { h, clear } from "../dom.js";
import { createHelpButton } from "../widgets/rules-panel.js";
import * as signal from "../signal.js";
import * as bidding from "../../logic/bid.js";

export function createBidCover(container, { call, onAnswer }) {
  const body = h("div", { class: "th-cover-body" });
  const dialog = h("dialog", { class: "th-cover", id: "th-cover", "aria-labelledby": "th-cover-title" }, body);
  dialog.addEventListener("cancel", (e) => e.preventDefault()); // Escape does not lift the cover
  // While the cover is up nothing behind it is seen, so the page skips drawing it (<html
  // class="th-covered">): passing the device from bidder to bidder stays cheap.
  const open = () => {
    document.documentElement.classList.add("th-covered");
    if (!dialog.open) dialog.showModal();
  };
  container.appendChild(dialog);
  let snap = null;
  let busy = false;

  function showCover() {
    const v = snap.view;
    const ward = snap.prompt.ward;
    const seat = snap.prompt.seats[0];
    const player = v.players[seat];
    const initials = playerInitials(v.players);
    const list = candidateList(snap, ward, seat, initials);
    clear(body);
    body.append(
      h("p", { class: "th-cover-ward", text: t("bid.cover.ward", { ward }) }),
      h("div", { class: "th-cover-pawn", "aria-hidden": "true" }, bossIcon(player.color, initials[seat], "th-cover-hat")),
      h("h2", { id: "th-cover-title", class: "th-cover-title", text: t("bid.cover.pass", { name: player.name }) }),
      h("p", { class: "th-cover-private", text: t("bid.cover.private", { name: player.name }) }),
      h("button", { type: "button", class: "th-button th-primary th-big", id: "th-reveal-bid", onclick: () => showBid(seat) },
        t("bid.cover.reveal", { name: player.name })),
      list,
    );
    open();
    body.querySelector("#th-reveal-bid").focus();
    signal.announce("cover");
  }

  function showBid(seat) {
    const v = snap.view;
    const ward = snap.prompt.ward;
    const w = v.wards[String(ward)];
    const player = v.players[seat];
    const initials = playerInitials(v.players);
    const bosses = w.bosses[seat];
    const steppers = createSteppers(bidding.limitsOf(snap.prompt, seat), bosses); // the secret, there only
    const error = h("p", { class: "th-field-error", role: "alert" });
    const cubes = wardCubes(w);
    const rivals = rivalsTable(snap, ward, seat, initials);
    const seal = h("button", { type: "button", class: "th-button th-primary th-big", id: "th-seal-bid" }, t("bid.submit"));
    seal.addEventListener("click", async () => {
      if (busy) return;
      busy = true;
      seal.disabled = true;
      let answer;
      try {
        answer = await call("act", { seat, action: steppers.action() });
      } finally {
        busy = false;
      }
      if (!answer) return;
      if (!answer.ok) {
        seal.disabled = false;
        error.textContent = message(answer.error);
        return;
      }
      // Nothing of the sealed bid stays in the page.
      steppers.forget();
      clear(body);
      onAnswer(answer);
    });
    clear(body);
    body.append(
      h("div", { class: "th-bid-head" }, [
        bossIcon(player.color, initials[seat], "th-inline-hat"),
        h("h2", { id: "th-cover-title", class: "th-bid-title", text: t("bid.title", { name: player.name, ward }) }),
        createHelpButton("R24"),
      ]),
      h("p", { class: "th-fine", text: t("bid.explain") }),
      h("p", { class: "th-bid-facts" }, [
        h("span", { text: t("bid.ward_cubes", { ward }) + ": " }), cubes,
      ]),
      h("p", { class: "th-bid-facts", text: t("bid.your_bosses", { count: bosses }) }),
      rivals,
      steppers.element,
      steppers.total,
      error,
      seal,
    );
    (steppers.element.querySelector(".th-step-button:not([disabled])") || seal).focus();
    signal.announce("bid");
  }

  return {
    /** Cover the table for the next bidder of a "bid" snapshot. `direct`: straight to the bid
     * screen, no "hand the device" cover (one person at a table of computers has no one to hide a bid from). */
    show(next, { direct = false } = {}) {
      snap = next;
      if (!direct) { showCover(); return; }
      open();
      showBid(next.prompt.seats[0]);
    },
    /** Lift the cover; `keepCovered`: the page behind stays undrawn (another cover follows). */
    hide({ keepCovered = false } = {}) {
      clear(body);
      if (dialog.open) dialog.close();
      if (!keepCovered) document.documentElement.classList.remove("th-covered");
    },
    get open() { return dialog.open; },
  };
}

// The candidates on the cover: each one's bosses and status (sealed, could bid so many, not
// asked: logic/bid.js), never a bid (R34).
function candidateList(snap, ward, seat, initials) {
  const v = snap.view;
  const list = h("ul", { class: "th-candidates", "aria-label": t("bid.cover.candidates") });
  for (const c of bidding.candidates(v, ward)) {
    const p = v.players[c.seat];
    const said = bidding.candidateStatus(v, snap.prompt, c.seat);
    const status = said.status === "could" ? t("bid.cover.could", { count: said.count }) : t(`bid.cover.status.${said.status}`);
    list.appendChild(h("li", { class: `th-candidate${c.seat === seat ? " is-next" : ""}${said.status === "in" ? " has-bid" : ""}` }, [
      bossIcon(p.color, initials[c.seat], "th-inline-hat"),
      h("span", { class: "th-candidate-name", text: p.name }),
      h("span", { class: "th-candidate-bosses", text: t("bid.cover.bosses", { count: c.n }) }),
      h("span", { class: "th-candidate-status", text: status }),
    ]));
  }
  return list;
}

// The rivals in this ward, from what every seat sees (R34): their bosses here and how many
// chips they could bid (Python's limits in the prompt: chips in hand matching the ward's
// cubes), or that their bid is sealed. Never what anyone bid.
function rivalsTable(snap, ward, seat, initials) {
  const v = snap.view;
  const rows = bidding.rivals(v, snap.prompt, seat, ward);
  if (!rows.length) return null;
  return h("table", { class: "th-rivals" }, [
    h("caption", { text: t("bid.rivals.title") }),
    h("thead", {}, h("tr", {}, [
      h("th", { scope: "col", text: t("bid.rivals.who") }),
      h("th", { scope: "col", class: "th-num", text: t("bid.rivals.bosses") }),
      h("th", { scope: "col", class: "th-num", text: t("bid.rivals.chips") }),
    ])),
    h("tbody", {}, rows.map((c) => {
      const p = v.players[c.seat];
      const chips = c.sealed ? t("bid.cover.status.in") : String(c.chips);
      return h("tr", { dataset: { seat: c.seat } }, [
        h("th", { scope: "row", class: "th-rival-name" }, h("span", { class: "th-rival-who" }, [bossIcon(p.color, initials[c.seat], "th-inline-hat"), h("span", { text: p.name })])),
        h("td", { class: "th-num", text: String(c.bosses) }),
        h("td", { class: "th-num", text: chips }),
      ]);
    })),
  ]);
}

// One stepper per colour the seat may bid (logic/bid.js keeps the bid within Python's limits)
// and the running total. The bid being entered lives only here and in the visible text;
// forget() drops it once sealed.
function createSteppers(limits, bosses) {
  let bid = bidding.newBid(limits);
  const total = h("p", { class: "th-bid-total", "aria-live": "polite" });
  const steppers = h("div", { class: "th-steppers" });
  const update = () => {
    const sum = bidding.totals(bid, bosses);
    total.textContent = t("bid.total", {
      bosses: t("reveal.bosses", { count: sum.bosses }), chips: t("bid.chips", { count: sum.chips }), votes: sum.votes,
    });
  };
  for (const nat of bidding.usable(bid)) {
    const max = bid.limits[nat];
    const value = h("output", { class: "th-stepper-value", "aria-live": "polite" }, "0");
    const less = h("button", { type: "button", class: "th-step-button", "aria-label": t("bid.less", { nat: t(`nat.${nat}`) }), dataset: { step: `${nat}-less` } }, "−");
    const more = h("button", { type: "button", class: "th-step-button", "aria-label": t("bid.more", { nat: t(`nat.${nat}`) }), dataset: { step: `${nat}-more` } }, "+");
    const set = (next) => {
      bid = next;
      const state = bidding.stepperState(bid, nat);
      value.textContent = String(state.value);
      less.disabled = !state.less;
      more.disabled = !state.more;
      update();
    };
    less.addEventListener("click", () => set(bidding.step(bid, nat, -1)));
    more.addEventListener("click", () => set(bidding.step(bid, nat, +1)));
    steppers.appendChild(h("div", { class: `th-stepper tm-nat-${nat}`, role: "group", "aria-label": t(`nat.${nat}`) }, [
      chipIcon(nat, "th-stepper-chip"),
      h("span", { class: "th-stepper-name", text: t(`nat.${nat}`) }),
      less, value, more,
      h("span", { class: "th-stepper-max", text: t("bid.of", { count: max }) }),
    ]));
    set(bidding.setCount(bid, nat, 0));
  }
  update();
  return {
    element: steppers, total,
    action: () => bidding.bidAction(bid),
    forget: () => { bid = bidding.newBid({}); },
  };
}

// The ward's cubes, as icons and counts.
function wardCubes(w) {
  const cubes = h("span", { class: "th-ward-cubes" });
  for (const nat of NATIONALITIES) {
    if (w.cubes[nat] > 0) cubes.append(cubeIcon(nat, "th-inline-piece"), h("span", { class: "th-count", text: `×${w.cubes[nat]}` }));
  }
  return cubes;
}
