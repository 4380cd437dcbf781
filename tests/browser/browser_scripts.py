"""The measuring scripts the browser tests run in the page (`page.evaluate`), read from their
files here. A script may name OUT_OF_BOX: the function of out_of_box.js goes there, so the layout
test and the language test judge "text runs out of its card" the same way."""

from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT_OF_BOX = (HERE / "out_of_box.js").read_text("utf-8").strip()


def page_script(name: str) -> str:
    """The script `name` (a file beside this one), with OUT_OF_BOX put in."""
    return (HERE / name).read_text("utf-8").replace("OUT_OF_BOX", OUT_OF_BOX)
