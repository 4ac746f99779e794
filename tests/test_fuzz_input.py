"""Bad input, fuzzed: random and mutated FEN, Hub, move and PDN strings in several variants,
and the command line's arguments and input lines (raw bytes, as a strict locale reads them).

Every input either works or raises one of the library's errors (``draughts.errors``, all
``ValueError`` subclasses): never another exception, never a hang. A refused ``push`` or
``parse_move`` leaves the game exactly as it was. What is read back is what was written.

Bounded (a few hundred examples per test, no deadline) and derandomized, so the suite is
reproducible and fast; hypothesis keeps no example database in the repository.
"""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest
from random_play import random_game

from draughts import Game
from draughts.cli import main as cli_main
from draughts.engine.hub import run_hub
from draughts.errors import DraughtsError, IllegalMoveError, InvalidFenError, PdnError
from draughts.notation.hub import hub_move, hub_position, parse_hub_move
from draughts.notation.moves import long_text
from draughts.notation.pdn import read_games
from draughts.record import game_from_pdn, write_game

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

FUZZ = settings(max_examples=250, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
VARIANTS = ["international", "russian", "english", "turkish", "frisian", "canadian", "spanish", "schlagdame"]

FEN_ALPHABET = "WBK?:,-.0123456789 abcdhHF+x\""
MOVE_ALPHABET = "0123456789-x:×abcdhK !?#+.\t"
PDN_ALPHABET = '[]"{}()$!?;%.*/-x:0123456789 \n\\WBKabcdeGameTypFENSU'


def _positions(variant: str, count: int, seed: str) -> list[Game]:
    """Positions reached by random legal moves (men, kings, captures pending)."""
    rng = random.Random(seed)
    return [random_game(variant, rng, 0, 70) for _ in range(count)]


POSITIONS = {v: _positions(v, 6, f"fuzz-{v}") for v in VARIANTS}


def test_the_positions_hold_kings_and_pending_captures() -> None:
    games = [game for games in POSITIONS.values() for game in games]
    assert any(game.pieces[1] | game.pieces[3] for game in games)
    assert any(move.captures for game in games for move in game.legal_moves)

mutation = st.tuples(st.integers(0, 10_000), st.sampled_from(["insert", "delete", "replace", "double"]),
                     st.text(alphabet=FEN_ALPHABET + MOVE_ALPHABET + PDN_ALPHABET, min_size=1, max_size=3))


def mutate(text: str, edits: list[tuple[int, str, str]]) -> str:
    for index, op, chars in edits:
        i = index % (len(text) + 1)
        if op == "insert":
            text = text[:i] + chars + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + len(chars):]
        elif op == "replace":
            text = text[:i] + chars + text[i + len(chars):]
        else:  # repeat a slice: duplicated squares, tags, brackets
            text = text[:i] + text[i:i + 8] + text[i:]
    return text


# --- FEN and Hub positions --------------------------------------------------------------------

def check_fen(variant: str, text: str) -> None:
    try:
        game = Game(variant, fen=text)
    except InvalidFenError as exc:
        assert exc.position is None or 0 <= exc.position <= len(text)
        return
    assert Game(variant, fen=game.fen()).fen() == game.fen()


@FUZZ
@given(variant=st.sampled_from(VARIANTS),
       text=st.one_of(st.text(alphabet=FEN_ALPHABET, max_size=60), st.text(max_size=40)))
def test_random_fen_text(variant: str, text: str) -> None:
    check_fen(variant, text)


@FUZZ
@given(variant=st.sampled_from(VARIANTS), which=st.integers(0, 5), edits=st.lists(mutation, min_size=1, max_size=4),
       dialect=st.sampled_from(["plain", "dot", "lidraughts", "reversed"]))
