"""The page's Python: the worker's JSON requests answered with the ``draughts`` package.

    errors    the ValueError subclasses a request can fail with (beside draughts.errors)
    wire      the one JSON encoder and the typed decoder of request fields
    session   one game per board (Session) and the bounded registry that holds them
    views     what a board shows: position, legal moves, messages, counters, outcome
    protocol  the typed requests and replies, and answering one request
    methods   the method table: every request the pages send, and its handler

``web/main.py`` is the entry the worker calls: ``handle(request_json) -> str``.
"""
