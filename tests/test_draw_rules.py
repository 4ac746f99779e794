"""Each draw rule of RULES.md fires exactly when it should, per variant and per preset.

The games are built by pushing moves: a seeded *walk* picks quiet moves (king moves unless told
otherwise) that never repeat a position and never leave the opponent a capture, so one rule at a
time can be run to its limit. Limits are in plies (a move by each player = 2 plies); the rule
text and its source are in RULES.md "Draw and end rules" and sources.md:

* FMJD Annex 1: 6.1 third repetition, same side to move; 6.2 25 moves each with only kings
  (50 plies); 6.3 lone king against three pieces with a king, 16 moves each (32); 6.4 lone king
  against at most two pieces with a king, 5 moves each (10); decision 1: the count starts after
  the capture or promotion that creates the configuration, a capture turning 16 into 5 starts a
  fresh 5-move count.
* FMJD-64 (Russian, and Brazilian and Schlagdame by RULES.md): 7.2.4 three or more kings against a
  lone king, 15 moves (30); 7.2.5 15 moves each of kings only (30); 7.2.6 kings on both sides,
  material unchanged, 4-5 pieces 30 moves (60), 6-7 pieces 60 moves (120); 7.2.7 three pieces
  against a lone king on the long diagonal, 5 moves (10); 7.2.8 lone king against at most two
  pieces with a king, 5 moves (10).
* English, Pool, Italian: 40 moves each (80 plies, decision 2); Italian repetition is the 4th.
* Spanish 20 moves each of kings only (40); Czech 15 moves each (30).
* Turkish: one piece against one piece is a draw; Frisian: 2 kings v 1 king 7 moves (14),
  1 king v 1 king after 2 more moves (4); antidraughts only repetition.
* Presets: ``fmjd``, ``ddb-classic`` (3 kings, or 2 kings and a man, against a king: 10 moves
  each (20), 3 if the lone king holds the long diagonal (6)), ``casual-60`` (60 moves each
  without a capture or a man move, 120 plies).
"""

from __future__ import annotations

import random

import pytest

from draughts import Game


def KING(g: Game, m) -> bool:
    """A quiet king move."""
    return m.by_king and not m.captures


def MAN(g: Game, m) -> bool:
    """A quiet man move that does not promote."""
    return not m.by_king and not m.captures and not m.promotes


class Walk:
    """Seeded quiet moves that never repeat a position and never offer a capture.

    ``plan`` searches depth first (with backtracking) for a sequence of plies whose every move
    passes ``policy(game, i)`` (a filter; default: quiet king moves); the tests then replay it
    ply by ply with their checks.
    """

    def __init__(self, game: Game, seed: int = 0):
        self.game = game
        self.rng = random.Random(seed)
        self.visited = {game.position_key()}

    def _candidates(self):
        ms = sorted(self.game.legal_moves, key=lambda m: (m.origin, m.destination, m.path))
        self.rng.shuffle(ms)
        return ms

    def _ok(self) -> bool:
        g = self.game
        return g.position_key() not in self.visited and not any(x.captures for x in g.legal_moves)

    def plan(self, plies: int, policy=None) -> list:
        g = self.game
        path: list = []
        budget = [50_000]

        def dfs(i: int) -> bool:
            if i == plies:
                return True
            allow = (policy(g, i) if policy else None) or KING
            for m in self._candidates():
                if not allow(g, m):
                    continue
                budget[0] -= 1
                if budget[0] < 0:
                    raise AssertionError(f"no walk of {plies} plies found from {g.fen()}")
                g.push(m)
                if self._ok():
                    key = g.position_key()
                    self.visited.add(key)
                    path.append(m)
                    if dfs(i + 1):
                        g.pop()
                        return True
                    path.pop()
                    self.visited.discard(key)
                g.pop()
            return False

        if not dfs(0):
            raise AssertionError(f"no walk of {plies} plies found from {g.fen()}")
        return path  # the game is back where it was; self.visited holds the planned positions

    def advance(self, plies: int, policy=None) -> None:
        for m in self.plan(plies, policy):
            self.game.push(m)

    def offer(self, wanted):
        """A quiet king move after which the opponent has a capture ``wanted(game, capture)``,
        then that capture, chosen so that the side to move after it has no capture. Returns it."""
        g = self.game
        for m in self._candidates():
            if not KING(g, m):
                continue
            g.push(m)
            for reply in sorted(g.legal_moves, key=lambda r: (r.origin, r.destination, r.path)):
                if not (reply.captures and wanted(g, reply)):
                    continue
                g.push(reply)
                if self._ok():
                    self.visited.add(g.position_key())
                    return reply
                g.pop()
            g.pop()
        raise AssertionError(f"no capture could be offered in {g.fen()}")


