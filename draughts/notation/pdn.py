"""PDN games: read and write tags, movetext, comments, NAGs and variations.

Reading follows the PDN 3.0 reading grammar (wiegerw/pdn ``doc/grammar.rst``, summarised in
``docs/rules/notation.md`` §2-4): tag pairs ``[Name "value"]``; move numbers ``12.`` and
``12...``; moves in short or long form with ``-``, ``x`` or ``:``, numeric or algebraic
(``a3b4`` without a separator, ``01-07`` with a leading zero); ``{comments}``, ``;`` comments
to the end of the line, ``%`` lines (skipped); ``(variations)``, nested; NAGs ``$n`` and move
strengths ``!?`` or ``(!?)``; the results ``1-0 0-1 1/2-1/2`` and the International
``2-0 1-1 0-2 0-0``, and ``*``; a ``/FEN "..."/`` setup before the first move (kept as the
``[FEN]`` tag); any number of games in one text.

The variant comes from ``[GameType]`` (the number or the full form ``20,W,10,10,N2,0``) and,
for the games without a GameType of their own, ``[Variant "antidraughts"]`` or
``"schlagdame"``. The "no forced capture" house rule is written as ``[ForcedCapture "no"]``,
a private tag: PDN has none for it.

A game is kept as a tree (:class:`PdnGame` -> :class:`PdnLine` -> :class:`PdnMove`, each move
holding its NAGs, comments and the variations that replace it), and written back from the
same tree, so read, write and read again gives an equal tree. Move strings are checked
against the rules only when :func:`draughts.record.game_from_pdn` plays them: this module
knows positions and rules, never a game.

>>> game = read_game('[GameType "20"]\\n1. 32-28 19-23 2. 28x19 14x23 {even} 2-0')
>>> game.moves, game.result, game.main_line.moves[-1].comments
(['32-28', '19-23', '28x19', '14x23'], '2-0', ['even'])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from collections.abc import Iterable, Iterator, MutableMapping

from ..errors import PdnError
from ..rules import RuleSet, get_rules
from .pdn_tags import GAMETYPES, RESULTS, is_no, result_for, rules_for_tags
from .pdn_tree import PdnLine, PdnMove, _collector_paused, _Places, _Run, _Source

__all__ = ["PdnGame", "PdnLine", "PdnMove", "read_games", "read_game", "each_game", "RESULTS", "GAMETYPES",
           "rules_for_tags", "is_no", "result_for"]

SEVEN_TAGS = ("Event", "Date", "White", "Black", "Result")
COMPUTED_TAGS = ("GameType", "Variant", "SetUp", "FEN", "ForcedCapture")
_LINE_WIDTH = 80
_MAX_NUMBER_DIGITS = 6  # int() refuses >4300 digits; no game has a million moves
# The tree is written (and compared) recursively; real annotations nest a few levels, and a
# bound keeps a hostile text from reaching Python's recursion limit (lower still in Pyodide).
MAX_VARIATION_DEPTH = 32

_SQ = r"(?:[0-9]+|[a-pA-P][0-9]+)"
_ALG = r"[a-pA-P][0-9]+"
# A run of plain movetext (the first alternative of _TOKEN, blanks before it included): move
# numbers and moves, each a whole word, and nothing else. Most of a PDN file is made of these,
# and a run is read with one str.split instead of a token at a time. A word joins a run only
# where the tokens one at a time (_ONE_TOKEN) would read the same word as one token: the
# atomic group commits to the first way the move pattern matches, as they do, and a word they
# would read as a result, or as anything else, ends the run.
_RESULT_WORD = r"(?:1-0|0-1|2-0|0-2|1-1|0-0)(?=\s|\Z)"
_PLAIN_WORD = (rf"(?!{_RESULT_WORD})(?>[0-9]{{1,{_MAX_NUMBER_DIGITS}}}\.+"
               rf"|{_SQ}(?:[-x:×]{_SQ})+|{_ALG}(?:[-x:×]?{_ALG})+)"
               r"(?=\s|\Z)")
_ONE_TOKEN = (
    r"(?P<space>\s+)"
    r"|(?P<brace>\{)"
    r"|(?P<semicolon>;[^\n]*)"
    r"|(?P<percent>%[^\n]*)"
    # A whole tag pair and the blanks after it; a '[' that starts none is an error (badtag).
    r'|(?P<tag>\[\s*(?P<tagname>[A-Za-z0-9_]+)\s+"(?P<tagvalue>(?:[^"\\\n]|\\[^\n])*)"\s*\]\s*)'
    r"|(?P<badtag>\[)"
    r"|(?P<setup>/[^/]*/)"  # PDN 3.0 setup command: /FEN "..."/
    r"|(?P<suffix>[!?]{1,2}|\([!?]+\))"  # a move strength: "!?", or "(?)" (PDN 3.0 grammar)
    r"|(?P<open>\()"
    r"|(?P<close>\))"
    r"|(?P<nag>\$[0-9]+)"
    # A result is a whole word: "1-1" must not eat the start of the move "1-10".
    r"|(?P<result>(?:1/2-1/2|1-0|0-1|2-0|0-2|1-1|0-0|\*)(?![0-9A-Za-z/:×-]))"
    r"|(?P<number>[0-9]+\.+)"
    r"|(?P<dots>\.+)"
    # Squares joined by - x or :; algebraic squares may go without ("a3b4", PDN 3.0).
    rf"|(?P<move>{_SQ}(?:[-x:×]{_SQ})+|{_ALG}(?:[-x:×]?{_ALG})+)"
    r"|(?P<word>[^\s{}()\[\];%$/]+)"
    r"|(?P<other>.)"
)
_TOKEN = re.compile(rf"(?P<run>\s*{_PLAIN_WORD}(?:\s+{_PLAIN_WORD})*)|{_ONE_TOKEN}", re.DOTALL)
# The same tokens one at a time, without runs: the reference the tests hold the runs to.
_TOKEN_BY_TOKEN = re.compile(_ONE_TOKEN, re.DOTALL)
_SETUP = re.compile(r'/\s*FEN\s+"((?:[^"\\]|\\.)*)"\s*/', re.DOTALL)
TAG_NAME = re.compile(r"[A-Za-z0-9_]+")



@dataclass
class PdnGame:
    """One game of a PDN text: tags, the move tree and the result."""

    tags: dict[str, str] = field(default_factory=dict)  # in the order read
    main_line: PdnLine = field(default_factory=PdnLine)
    result: str = "*"
    # The ply of the first move: 0 = the first player's move 1, 1 = the second player's
    # move 1, 2 = the first player's move 2 ... (so move numbers survive a round trip).
    first_ply: int = 0
    tag_positions: MutableMapping[str, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)
    # Where the game stands in the text it was read from (its first tag or move to its result,
    # and a comment right after that): ``source`` gives it back byte for byte.
    source_text: str = field(default="", compare=False, repr=False)
    source_span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)

    @property
    def source(self) -> str:
        """The game as it was written in the text it was read from ('' for a game built here)."""
        start, end = self.source_span
        return self.source_text[start:end]

    @property
    def moves(self) -> list[str]:
        """The main line's move strings."""
        return [m.text for m in self.main_line.moves]

    def rules(self, variant: str | RuleSet | None = None) -> RuleSet:
        """The rule set the tags name (``[GameType]``, ``[Variant]``), or ``variant`` if given."""
        if variant is not None:
            return get_rules(variant)
        return rules_for_tags(self.tags, self.tag_positions)

    def to_pdn(self) -> str:
        """The PDN text of this game: tags, then the movetext wrapped at 80 characters."""
        header = "".join(f'[{name} "{_escape(value)}"]\n' for name, value in self.tags.items())
        tokens = _line_tokens(self.main_line, self.first_ply)
        tokens.append(self.result)
        return header + "\n" + "\n".join(_wrap(tokens)) + "\n"

    __str__ = to_pdn

