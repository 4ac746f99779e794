"""The page's Python side: one JSON request in, one JSON response out.

The worker calls ``handle(request_json)`` with ``{"id", "method", "params"}`` and posts the
returned string back to the page, so no Python object ever crosses into JavaScript. All the
rules live in the ``draughts`` package; this module only turns a game into plain data for the
board (once per position: every legal move with its path and captures, so a click needs no
round trip) and keeps the little state a game screen needs (redo list, resignations, draw
agreements, flag falls).

It runs unchanged in CPython (build.py computes the first position with it at build time, and
the tests call it directly) and in Pyodide.
"""

from __future__ import annotations

import inspect
import json
from typing import Any, Callable

import draughts

Json = dict[str, Any]

def _draw_presets() -> tuple[str, ...]:
    """The draw-rule presets of RULES.md decision 1; the first is the variant's own rules."""
    try:
        from draughts.draw import PRESETS
        return tuple(PRESETS)
    except ImportError:
        return ("standard", "fmjd", "ddb-classic", "casual-60")


DRAW_PRESETS = _draw_presets()
DEFAULT_PRESET = DRAW_PRESETS[0]
PIECE_NAMES = {"w": ("white", "man"), "b": ("black", "man"), "W": ("white", "king"), "B": ("black", "king")}


def _engine() -> Any | None:
    """draughts.engine when it exists (the computer opponent lands after the rules)."""
    try:
        import draughts.engine as engine
    except ImportError:
        return None
    return engine if hasattr(engine, "choose_move") else None


def _pdn() -> Any:
    """draughts.notation.pdn (a submodule: imported explicitly, draughts/__init__ need not import it)."""
    import draughts.notation.pdn as pdn
    return pdn


def _explainer() -> Any | None:
    """draughts.teach.explain (why the legal moves are what they are), when the engine has it."""
    try:
        import draughts.teach.explain as explain
    except ImportError:
        return None
    return explain if hasattr(explain, "explain") else None


# Which explained rule answers "why can't this piece move?", strongest first.
BLOCKING_RULES = ("majority", "king-must-capture", "highest-value", "compulsory-capture", "king-move-limit")


def _levels() -> list[Json]:
    engine = _engine()
    levels = getattr(engine, "LEVELS", None) if engine else None
    if not levels:
        return [{"number": 1, "name": "1"}]
    return [{"number": int(level.number), "name": str(getattr(level, "name", level.number))} for level in levels]