def run_to_limit(game: Game, walk: Walk, limit: int, termination: str, policy=None) -> None:
    """Walk ``limit`` plies: no outcome before the last one, ``termination`` right after it."""
    for ply, m in enumerate(walk.plan(limit, policy), start=1):
        assert game.outcome() is None, (ply, game.fen(), game.outcome())
        game.push(m)
    out = game.outcome()
    assert out is not None and out.termination == termination and out.winner is None, (game.fen(), out)


def run_without_draw(game: Game, walk: Walk, plies: int, policy=None) -> None:
    for ply, m in enumerate(walk.plan(plies, policy)):
        assert game.outcome() is None, (ply, game.fen(), game.outcome())
        game.push(m)
    assert game.outcome() is None


def counter(game: Game, name: str):
    found = [c for c in game.draw_counters() if c.name == name]
    assert found, (name, game.draw_counters())
    return found[0]


# Positions with kings and men on both sides (no endgame rule applies) for the quiet-move rules.
BIG_10 = "W:WK47,K48,36:BK3,K4,15"  # c1, e1 kings, a3 man : f10, h10 kings, j8 man
BIG_8 = "W:WKa1,Kc1,h2:BKh8,Kf8,a7"  # 8x8 dark-corner boards
BIG_8_8 = "W:WKa1,Kc1,h2,g1:BKh8,Kf8,a7,b8"  # 8 pieces: no Russian 7.2.6 (4-7 pieces)


# --- repetition ------------------------------------------------------------------------------


def _shuttle(game: Game, plan: list[tuple[str, str]]):
    for frm, to in plan:
        move = [m for m in game.legal_moves
                if (game.geometry.label(m.origin), game.geometry.label(m.destination)) == (frm, to)]
        assert len(move) == 1, (frm, to, game.legal_moves)
        game.push(move[0])


def test_repetition_third_occurrence_fmjd_6_1():
    # FMJD 6.1: the same position for the third time, with the same player to move.
    g = Game.from_fen("W:WK47,36:BK4,15", variant="international")  # c1, a3 : h10, j8
    loop = [("47", "42"), ("4", "10"), ("42", "47"), ("10", "4")]  # c1-d2, h10-i9 and back
    _shuttle(g, loop)
    assert g.repetitions() == 2 and g.outcome() is None
    assert counter(g, "repetition").plies == 2
    assert "2 of 3" in counter(g, "repetition").text
    _shuttle(g, loop[:3])
    assert g.outcome() is None
    _shuttle(g, loop[3:])
    assert g.repetitions() == 3
    out = g.outcome()
    assert out.termination == "repetition" and out.winner is None
    assert "6.1" in out.rule


def test_repetition_needs_the_same_side_to_move():
    # The white king goes round a triangle c1-e3-d2-c1 (47-38-42-47) while Black shuttles
    # h10-i9-h10: after 5 plies the start placement is back with Black to move, which is not
    # the same position (FMJD 6.1: "with the same player having to move").
    g = Game.from_fen("W:WK47,36:BK4,15", variant="international")
    _shuttle(g, [("47", "38"), ("4", "10"), ("38", "42"), ("10", "4"), ("42", "47")])
    assert g.board() == Game.from_fen("W:WK47,36:BK4,15", variant="international").board()
    assert g.turn == "black" and g.repetitions() == 1
    _shuttle(g, [("4", "10"), ("47", "42"), ("10", "4")])  # (d2, h10, White) was seen at ply 4
    assert g.repetitions() == 2