def move_label(ply: int) -> str:
    """``12.`` for the first player's 12th move, ``12...`` for the second player's."""
    return f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'}"


def _escape(value: str) -> str:
    # A tag value cannot span lines: a newline would end the tag.
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value) if "\\" in value else value


def _comment_tokens(text: str) -> list[str]:
    # A comment cannot hold '}' (the grammar has no escape for it), so it becomes ')'.
    words = text.replace("}", ")").split()
    if not words:
        return ["{}"]
    words[0] = "{" + words[0]
    words[-1] = words[-1] + "}"
    return words


def _line_tokens(line: PdnLine, ply: int) -> list[str]:
    """Movetext tokens of ``line`` whose first move is ply ``ply``."""
    out: list[str] = []
    for c in line.comments:
        out += _comment_tokens(c)
    need_number = True  # the second player's move needs "12..." after anything that interrupts
    for pm in line.moves:
        text = pm.text
        rest = list(pm.nags)
        if rest and not rest[0].startswith("$"):
            text += rest.pop(0)  # a suffix sticks to its move: "32-28!?"
        if ply % 2 == 0 or need_number:
            text = f"{move_label(ply)} {text}"  # one token, so a line never ends on "12."
        out.append(text)
        out += rest
        need_number = False
        for c in pm.comments:
            out += _comment_tokens(c)
            need_number = True
        for variation in pm.variations:
            inner = _line_tokens(variation, ply)
            if inner:
                inner[0] = "(" + inner[0]
                inner[-1] = inner[-1] + ")"
            else:
                inner = ["()"]
            out += inner
            need_number = True
        ply += 1
    return out


