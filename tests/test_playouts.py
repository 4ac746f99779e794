"""Random playouts in every variant, checking invariants after every move.

Seeded and bounded (a few thousand games, well under a minute in all). After each ply:

* a side's piece count never grows, and the total is the previous total minus the captures;
* the four bitboards are disjoint (no two pieces on one square) and inside the board's playing
  squares; ``board()`` agrees with the bitboards;
* a move's captured squares are distinct enemy pieces, its origin holds the mover's piece and its
  destination was empty (or is the origin, after a round trip);
* ``pop()`` restores the exact FEN, bitboards and move-stack length, and the move pushed again
  gives the same position;
* ``outcome()`` is not None exactly when there is no legal move or a draw rule fired. The draw
  conditions are recomputed here from RULES.md, not read from the engine: the repetition count of
  the position with the same side to move, the count of plies of king moves without capture
  (the quiet-move rules), and for International/Canadian (FMJD 6.3/6.4), Frisian and Turkish the
  endgame counters; for the Russian family an endgame draw is checked against the material that
  7.2.4-7.2.8 name;
* a finished game's winner agrees with the variant's ``losing_game`` flag;
* Frisian: no king makes a 4th quiet move in a row while its side has men (DCTL max_same_king_move = 3).

The no-forced-capture house rule (sources.md §10, RULES.md) is played out too: its legal moves
are a superset of the forced ones, the extra moves are quiet moves, and without a capture on the
board the two sets are equal.
"""

from __future__ import annotations

import random

import pytest

from draughts import Game
from draughts.rules import VARIANTS

ALL = list(VARIANTS)

# RULES.md "Draw and end rules", in plies (a move by each player = 2 plies).
REPETITION = {v: 3 for v in ALL} | {"italian": 4}
QUIET_LIMIT = {
    "international": 50, "canadian": 50,  # FMJD 6.2: 25 moves each, only kings
    "russian": 30, "brazilian": 30, "schlagdame": 30,  # FMJD-64 7.2.5: 15 moves each
    "english": 80, "pool": 80, "italian": 80,  # 40 moves each (RULES.md decision 2)
    "spanish": 40,  # 20 moves each of kings only without capture
    "czech": 30,  # 15 moves each without capture or man move
    "turkish": None, "frisian": None, "antidraughts": None,
    "killer": 50, "breakthrough": 50,  # International's draw rules
    "thai": 30,  # RULES.md "More rule sets": the 8x8 games' 15 moves each
}
RUSSIAN_FAMILY = {"russian", "brazilian", "schlagdame"}


def _counts(pieces):
    wm, wk, bm, bk = pieces
    return wm.bit_count() + wk.bit_count(), bm.bit_count() + bk.bit_count()


def _material(pieces):
    wm, wk, bm, bk = pieces
    return wm.bit_count(), wk.bit_count(), bm.bit_count(), bk.bit_count()


def _lone_king_faces(mat):
    """(men, kings) of the side facing a lone king, or None."""
    wm, wk, bm, bk = mat
    if wm == 0 and wk == 1:
        return bm, bk
    if bm == 0 and bk == 1:
        return wm, wk
    return None


def endgame_kind(variant: str, mat) -> tuple[str, int] | None:
    """(kind, limit in plies) of the endgame draw configuration, for the variants checked exactly."""
    wm, wk, bm, bk = mat
    if variant in ("international", "canadian", "killer", "breakthrough"):
        faced = _lone_king_faces(mat)
        if faced is None:
            return None
        men, kings = faced
        if kings >= 1 and men + kings == 3:
            return "16", 32  # FMJD 6.3: 16 moves each
        if kings >= 1 and men + kings <= 2:
            return "5", 10  # FMJD 6.4: 5 moves each
        return None
    if variant == "frisian":
        if wm or bm:
            return None
        if wk == 1 and bk == 1:
            return "1v1", 4  # a draw after 2 more moves each (lidraughts)
        if sorted((wk, bk)) == [1, 2]:
            return "2v1", 14  # 7 moves each
        return None
    if variant == "turkish":
        if wm + wk == 1 and bm + bk == 1:
            return "1v1", 0  # one piece against one piece: draw
        return None
    return None


