"""The bridge's `hello` says which review the engine makes (docs/api.md): the page keeps a
stored review only for the same code and this version, and knows it from its boot without
starting a review — so `hello` answers it without importing the review and its search."""

import json
import subprocess
import sys
from pathlib import Path

from tammany import bridge, review

PY = Path(__file__).resolve().parents[1] / "py"


def call(method: str, **params) -> dict:
    return json.loads(bridge.handle(json.dumps({"method": method, "params": params})))


def test_hello_answers_the_reviews_version_the_review_itself_gives():
    hello = call("hello")
    assert hello["ok"] and hello["review_version"] == review.version()
    assert hello["review_version"].startswith(hello["version"] + "+review")
    opened = call("review_open", code=new_game_code(), work=1)
    assert opened["ok"] and opened["version"] == hello["review_version"]
    call("review_close")


def new_game_code() -> str:
    answer = call("new_game", seats=[{"name": n, "color": c, "level": "human"} for n, c in
                                     (("A", "red"), ("B", "yellow"), ("C", "purple"))], seed=7)
    return answer["code"]


def test_hello_does_not_import_the_review():
    """The page's boot asks `hello`: the review (and the computers' search it needs) is
    imported only when a review opens."""
    script = ("import json, sys\nfrom tammany import bridge\n"
              "answer = json.loads(bridge.handle(json.dumps({'method': 'hello'})))\n"
              "print(json.dumps([answer['review_version'], 'tammany.review' in sys.modules,"
              " 'tammany.bots.search' in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(PY)}).stdout
    version, review_imported, search_imported = json.loads(out)
    assert version == review.version()
    assert not review_imported and not search_imported