def _accepted_kwargs(function: Callable[..., Any], wanted: Json) -> Json:
    """Keep only the keyword arguments `function` takes, so an older engine still works."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return wanted
    if any(p.kind is p.VAR_KEYWORD for p in parameters.values()):
        return wanted
    return {k: v for k, v in wanted.items() if k in parameters}


class Session:
    """One game on the screen plus what the rules engine does not keep (redo, agreed results)."""

    def __init__(self, variant: str = "international", fen: str | None = None,
                 draw_rules: str = DEFAULT_PRESET, forced_capture: bool = True) -> None:
        rules = draughts.get_rules(variant)
        self.variant = rules.key
        self.draw_rules = draw_rules if draw_rules in DRAW_PRESETS else DEFAULT_PRESET
        self.forced_capture = bool(forced_capture)
        options: Json = {"variant": self.variant}
        if fen:
            options["fen"] = fen
        if self.draw_rules != DEFAULT_PRESET:
            options["draw_rules"] = self.draw_rules
        if not self.forced_capture:
            options["forced_capture"] = False
        self.game = draughts.Game(**_accepted_kwargs(draughts.Game, options))
        self.start_fen = self.game.fen()
        self.texts: list[str] = []  # move texts in the notation, parallel to game.move_stack
        self.redo_stack: list[Any] = []
        self.tags: Json = {}
        # A result the rules do not see: resignation, agreed draw, flag fall.
        self.declared: Json | None = None

    # -- moves --------------------------------------------------------------------------
    def legal(self) -> list[Any]:
        return list(self.game.legal_moves)

    def push(self, move: Any) -> None:
        self.texts.append(self.game.move_text(move))
        self.game.push(move)

    def pop(self) -> Any:
        self.texts.pop()
        return self.game.pop()

    def find(self, path: list[int], captures: list[int] | None = None) -> Any:
        """The legal move with this path (and captures), for moves saved or sent as data."""
        for move in self.legal():
            if list(move.path) == list(path) and (captures is None or list(move.captures) == list(captures)):
                return move
        for move in self.legal():  # a path that reaches the same squares with the same takes
            if (move.origin == path[0] and move.destination == path[-1]
                    and (captures is None or sorted(move.captures) == sorted(captures))):
                return move
        raise draughts.IllegalMoveError(f"{'-'.join(map(str, path))} is not a legal move here")

    def outcome(self) -> Json | None:
        if self.declared:
            return self.declared
        result = self.game.outcome()
        if result is None:
            return None
        return result.to_dict()

    # -- saving -------------------------------------------------------------------------
    def save(self) -> Json:
        return {
            "v": 1, "variant": self.variant, "fen": self.start_fen, "drawRules": self.draw_rules,
            "forcedCapture": self.forced_capture,
            "moves": [[list(m.path), list(m.captures)] for m in self.game.move_stack],
            "redo": [[list(m.path), list(m.captures)] for m in reversed(self.redo_stack)],
            "declared": self.declared, "tags": self.tags,
        }

    @classmethod
    def restore(cls, data: Json) -> "Session":
        """Rebuild a saved game; any inconsistency raises, so the page can set the save aside."""
        if not isinstance(data, dict) or data.get("v") != 1:
            raise ValueError("the saved game has an unknown format")
        session = cls(str(data["variant"]), str(data["fen"]), str(data.get("drawRules", DEFAULT_PRESET)),
                      bool(data.get("forcedCapture", True)))
        for ply, (path, captures) in enumerate(data.get("moves", []), start=1):
            try:
                session.push(session.find(list(path), list(captures)))
            except draughts.IllegalMoveError as error:
                raise ValueError(f"saved move {ply} is not legal: {error}") from error
        # Redo moves are checked by replaying them on a copy, then kept in undo order.
        probe = session.game.copy()
        redo: list[Any] = []
        for path, captures in data.get("redo", []):
            move = next((m for m in probe.legal_moves if list(m.path) == list(path)
                         and list(m.captures) == list(captures)), None)
            if move is None:
                break
            probe.push(move)
            redo.append(move)
        session.redo_stack = list(reversed(redo))
        declared = data.get("declared")
        session.declared = declared if isinstance(declared, dict) else None
        session.tags = data.get("tags") if isinstance(data.get("tags"), dict) else {}
        return session

    # -- the view the page draws --------------------------------------------------------
    def view(self, game: Any | None = None, review_ply: int | None = None) -> Json:
        """Everything the page shows for one position, as plain data."""
        game = game or self.game
        rules = game.rules
        reviewing = review_ply is not None
        outcome = None if reviewing else self.outcome()
        moves = [] if (outcome or reviewing) else list(game.legal_moves)
        turn = str(game.turn)
        pieces = {}
        for square in game.geometry.squares:
            piece = game.piece_at(square.number)
            if piece:
                pieces[str(square.number)] = piece
        must_capture = bool(moves) and all(m.is_capture for m in moves) and any(m.is_capture for m in moves)
        most = max((len(m.captures) for m in moves), default=0)
        stack = game.move_stack
        last = stack[-1] if stack else None
        texts = self.texts[: len(stack)]
        explained = self.explained(game) if moves else []
        return {
            "variant": rules.key, "name": rules.name, "rows": rules.rows, "cols": rules.cols,
            "colouring": getattr(rules, "colouring", "dark"),
            "squares": [[s.number, s.label, s.row, s.col] for s in game.geometry.squares],
            "pieces": pieces, "turn": turn, "fen": game.fen(), "ply": len(stack),
            "moves": [{"o": m.origin, "d": m.destination, "path": list(m.path), "caps": list(m.captures),
                       "promotes": bool(m.promotes), "text": game.move_text(m)} for m in moves],
            "mustCapture": must_capture, "most": most,
            "messages": self.messages(game, moves, must_capture, most, turn, outcome, explained),
            "rules": explained,
            "history": texts, "redo": 0 if reviewing else len(self.redo_stack),
            "last": {"path": list(last.path), "caps": list(last.captures)} if last else None,
            "outcome": outcome, "review": review_ply,
            "counters": self.counters(game),
            "houseRule": not self.forced_capture, "drawRules": self.draw_rules,
            "save": None if reviewing else self.save(),
        }

    def explained(self, game: Any) -> list[Json]:
        """The rules that shaped this position's moves, each with its source (draughts.teach.explain)."""
        explainer = _explainer()
        if explainer is None:
            return []
        try:
            return [r.to_dict() for r in explainer.explain(game)]
        except Exception:  # an explanation must never cost the player the board
            return []

    def messages(self, game: Any, moves: list[Any], must_capture: bool, most: int, turn: str,
                 outcome: Json | None, explained: list[Json] | None = None) -> Json:
        """Why a click does nothing, as {code, params, text}; the page translates by code."""
        def message(code: str, text: str, **params: Any) -> Json:
            return {"code": code, "params": params, "text": text}

        side = turn.capitalize()
        out: Json = {
            "wrongSide": message("wrong_side", f"It is {side}'s turn.", side=turn),
            "empty": message("empty", "Choose one of your pieces first: those that can move are marked."),
            "notDestination": message("not_destination", "That piece cannot go there: its squares are marked."),
        }
        if outcome:
            out["gameOver"] = message("game_over", f"The game is over: {outcome['reason']}")
        if must_capture:
            if most > 1 and getattr(game.rules, "capture_choice", "free") != "free":
                out["blocked"] = message("must_take_most", f"You must take the most pieces ({most}): "
                                         "only the marked pieces can do that.", count=most)
            else:
                out["blocked"] = message("must_capture", "Capture is compulsory: only the marked pieces can take.")
        else:
            out["blocked"] = message("no_move", "This piece has no legal move.")
        by_rule = {r["rule"]: r for r in explained or []}
        for rule in BLOCKING_RULES:
            if rule in by_rule:  # the engine's own wording, with the rule's source
                r = by_rule[rule]
                out["blocked"] = {"code": None, "params": {}, "text": r["text"], "message": r["message"],
                                  "source": r["source"]}
                break
        return out

    def counters(self, game: Any) -> list[Json]:
        if not hasattr(game, "draw_counters"):
            return []
        return [counter.to_dict() for counter in game.draw_counters()]