EXACT_ENDGAMES = {"international", "canadian", "frisian", "turkish", "killer", "breakthrough"}


def russian_endgame_material(mat) -> bool:
    """Whether the material is one that FMJD-64 7.2.4, 7.2.6, 7.2.7 or 7.2.8 names."""
    wm, wk, bm, bk = mat
    faced = _lone_king_faces(mat)
    if faced is not None:
        men, kings = faced
        if men == 0 and kings >= 3:
            return True  # 7.2.4
        if men + kings <= 3 and kings >= 1:
            return True  # 7.2.7 (on the long diagonal) and 7.2.8
    return bool(wk and bk and 4 <= wm + wk + bm + bk <= 7)  # 7.2.6


class Tracker:
    """Independent draw bookkeeping for one game, fed every ply."""

    def __init__(self, game: Game, variant: str):
        self.variant = variant
        self.history = [game.position_key()]
        self.quiet = 0
        self.kind = endgame_kind(variant, _material(game.pieces))
        self.kind_plies = 0
        self.streak = {"white": (None, 0), "black": (None, 0)}

    def after(self, game: Game, move, mover: str) -> None:
        self.history.append(game.position_key())
        self.quiet = self.quiet + 1 if (move.by_king and not move.captures) else 0
        kind = endgame_kind(self.variant, _material(game.pieces))
        if kind is not None and self.kind is not None and kind[0] == self.kind[0]:
            self.kind_plies += 1
        else:
            self.kind_plies = 0
        self.kind = kind
        if self.variant == "frisian":
            wm, _wk, bm, _bk = game.pieces
            own_men = wm if mover == "white" else bm
            last, count = self.streak[mover]
            if move.by_king and not move.captures and own_men:
                count = count + 1 if last == move.origin else 1
                self.streak[mover] = (move.destination, count)
                assert count <= 3, f"a Frisian king made {count} quiet moves in a row: {game.fen()}"
            else:
                self.streak[mover] = (None, 0)

    def repetitions(self) -> int:
        return self.history.count(self.history[-1])


def check_position(game: Game) -> None:
    wm, wk, bm, bk = game.pieces
    assert wm & wk == wm & bm == wm & bk == wk & bm == wk & bk == bm & bk == 0, "two pieces on one square"
    assert (wm | wk | bm | bk) & ~game.geometry.mask == 0, "a piece off the playing squares"
    board = game.board()
    assert len(board) == sum(_counts(game.pieces))
    numbers = {sq.number for sq in game.geometry.squares}
    assert set(board) <= numbers


def check_move_shape(game: Game, move) -> None:
    board = game.board()
    me = "w" if game.turn == "white" else "b"
    assert board[move.origin].lower() == me
    assert move.by_king == board[move.origin].isupper()
    # the destination was empty, or is the origin after a round trip, or (Turkish, pieces
    # removed at once) the square of a piece taken earlier in the same capture
    assert (move.destination not in board or move.destination == move.origin
            or (game.rules.immediate_removal and move.destination in move.captures))
    assert len(set(move.captures)) == len(move.captures)
    for sq in move.captures:
        assert sq in board and board[sq].lower() != me, f"{move} takes a non-enemy square {sq}"
    assert move.path[0] == move.origin and move.path[-1] == move.destination


