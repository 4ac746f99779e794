"""``python -m draughts hub``: the engine behind Scan's Hub protocol, version 2.

See ``docs/rules/hub-protocol.md``. A reader thread takes the lines from standard input
so that ``ping`` is answered and ``stop`` is obeyed while the engine thinks; every other
line waits in a queue until the search has printed ``done`` (a GUI should not send them
mid-search anyway). Positions and moves are in Hub form (:mod:`draughts.notation.hub`); other boards
than 10x10 use the same form with one character per playing square.

>>> import io
>>> out = io.StringIO()
>>> run_hub("international", io.StringIO("hub\\ninit\\npos start\\nlevel depth=1\\ngo think\\nquit\\n"), out)
0
>>> lines = out.getvalue().splitlines()
>>> lines[0].startswith("id name="), "ready" in lines, lines[-1].startswith("done move=")
(True, True, True)
"""

from __future__ import annotations

import math
import queue
import re
import threading
import time
from typing import TextIO

from ..errors import DraughtsError
from ..game import Game
from ..lines import InputLine, input_lines
from ..notation.hub import hub_move, parse_hub_move
from ..rules import VARIANTS, get_rules
from . import decide, new_game, searcher_for
from .levels import LEVELS
from .search import MATE_BOUND, SearchResult

ENGINE_NAME = "draughts-py"
ENGINE_VERSION = "0.1"
# The hash table sizes the handshake advertises; a value outside them is brought inside, so a
# GUI's typo cannot ask for more memory than the machine has.
TT_ENTRIES_MIN = 1024
TT_ENTRIES_DEFAULT = 131072
TT_ENTRIES_MAX = 4194304


# One word of a command line: name=value, name="a quoted value", or a bare word. One pass of
# a regular expression with no nested repetition, so a line is read in linear time
# (shlex took 11 s over a 1 MB line).
_WORD = re.compile(r'([^\s="]+)=(?:"([^"]*)"?|(\S*))|("[^"]*"?|\S+)')


def parse_line(line: str) -> tuple[str, dict[str, str]]:
    """``level time=60 inc=1`` -> ``("level", {"time": "60", "inc": "1"})``; a flag maps to ``""``.

    >>> parse_line('pos pos=Wbbb moves="32-28 17-22"')
    ('pos', {'pos': 'Wbbb', 'moves': '32-28 17-22'})
    """
    command = ""
    args: dict[str, str] = {}
    for m in _WORD.finditer(line):
        name, quoted, plain, word = m.groups()
        if not command:
            command = name + "=" + (quoted or plain or "") if name else word.strip('"')
        elif name:
            args[name] = quoted if quoted is not None else plain
        else:
            args[word.strip('"')] = ""
    return command, args


def _quote(text: str) -> str:
    return f'"{text}"' if (not text or " " in text or "=" in text) else text


# Scan's variant names first (a Hub GUI written for Scan sends these), then every other key.
SCAN_VARIANT_NAMES = ("normal", "killer", "bt", "frisian", "losing")
HUB_VARIANT_NAMES = SCAN_VARIANT_NAMES + tuple(
    key for key in VARIANTS if key not in {get_rules(name).key for name in SCAN_VARIANT_NAMES})


