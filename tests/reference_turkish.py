"""An independent, brute-force Turkish draughts move generator, written from the rule text.

This is a test helper (not collected by pytest). It is deliberately slow and simple: a plain
8x8 list of cells indexed ``[row][col]`` (row 0 is Black's back row, seen from White; White's
men move up, towards row 0), no bitboards, no tables shared with ``draughts/movegen.py`` (which
was not read when this was written).

The rules, from ``docs/rules/sources.md`` §8 (Wikipedia "Turkish draughts", older
revision; alemanni) and ``RULES.md`` (decision 3):

* all 64 squares are in play;
* a man moves one square orthogonally **forward or sideways**, never backward; it captures in the
  same three directions by a short jump over an adjacent enemy piece to the empty square behind;
* a king flies orthogonally in all four directions; it captures an enemy piece at any distance
  along a free line and lands on any empty square beyond it;
* captured pieces are removed **immediately**, after each jump: a square freed by a capture can be
  crossed again, and there is no Turkish strike;
* within one capture, a piece may not turn 180 degrees between two jumps;
* capturing is compulsory, a capture is completed, and the **maximum number of pieces** must be
  taken (kings and men count one each); free choice among the maxima;
* a man is crowned only at the end of its move, if it stops on the far row (RULES.md decision 3):
  a man reaching the far row mid-capture goes on capturing as a man;
* moves are unique by (origin, destination, set of captured squares) (RULES.md).

Positions are exchanged with the engine through ``Game.board()`` (square number -> ``'w'``,
``'b'``, ``'W'``, ``'B'``) and ``Game.geometry.squares`` (number -> row, col).
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 8
EMPTY = None

# A cell is EMPTY or a one-letter code: 'w' / 'b' men, 'W' / 'B' kings.
Board = list[list[str | None]]


@dataclass(frozen=True)
class RefMove:
    origin: tuple[int, int]
    destination: tuple[int, int]
    captures: tuple[tuple[int, int], ...]  # in capture order (one representative route)
    promotes: bool

    def key(self) -> tuple[tuple[int, int], tuple[int, int], frozenset[tuple[int, int]]]:
        return (self.origin, self.destination, frozenset(self.captures))


def colour_of(code: str) -> str:
    return code.lower()


def is_king(code: str) -> bool:
    return code.isupper()


def forward(colour: str) -> int:
    """The row step of a forward move: White goes up (towards row 0), Black down."""
    return -1 if colour == "w" else 1


def far_row(colour: str) -> int:
    return 0 if colour == "w" else SIZE - 1


def on_board(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def man_directions(colour: str) -> list[tuple[int, int]]:
    # forward, left, right: never backward (Wikipedia; alemanni)
    return [(forward(colour), 0), (0, -1), (0, 1)]


KING_DIRECTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def empty_board() -> Board:
    return [[EMPTY] * SIZE for _ in range(SIZE)]


def copy_board(board: Board) -> Board:
    return [row[:] for row in board]


# --- conversion to and from the engine -----------------------------------------------------


def board_from_game(game) -> tuple[Board, str]:
    """The reference board and the side to move ('w' or 'b') of an engine Game."""
    cells = {sq.number: (sq.row, sq.col) for sq in game.geometry.squares}
    board = empty_board()
    for number, code in game.board().items():
        r, c = cells[number]
        board[r][c] = code
    return board, ("w" if game.turn == "white" else "b")


def number_of_cell(game) -> dict[tuple[int, int], int]:
    return {(sq.row, sq.col): sq.number for sq in game.geometry.squares}


def label_of_cell(r: int, c: int) -> str:
    """Algebraic label: a1 is White's bottom-left cell."""
    return "abcdefgh"[c] + str(SIZE - r)


def fen_of(board: Board, turn: str) -> str:
    """A FEN with algebraic squares, as the engine reads it for Turkish."""
    white, black = [], []
    for r in range(SIZE):
        for c in range(SIZE):
            code = board[r][c]
            if code is None:
                continue
            item = ("K" if is_king(code) else "") + label_of_cell(r, c)
            (white if colour_of(code) == "w" else black).append(item)
    return f"{turn.upper()}:W{','.join(white)}:B{','.join(black)}"


# --- move generation -----------------------------------------------------------------------


def quiet_moves(board: Board, turn: str) -> list[RefMove]:
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            code = board[r][c]
            if code is None or colour_of(code) != turn:
                continue
            if is_king(code):
                for dr, dc in KING_DIRECTIONS:
                    nr, nc = r + dr, c + dc
                    while on_board(nr, nc) and board[nr][nc] is None:
                        out.append(RefMove((r, c), (nr, nc), (), False))
                        nr, nc = nr + dr, nc + dc
            else:
                for dr, dc in man_directions(turn):
                    nr, nc = r + dr, c + dc
                    if on_board(nr, nc) and board[nr][nc] is None:
                        out.append(RefMove((r, c), (nr, nc), (), nr == far_row(turn)))
    return out