def check_outcome(game: Game, tracker: Tracker, variant: str) -> bool:
    """Compare outcome() with the independent conditions; True when the game is over."""
    out = game.outcome()
    legal = list(game.legal_moves)
    rules = game.rules
    assert game.repetitions() == tracker.repetitions()
    quiet_limit = QUIET_LIMIT[variant]
    counters = {c.name: c for c in game.draw_counters()}
    if quiet_limit is not None and tracker.quiet:
        assert counters["quiet_moves"].plies == tracker.quiet
        assert counters["quiet_moves"].limit_plies == quiet_limit
    if tracker.repetitions() > 1:
        assert counters["repetition"].plies == tracker.repetitions()
    if rules.crowning_wins:
        # Breakthrough (Scan's bt): a king on the board has ended the game; the side that
        # just moved wins if it has one (a set-up position may give one to the side to move).
        wm, wk, bm, bk = game.pieces
        if wk or bk:
            just_moved = "black" if game.turn == "white" else "white"
            winner = just_moved if (wk if just_moved == "white" else bk) else game.turn
            assert out is not None and out.termination == "crowned" and out.winner == winner, (game.fen(), out)
            return True
    if not legal:
        assert out is not None and out.termination == "no_moves", (game.fen(), out)
        mover = game.turn
        other = "black" if mover == "white" else "white"
        assert out.winner == (mover if rules.losing_game else other), (variant, out)
        return True
    if tracker.repetitions() >= REPETITION[variant]:
        assert out is not None and out.termination == "repetition", (game.fen(), out)
        assert out.winner is None
        return True
    if quiet_limit is not None and tracker.quiet >= quiet_limit:
        assert out is not None and out.termination == "quiet_moves", (game.fen(), out)
        assert out.winner is None
        return True
    if variant in EXACT_ENDGAMES:
        fired = tracker.kind is not None and tracker.kind_plies >= tracker.kind[1]
        if fired and tracker.kind[1] == 0 and any(m.captures for m in game.legal_moves):
            fired = False  # a draw-at-once ending still lets a capture on the board be made
        if fired:
            assert out is not None and out.termination == "endgame", (game.fen(), tracker.kind, tracker.kind_plies, out)
            assert out.winner is None
            return True
        assert out is None, (variant, game.fen(), out, tracker.kind, tracker.kind_plies)
        return False
    if out is not None:
        assert out.termination == "endgame" and out.winner is None, (variant, game.fen(), out)
        assert variant in RUSSIAN_FAMILY, f"{variant} has no endgame draw rule: {out}"
        assert russian_endgame_material(_material(game.pieces)), (game.fen(), out)
        return True
    return False


def choose(rng: random.Random, game: Game, moves, policy: str):
    """The next move of a playout.

    ``uniform``: any legal move. ``kings``: mostly a quiet king move. ``safe``: mostly a quiet king
    move after which the opponent has no capture (games that reach the quiet-move and endgame
    limits). ``shuttle``: mostly the reverse of one's own previous move (games that repeat).
    """
    if policy == "uniform" or rng.random() < 0.1:
        return rng.choice(moves)
    quiet_kings = [m for m in moves if m.by_king and not m.captures]
    if not quiet_kings:
        return rng.choice(moves)
    if policy == "shuttle" and len(game.move_stack) >= 2:
        prev = game.move_stack[-2]
        for m in quiet_kings:
            if (m.origin, m.destination) == (prev.destination, prev.origin):
                return m
    if policy in ("safe", "shuttle"):
        rng.shuffle(quiet_kings)
        for m in quiet_kings:
            game.push(m)
            safe = not any(r.captures for r in game.legal_moves)
            game.pop()
            if safe:
                return m
    return rng.choice(quiet_kings)


def play_one(variant: str, rng: random.Random, fen: str | None, max_plies: int, policy: str) -> str:
    game = Game(variant, fen=fen)
    tracker = Tracker(game, variant)
    check_position(game)
    for _ in range(max_plies):
        if check_outcome(game, tracker, variant):
            return game.outcome().termination
        moves = list(game.legal_moves)
        move = choose(rng, game, moves, policy)
        check_move_shape(game, move)
        before_fen, before_pieces, before_len = game.fen(), game.pieces, len(game.move_stack)
        before = _counts(before_pieces)
        mover = game.turn
        game.push(move)
        after_fen, after_pieces = game.fen(), game.pieces
        assert len(game.move_stack) == before_len + 1
        # pop restores the exact position, then the same move again gives the same position
        assert game.pop() == move
        assert (game.fen(), game.pieces, len(game.move_stack)) == (before_fen, before_pieces, before_len)
        game.push(move)
        assert (game.fen(), game.pieces) == (after_fen, after_pieces)
        check_position(game)
        after = _counts(game.pieces)
        me, opp = (0, 1) if mover == "white" else (1, 0)
        assert after[me] == before[me], f"the mover's count changed: {move}"
        assert after[opp] == before[opp] - len(move.captures), f"captures do not add up: {move}"
        assert sum(after) == sum(before) - len(move.captures)
        if move.promotes:
            assert not move.by_king and game.piece_at(move.destination).isupper()
        else:
            assert game.piece_at(move.destination).isupper() == move.by_king
        tracker.after(game, move, mover)
    return "cap"


