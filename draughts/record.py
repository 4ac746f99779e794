"""A game's record: a :class:`Game` played from a PDN tree, and the PDN of a game.

Notation reads and writes text against positions and rules (:mod:`draughts.notation.pdn`);
this module sits above the game and is where a record meets the rules: every move of a PDN
is played, and an illegal one is a :class:`PdnError` at its line and column.

>>> from draughts.notation.pdn import read_game
>>> game = game_from_pdn(read_game('[GameType "20"]\\n1. 32-28 19-23 2. 28x19 14x23 {even} 2-0'))
>>> game.fen()[:12]
'W:W31,33,34,'
>>> g = Game("russian"); g.push(g.parse_move("c3-d4")); g.push(g.parse_move("f6-e5"))
>>> print(write_game(g, {"Event": "Club"}))
[Event "Club"]
[Date "????.??.??"]
[White "?"]
[Black "?"]
[Result "*"]
[GameType "25"]
<BLANKLINE>
1. c3-d4 f6-e5 *
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .errors import IllegalMoveError, InvalidFenError, PdnError
from .game import Game
from .outcome import Outcome
from .position import Colour
from .notation.pdn import (
    COMPUTED_TAGS, SEVEN_TAGS, TAG_NAME, PdnGame, PdnLine, PdnMove, is_no, move_label, result_for,
)
from .rules import RuleSet, get_rules

__all__ = ["game_from_pdn", "pdn_from_game", "recorded_outcome", "write_game", "write_games"]


def game_from_pdn(record: PdnGame, variant: str | RuleSet | None = None, **options: object) -> Game:
    """A :class:`Game` with every main-line move of ``record`` played; raises :class:`PdnError`.

    The variant comes from the tags unless ``variant`` is given; ``options`` go to
    :class:`Game` (``draw_rules``, ``forced_capture``).

    >>> from draughts.notation.pdn import read_game
    >>> game_from_pdn(read_game("1. 32-28 17-21 2. 31-26 *")).move_stack
    [Move(32-28), Move(17-21), Move(31-26)]
    >>> game_from_pdn(read_game("1. 32-28 19-23\\n2. 28-24 *"))
    Traceback (most recent call last):
    ...
    draughts.errors.PdnError: invalid PDN at line 2, column 4: at move 2. 28-24 is not legal here: capture is compulsory: this piece must take 1 piece
    """
    rules = record.rules(variant)
    where = record.tag_positions.get("FEN", (None, None))
    fen = record.tags.get("FEN")
    if fen is not None and not fen.strip():
        raise PdnError("the [FEN] tag is empty", *where)
    if "forced_capture" not in options and is_no(record.tags.get("ForcedCapture")):
        options["forced_capture"] = False
    try:
        game = Game(rules, fen=fen, **options)  # type: ignore[arg-type]
    except InvalidFenError as exc:
        raise PdnError(f"[FEN] tag: {exc}", *where) from None
    parity = 0 if game.turn == rules.first_player else 1
    for i, pm in enumerate(record.main_line.moves):
        try:
            move = game.parse_move(pm.text)
        except IllegalMoveError as exc:
            number = move_label(record.first_ply // 2 * 2 + parity + i)
            raise PdnError(f"at move {number} {exc}", pm.line, pm.column) from None
        game.push(move)
    return game


# How a record says a game ended, in the words writers use: lidraughts ends a game with
# "{Black resigns.} 2-0", and this package's own Termination tag says "Black resigned.".
_RESIGNED = re.compile(r"\b(white|black)\b[^.]*\bresign", re.IGNORECASE)
_TIME = re.compile(r"\b(white|black)\b[^.]*\b(?:time|flag)|\btime\b|\bflag", re.IGNORECASE)
_AGREED = re.compile(r"\bagree", re.IGNORECASE)
_WINNERS = {"1-0": Colour.WHITE, "2-0": Colour.WHITE, "0-1": Colour.BLACK, "0-2": Colour.BLACK}


def recorded_outcome(record: PdnGame, game: Game) -> Outcome | None:
    """How ``game`` (played from ``record``) ended: the board's own outcome if the rules ended
    it, else the result the record gives, with how it ended when its Termination tag or its
    last comments say so (a resignation, the time, an agreed draw); None for a game going on.

    >>> from draughts.notation.pdn import read_game
    >>> record = read_game('[GameType "20"] 1. 32-28 19-23 {Black resigns.} 2-0')
    >>> recorded_outcome(record, game_from_pdn(record)).reason
    'Black resigned.'
    >>> record = read_game('[GameType "20"] 1. 32-28 19-23 1-1')
    >>> recorded_outcome(record, game_from_pdn(record)).termination.value
    'recorded'
    """
    on_board = game.outcome()
    if on_board is not None:
        return on_board
    result = record.result.strip()
    if result not in _WINNERS and result not in ("1/2-1/2", "1-1"):
        return None
    winner = _WINNERS.get(result)
    last = record.main_line.moves[-1].comments if record.main_line.moves else record.main_line.comments
    said = " ".join([record.tags.get("Termination", ""), *last])
    if winner is None:
        return Outcome.agreement() if _AGREED.search(said) else Outcome.recorded(None)
    resigned, time = _RESIGNED.search(said), _TIME.search(said)
    loser = winner.opponent
    if resigned and (resigned.group(1) is None or Colour(resigned.group(1).lower()) == loser):
        return Outcome.resignation(loser)
    if time and (time.group(1) is None or Colour(time.group(1).lower()) == loser):
        return Outcome.time_out(loser)
    return Outcome.recorded(winner)


def pdn_from_game(game: Game, tags: dict[str, str] | None = None) -> PdnGame:
    """The PDN tree of a :class:`Game`: its tags and its moves in the variant's notation."""
    rules = game.rules
    given = dict(tags or {})
    for name in given:
        if not isinstance(name, str) or not TAG_NAME.fullmatch(name):
            raise PdnError(f"{name!r} is not a tag name (letters, digits and _)")
    replay = Game(rules, fen=game.starting_fen)
    start_fen = replay.fen()
    parity = 0 if replay.turn == rules.first_player else 1
    line = PdnLine()
    for move in game.move_stack:
        line.moves.append(PdnMove(replay.move_text(move)))
        replay.push(move)
    outcome = game.outcome()
    result = given.get("Result") or (outcome.result if outcome else "*")
    result = result_for(rules, result)
    out: dict[str, str] = {}
    defaults = {"Event": "?", "Date": "????.??.??", "White": "?", "Black": "?"}
    for name in SEVEN_TAGS:
        out[name] = result if name == "Result" else str(given.get(name, defaults[name]))
    out["GameType"] = str(rules.pdn_gametype)
    if rules.variant_tag:
        out["Variant"] = rules.variant_tag
    if start_fen != Game(rules).fen():
        out["SetUp"] = "1"
        out["FEN"] = start_fen
    if rules.forced_capture != get_rules(rules.key).forced_capture:
        # Private extension: the "no forced capture" house rule has no PDN tag.
        out["ForcedCapture"] = "no" if not rules.forced_capture else "yes"
    for name, value in given.items():
        if name not in out and name not in COMPUTED_TAGS:
            out[name] = str(value)
    return PdnGame(out, line, result, parity)


