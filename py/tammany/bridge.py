"""The only module the page's JavaScript calls: JSON in, JSON out.

Placeholder until the rules engine lands; `hello` proves the package imports.
"""

import json

from . import __version__


def handle(request_json: str) -> str:
    """Answer one request from the page's worker."""
    try:
        request = json.loads(request_json)
        method = request.get("method")
    except (ValueError, AttributeError):
        return json.dumps({"ok": False, "error": {"code": "bad_request", "params": {},
                                                  "message": "The request was not understood."}})
    if method == "hello":
        return json.dumps({"ok": True, "version": __version__})
    return json.dumps({"ok": False, "error": {"code": "unknown_method", "params": {"method": method},
                                              "message": f"Unknown request {method!r}."}})