def test_mutated_fen(variant: str, which: int, edits: list[tuple[int, str, str]], dialect: str) -> None:
    fen = POSITIONS[variant][which].fen()
    if dialect == "dot":
        fen += "."
    elif dialect == "lidraughts":
        fen += ":H0:F1"
    elif dialect == "reversed":
        turn, white, black = fen.split(":")
        fen = f"{turn}:{black}:{white}"
    check_fen(variant, mutate(fen, edits))


@FUZZ
@given(variant=st.sampled_from(VARIANTS), which=st.integers(0, 5), edits=st.lists(mutation, max_size=3),
       noise=st.text(alphabet="wbWBeex ", max_size=3))
def test_mutated_hub_positions(variant: str, which: int, edits: list[tuple[int, str, str]], noise: str) -> None:
    text = mutate(hub_position(POSITIONS[variant][which]), edits) + noise
    try:
        game = Game.from_hub(text, variant)
    except InvalidFenError as exc:
        assert exc.position is None or 0 <= exc.position <= len(text)
        return
    assert hub_position(game) == text.strip()


# --- moves ------------------------------------------------------------------------------------

def check_move(game: Game, text: str) -> None:
    before = (game.fen(), len(game.move_stack))
    for parse in (game.parse_move, lambda t: parse_hub_move(game, t)):
        try:
            move = parse(text)
        except IllegalMoveError:
            assert (game.fen(), len(game.move_stack)) == before
        else:
            assert move in game.legal_moves
            game.push(move)
            game.pop()
            assert (game.fen(), len(game.move_stack)) == before


@FUZZ
@given(variant=st.sampled_from(VARIANTS), which=st.integers(0, 5),
       text=st.one_of(st.text(alphabet=MOVE_ALPHABET, max_size=20), st.text(max_size=12)))
def test_random_move_text(variant: str, which: int, text: str) -> None:
    check_move(POSITIONS[variant][which], text)


@FUZZ
@given(variant=st.sampled_from(VARIANTS), which=st.integers(0, 5), pick=st.integers(0, 1000),
       form=st.sampled_from(["pdn", "long", "hub"]), edits=st.lists(mutation, min_size=1, max_size=3))
def test_mutated_move_text(variant: str, which: int, pick: int, form: str, edits: list[tuple[int, str, str]]) -> None:
    game = POSITIONS[variant][which]
    moves = list(game.legal_moves)
    if not moves:
        return
    move = moves[pick % len(moves)]
    text = {"pdn": game.move_text, "long": lambda m: long_text(game, m), "hub": lambda m: hub_move(game, m)}[form](move)
    check_move(game, mutate(text, edits))


@FUZZ
@given(variant=st.sampled_from(VARIANTS), which=st.integers(0, 5), other=st.integers(0, 5), pick=st.integers(0, 1000))
def test_pushing_a_move_of_another_position(variant: str, which: int, other: int, pick: int) -> None:
    game, source = POSITIONS[variant][which], POSITIONS[variant][other]
    moves = list(source.legal_moves)
    if not moves:
        return
    move = moves[pick % len(moves)]
    before = (game.fen(), len(game.move_stack))
    try:
        game.push(move)
    except IllegalMoveError:
        assert (game.fen(), len(game.move_stack)) == before
    else:
        assert len(game.move_stack) == before[1] + 1
        game.pop()
        assert (game.fen(), len(game.move_stack)) == before


# --- PDN ----------------------------------------------------------------------------------------

def _sample_pdn(variant: str, seed: int) -> str:
    game = random_game(variant, random.Random(seed), 4, 16)
    text = write_game(game, {"Event": "fuzz"})
    # Annotations too, so mutations hit comments, NAGs and variations.
    return text.replace(" 2. ", " {a comment} 2. ", 1).replace(" 3. ", " $1 (3. 1-2 {v}) 3. ", 1)


PDN_SAMPLES = {v: [_sample_pdn(v, s) for s in range(3)] for v in VARIANTS}