def write_game(game: Game, tags: dict[str, str] | None = None) -> str:
    """The PDN of a :class:`Game`, in its variant's notation and result type.

    The header holds Event, Date, White, Black and Result (from ``tags`` or placeholders),
    then GameType, a Variant tag for the variants without a GameType of their own, and
    SetUp and FEN when the game did not start from the variant's start position; the
    other ``tags`` follow. GameType, Variant, SetUp and FEN come from the game itself. The
    result is ``tags["Result"]`` if given, else the game's outcome, else ``*``.

    >>> from draughts import Game
    >>> g = Game(fen="W:W28:B23,K5")
    >>> g.push(g.parse_move("28x19"))
    >>> print(write_game(g, {"Result": "1-0"}))
    [Event "?"]
    [Date "????.??.??"]
    [White "?"]
    [Black "?"]
    [Result "2-0"]
    [GameType "20"]
    [SetUp "1"]
    [FEN "W:W28:B23,K5"]
    <BLANKLINE>
    1. 28x19 2-0
    <BLANKLINE>
    """
    return pdn_from_game(game, tags).to_pdn()


def write_games(games: Iterable[Game | PdnGame]) -> str:
    """Several games, a blank line between them."""
    return "\n".join(g.to_pdn() if isinstance(g, PdnGame) else write_game(g) for g in games)