# -- requests ----------------------------------------------------------------------------

session: Session | None = None


def _session() -> Session:
    global session
    if session is None:
        session = Session()
    return session


def hello(params: Json) -> Json:
    levels = _levels()
    return {
        "version": getattr(draughts, "__version__", "0.1.0"),
        "variants": [{"key": r.key, "name": r.name, "rows": r.rows, "cols": r.cols}
                     for r in (draughts.get_rules(k) for k in draughts.variant_keys())],
        "levels": levels, "defaultLevel": levels[len(levels) // 2]["number"],
        "drawPresets": list(DRAW_PRESETS), "engine": _engine() is not None,
    }


def new_game(params: Json) -> Json:
    global session
    session = Session(params.get("variant", "international"), params.get("fen") or None,
                      params.get("drawRules", DEFAULT_PRESET), params.get("forcedCapture", True))
    return session.view()


def restore(params: Json) -> Json:
    global session
    session = Session.restore(params["save"])
    return session.view()


def position(params: Json) -> Json:
    return _session().view()


def play(params: Json) -> Json:
    """Play one of the moves of the current view; the FEN guards against a stale page."""
    s = _session()
    if params.get("fen") and params["fen"] != s.game.fen():
        raise ValueError("the position changed before the move arrived")
    if s.outcome():
        raise ValueError("the game is over")
    if "index" in params:
        move = s.legal()[int(params["index"])]
    elif "text" in params:
        move = s.game.parse_move(str(params["text"]))
    else:
        move = s.find(list(params["path"]), params.get("caps"))
    s.push(move)
    s.redo_stack.clear()
    return s.view()


def undo(params: Json) -> Json:
    s = _session()
    s.declared = None
    for _ in range(max(1, int(params.get("count", 1)))):
        if not s.game.move_stack:
            break
        s.redo_stack.append(s.pop())
    return s.view()


def redo(params: Json) -> Json:
    s = _session()
    for _ in range(max(1, int(params.get("count", 1)))):
        if not s.redo_stack:
            break
        s.push(s.redo_stack.pop())
    return s.view()


def computer(params: Json) -> Json:
    """The computer's move, searched here in the worker so the page never waits on it."""
    s = _session()
    engine = _engine()
    if engine is None:
        raise RuntimeError("the computer opponent (draughts.engine) is not available in this build")
    if s.outcome():
        raise ValueError("the game is over")
    level = int(params.get("level", 1))
    time_limit = params.get("timeLimit")
    move = engine.choose_move(s.game, level, **_accepted_kwargs(engine.choose_move, {"time_limit": time_limit}))
    text = s.game.move_text(move)
    s.push(move)
    s.redo_stack.clear()
    view = s.view()
    view["computerMove"] = text
    return view


def hint(params: Json) -> Json:
    s = _session()
    moves = s.legal()
    if not moves:
        raise ValueError("there is no move to suggest")
    engine = _engine()
    reason = None
    if engine is not None and hasattr(engine, "hint"):
        move, reason = engine.hint(s.game)
    elif engine is not None:
        move = engine.choose_move(s.game, _levels()[-1]["number"])
    else:
        move = moves[0]
    index = next(i for i, m in enumerate(moves) if m.path == move.path and m.captures == move.captures)
    return {"index": index, "text": s.game.move_text(move), "reason": reason.text if reason else "",
            "message": reason.to_dict() if reason else None}


def declare(params: Json) -> Json:
    """Resignation, agreed draw or flag fall: results that come from the players, not the board."""
    s = _session()
    kind = params["kind"]
    loser = draughts.Colour(params.get("side", s.game.turn))
    if kind == "resign":
        s.declared = draughts.Outcome.resignation(loser).to_dict()
    elif kind == "draw":
        s.declared = draughts.Outcome.agreement().to_dict()
    elif kind == "flag":
        s.declared = draughts.Outcome.time_out(loser).to_dict()
    else:
        raise ValueError(f"unknown result kind {kind!r}")
    return s.view()


def draw_offer(params: Json) -> Json:
    """The computer's answer to a draw offer: it accepts when a draw rule is already counting
    or the material is level and small (it has no reason to play on for a win)."""
    s = _session()
    if s.outcome():
        raise ValueError("the game is over")
    counts = {"w": 0, "b": 0}
    for square in s.game.geometry.squares:
        piece = s.game.piece_at(square.number)
        if piece:
            counts[piece.lower()] += 2 if piece.isupper() else 1
    accept = bool(s.counters(s.game)) or (counts["w"] == counts["b"] and counts["w"] + counts["b"] <= 8)
    return {"accepted": accept}


def export_pdn(params: Json) -> Json:
    s = _session()
    tags = {**s.tags, **{str(k): str(v) for k, v in (params.get("tags") or {}).items()}}
    return {"pdn": _pdn().write_game(s.game, tags or None)}


def import_pdn(params: Json) -> Json:
    """Read the first game of a PDN text; on any error the current game stays as it was."""
    global session
    text = str(params.get("text", ""))
    games = _pdn().read_games(text)
    if not games:
        raise draughts.PdnError("no game found in the text")
    record = games[0]
    game = record.to_game()
    fresh = Session(game.rules.key, _initial_fen(game), DEFAULT_PRESET, bool(game.rules.forced_capture))
    for move in list(game.move_stack):
        fresh.push(fresh.find(list(move.path), list(move.captures)))
    fresh.tags = {str(k): str(v) for k, v in record.tags.items()}
    session = fresh
    return fresh.view()


def _initial_fen(game: Any) -> str:
    probe = game.copy()
    while probe.move_stack:
        probe.pop()
    return probe.fen()


def set_fen(params: Json) -> Json:
    global session
    s = _session()
    variant = params.get("variant") or s.variant
    fen = str(params.get("fen") or "").strip()
    if not fen:  # an empty field is a mistake, not a request for the start position
        raise draughts.InvalidFenError("no FEN given: paste a position such as W:W31-50:B1-20")
    fresh = Session(variant, fen, s.draw_rules, s.forced_capture)
    session = fresh
    return fresh.view()


def review(params: Json) -> Json:
    """The position after `ply` moves, for clicking through the move list (no moves offered)."""
    s = _session()
    ply = max(0, min(int(params["ply"]), len(s.game.move_stack)))
    probe = s.game.copy()
    while len(probe.move_stack) > ply:
        probe.pop()
    return s.view(probe, review_ply=ply)


METHODS: dict[str, Callable[[Json], Json]] = {
    "hello": hello, "new_game": new_game, "restore": restore, "position": position, "play": play,
    "undo": undo, "redo": redo, "computer": computer, "hint": hint, "declare": declare,
    "draw_offer": draw_offer, "export_pdn": export_pdn, "import_pdn": import_pdn, "set_fen": set_fen,
    "review": review,
}


# -- learn the rules, puzzles, embedded boards (web/learn.js, web/embed.js) ---------------------
# Several boards on one page share this worker; each sends a "session" id and gets a game of its
# own (handle() swaps it in around the call), so every handler above works per board unchanged.

SESSIONS: dict[str, Session | None] = {}
MAX_SESSIONS = 64  # a page that keeps making boards must not grow the worker without bound


def _with_session(key: str, method: Callable[[Json], Json], params: Json) -> Json:
    global session
    outer = session
    session = SESSIONS.get(key)
    try:
        return method(params)
    finally:
        if session is not None:
            SESSIONS.pop(key, None)
            SESSIONS[key] = session  # most recently used last
            while len(SESSIONS) > MAX_SESSIONS:
                SESSIONS.pop(next(iter(SESSIONS)))
        session = outer


def close_session(params: Json) -> Json:
    """Forget a board's game (its element left the page)."""
    global session
    session = None  # inside _with_session: nothing is put back for this key
    SESSIONS.pop(str(params.get("session", "")), None)
    return {}


def rules_table(params: Json) -> Json:
    """Every variant's rule flags, the worded ones as text ids, for the side-by-side table of the learn page."""
    choice = {"free": "rules.choice.free", "most_pieces": "rules.choice.most_pieces",
              "most_pieces_then_kings": "rules.choice.most_pieces_then_kings", "italian": "rules.choice.italian",
              "king_first": "rules.choice.king_first", "frisian_value": "rules.choice.frisian_value"}
    passing = {"continue_as_man": "rules.passing.continue_as_man",
               "crown_and_continue": "rules.passing.crown_and_continue", "crown_and_stop": "rules.passing.crown_and_stop"}
    rows = []
    for key in draughts.variant_keys():
        r = draughts.get_rules(key)
        backward = any(d[0] > 0 for d in r.man_capture_directions)
        sideways = any(d[0] == 0 for d in r.man_capture_directions)
        rows.append({
            "key": r.key, "name": r.name, "board": f"{r.rows}×{r.cols}", "squares": r.squares,
            "first": r.first_player, "menBackward": backward, "orthogonal": sideways,
            "flying": r.flying_kings, "menTakeKings": r.men_capture_kings,
            "choice": choice[r.capture_choice], "passing": passing[r.passing_promotion],
            "removal": "rules.removal.at_once" if r.immediate_removal else "rules.removal.at_end",
            "losing": r.losing_game, "inverted": r.colouring == "inverted",
        })
    return {"variants": rows}


def why_not(params: Json) -> Json:
    """Why a try on the current board (a piece, or a piece and a square) is not a move."""
    from draughts.teach.explain import why_not as explain_why_not
    s = _session()
    destination = params.get("destination")
    reason = explain_why_not(s.game, int(params["origin"]), None if destination is None else int(destination))
    return reason.to_dict()


def viewer_position(params: Json) -> Json:
    """The position after `ply` moves of the loaded game, with its legal moves and their reasons
    (the PDN viewer shows what could be played there, unlike `review`)."""
    s = _session()
    ply = max(0, min(int(params.get("ply", 0)), len(s.game.move_stack)))
    probe = Session(s.variant, s.start_fen, s.draw_rules, s.forced_capture)
    for move in s.game.move_stack[:ply]:
        probe.push(move)
    view = probe.view()
    view["history"] = list(s.texts)
    view["total"] = len(s.texts)
    view["tags"] = s.tags
    view["redo"] = 0
    return view


def tutorial(params: Json) -> Json:
    from draughts.teach import tutorial as lessons
    return {"steps": [step.to_dict() for step in lessons.steps_for(str(params.get("family", "international")))]}


def tutorial_try(params: Json) -> Json:
    from draughts.teach import tutorial as lessons
    return lessons.check(lessons.by_id(str(params["id"])), str(params["text"])).to_dict()


def puzzles(params: Json) -> Json:
    from draughts.teach import puzzles as problems
    chosen = problems.puzzles_for(params["variant"]) if params.get("variant") else problems.PUZZLES
    return {"puzzles": [p.to_dict() for p in chosen]}


def puzzle_try(params: Json) -> Json:
    from draughts.teach import puzzles as problems
    verdict = problems.check_move(problems.by_id(str(params["id"])), list(params.get("played") or []),
                                  str(params["text"]))
    return verdict.to_dict()


METHODS.update({
    "close_session": close_session, "rules_table": rules_table, "why_not": why_not,
    "viewer_position": viewer_position, "tutorial": tutorial, "tutorial_try": tutorial_try,
    "puzzles": puzzles, "puzzle_try": puzzle_try,
})


def handle(request_json: str) -> str:
    """Answer one request. Errors come back as data with the exception's name and message,
    so the page can show a readable message and keep the game it had."""
    request_id = None
    try:
        request = json.loads(request_json)
        request_id = request.get("id")
        method = METHODS[request["method"]]
        params = request.get("params") or {}
        key = params.get("session")
        result = _with_session(str(key), method, params) if key else method(params)
        return json.dumps({"id": request_id, "result": result}, separators=(",", ":"))
    except Exception as error:  # every failure becomes a message, never a dead worker
        return json.dumps({"id": request_id, "error": {"type": type(error).__name__, "message": str(error)}},
                          separators=(",", ":"))