def _wrap(tokens: list[str]) -> list[str]:
    lines: list[str] = []
    current = ""
    for tok in tokens:
        if current and len(current) + 1 + len(tok) > _LINE_WIDTH:
            lines.append(current)
            current = tok
        else:
            current = f"{current} {tok}" if current else tok
    if current:
        lines.append(current)
    return lines


class _Reader:
    """One pass over a PDN text, building the games."""

    def __init__(self, text: str, tokens: re.Pattern[str] = _TOKEN) -> None:
        self.text = text
        self.tokens = tokens
        self.source = _Source(text)
        self.games: list[PdnGame] = []
        self.previous: PdnGame | None = None  # the game a result just closed
        self._new_game()

    def where(self, pos: int) -> tuple[int, int]:
        return self.source.where(pos)

    def error(self, message: str, pos: int) -> PdnError:
        return PdnError(message, *self.where(pos))

    def _new_game(self) -> None:
        self.places = _Places(self.source)
        self.game = PdnGame(tag_positions=self.places)
        self.line = self.game.main_line
        self.stack: list[tuple[PdnLine, int]] = []  # enclosing lines, with each '(' position
        self.started = False  # tags or moves seen
        self.start_pos = 0  # where the game's first tag or move begins
        self.first_number: tuple[int, bool] | None = None  # (move number, second player's)

    def _finish(self, result: str | None, end: int) -> None:
        game = self.game
        closed = result is not None
        if result is None:
            tagged = game.tags.get("Result", "*").strip()
            result = tagged if tagged in RESULTS else "*"
        game.result = result
        game.first_ply = self._first_ply()
        game.source_text = self.text
        game.source_span = (self.start_pos, end if closed else len(self.text[:end].rstrip()))
        self.games.append(game)
        self.previous = game
        self._new_game()

    def _first_ply(self) -> int:
        # A move number with no move after it cannot be written back: it says nothing.
        number, second = (self.first_number if self.game.main_line._has_moves() else None) or (1, False)
        parity = int(second)
        fen = self.game.tags.get("FEN", "").strip().lstrip('"')[:1].upper()
        if fen in ("W", "B"):
            try:
                rules = rules_for_tags(self.game.tags)
            except PdnError:
                pass  # reported when the game is played (game_from_pdn); the numbering does not need it
            else:
                parity = int((fen == "W") != (rules.first_player == "white"))
        return 2 * (number - 1) + parity

    def _last_move(self, what: str, pos: int) -> PdnMove:
        if not self.line.moves:
            raise self.error(f"{what} must follow a move", pos)
        return self.line.moves[-1]

    def read(self) -> list[PdnGame]:
        for _ in self.each_game():
            pass
        return self.games

    def each_game(self) -> Iterator[tuple[PdnGame, int]]:
        """The games one by one as they are read, each with how far into the text the reading
        is: a long text can be read in parts with progress between them."""
        text = self.text
        pos = 0
        n = len(text)
        token = self.tokens.match
        given = 0
        while pos < n:
            while given < len(self.games):
                given += 1
                yield self.games[given - 1], pos
            m = token(text, pos)
            assert m is not None  # the last alternative matches any character
            kind = m.lastgroup
            tok = m.group()
            if not self.started and kind in ("run", "tag", "badtag", "setup", "number", "move"):
                self.start_pos = pos + len(tok) - len(tok.lstrip())
            if kind == "run":
                self._plain(tok.split(), pos)
            elif kind in ("space", "percent", "dots"):
                pass
            elif kind == "brace":
                end = text.find("}", pos + 1)
                if end < 0:
                    raise self.error("this comment '{' is never closed with '}'", pos)
                self._comment(text[pos + 1:end], end + 1)
                pos = end + 1
                continue
            elif kind == "semicolon":
                self._comment(tok[1:], m.end())
            elif kind == "tag":
                self._tag(m.group("tagname"), m.group("tagvalue"), pos)
            elif kind == "badtag":
                self._tag_context(pos)
                end = text.find("\n", pos)
                shown = text[pos:end if end >= 0 else n][:60]
                raise self.error(f'a tag must be [Name "value"] on one line, not {shown!r}', pos)
            elif kind == "open":
                parent = self._last_move("a variation '('", pos)
                if len(self.stack) >= MAX_VARIATION_DEPTH:
                    raise self.error(f"variations nested more than {MAX_VARIATION_DEPTH} deep", pos)
                variation = PdnLine()
                parent.variations.append(variation)
                self.stack.append((self.line, pos))
                self.line = variation
            elif kind == "close":
                if not self.stack:
                    raise self.error("')' closes no variation", pos)
                self.line, _ = self.stack.pop()
            elif kind == "setup":
                self._setup(tok, pos)
            elif kind in ("nag", "suffix"):
                self._last_move(f"the annotation {tok!r}", pos).nags.append(tok)
            elif kind == "result":
                if self.stack:
                    raise self.error(f"the result {tok} comes inside a variation that is never closed",
                                     self.stack[-1][1])
                self._finish(tok, m.end())
            elif kind == "number":
                digits = tok.rstrip(".")
                if len(digits) > _MAX_NUMBER_DIGITS:
                    raise self.error(f"the move number {digits[:8]}... is too large", pos)
                self._number(tok)
                self._start()
            elif kind == "move":
                self._start()
                self.line.moves.append(PdnMove(tok, None, None, None, _Run(self.source, pos)))
            elif kind == "word":
                raise self.error(f"{tok[:40]!r} is not a move, a move number or a result", pos)
            else:
                raise self.error(f"unexpected character {tok!r}", pos)
            pos = m.end()
        if self.stack:
            raise self.error("this variation '(' is never closed with ')'", self.stack[-1][1])
        if self.started:
            self._finish(None, n)
        yield from ((game, n) for game in self.games[given:])

    def _number(self, tok: str) -> None:
        """A move number: the first one before the main line's first move numbers the game."""
        if not self.stack and not self.game.main_line._has_moves() and self.first_number is None:
            digits = tok.rstrip(".")
            self.first_number = (max(1, int(digits)), len(tok) - len(digits) >= 2)

    def _plain(self, words: list[str], start: int) -> None:
        """A run of move numbers and moves (_PLAIN_WORD), as _TOKEN would read it word by word."""
        if words[0][-1] == ".":
            self._number(words[0])
        self._start()
        if words[-1][-1] != "." or any(w[-1] != "." for w in words):
            self.line._add_run(_Run(self.source, start), words)

    def _start(self) -> None:
        self.started = True
        self.previous = None

    def _comment(self, comment: str, end: int) -> None:
        # Kept with its blanks folded, so that re-wrapping on write changes nothing; a ';'
        # comment may hold a '}', which a written {comment} cannot (see _comment_tokens).
        comment = " ".join(comment.replace("}", ")").split())
        if not self.started and self.previous is not None:
            # A comment after a result belongs to the game it closed ("1-0 {resigned}").
            target = self.previous.main_line
            self.previous.source_span = (self.previous.source_span[0], end)
        else:
            target = self.line
        if target.moves:
            target.moves[-1].comments.append(comment)
        else:
            target.comments.append(comment)

    def _setup(self, tok: str, pos: int) -> None:
        # A setup before the first move is what a [FEN] tag says, and is kept as one; a
        # position changed in the middle of the moves cannot be replayed or written back.
        m = _SETUP.fullmatch(tok)
        if not m:
            raise self.error(f'a setup command must be /FEN "..."/, not {tok[:40]!r}', pos)
        if self.stack or self.game.main_line._has_moves():
            raise self.error("a /FEN/ setup is only read before the first move of a game", pos)
        self._start()
        self.game.tags["SetUp"] = "1"
        self.game.tags["FEN"] = _unescape(m.group(1))
        self.places.offsets["FEN"] = pos

    def _tag_context(self, pos: int) -> None:
        """A tag is read outside any variation, and after moves it starts the next game."""
        if self.stack:
            raise self.error("this variation '(' is never closed with ')'", self.stack[-1][1])
        if self.game.main_line._has_moves():
            self._finish(None, pos)  # a game without a result, and the next one's tags

    def _tag(self, name: str, value: str, pos: int) -> None:
        self._tag_context(pos)
        self._start()
        self.game.tags[name] = _unescape(value)
        self.places.offsets[name] = pos


