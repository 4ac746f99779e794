"""The page's Python entry: one JSON request in, one JSON reply out.

The worker calls ``handle(request_json)`` with ``{"id", "method", "params"}`` and posts the
returned string back to the page, so no Python object ever crosses into JavaScript. The rules
live in the ``draughts`` package and the page's side of them in ``draughts_web`` (web/py/):
the typed requests and replies, one game per board, and what a board shows.

It runs unchanged in CPython (build.py computes the first position with it at build time, and
the tests call it directly) and in Pyodide.
"""

from __future__ import annotations

from draughts_web.methods import METHODS
from draughts_web.protocol import answer
from draughts_web.session import SessionRegistry

MAX_SESSIONS = 64  # boards one worker keeps (the learn page has a few, a page of embeds more)
SESSIONS = SessionRegistry(MAX_SESSIONS)


def handle(request_json: str) -> str:
    """Answer one request; a refused one comes back as ``{"id", "error": {"type", "message"}}``."""
    return answer(request_json, METHODS, SESSIONS)
