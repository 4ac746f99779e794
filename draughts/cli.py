"""``python -m draughts``: perft, legal moves, and (from draughts.engine) the Hub engine.

    python -m draughts perft [--variant V] [--fen FEN] [--divide] DEPTH
    python -m draughts moves [--variant V] [--fen FEN | -] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Sequence, TextIO

from .errors import DraughtsError
from .game import Game
from .lines import input_lines
from .perft import divide, perft
from .rules import VARIANTS, get_rules


def _variant(name: str) -> str:
    try:
        return get_rules(name).key
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _depth(text: str) -> int:
    try:
        depth = int(text)
    except ValueError:
        depth = 0
    if depth < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a depth (a whole number from 1 up)")
    return depth


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m draughts", description="Draughts rules engine")
    sub = p.add_subparsers(dest="command", required=True)
    variants = ", ".join(VARIANTS)

    pp = sub.add_parser("perft", help="count move paths to a depth")
    pp.add_argument("--variant", type=_variant, default="international", help=f"one of: {variants}")
    pp.add_argument("--fen", default=None)
    pp.add_argument("--divide", action="store_true", help="the count below each legal move")
    pp.add_argument("--no-forced-capture", action="store_true", help="the house rule")
    pp.add_argument("depth", type=_depth, help="the deepest count, from 1 up")

    mp = sub.add_parser("moves", help="list the legal moves of a position")
    mp.add_argument("--variant", type=_variant, default="international", help=f"one of: {variants}")
    mp.add_argument("--fen", default=None, help="a FEN, or - to read one FEN a line from standard input")
    mp.add_argument("--json", action="store_true")
    mp.add_argument("--no-forced-capture", action="store_true", help="the house rule")

    hp = sub.add_parser("hub", help="speak the Hub protocol (version 2) on stdin/stdout")
    hp.add_argument("--variant", type=_variant, default="international")
    return p


def _moves_record(game: Game) -> dict[str, object]:
    return {
        "fen": game.fen(),
        "moves": [{"pdn": game.move_text(m), **m.to_dict()} for m in game.legal_moves],
    }


def _game(args: argparse.Namespace) -> Game | None:
    """The position the command names, or None after one ``error:`` line on standard error."""
    try:
        return Game(args.variant, fen=args.fen, forced_capture=not args.no_forced_capture)
    except DraughtsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return None


def _cmd_perft(args: argparse.Namespace, out: TextIO) -> int:
    game = _game(args)
    if game is None:
        return 2
    if args.divide:
        total = 0
        for text, n in divide(game, args.depth):
            print(f"{text:<20} {n}", file=out)
            total += n
        print(f"perft {args.depth} {total}", file=out)
        return 0
    for depth in range(1, args.depth + 1):
        start = time.perf_counter()
        n = perft(game, depth)
        seconds = time.perf_counter() - start
        rate = n / seconds if seconds > 0 else float("inf")
        print(f"perft {depth} {rate:,.0f} leaves/s {seconds:.3f} s {n}", file=out)
    return 0


def _cmd_moves(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    forced = not args.no_forced_capture
    if args.fen == "-":
        for line in input_lines(inp):
            fen = line.text
            record: dict[str, object]
            if line.error:  # reported in the stream, in its place, and the next line is read
                record = {"fen": fen, "error": line.error}
            elif not fen:
                continue
            else:
                try:
                    record = _moves_record(Game(args.variant, fen=fen, forced_capture=forced))
                except DraughtsError as exc:
                    record = {"fen": fen, "error": str(exc)}
            print(json.dumps(record), file=out, flush=True)
        return 0
    game = _game(args)
    if game is None:
        return 2
    if args.json:
        print(json.dumps(_moves_record(game)), file=out)
    else:
        for m in game.legal_moves:
            print(game.move_text(m), file=out)
    return 0


def main(argv: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    args = _parser().parse_args(argv)
    inp = inp or sys.stdin
    out = out or sys.stdout
    try:
        code = _run(args, inp, out)
        out.flush()  # inside the try: a pipe closed early shows up here when output is buffered
    except BrokenPipeError:
        # The reader has gone (`... | head`): stop quietly, as Unix tools do. Python would
        # flush stdout again at exit and complain, so point it at /dev/null first.
        if out is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return 141  # 128 + SIGPIPE, what a shell reports for a tool a closed pipe ended
    return code


def _run(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    if args.command == "perft":
        return _cmd_perft(args, out)
    if args.command == "moves":
        return _cmd_moves(args, inp, out)
    if args.command == "hub":
        try:
            from .engine.hub import run_hub
        except ImportError:
            print("error: the engine is not available", file=sys.stderr)
            return 2
        return run_hub(args.variant, inp, out)
    return 2