@pytest.mark.parametrize("variant,fen,loop,needed", [
    ("english", "W:WKa1,h2:BKh8,a7", [("29", "25"), ("4", "8"), ("25", "29"), ("8", "4")], 3),
    ("russian", "W:WKc1,h2:BKf8,a7", [("c1", "b2"), ("f8", "e7"), ("b2", "c1"), ("e7", "f8")], 3),
    ("czech", "W:WKc1,h2:BKf8,a7", [("c1", "b2"), ("f8", "e7"), ("b2", "c1"), ("e7", "f8")], 3),
    ("italian", "W:WKb1:BKg8", [("29", "25"), ("4", "8"), ("25", "29"), ("8", "4")], 4),
    ("turkish", "W:WKa1,Kb1:BKh8,Kg8", [("a1", "a2"), ("h8", "h7"), ("a2", "a1"), ("h7", "h8")], 3),
    ("antidraughts", "W:WK47,36:BK4,15", [("47", "42"), ("4", "10"), ("42", "47"), ("10", "4")], 3),
])
def test_repetition_per_variant(variant, fen, loop, needed):
    # RULES.md: 3rd occurrence everywhere; Italian the 4th (FID RegTec 9.3(b1), per DCTL).
    g = Game.from_fen(fen, variant=variant)
    for occurrence in range(2, needed + 1):
        _shuttle(g, loop[:3])
        assert g.outcome() is None
        _shuttle(g, loop[3:])
        assert g.repetitions() == occurrence
        if occurrence < needed:
            assert g.outcome() is None, (variant, occurrence, g.outcome())
    out = g.outcome()
    assert out is not None and out.termination == "repetition", (variant, out)


# --- the quiet-move rules --------------------------------------------------------------------


@pytest.mark.parametrize("variant,fen,limit,moves_each", [
    ("international", BIG_10, 50, 25),  # FMJD 6.2
    ("canadian", "W:WK67,K68,55:BK3,K4,18", 50, 25),  # = International on 12x12
    ("english", BIG_8, 80, 40),  # 40 moves each (decision 2)
    ("pool", BIG_8, 80, 40),
    ("italian", "W:WKb1,Kd1,a2:BKg8,Ke8,h7", 80, 40),
    ("spanish", "W:WKh1,Kf1,a2:BKa8,Kc8,h7", 40, 20),  # section64port: 20 moves each
    ("czech", BIG_8, 30, 15),  # fmjd.org czech: 15 moves
    ("russian", BIG_8_8, 30, 15),  # FMJD-64 7.2.5
    ("brazilian", BIG_8_8, 30, 15),  # decision 5: the Russian rules
    ("schlagdame", BIG_8_8, 30, 15),
])
def test_quiet_move_rule_fires_exactly_at_its_limit(variant, fen, limit, moves_each):
    g = Game.from_fen(fen, variant=variant)
    plan = Walk(g, seed=limit).plan(limit)
    for ply, m in enumerate(plan[:-1], start=1):
        g.push(m)
        assert g.outcome() is None, (variant, ply, g.outcome())
        c = counter(g, "quiet_moves")
        assert c.plies == ply and c.limit_plies == limit
        assert f"{ply // 2} of {moves_each} moves" in c.text, c.text
        assert c.source
    g.push(plan[-1])
    out = g.outcome()
    assert out is not None and out.termination == "quiet_moves" and out.winner is None, (variant, out)


def test_english_40_move_rule_is_not_40_plies():
    # RULES.md decision 2: two peers count 40 plies; that is a bug.
    g = Game.from_fen(BIG_8, variant="english")
    walk = Walk(g, seed=1)
    run_without_draw(g, walk, 60)


