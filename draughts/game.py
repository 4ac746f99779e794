"""The :class:`Game`: a position, its history, legal moves, draw rules and the outcome.

Shaped after python-chess's ``Board``: ``legal_moves`` is a lazy view, ``push``/``pop``
keep a stack of small state snapshots, ``outcome()`` returns a dataclass.

>>> g = Game()
>>> len(g.legal_moves), g.turn
(9, <Colour.WHITE: 'white'>)
>>> g.push(g.parse_move("32-28")); g.fen()
'B:W28,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20'
>>> g.pop()
Move(32-28)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, NamedTuple

from .draw import DrawRules, EndgameMatch, Material, draw_rules_for
from .errors import AmbiguousMoveError, IllegalMoveError, InvalidArgumentError, InvalidFenError
from .geometry import Geometry
from .move import ROUTE_ORDER, Move, display_order, moves_of
from .movegen import BLACK, WHITE, MoveGenerator, RawMove, generator_for
from .notation.fen import parse_fen, write_fen
from .notation.hub import hub_fen
from .notation.moves import move_text, parse_move
from .perft import perft
from .position import Colour, Pieces, Position
from .rules import RuleSet, get_rules
from .outcome import DrawCounter, Outcome, Termination, colour_name
from .text import message



class _State(NamedTuple):
    position: Position
    reversible_plies: int  # plies since the last man move or capture
    endgame: tuple[tuple[str, object, int], ...]  # (rule, key, plies) of the running counters
    king_streak: tuple[tuple[int, int], tuple[int, int]]  # Frisian: (king bit, quiet moves) per colour


class LegalMoves:
    """A lazy, sized view of the legal moves of the current position."""

    def __init__(self, game: "Game") -> None:
        self._game = game

    def _list(self) -> list[Move]:
        return self._game._legal()

    def __iter__(self) -> Iterator[Move]:
        return iter(self._list())

    def __len__(self) -> int:
        # Counting needs no Move objects: the raw list will do when none are built yet.
        return self._game._count_legal()

    def __contains__(self, move: object) -> bool:
        return move in self._list()

    def __bool__(self) -> bool:
        return self._game._count_legal() > 0

    def count(self) -> int:
        return self._game._count_legal()

    def __repr__(self) -> str:
        return f"<LegalMoves ({len(self)}): {', '.join(self._game.move_text(m) for m in self._list())}>"


class Game:
    """A game of any variant: ``Game(variant="international", fen=None)``."""

    def __init__(
        self, variant: str | RuleSet = "international", fen: str | None = None,
        draw_rules: str | None = None, forced_capture: bool | None = None,
    ) -> None:
        rules = get_rules(variant)
        if draw_rules is not None and not isinstance(draw_rules, str):
            raise InvalidArgumentError(f"draw_rules names a preset such as 'fmjd', not {draw_rules!r}")
        if forced_capture is not None and not isinstance(forced_capture, bool):
            raise InvalidArgumentError(f"forced_capture is True or False, not {forced_capture!r}")
        if forced_capture is not None and forced_capture != rules.forced_capture:
            rules = rules.with_options(forced_capture=forced_capture)
        self.rules: RuleSet = rules
        self.draw_rules: DrawRules = draw_rules_for(rules, draw_rules)
        self.draw_preset = self.draw_rules.name
        self.generator = generator_for(rules)
        self.geometry: Geometry = self.generator.geometry
        self.move_stack: list[Move] = []
        self._stack: list[_State] = []
        self._keys: list[Position] = []
        self._legal_cache: list[Move] | None = None
        self._raw_cache: list[RawMove] | None = None
        # The legal moves go with each snapshot of the stack, so that pop gives them back
        # without generating them again; keyed by stack depth, checked by the state's identity.
        self._legal_snapshots: dict[int, tuple[_State, list[Move]]] = {}
        self.starting_fen = rules.start_fen if fen is None else fen
        pieces, turn = parse_fen(self.starting_fen, rules, self.geometry)
        start = _State(Position(pieces, Colour.of_index(turn)), 0, (), ((0, 0), (0, 0)))
        self._state: _State = start
        self._set_state(start._replace(endgame=self._endgame_counters(start, ())))

    # --- constructors ---------------------------------------------------------------------
    @classmethod
    def from_fen(cls, fen: str, variant: str | RuleSet = "international", **options: object) -> "Game":
        return cls(variant, fen=fen, **options)  # type: ignore[arg-type]

    @classmethod
    def from_hub(cls, pos: str, variant: str | RuleSet = "international", **options: object) -> "Game":
        """A game set up from a Hub position string (Scan's protocol).

        ``options`` go to :class:`Game` (``draw_rules``, ``forced_capture``). Raises
        :class:`InvalidFenError` naming the character that is wrong.

        >>> Game.from_hub("W" + "e" * 45 + "W" + "e" * 4).fen()
        'W:WK46:B'
        >>> try:
        ...     Game.from_hub("Wbx" + "e" * 48)
        ... except InvalidFenError as exc:
        ...     exc.position
        2
        """
        return cls(variant, fen=hub_fen(pos, variant), **options)  # type: ignore[arg-type]

    def copy(self) -> "Game":
        other = object.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.move_stack = list(self.move_stack)
        other._stack = list(self._stack)
        other._keys = list(self._keys)
        other._legal_snapshots = {}  # each game keeps its own; a shared one would only miss
        return other

    def _set_state(self, state: _State) -> None:
        self._state = state
        self._legal_cache = None
        self._raw_cache = None

    # --- the position -----------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """The pieces and the side to move, with no history."""
        return self._state.position

    @property
    def turn(self) -> Colour:
        return self._state.position.turn

    @property
    def pieces(self) -> Pieces:
        """Bitboards: white men, white kings, black men, black kings."""
        return self._state.position.pieces

    @property
    def reversible_plies(self) -> int:
        """Plies since the last man move or capture."""
        return self._state.reversible_plies

    @property
    def king_streak(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Frisian's count, per colour: (the king's bit, quiet moves it made in a row)."""
        return self._state.king_streak

    def reversible_history(self) -> list[Position]:
        """The positions since the last irreversible move, oldest first, without this one."""
        return self._keys[len(self._keys) - self._state.reversible_plies:]

    def piece_at(self, number: int) -> str | None:
        """``"w"``/``"b"`` for a man, ``"W"``/``"B"`` for a king, ``None`` for empty."""
        bit = self.geometry.bit(number)
        for mask, code in zip(self.pieces, "wWbB"):
            if mask & bit:
                return code
        return None

    def board(self) -> dict[int, str]:
        """Every occupied square's piece code."""
        out: dict[int, str] = {}
        for mask, code in zip(self.pieces, "wWbB"):
            for n in self.geometry.numbers_of_mask(mask):
                out[n] = code
        return out

    def position_key(self) -> Position:
        """What a repetition compares: the pieces and the side to move."""
        return self._state.position

    def fen(self) -> str:
        return write_fen(self.pieces, self.turn.index, self.geometry)

    # --- moves ------------------------------------------------------------------------------
    def frozen_king(self) -> int:
        """The bit of a king that may not make another quiet move (Frisian), else 0."""
        s = self._state
        limit = self.rules.max_same_king_moves
        if limit is None:
            return 0
        bit, count = s.king_streak[s.position.turn.index]
        return bit if count >= limit else 0

    def raw_moves(self) -> list[RawMove]:
        """The generator's tuples for the legal moves, unsorted (cached; do not change it)."""
        return self._raws()

    def _raw_moves(self) -> list[RawMove]:
        position = self._state.position
        return self.generator.generate(*position.sides(), position.turn.index,
                                       self.rules.forced_capture, self.frozen_king())

    def _raws(self) -> list[RawMove]:
        raws = self._raw_cache
        if raws is None:
            raws = self._raw_cache = self._raw_moves()
        return raws

    def _count_legal(self) -> int:
        moves = self._legal_cache
        return len(moves) if moves is not None else len(self._raws())

    def _legal(self) -> list[Move]:
        moves = self._legal_cache
        if moves is None:
            raws = list(self._raws())
            # A stable order to show: origin, destination, route. Where square numbers
            # grow with the bit index, the raw tuples sort the same way, without a Python
            # key function.
            if self.generator.numbers_ascend:
                raws.sort(key=ROUTE_ORDER)
                moves = moves_of(raws, self.geometry)
            else:
                moves = moves_of(raws, self.geometry)
                moves.sort(key=display_order)
            self._legal_cache = moves
        return moves

    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    def is_legal(self, move: Move) -> bool:
        return move in self._legal()

    @staticmethod
    def _check_move(move: object) -> None:
        if not isinstance(move, Move):
            raise InvalidArgumentError(f"expected a Move (from legal_moves or parse_move), not {move!r}")

    def push(self, move: Move) -> None:
        """Play a legal move; an illegal one raises :class:`IllegalMoveError` and changes nothing."""
        self._check_move(move)
        moves = self._legal()
        for legal in moves:
            if legal is move:  # the usual case: a move taken from legal_moves
                break
        else:
            for legal in moves:
                if legal == move:
                    break
            else:
                raise IllegalMoveError(f"{move!r} is not a legal move in {self.fen()}")
        state = self._state
        self._stack.append(state)
        self._keys.append(self.position_key())
        self.move_stack.append(legal)
        self._legal_snapshots[len(self._stack)] = (state, moves)
        self._set_state(self._after(state, legal.raw))

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self._stack:
            raise IndexError("pop from a game with no moves")
        depth = len(self._stack)
        state = self._stack.pop()
        self._set_state(state)
        snapshot = self._legal_snapshots.pop(depth, None)
        if snapshot is not None and snapshot[0] is state:
            self._legal_cache = snapshot[1]
        self._keys.pop()
        return self.move_stack.pop()

    def _after(self, s: _State, raw: RawMove) -> _State:
        frm, to, captured, _path, _order, _promotes, by_king = raw
        position = s.position.after(raw)
        reversible = s.reversible_plies + 1 if by_king and not captured else 0
        streak = s.king_streak
        if self.rules.max_same_king_moves is not None:
            mover = s.position.turn.index
            own_men = position.pieces[2 * mover]
            if by_king and not captured and own_men:
                bit, count = streak[mover]
                new = (1 << to, count + 1 if bit == 1 << frm else 1)
            else:
                new = (0, 0)
            streak = (new, streak[1]) if mover == WHITE else (streak[0], new)
        nxt = _State(position, reversible, (), streak)
        # A second constructor call is cheaper than NamedTuple._replace.
        return _State(position, reversible, self._endgame_counters(nxt, s.endgame), streak)

    # --- draw rules ---------------------------------------------------------------------------
    def _material(self, pieces: tuple[int, int, int, int]) -> Material:
        wm, wk, bm, bk = pieces
        lone = bk if (bm == 0 and bk.bit_count() == 1) else wk if (wm == 0 and wk.bit_count() == 1) else 0
        return Material(wm.bit_count(), wk.bit_count(), bm.bit_count(), bk.bit_count(),
                        bool(lone & self.geometry.long_diagonal))

    def _endgame_matches(self, pieces: tuple[int, int, int, int]) -> list[EndgameMatch]:
        wm, wk, bm, bk = pieces
        if (wm | wk | bm | bk).bit_count() > self.draw_rules.endgame_max_pieces:
            return []
        return self.draw_rules.endgames(self._material(pieces))

    def _endgame_counters(self, s: _State, before: tuple[tuple[str, object, int], ...]
                          ) -> tuple[tuple[str, object, int], ...]:
        matches = self._endgame_matches(s.position.pieces)
        if not matches:
            return ()
        previous = {rule: (key, plies) for rule, key, plies in before}
        out = []
        for m in matches:
            old = previous.get(m.rule)
            plies = old[1] + 1 if old is not None and old[0] == m.key else 0
            out.append((m.rule, m.key, plies))
        return tuple(out)

    def draw_counters(self) -> list[DrawCounter]:
        """The draw counters that are running, with a text to show ("only kings: 12 of 25 moves")."""
        s = self._state
        out = []
        limit = self.draw_rules.max_reversible_plies
        if limit is not None and s.reversible_plies:
            out.append(DrawCounter(
                "quiet_moves", s.reversible_plies, limit,
                message("draw.counter.quiet", rule=self.draw_rules.reversible_text,
                        moves=s.reversible_plies // 2, limit=limit // 2),
                self.draw_rules.reversible_source,
            ))
        matches = {m.rule: m for m in self._endgame_matches(s.position.pieces)}
        for rule, _key, plies in s.endgame:
            m = matches[rule]
            left = max(0, (m.limit_plies - plies + 1) // 2)
            out.append(DrawCounter(rule, plies, m.limit_plies, message("draw.counter.endgame", rule=m.text, left=left),
                                   m.source))
        reps = self.repetitions()
        if reps > 1:
            n = self.draw_rules.repetition_count
            out.append(DrawCounter("repetition", reps, n, message("draw.counter.repetition", count=reps, limit=n),
                                   self._repetition_source()))
        return out

    def _repetition_source(self) -> str:
        return "FMJD Annex 1 art. 6.1" if self.draw_rules.repetition_count == 3 else "FID RegTec 9.3(b1)"

    def repetitions(self) -> int:
        """How many times the current position (with the side to move) has occurred."""
        key = self.position_key()
        return 1 + self._keys.count(key)

    def outcome(self) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""
        if self.rules.crowning_wins:
            crowned = self._crowned_side()
            if crowned is not None:
                return Outcome(crowned, Termination.CROWNED, message("outcome.crowned", side=colour_name(crowned)),
                               f"{self.rules.name} rules (Scan's bt): the first side to crown a king wins")
        if not self._count_legal():
            mover = colour_name(self.turn)
            own_men, own_kings, _, _ = self.position.sides()
            no_pieces = not (own_men | own_kings)
            if self.rules.losing_game:
                text_id = "outcome.no_pieces_wins" if no_pieces else "outcome.cannot_move_wins"
                return Outcome(self.turn, Termination.NO_MOVES, message(text_id, side=mover, variant=self.rules.name),
                               f"{self.rules.name} rules: the side that cannot move wins")
            text_id = "outcome.no_pieces" if no_pieces else "outcome.cannot_move"
            return Outcome(self.turn.opponent, Termination.NO_MOVES, message(text_id, side=mover),
                           "FMJD Annex 1 art. 7.2")
        d = self.draw_rules
        reps = self.repetitions()
        if reps >= d.repetition_count:
            return Outcome(None, Termination.REPETITION, message("outcome.repetition", count=reps),
                           self._repetition_source())
        s = self._state
        if d.max_reversible_plies is not None and s.reversible_plies >= d.max_reversible_plies:
            return Outcome(None, Termination.QUIET_MOVES,
                           message("outcome.quiet_moves", moves=d.max_reversible_plies // 2, rule=d.reversible_text),
                           d.reversible_source)
        matches = {m.rule: m for m in self._endgame_matches(s.position.pieces)}
        for rule, _key, plies in s.endgame:
            m = matches[rule]
            if plies < m.limit_plies:
                continue
            if m.limit_plies == 0 and any(raw[2] for raw in self._raws()):
                # A configuration that is a draw at once (Turkish one against one) still lets
                # a capture that is on the board be made: the game is not dead yet.
                continue
            if m.limit_plies == 0:
                return Outcome(None, Termination.ENDGAME, message("outcome.endgame_at_once", rule=m.text), m.source)
            return Outcome(None, Termination.ENDGAME,
                           message("outcome.endgame", rule=m.text, moves=m.limit_plies // 2), m.source)
        return None

    def _crowned_side(self) -> Colour | None:
        """The side with a king (Breakthrough); the side that just moved if both have one."""
        own_men, own_kings, _, opp_kings = self.position.sides()
        if opp_kings:
            return self.turn.opponent
        return self.turn if own_kings else None

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    # --- notation ---------------------------------------------------------------------------
    def move_text(self, move: Move) -> str:
        """PDN text of a legal move: short form, or every landing square where that is ambiguous."""
        self._check_move(move)
        return move_text(self, move)

    def parse_move(self, text: str) -> Move:
        """The legal move a PDN (or Hub) move string names; raises :class:`IllegalMoveError`."""
        return parse_move(self, text)

    def push_text(self, text: str) -> Move:
        move = self.parse_move(text)
        self.push(move)
        return move

    # --- perft ------------------------------------------------------------------------------
    def perft(self, depth: int) -> int:
        """The number of move paths of ``depth`` plies (unique moves), counted on the bitboards."""
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise InvalidArgumentError(f"perft depth is a whole number of plies, 0 or more, not {depth!r}")
        return perft(self, depth)

    def __repr__(self) -> str:
        return f"Game({self.rules.key!r}, fen={self.fen()!r})"


__all__ = ["Game", "Outcome", "Termination", "DrawCounter", "LegalMoves", "AmbiguousMoveError", "IllegalMoveError",
           "WHITE", "BLACK"]
