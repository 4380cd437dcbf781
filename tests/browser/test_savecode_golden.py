"""Every golden save code loads in the page's Pyodide to the hash CPython gives
(docs/savecodes.md): the proof that a game replays the same on every device."""

import json
from pathlib import Path

import pytest

import build

pytestmark = pytest.mark.browser

GOLDEN = json.loads((Path(__file__).parent.parent / "golden" / "savecodes.json")
                    .read_text("utf-8"))
HOUSE_RULES = json.loads((Path(__file__).parent.parent / "golden" / "house_rules_codes.json")
                         .read_text("utf-8"))
"""A code per option of every house rule (docs/savecodes.md, versions 3 and 4)."""

LOAD_ALL = """async (codes) => {
  const { Client } = await import(new URL("js/client.js", document.baseURI).href);
  const client = new Client();
  await client.ready;
  const out = [];
  for (const code of codes) {
    const answer = await client.call("load_code", { code });
    out.push(answer.ok ? { hash: answer.hash, code: answer.code, view: answer.view,
                           rules: answer.rules }
                       : { error: answer.error });
  }
  client.close();
  return out;
}"""


def test_every_golden_code_loads_in_pyodide_to_the_cpython_hash(serve, warm_page):
    page = warm_page()
    page.goto(serve())
    page.wait_for_selector(build.READY, state="attached", timeout=120_000)
    answers = page.evaluate(LOAD_ALL, [case["code"] for case in GOLDEN + HOUSE_RULES])
    for case, answer in zip(GOLDEN + HOUSE_RULES, answers, strict=True):
        assert answer.get("rules") == case.get("rules", {}), case["label"]
        assert answer.get("hash") == case["hash"], (case["label"], answer.get("error"))
        assert answer["code"] == case["code"]
        view = answer["view"]
        assert [p["points"] for p in view["players"]] == case["scores"]
        assert (view["year"], view["phase"]) == (case["year"], case["phase"])
        if view["phase"] == "bid":
            assert view["election"]["bids_in"] == []