@pytest.mark.parametrize("variant,fen", [
    ("turkish", "W:WKa1,Kc1,a3:BKh8,Kf8,h6"),
    ("frisian", "W:WK47,K48:BK3,K4"),  # 2 kings each: no Frisian endgame rule, no men: no king limit
    ("antidraughts", BIG_10),
])
def test_variants_without_a_quiet_move_rule(variant, fen):
    g = Game.from_fen(fen, variant=variant)
    run_without_draw(g, Walk(g, seed=3), 130)
    assert not [c for c in g.draw_counters() if c.name == "quiet_moves"]


def test_a_man_move_restarts_the_25_move_count():
    g = Game.from_fen(BIG_10, variant="international")
    walk = Walk(g, seed=5)
    walk.advance(41, lambda g, i: MAN if i == 40 else KING)
    assert g.move_stack[-1].by_king is False
    assert not [c for c in g.draw_counters() if c.name == "quiet_moves"]
    run_to_limit(g, walk, 50, "quiet_moves")


def test_a_king_capture_restarts_the_25_move_count():
    # 6.2: "without any capture". Four kings each (plus men) so a capture leaves no endgame rule.
    g = Game.from_fen("W:WK47,K48,K49,36:BK2,K3,K4,15", variant="international")
    walk = Walk(g, seed=6)
    walk.advance(30)
    assert counter(g, "quiet_moves").plies == 30
    walk.offer(lambda g, r: r.by_king and len(r.captures) == 1)
    assert not [c for c in g.draw_counters() if c.name == "quiet_moves"]
    run_to_limit(g, walk, 50, "quiet_moves")


# --- FMJD 6.3 and 6.4 ----------------------------------------------------------------------------


def test_fmjd_6_3_sixteen_moves():
    # Lone king against two kings and a man: 16 moves each, 32 plies.
    g = Game.from_fen("W:WK47,K48,36:BK4", variant="international")
    c = counter(g, "fmjd-6.3")
    assert c.plies == 0 and c.limit_plies == 32 and "16 moves left" in c.text and "6.3" in c.source
    run_to_limit(g, Walk(g, seed=7), 32, "endgame")
    assert "6.3" in g.outcome().rule


@pytest.mark.parametrize("fen", [
    "W:WK47,K48:BK4",  # two kings
    "W:WK47,36:BK4",  # a king and a man
    "W:WK47:BK4",  # a king
])
def test_fmjd_6_4_five_moves(fen):
    g = Game.from_fen(fen, variant="international")
    assert counter(g, "fmjd-6.4").limit_plies == 10
    run_to_limit(g, Walk(g, seed=8), 10, "endgame")
    assert "6.4" in g.outcome().rule


def test_fmjd_no_endgame_count_without_a_king_on_the_stronger_side():
    # 6.3/6.4 name only endings where the stronger side has a king: a king against three men
    # (or two) is not counted.
    g = Game.from_fen("W:W36,37,38:BK4", variant="international")
    assert not [c for c in g.draw_counters() if c.name.startswith("fmjd")]


def test_fmjd_count_starts_after_the_capture_that_creates_the_ending():
    # Kings c1 (47) and e1 (48), man d4 (32) against king h10 (4) and man c5 (27): no counted
    # ending. The man's capture of c5 (to b6, 21) is forced; it leaves a lone king against
    # three pieces with a king, and the 16-move count starts with the position after it.
    g = Game.from_fen("W:WK47,K48,32:BK4,27", variant="international")
    (m,) = list(g.legal_moves)
    assert (m.origin, m.destination, m.captures) == (32, 21, (27,))
    assert not [c for c in g.draw_counters() if c.name.startswith("fmjd")]
    g.push(m)
    assert counter(g, "fmjd-6.3").plies == 0
    run_to_limit(g, Walk(g, seed=9), 32, "endgame")