def read_games(text: str) -> list[PdnGame]:
    """Every game of a PDN text; raises :class:`PdnError` with the line and column.

    >>> games = read_games('[Event "a"]\\n1. 32-28 *\\n\\n[Event "b"]\\n1. 33-29 (1. 34-30) 2-0')
    >>> [(g.tags["Event"], g.moves, g.result) for g in games]
    [('a', ['32-28'], '*'), ('b', ['33-29'], '2-0')]
    >>> games[1].main_line.moves[0].variations[0].moves[0].text
    '34-30'
    """
    with _collector_paused():
        return _Reader(_checked_text(text)).read()


def _checked_text(text: object) -> str:
    if isinstance(text, bytes):
        raise PdnError("a PDN text must be a str; decode it first (PDN files are usually UTF-8 or Latin-1)")
    if not isinstance(text, str):
        raise PdnError(f"a PDN text must be a str, not {type(text).__name__}")
    return text.lstrip("\ufeff")


def each_game(text: str) -> Iterator[tuple[PdnGame, float]]:
    """The games of a PDN text one by one as they are read, each with the share of the text
    read so far (0..1): a caller can stop between games, to show progress or stay responsive.

    >>> [(g.tags["Event"], round(share, 2)) for g, share in each_game('[Event "a"] 1. 32-28 * [Event "b"] 1. 33-29 *')]
    [('a', 0.49), ('b', 1.0)]
    """
    checked = _checked_text(text)
    reader = _Reader(checked)
    size = max(1, len(checked))
    for game, pos in reader.each_game():
        yield game, pos / size


def read_game(text: str) -> PdnGame:
    """The first game of a PDN text; raises :class:`PdnError` if there is none.

    >>> read_game('[GameType "21"] 1. 11-15 23-19 *').rules().key
    'english'
    """
    games = read_games(text)
    if not games:
        raise PdnError("the text holds no game", 1, 1)
    return games[0]
