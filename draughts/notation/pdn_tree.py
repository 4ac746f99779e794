"""The tree a PDN text is read into: moves, lines, and where each was read.

Made for reading large files: a move is a small object with slots whose annotation lists are
made when first asked for; a line keeps its runs of plain moves as the words read until its
moves are first asked for; and a place in the text (line, column) is worked out only when
asked for. :mod:`draughts.notation.pdn` reads and writes these.
"""

from __future__ import annotations

import bisect
import contextlib
import gc
import re
from collections.abc import Iterator, MutableMapping

__all__ = ["PdnMove", "PdnLine"]

_NON_BLANK = re.compile(r"\S+")
_NEWLINE = re.compile(r"\n")


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a tree of moves is made.

    Reading makes about one object per move and no reference cycles, so the collector has
    nothing to find; left running, it scans the growing tree again and again (a third of
    the time of reading a 4 MB file, more when the moves are made). Reference counting frees
    everything as usual meanwhile.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class PdnMove:
    """One move of a line as written, with what follows it in the text.

    ``text`` is the move as written ("32-28", "28x19", "47x38x24", "c3:e5"); ``nags`` its
    NAGs ("$1") and suffixes as written ("!?"); ``comments`` the comments after it;
    ``variations`` the alternatives to it; ``line`` and ``column`` where it was read
    (1-based; 0 for a move not read from a text). Equal moves have equal text, NAGs,
    comments and variations, wherever they were read.

    A plain class with slots rather than a dataclass: reading makes one per move, and most
    moves have no annotation, so the three lists are made when first asked for and where
    the move was read is worked out only when asked for (a PDN file has millions of moves).
    """

    __slots__ = ("text", "_nags", "_comments", "_variations", "_run", "_index")

    def __init__(self, text: str, nags: list[str] | None = None, comments: list[str] | None = None,
                 variations: list["PdnLine"] | None = None, _run: "_Run | None" = None, _index: int = 0) -> None:
        self.text = text
        self._nags = nags
        self._comments = comments
        self._variations = variations
        self._run = _run  # the run of words the move was read in, and which word of it
        self._index = _index

    @property
    def nags(self) -> list[str]:
        if self._nags is None:
            self._nags = []
        return self._nags

    @nags.setter
    def nags(self, value: list[str]) -> None:
        self._nags = value

    @property
    def comments(self) -> list[str]:
        if self._comments is None:
            self._comments = []
        return self._comments

    @comments.setter
    def comments(self, value: list[str]) -> None:
        self._comments = value

    @property
    def variations(self) -> list["PdnLine"]:
        if self._variations is None:
            self._variations = []
        return self._variations

    @variations.setter
    def variations(self, value: list["PdnLine"]) -> None:
        self._variations = value

    @property
    def line(self) -> int:
        return self._where()[0]

    @property
    def column(self) -> int:
        return self._where()[1]

    def _where(self) -> tuple[int, int]:
        return (0, 0) if self._run is None else self._run.where(self._index)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PdnMove):
            return NotImplemented
        return (self.text == other.text and (self._nags or []) == (other._nags or [])
                and (self._comments or []) == (other._comments or [])
                and (self._variations or []) == (other._variations or []))

    __hash__ = None  # type: ignore[assignment]  # mutable, as a dataclass with eq would be

    def __repr__(self) -> str:
        return (f"PdnMove(text={self.text!r}, nags={self.nags!r}, comments={self.comments!r},"
                f" variations={self.variations!r})")


class _Source:
    """A text being read, and the line and column of any place in it, worked out on demand
    (the table of line starts is made the first time one is asked for)."""

    __slots__ = ("text", "_line_starts")

    def __init__(self, text: str) -> None:
        self.text = text
        self._line_starts: list[int] | None = None

    def where(self, pos: int) -> tuple[int, int]:
        starts = self._line_starts
        if starts is None:
            starts = self._line_starts = [0] + [m.end() for m in _NEWLINE.finditer(self.text)]
        line = bisect.bisect_right(starts, pos)
        return line, pos - starts[line - 1] + 1


class _Run:
    """Where a run of words starts in a text, to find any word of it again on demand."""

    __slots__ = ("source", "start")

    def __init__(self, source: _Source, start: int) -> None:
        self.source = source
        self.start = start

    def where(self, index: int) -> tuple[int, int]:
        """Line and column of word ``index`` (0-based) of the run."""
        words = _NON_BLANK.finditer(self.source.text, self.start)
        for _ in range(index):
            next(words)
        return self.source.where(next(words).start())


class _Places(MutableMapping[str, tuple[int, int]]):
    """Tag name -> (line, column) where it was read, kept as offsets until asked for."""

    def __init__(self, source: _Source) -> None:
        self.source = source
        self.offsets: dict[str, int] = {}

    def __getitem__(self, name: str) -> tuple[int, int]:
        return self.source.where(self.offsets[name])

    def __setitem__(self, name: str, place: tuple[int, int]) -> None:
        raise TypeError("the places of a text's tags are set by reading it")

    def __delitem__(self, name: str) -> None:
        del self.offsets[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets)


class PdnLine:
    """A sequence of moves: the main line of a game, or a variation.

    ``moves`` is a list of :class:`PdnMove`; ``comments`` the comments before the first move.
    A line read from a text keeps its runs of plain moves as the words read until its moves
    are first asked for: most of a large file is such runs, and most readers of one look at
    few of its games.
    """

    __slots__ = ("_moves", "_pending", "comments")

    def __init__(self, moves: list[PdnMove] | None = None, comments: list[str] | None = None) -> None:
        self._moves = [] if moves is None else moves
        self._pending: list[tuple[_Run, list[str]]] = []  # runs of words read, in order, after _moves
        self.comments = [] if comments is None else comments

    @property
    def moves(self) -> list[PdnMove]:
        if self._pending:
            moves = self._moves
            for run, words in self._pending:
                moves += [PdnMove(w, None, None, None, run, k) for k, w in enumerate(words) if w[-1] != "."]
            self._pending = []
        return self._moves

    @moves.setter
    def moves(self, value: list[PdnMove]) -> None:
        self._moves, self._pending = value, []

    def _has_moves(self) -> bool:
        return bool(self._moves or self._pending)

    def _add_run(self, run: "_Run", words: list[str]) -> None:
        """Plain words read (move numbers and moves, at least one move), made moves later."""
        self._pending.append((run, words))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PdnLine):
            return NotImplemented
        return self.moves == other.moves and self.comments == other.comments

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PdnLine(moves={self.moves!r}, comments={self.comments!r})"