def test_fmjd_capture_turning_16_into_5_starts_a_fresh_count():
    # RULES.md decision 1 (as lidraughts): 20 plies into the 16-move count Black takes a piece;
    # the 5-move count starts from that capture: 10 more plies, not the 12 left nor 0.
    g = Game.from_fen("W:WK47,K48,K49:BK4", variant="international")
    walk = Walk(g, seed=10)
    walk.advance(20)
    assert counter(g, "fmjd-6.3").plies == 20
    reply = walk.offer(lambda g, r: len(r.captures) == 1)  # White offers a king, Black takes it
    assert g.turn == "white" and len(reply.captures) == 1
    assert not [c for c in g.draw_counters() if c.name == "fmjd-6.3"]
    c = counter(g, "fmjd-6.4")
    assert c.plies == 0 and "5 moves left" in c.text
    run_to_limit(g, walk, 10, "endgame")


def test_fmjd_promotion_creating_the_ending_starts_the_count():
    # Three men against a lone king is not a counted ending (no king on the stronger side);
    # the man c9 (7) promoting on 1 or 2 makes it a king and two men against a king: 6.3 starts.
    g = Game.from_fen("W:W7,36,37:BK50", variant="international")
    assert not [c for c in g.draw_counters() if c.name.startswith("fmjd")]
    promote = sorted((m for m in g.legal_moves if m.promotes), key=lambda m: m.destination)
    assert [m.destination for m in promote] == [1, 2]
    g.push(promote[0])
    assert counter(g, "fmjd-6.3").plies == 0
    run_to_limit(g, Walk(g, seed=11), 32, "endgame")


def test_fmjd_promotion_inside_the_16_move_ending_does_not_restart_it():
    # The count runs from the capture or promotion that created the configuration; a later
    # promotion that keeps it (K + 2 men -> 2 K + man, still three pieces with a king) goes on.
    g = Game.from_fen("W:WK47,8,36:BK50", variant="international")  # man on 8 can promote
    walk = Walk(g, seed=12)
    walk.advance(11, lambda g, i: (lambda g, m: m.promotes and not m.captures) if i == 10 else KING)
    assert g.move_stack[-1].promotes
    assert counter(g, "fmjd-6.3").plies == 11
    run_to_limit(g, walk, 32 - 11, "endgame")


# --- Russian family: FMJD-64 7.2.4 - 7.2.8 -------------------------------------------------------


@pytest.mark.parametrize("variant", ["russian", "brazilian", "schlagdame"])
def test_russian_7_2_8_five_moves(variant):
    g = Game.from_fen("W:WKc1,Ke1:BKb8", variant=variant)  # b8 is off the long diagonal
    c = counter(g, "fmjd64-7.2.8")
    assert c.limit_plies == 10 and c.text and "7.2.8" in c.source
    run_to_limit(g, Walk(g, seed=13), 10, "endgame")


