// The mayor's assignment (R31): each other player gets one office. One row per player, one
// choice per office; picking an office another player holds swaps them, so the choices stay
// distinct. Python checks the assignment when it is sent.

import { t, message } from "../../strings.js";
import { bossIcon, playerInitials } from "../../render/pieces.js";
import { h, clear } from "../dom.js";
import { createHelpButton } from "../widgets/rules-panel.js";

export function createOfficesDialog(container, { call, onAnswer }) {
  const body = h("div", { class: "th-offices-body" });
  const dialog = h("dialog", { class: "th-dialog th-offices", id: "th-offices", "aria-labelledby": "th-offices-title" }, body);
  dialog.addEventListener("cancel", (e) => e.preventDefault());
  container.appendChild(dialog);
  let busy = false;

  function show(snap) {
    const v = snap.view;
    const mayor = snap.prompt.seats[0];
    const others = snap.prompt.others;
    const offices = snap.prompt.offices;
    const initials = playerInitials(v.players);
    const chosen = {}; // seat -> office
    const error = h("p", { class: "th-field-error", role: "alert" });
    const rows = h("div", { class: "th-office-rows" });
    const confirm = h("button", { type: "button", class: "th-button th-primary th-big", id: "th-offices-confirm" }, t("offices.confirm"));

    function render() {
      clear(rows);
      for (const seat of others) {
        const p = v.players[seat];
        const group = h("div", { class: "th-office-row", role: "radiogroup", "aria-label": t("offices.for", { name: p.name }), dataset: { seat } }, [
          h("div", { class: "th-office-player" }, [bossIcon(p.color, initials[seat], "th-inline-hat"), h("span", { text: p.name })]),
        ]);
        const buttons = h("div", { class: "th-office-choices" });
        offices.forEach((office, k) => {
          const on = chosen[seat] === office;
          const focusable = on || (!chosen[seat] && k === 0);
          buttons.appendChild(h("button", {
            type: "button", role: "radio", class: `th-office-choice${on ? " is-on" : ""}`, "aria-checked": on ? "true" : "false",
            tabindex: focusable ? "0" : "-1", dataset: { office },
            onclick: () => pick(seat, office),
          }, [h("span", { class: "th-office-name", text: t(`office.${office}`) })]));
        });
        group.appendChild(buttons);
        rows.appendChild(group);
      }
      confirm.disabled = others.some((s) => !chosen[s]);
    }

    function pick(seat, office) {
      const holder = others.find((s) => s !== seat && chosen[s] === office);
      if (holder !== undefined) chosen[holder] = chosen[seat];
      if (holder !== undefined && !chosen[holder]) delete chosen[holder];
      chosen[seat] = office;
      error.textContent = "";
      render();
      rows.querySelector(`[data-seat="${seat}"] [data-office="${office}"]`)?.focus();
    }

    confirm.addEventListener("click", async () => {
      if (busy) return;
      if (others.some((s) => !chosen[s])) { error.textContent = t("offices.incomplete"); return; }
      busy = true;
      let answer;
      try {
        answer = await call("act", { seat: mayor, action: { t: "offices", o: Object.fromEntries(others.map((s) => [String(s), chosen[s]])) } });
      } finally {
        busy = false;
      }
      if (!answer) return;
      if (!answer.ok) { error.textContent = message(answer.error); return; }
      dialog.close();
      onAnswer(answer);
    });

    const powers = h("ul", { class: "th-office-powers" });
    for (const office of offices) {
      powers.appendChild(h("li", {}, [h("b", { text: t(`office.${office}`) }), " — ", t(`offices.power.${office}`)]));
    }
    clear(body);
    body.append(
      h("div", { class: "th-bid-head" }, [
        bossIcon(v.players[mayor].color, initials[mayor], "th-inline-hat"),
        h("h2", { id: "th-offices-title", text: t("offices.title", { name: v.players[mayor].name }) }),
        createHelpButton("R31"),
      ]),
      h("p", { text: t("offices.explain") }),
      powers,
      rows,
      error,
      h("div", { class: "th-dialog-actions" }, confirm),
    );
    render();
    if (!dialog.open) dialog.showModal();
    rows.querySelector("button")?.focus();
  }

  return {
    show,
    hide() { if (dialog.open) dialog.close(); },
    get open() { return dialog.open; },
  };
}
