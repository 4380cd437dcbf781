"""Which review made a stored review: the engine's version and the review's own number.

Its own module so that the bridge's `hello` can answer it without importing the review (and
the computers' search with it) at the page's start."""

from . import __version__

REVIEW_VERSION = 6
"""One more whenever the values a review gives change (the page keeps stored reviews only for
the same code and the same `version()`)."""


def version() -> str:
    """What a stored review was made by: the engine's version and the review's."""
    return f"{__version__}+review{REVIEW_VERSION}"