def _jumps(board: Board, r: int, c: int, king: bool, turn: str, last: tuple[int, int] | None):
    """Every single jump from (r, c): (captured cell, landing cell, direction)."""
    directions = KING_DIRECTIONS if king else man_directions(turn)
    for dr, dc in directions:
        if last is not None and (dr, dc) == (-last[0], -last[1]):
            continue  # no 180 degree turn between two jumps
        if king:
            nr, nc = r + dr, c + dc
            while on_board(nr, nc) and board[nr][nc] is None:
                nr, nc = nr + dr, nc + dc
            if not on_board(nr, nc):
                continue
            victim = board[nr][nc]
            if colour_of(victim) == turn:
                continue
            lr, lc = nr + dr, nc + dc
            while on_board(lr, lc) and board[lr][lc] is None:
                yield (nr, nc), (lr, lc), (dr, dc)
                lr, lc = lr + dr, lc + dc
        else:
            nr, nc = r + dr, c + dc
            lr, lc = r + 2 * dr, c + 2 * dc
            if not on_board(lr, lc):
                continue
            victim = board[nr][nc]
            if victim is None or colour_of(victim) == turn:
                continue
            if board[lr][lc] is None:
                yield (nr, nc), (lr, lc), (dr, dc)


def _capture_sequences(board: Board, origin: tuple[int, int], turn: str) -> list[RefMove]:
    r0, c0 = origin
    code = board[r0][c0]
    king = is_king(code)
    work = copy_board(board)
    work[r0][c0] = None  # the piece is lifted: its own square can be crossed
    out: list[RefMove] = []

    def search(r: int, c: int, last, taken: list[tuple[int, int]]) -> None:
        extended = False
        for victim, (lr, lc), d in list(_jumps(work, r, c, king, turn, last)):
            extended = True
            vr, vc = victim
            removed = work[vr][vc]
            work[vr][vc] = None  # removed immediately
            taken.append(victim)
            search(lr, lc, d, taken)
            taken.pop()
            work[vr][vc] = removed
        if not extended and taken:
            promotes = (not king) and r == far_row(turn)
            out.append(RefMove(origin, (r, c), tuple(taken), promotes))

    search(r0, c0, None, [])
    return out


def capture_moves(board: Board, turn: str) -> list[RefMove]:
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            code = board[r][c]
            if code is not None and colour_of(code) == turn:
                out.extend(_capture_sequences(board, (r, c), turn))
    return out


def unique(moves: list[RefMove]) -> list[RefMove]:
    seen: dict = {}
    for m in moves:
        seen.setdefault(m.key(), m)
    return list(seen.values())


def legal_moves(board: Board, turn: str, forced_capture: bool = True) -> list[RefMove]:
    captures = capture_moves(board, turn)
    if captures:
        best = max(len(m.captures) for m in captures)
        captures = [m for m in captures if len(m.captures) == best]
    captures = unique(captures)
    if captures and forced_capture:
        return captures
    return unique(quiet_moves(board, turn)) + captures


def play(board: Board, turn: str, move: RefMove) -> tuple[Board, str]:
    b = copy_board(board)
    r, c = move.origin
    code = b[r][c]
    b[r][c] = None
    for vr, vc in move.captures:
        b[vr][vc] = None
    if move.promotes:
        code = code.upper()
    dr, dc = move.destination
    b[dr][dc] = code
    return b, ("b" if turn == "w" else "w")


def perft(board: Board, turn: str, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(board, turn)
    if depth == 1:
        return len(moves)
    return sum(perft(*play(board, turn, m), depth - 1) for m in moves)


def start_board() -> Board:
    b = empty_board()
    for c in range(SIZE):
        b[1][c] = b[2][c] = "b"  # Black men on the 7th and 6th rows
        b[5][c] = b[6][c] = "w"  # White men on the 3rd and 2nd rows
    return b


def move_keys(board: Board, turn: str, game=None, forced_capture: bool = True):
    """The legal moves as a set of (origin, destination, frozenset(captures), promotes),
    in square numbers of ``game``'s geometry when a game is given, else in cells."""
    moves = legal_moves(board, turn, forced_capture)
    if game is None:
        return {(m.origin, m.destination, frozenset(m.captures), m.promotes) for m in moves}
    num = number_of_cell(game)
    return {
        (num[m.origin], num[m.destination], frozenset(num[x] for x in m.captures), m.promotes)
        for m in moves
    }


def render(board: Board) -> str:
    rows = []
    for r in range(SIZE):
        rows.append(f"{SIZE - r} " + " ".join(board[r][c] or "." for c in range(SIZE)))
    rows.append("  " + " ".join("abcdefgh"))
    return "\n".join(rows)