def test_russian_7_2_7_lone_king_on_the_long_diagonal():
    # Two kings and a man against a lone king that stays on the long diagonal a1-h8: 5 moves.
    g = Game.from_fen("W:WKc1,Ke1,h2:BKd4", variant="russian")
    walk = Walk(g, seed=14)
    on_diagonal = {"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}

    def policy(g, i):
        if g.turn == "black":
            return lambda g, m: KING(g, m) and g.geometry.label(m.destination) in on_diagonal
        return KING

    assert counter(g, "fmjd64-7.2.7").limit_plies == 10
    run_to_limit(g, walk, 10, "endgame", policy)
    assert "7.2.7" in g.outcome().rule


def off_diagonal(g: Game, m) -> bool:
    sq = g.geometry.squares[m.destination - 1]
    return m.by_king and not m.captures and sq.row + sq.col != g.geometry.rows - 1


def test_russian_7_2_7_does_not_apply_off_the_long_diagonal():
    g = Game.from_fen("W:WKc1,Ke1,h2:BKb8", variant="russian")
    assert not [c for c in g.draw_counters() if c.name == "fmjd64-7.2.7"]
    walk = Walk(g, seed=15)
    for m in walk.plan(12, lambda g, i: off_diagonal if g.turn == "black" else KING):
        g.push(m)
        assert g.outcome() is None
        assert not [c for c in g.draw_counters() if c.name == "fmjd64-7.2.7"]


def test_russian_7_2_4_three_kings_against_a_lone_king():
    # 15 moves (30 plies). With only kings on the board 7.2.5 (15 moves of kings) ends at the same
    # ply; the endgame counter is shown while it runs. The lone king keeps off the long diagonal.
    g = Game.from_fen("W:WKc1,Ke1,Kg1:BKb8", variant="russian")
    c = counter(g, "fmjd64-7.2.4")
    assert c.limit_plies == 30 and "7.2.4" in c.source
    plan = Walk(g, seed=16).plan(30, lambda g, i: off_diagonal if g.turn == "black" else KING)
    for ply, m in enumerate(plan[:-1], start=1):
        g.push(m)
        assert g.outcome() is None, ply
        assert counter(g, "fmjd64-7.2.4").plies == ply
    g.push(plan[-1])
    assert g.outcome() is not None and g.outcome().termination in ("endgame", "quiet_moves")


def test_russian_7_2_6_kings_on_both_sides_four_or_five_pieces():
    # Material unchanged for 30 moves (60 plies); men may move (that keeps 7.2.5 from firing).
    g = Game.from_fen("W:WKc1,a3,h2:BKh8,a7", variant="russian")
    c = counter(g, "fmjd64-7.2.6")
    assert c.limit_plies == 60
    walk = Walk(g, seed=17)
    run_to_limit(g, walk, 60, "endgame", lambda g, i: MAN if i % 20 == 0 else KING)
    assert "7.2.6" in g.outcome().rule


def test_russian_7_2_6_six_or_seven_pieces():
    g = Game.from_fen("W:WKc1,a3,h2,g1:BKh8,a7,b8", variant="russian")
    assert counter(g, "fmjd64-7.2.6").limit_plies == 120
    walk = Walk(g, seed=18)
    run_to_limit(g, walk, 120, "endgame", lambda g, i: MAN if i % 20 == 0 else KING)


def test_russian_7_2_6_restarts_when_the_material_changes():
    # A promotion changes the balance (man -> king): the 30-move count starts again from it.
    # White: king c1, men d6 (goes c7/e7, then promotes) and h2; Black: king h8, man a7.
    g = Game.from_fen("W:WKc1,d6,h2:BKh8,a7", variant="russian")
    walk = Walk(g, seed=19)
    d6_man = lambda g, m: g.geometry.label(m.origin) == "d6" and MAN(g, m)  # noqa: E731
    promotes = lambda g, m: m.promotes and not m.captures  # noqa: E731
    walk.advance(12, lambda g, i: d6_man if i == 10 else KING)
    assert counter(g, "fmjd64-7.2.6").plies == 12  # a man move does not change the material
    walk.advance(1, lambda g, i: promotes)
    assert counter(g, "fmjd64-7.2.6").plies == 0
    run_to_limit(g, walk, 60, "endgame", lambda g, i: MAN if i % 20 == 1 else KING)


# --- Frisian, Turkish --------------------------------------------------------------------------


def test_frisian_two_kings_against_one_king_seven_moves():
    g = Game.from_fen("W:WK47,K48:BK4", variant="frisian")
    assert counter(g, "frisian-2v1").limit_plies == 14
    run_to_limit(g, Walk(g, seed=20), 14, "endgame")


def test_frisian_one_king_against_one_king():
    g = Game.from_fen("W:WK47:BK4", variant="frisian")
    assert counter(g, "frisian-1v1").limit_plies == 4
    run_to_limit(g, Walk(g, seed=21), 4, "endgame")


def test_turkish_one_piece_against_one_piece_is_a_draw_at_once():
    g = Game.from_fen("W:WKa1:Bh7", variant="turkish")
    out = g.outcome()
    assert out is not None and out.termination == "endgame" and out.winner is None


def test_turkish_capture_leaving_one_piece_each_draws():
    # King a1 takes a5 (up the a-file, landing a6..a8): one white king against the man h7.
    g = Game.from_fen("W:WKa1:Ba5,h7", variant="turkish")
    assert g.outcome() is None
    g.push(list(g.legal_moves)[0])
    out = g.outcome()
    assert out is not None and out.termination == "endgame"


def test_turkish_one_against_one_with_a_capture_on_is_played_out():
    # Black's a5xa3 leaves one piece each, but White's king must take a3 at once: the game
    # is won by that capture, not drawn before it.
    g = Game.from_fen("B:WKa1,a4:Ba5", variant="turkish")
    g.push(list(g.legal_moves)[0])
    assert g.outcome() is None and all(m.captures for m in g.legal_moves)
    g.push(list(g.legal_moves)[0])
    out = g.outcome()
    assert out is not None and out.winner == "white" and out.termination == "no_moves"


def test_turkish_two_pieces_against_one_is_played_on():
    g = Game.from_fen("W:WKa1,Kb1:BKh8", variant="turkish")
    run_without_draw(g, Walk(g, seed=22), 60)


# --- presets (RULES.md decision 1) ----------------------------------------------------------------


def test_default_preset_is_the_variants_own():
    assert Game("international").draw_preset == "standard"
    assert Game("international", draw_rules=None).draw_preset == "standard"
    with pytest.raises(ValueError):
        Game("international", draw_rules="no-such-preset")


def test_preset_fmjd_on_another_variant():
    # The fmjd preset applies 6.1-6.4 whatever the variant: 2 kings v 1 king, 5 moves, on 8x8.
    g = Game.from_fen("W:WKc1,Ke1:BKb8", variant="english", draw_rules="fmjd")
    run_to_limit(g, Walk(g, seed=23), 10, "endgame")
    g = Game.from_fen(BIG_8, variant="english", draw_rules="fmjd")
    run_to_limit(g, Walk(g, seed=24), 50, "quiet_moves")


def test_preset_casual_60():
    # 60 moves each without a capture or a man move; no endgame counts.
    g = Game.from_fen("W:WK47,K48:BK4", variant="international", draw_rules="casual-60")
    assert not [c for c in g.draw_counters() if c.name.startswith("fmjd")]
    run_to_limit(g, Walk(g, seed=25), 120, "quiet_moves")


def test_preset_ddb_classic_three_kings_ten_moves():
    g = Game.from_fen("W:WK47,K48,K49:BK4", variant="international", draw_rules="ddb-classic")
    walk = Walk(g, seed=26)
    assert counter(g, "ddb-3v1").limit_plies == 20
    run_to_limit(g, walk, 20, "endgame", lambda g, i: off_diagonal if g.turn == "black" else KING)


def test_preset_ddb_classic_long_diagonal_three_moves():
    g = Game.from_fen("W:WK47,K48,K49:BK23", variant="international", draw_rules="ddb-classic")
    long_diagonal = [sq.number for sq in g.geometry.squares if sq.row + sq.col == 9]
    assert 23 in long_diagonal
    walk = Walk(g, seed=27)

    def policy(g, i):
        if g.turn == "black":
            return lambda g, m: KING(g, m) and m.destination in long_diagonal
        return KING

    assert counter(g, "ddb-long-diagonal").limit_plies == 6
    run_to_limit(g, walk, 6, "endgame", policy)


def test_preset_ddb_classic_has_no_five_move_rule():
    # Two kings against one king is not a DDB-classic ending: only the 25-move rule.
    g = Game.from_fen("W:WK47,K48:BK4", variant="international", draw_rules="ddb-classic")
    run_to_limit(g, Walk(g, seed=28), 50, "quiet_moves")