def check_pdn(text: str) -> None:
    try:
        games = read_games(text)
    except PdnError as exc:
        assert exc.line is None or 1 <= exc.line <= text.count("\n") + 1
        return
    for pdn in games:
        assert read_games(pdn.to_pdn()) == [pdn]  # the tree survives writing
        try:
            game = game_from_pdn(pdn)
        except PdnError:
            continue
        except DraughtsError as exc:  # allowed by the contract, but game_from_pdn turns these into PdnError
            raise AssertionError(f"game_from_pdn raised {exc!r}, not a PdnError") from exc
        again = game_from_pdn(read_games(write_game(game))[0])
        assert again.fen() == game.fen() and again.move_stack == game.move_stack


@FUZZ
@given(text=st.one_of(st.text(alphabet=PDN_ALPHABET, max_size=120), st.text(max_size=60)))
def test_random_pdn_text(text: str) -> None:
    check_pdn(text)


@FUZZ
@given(variant=st.sampled_from(VARIANTS), which=st.integers(0, 2), edits=st.lists(mutation, min_size=1, max_size=4))
def test_mutated_pdn(variant: str, which: int, edits: list[tuple[int, str, str]]) -> None:
    check_pdn(mutate(PDN_SAMPLES[variant][which], edits))


@FUZZ
@given(name=st.sampled_from(["GameType", "Variant", "FEN", "SetUp", "ForcedCapture", "Result"]),
       value=st.one_of(st.text(max_size=30), st.text(alphabet="0123456789,WBNA ", max_size=20),
                       st.sampled_from(["20,W,10,10,N2,0", "25", "98", "antidraughts", "W:W31-50:B1-20"])))
def test_random_tag_values(name: str, value: str) -> None:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    check_pdn(f'[{name} "{escaped}"]\n1. 32-28 19-23 *')


def test_samples_are_valid() -> None:
    for samples in PDN_SAMPLES.values():
        for text in samples:
            game_from_pdn(read_games(text)[0])


# --- the command line and the Hub engine: arguments, and lines of raw bytes ----------------------

CLI_FUZZ = settings(FUZZ, max_examples=120)
BYTE_LINE = st.one_of(st.binary(max_size=40), st.text(alphabet=FEN_ALPHABET, max_size=40).map(str.encode))