class HubEngine:
    """The state of one Hub session: the position, the level and the clock settings."""

    def __init__(self, variant_key: str, inp: TextIO, out: TextIO) -> None:
        self.rules = get_rules(variant_key)
        self.inp = inp
        self.out = out
        self.lock = threading.Lock()
        # Each line with the time it came in: a "go" counts its budget from then, so that the
        # commands sent with it (a "pos" with the moves of a long game to replay) are paid for
        # out of the budget, as the GUI's clock sees it, and not on top of it.
        # A line that could not be read comes as its error, answered in its turn.
        self.lines: queue.Queue[InputLine | tuple[str, float] | None] = queue.Queue()
        self.received = time.perf_counter()
        self.searching = False
        self.eof = False  # standard input is closed: no "stop" can come any more
        self.game = Game(self.rules)
        self.level = len(LEVELS)  # the "level" parameter: strength, noise and default time
        self.tt_entries: int | None = None
        self._reset_limits()

    # --- output -----------------------------------------------------------------------------
    def send(self, line: str) -> None:
        with self.lock:
            self.out.write(line + "\n")
            self.out.flush()

    # --- input ------------------------------------------------------------------------------
    def _reader(self) -> None:
        """Runs in a thread: answers ping and stop at once while searching, queues the rest.

        A line that cannot be read (not UTF-8, too long) is answered with ``error`` in its turn
        and dropped: the lines after it are read as usual.
        """
        for entry in input_lines(self.inp):
            line = entry.text
            if entry.error:
                self.lines.put(entry)
                continue
            if not line:
                continue
            word = line.split()[0]
            if self.searching and word == "ping":
                self.send("pong")
                continue
            if self.searching and word in ("stop", "ponder-hit"):
                searcher = searcher_for(self.game)
                if word == "stop":
                    searcher.stop = True
                else:  # the ponder move was played: from now on, think for the normal time
                    budget = self._budget() or LEVELS[self.level - 1].seconds
                    searcher.deadline = time.perf_counter() + budget * 0.9
                continue
            # Queued first, then the search is stopped if one runs: _go sets ``searching``
            # before it looks at the queue, so a line that comes as a search starts is seen
            # by one side or the other.
            self.lines.put((line, time.perf_counter()))
            if self.searching:
                # Scan stops on any line that reaches it mid-search; the line is then handled.
                searcher_for(self.game).stop = True
        self.eof = True
        if self.searching:  # standard input closed: the engine quits, so stop thinking
            searcher_for(self.game).stop = True
        self.lines.put(None)

    def run(self) -> int:
        threading.Thread(target=self._reader, daemon=True).start()
        while True:
            item = self.lines.get()
            if item is None:
                return 0
            if isinstance(item, InputLine):
                self.send(f"error message={_quote(str(item.error))}")
                continue
            line, self.received = item
            command, args = parse_line(line)
            if command == "quit":
                return 0
            try:
                self.handle(command, args)
            except DraughtsError as exc:  # a bad position or move: tell the GUI, keep going
                self.send(f"error message={_quote(str(exc))}")

    # --- commands ---------------------------------------------------------------------------
    def handle(self, command: str, args: dict[str, str]) -> None:
        if command == "hub":
            self.send(f"id name={ENGINE_NAME} version={ENGINE_VERSION} author=\"draughts project\" country=-")
            self.send(f"param name=level value={self.level} type=int min=1 max={len(LEVELS)}")
            self.send(f"param name=variant value={self.rules.key} type=enum values=\"{' '.join(HUB_VARIANT_NAMES)}\"")
            self.send(f"param name=tt-entries value={TT_ENTRIES_DEFAULT} type=int min={TT_ENTRIES_MIN}"
                      f" max={TT_ENTRIES_MAX}")
            self.send("wait")
        elif command == "set-param":
            self._set_param(args.get("name", ""), args.get("value", ""))
        elif command == "init":
            searcher_for(self.game, self.tt_entries)
            self.send("ready")
        elif command == "new-game":
            new_game()
            self.game = Game(self.rules)
        elif command == "ping":
            self.send("pong")
        elif command == "pos":
            self._pos(args)
        elif command == "level":
            self._level(args)
        elif command == "go":
            self._go(args)
        # "stop" or "ponder-hit" outside a search, and unknown commands: ignored (protocol).

    def _set_param(self, name: str, value: str) -> None:
        try:
            if name == "level":
                self.level = max(1, min(len(LEVELS), int(value)))
                self._reset_limits()
            elif name == "variant":
                self.rules = get_rules(value)
                self.game = Game(self.rules)
            elif name == "tt-entries":
                self.tt_entries = max(TT_ENTRIES_MIN, min(TT_ENTRIES_MAX, int(value)))
        except ValueError:
            self.send(f"error message={_quote('bad value for ' + name)}")

    def _reset_limits(self) -> None:
        lv = LEVELS[self.level - 1]
        self.move_time: float | None = lv.seconds
        self.depth = lv.depth
        self.nodes: int | None = None
        self.clock: tuple[float, float, int | None] | None = None  # time, inc, moves

    def _pos(self, args: dict[str, str]) -> None:
        self._reset_limits()  # as in Scan: pos resets the level
        if "start" in args or not args.get("pos"):
            game = Game(self.rules)
        else:
            try:
                game = Game.from_hub(args["pos"], self.rules)
            except DraughtsError:
                self.send('error message="bad position"')
                return
        for text in args.get("moves", "").split():
            try:
                game.push(parse_hub_move(game, text))
            except DraughtsError:
                self.send('error message="illegal move"')
                return
        self.game = game

    def _level(self, args: dict[str, str]) -> None:
        try:
            if "infinite" in args:
                self.move_time, self.depth, self.nodes, self.clock = None, 64, None, None
            if "depth" in args:
                self.depth, self.move_time, self.clock = max(1, int(args["depth"])), None, None
            if "nodes" in args:
                self.nodes, self.move_time, self.clock = max(1, int(args["nodes"])), None, None
            if "move-time" in args:
                self.move_time, self.clock = _seconds(args["move-time"]), None
                self.depth = LEVELS[self.level - 1].depth
            if "time" in args:
                moves = int(args["moves"]) if args.get("moves") else None
                if moves is not None and moves < 1:
                    raise ValueError(moves)
                self.clock = (_seconds(args["time"]), _seconds(args.get("inc") or "0"), moves)
                self.move_time = None
                self.depth = LEVELS[self.level - 1].depth
        except ValueError:
            self.send('error message="bad level"')

    def _budget(self) -> float | None:
        """Seconds for this move: the move time, or a share of the clock."""
        if self.clock is not None:
            remaining, inc, moves = self.clock
            remaining += inc  # the engine adds the increment itself before it moves
            share = remaining / (moves if moves else 30) + 0.8 * inc
            return max(0.01, min(share, remaining * 0.5))
        return self.move_time

    def _go(self, args: dict[str, str]) -> None:
        game = self.game
        if not game.legal_moves:
            self.send('error message="no legal moves"')
            return
        searcher = searcher_for(game, self.tt_entries)
        analyse = "analyze" in args or "analyse" in args or "ponder" in args
        seconds = None if analyse else self._budget()
        infinite = analyse or (seconds is None and self.depth >= 64 and self.nodes is None)
        level = self.level
        searcher.stop = False
        searcher.max_nodes = self.nodes if self.nodes is not None else 1 << 62
        start = self.received
        self.searching = True
        if self.eof or not self.lines.empty():
            # The input has ended, or the next command is already here (a "quit" behind this
            # "go"): no "stop" will come, so think no longer than the level's own time.
            cap = LEVELS[self.level - 1].seconds
            infinite, seconds = False, cap if seconds is None else min(seconds, cap)
        try:
            if infinite:
                # Infinite: think until "stop", but still answer with a move at the end.
                move, result = decide(game, len(LEVELS), None, 64, start=start)
            else:
                move, result = decide(game, level, seconds, self.depth, start=start)
        finally:
            self.searching = False
            searcher.max_nodes = 1 << 62
        if result is not None:
            self.send(self._info(game, result, time.perf_counter() - start))
        self.send(f"done move={hub_move(game, move)}")

    def _info(self, game: Game, r: SearchResult, seconds: float) -> str:
        from . import _pv_moves

        pv_moves = _pv_moves(game, r.pv)
        g = game.copy()
        texts = []
        for m in pv_moves:
            texts.append(hub_move(g, m))
            g.push(m)
        score = r.score / 100.0 if abs(r.score) <= MATE_BOUND else (1000.0 if r.score > 0 else -1000.0)
        nps = r.nodes / seconds / 1e6 if seconds > 0 else 0.0
        return (f"info depth={r.depth} score={score:.2f} nodes={r.nodes} time={seconds:.3f}"
                f" nps={nps:.3f} pv={_quote(' '.join(texts))}")


def _seconds(text: str) -> float:
    """A time in a ``level`` command: finite and not negative (``inf`` would never end)."""
    value = float(text)
    if not math.isfinite(value) or value < 0:
        raise ValueError(text)
    return value


def run_hub(variant_key: str, inp: TextIO, out: TextIO) -> int:
    """Speak the Hub protocol on ``inp``/``out`` until ``quit`` or the end of the input."""
    return HubEngine(variant_key, inp, out).run()