def random_endgame_fen(variant: str, rng: random.Random) -> str:
    """A sparse position with kings: a few pieces each, men off their promotion row."""
    g = Game(variant)
    geo = g.geometry
    squares = list(geo.squares)
    rng.shuffle(squares)
    n_w, n_b = rng.choice([(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (2, 2), (1, 4), (3, 2), (2, 3), (4, 4)])
    white, black = [], []
    for sq in squares[: n_w + n_b]:
        side = white if len(white) < n_w else black
        top, bottom = sq.row == 0, sq.row == geo.rows - 1
        promo = top if side is white else bottom
        king = promo or rng.random() < 0.6
        side.append(("K" if king else "") + str(sq.number))
    # at least one king on the board, so the king rules can run
    if not any(p.startswith("K") for p in white + black):
        white[0] = "K" + white[0]
    return f"{rng.choice('WB')}:W{','.join(white)}:B{','.join(black)}"


@pytest.mark.parametrize("variant", ALL)
def test_random_playouts_from_the_start(variant):
    rng = random.Random(f"start-{variant}")
    ends: dict[str, int] = {}
    for i in range(80):
        policy = ("uniform", "uniform", "kings")[i % 3]
        end = play_one(variant, rng, None, 250, policy)
        ends[end] = ends.get(end, 0) + 1
    # the playouts do finish games (in Breakthrough most end with the first king)
    assert ends.get("crowned" if VARIANTS[variant].crowning_wins else "no_moves", 0) > 0, ends


@pytest.mark.parametrize("variant", ALL)
def test_random_playouts_from_endgames(variant):
    # Few pieces with kings: these reach the repetition, quiet-move and endgame draw rules.
    rng = random.Random(f"endgame-{variant}")
    ends: dict[str, int] = {}
    for i in range(200):
        fen = random_endgame_fen(variant, rng)
        end = play_one(variant, rng, fen, 200, ("safe", "shuttle", "kings", "uniform")[i % 4])
        ends[end] = ends.get(end, 0) + 1
    if VARIANTS[variant].crowning_wins:
        assert set(ends) == {"crowned"}, ends  # every such position has a king: over at once
        return
    assert ends.get("repetition", 0) > 0, ends
    if QUIET_LIMIT[variant] is not None or variant in EXACT_ENDGAMES or variant in RUSSIAN_FAMILY:
        assert ends.get("quiet_moves", 0) + ends.get("endgame", 0) > 0, ends


@pytest.mark.parametrize("variant", ALL)
def test_no_forced_capture_house_rule_is_a_superset(variant):
    rng = random.Random(f"house-{variant}")
    seen_extra = 0
    for _ in range(15):
        game = Game(variant, forced_capture=False)
        assert game.rules.forced_capture is False
        tracker = Tracker(game, variant)
        for _ply in range(120):
            if check_outcome(game, tracker, variant):
                break
            fen = game.fen()
            free = {(m.origin, m.destination, frozenset(m.captures)) for m in game.legal_moves}
            free_again = {(m.origin, m.destination, frozenset(m.captures))
                          for m in Game.from_fen(fen, variant, forced_capture=False).legal_moves}
            forced = {(m.origin, m.destination, frozenset(m.captures)) for m in Game.from_fen(fen, variant).legal_moves}
            if variant != "frisian":  # the Frisian king limit depends on the history, not the FEN
                assert free == free_again
            assert forced <= free_again, (variant, fen, forced - free_again)
            extra = free_again - forced
            assert all(not caps for _o, _d, caps in extra), (variant, fen, extra)
            if not any(caps for _o, _d, caps in forced):
                assert free_again == forced, (variant, fen)
            else:
                seen_extra += bool(extra)
            moves = list(game.legal_moves)
            move = rng.choice(moves)
            mover = game.turn
            check_move_shape(game, move)
            game.push(move)
            check_position(game)
            tracker.after(game, move, mover)
    assert seen_extra > 0  # positions with a capture on offer and quiet moves beside it occurred