def _strict_stdin(data: bytes) -> io.TextIOWrapper:
    """Standard input as a strict UTF-8 locale gives it: text over bytes, errors raise."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")


@CLI_FUZZ
@given(fen=st.one_of(st.text(alphabet=FEN_ALPHABET, max_size=40), st.text(max_size=20)),
       depth=st.one_of(st.integers(-3, 2).map(str), st.text(alphabet="-0123456789.e x", max_size=6)),
       divide=st.booleans(), variant=st.sampled_from(VARIANTS))
def test_random_perft_arguments(fen: str, depth: str, divide: bool, variant: str) -> None:
    """perft answers, says one `error:` line (2), or is a usage error (2): never a traceback."""
    argv = ["perft", "--variant", variant, "--fen", fen, *(["--divide"] if divide else []), "--", depth]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = cli_main(argv, inp=io.StringIO(""), out=out)
        except SystemExit as exc:  # argparse: a usage line and the reason
            assert exc.code == 2 and "is not a depth" in err.getvalue() and out.getvalue() == ""
            return
    if code == 0:
        assert out.getvalue().strip().splitlines()[-1].split()[-1].isdigit()
    else:
        assert code == 2 and out.getvalue() == ""
        assert err.getvalue().startswith("error: ") and err.getvalue().count("\n") == 1


@CLI_FUZZ
@given(lines=st.lists(BYTE_LINE, max_size=6), variant=st.sampled_from(VARIANTS))
def test_random_bytes_for_moves_from_stdin(lines: list[bytes], variant: str) -> None:
    """Every non-blank input line gets exactly one JSON record, in order, whatever its bytes."""
    data = b"\n".join(lines)
    out = io.StringIO()
    assert cli_main(["moves", "--variant", variant, "--fen", "-"], inp=_strict_stdin(data), out=out) == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    expected = [line for line in data.split(b"\n") if line.decode("utf-8", "replace").strip()]
    assert len(records) == len(expected)
    for record, raw in zip(records, expected):
        assert ("moves" in record) != ("error" in record)
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            assert record["error"].endswith("is not UTF-8")


HUB_WORDS = ["hub", "init", "ping", "pos", "level", "set-param", "new-game", "stop", "ponder-hit", "go", "quit?",
             "pos start", "go think", "go analyze", "level infinite"]
HUB_ARGS = st.tuples(st.sampled_from(["pos", "moves", "time", "move-time", "inc", "moves", "depth", "nodes", "name",
                                      "value"]),
                     st.one_of(st.sampled_from(["inf", "-inf", "nan", "1e308", "-1", "0", "99999999999999", "0.01",
                                                "32-28", "tt-entries", "variant", "english", '"', "W" + "e" * 50]),
                               st.text(alphabet=FEN_ALPHABET + MOVE_ALPHABET, max_size=12)))
HUB_LINE = st.one_of(
    st.tuples(st.sampled_from(HUB_WORDS), st.lists(HUB_ARGS, max_size=3)).map(
        lambda t: (t[0] + "".join(f" {k}={v}" for k, v in t[1])).encode()),
    st.binary(max_size=30).filter(lambda b: b"\n" not in b and b"\r" not in b))


@settings(FUZZ, max_examples=80)
@given(lines=st.lists(HUB_LINE, max_size=8))
def test_random_hub_sessions(lines: list[bytes]) -> None:
    """Any lines, in any order, at level 1 (the closed input bounds each search by the level's
    0.05 s): the engine never raises, answers a final ping, and says only protocol words."""
    data = b"set-param name=level value=1\n" + b"\n".join(lines) + b"\nping\n"
    out = io.StringIO()
    assert run_hub("english", _strict_stdin(data), out) == 0
    answers = out.getvalue().splitlines()
    if not any(line.split(b" ")[0] == b"quit" for line in lines):
        assert answers and answers[-1] == "pong"
    for answer in answers:
        assert answer.split()[0] in ("id", "param", "wait", "ready", "pong", "info", "done", "error"), answer


# --- PDN: the reader's runs of plain moves read what the tokens one at a time read ---------------

def _read_both(text: str) -> tuple[object, object]:
    """(games or error, with every move's place) read with runs and one token at a time."""
    from draughts.notation import pdn

    def places(line: pdn.PdnLine) -> list[object]:
        return [((m.text, m.line, m.column), [places(v) for v in m.variations]) for m in line.moves]

    out = []
    for tokens in (pdn._TOKEN, pdn._TOKEN_BY_TOKEN):
        try:
            games = pdn._Reader(text, tokens).read()
        except PdnError as exc:
            out.append(("error", str(exc)))
        else:
            out.append((games, [(g.first_ply, dict(g.tag_positions), places(g.main_line)) for g in games]))
    return out[0], out[1]


RUN_ALPHABET = "0123456789.-x:× \n\tabcdhK{}()$!?*/1-0"


@FUZZ
@given(text=st.one_of(st.text(alphabet=RUN_ALPHABET, max_size=80), st.text(alphabet=PDN_ALPHABET, max_size=80)))
def test_runs_read_what_single_tokens_read(text: str) -> None:
    with_runs, one_by_one = _read_both(text)
    assert with_runs == one_by_one


@FUZZ
@given(variant=st.sampled_from(VARIANTS), which=st.integers(0, 2), edits=st.lists(mutation, min_size=1, max_size=4))
def test_runs_read_what_single_tokens_read_in_mutated_games(variant: str, which: int,
                                                            edits: list[tuple[int, str, str]]) -> None:
    with_runs, one_by_one = _read_both(mutate(PDN_SAMPLES[variant][which], edits))
    assert with_runs == one_by_one
