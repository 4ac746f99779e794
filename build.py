#!/usr/bin/env python3
"""Build, serve and test the browser game.

    python3 build.py build            # static site into dist/
    python3 build.py serve [--port N] # build, then serve dist/ on localhost
    python3 build.py test [ARGS...]   # set up .venv, npm, chromium; build; run every test
    python3 build.py clean            # remove dist/ and the download cache

`test` passes ARGS on to pytest (`-k hub`, `-x`, `tests/test_cli.py`); when they pick tests
(a path, -k or -m) only pytest runs, without the Pyodide runner and the Node tests.
Downloads that rarely change (micropip, precompiled standard library) are cached in
~/.cache/draughts-web ($XDG_CACHE_HOME/draughts-web), so that later builds work offline.

Standard library only, so it runs on a fresh machine before anything is installed. The work
is done by the modules of sitebuild/ (the wheel, Pyodide, the snapshot, the service worker,
compression, the server, the test run); this file is the command line.
The site is fully static and uses relative URLs only, so any static host and any
sub-path will do; nothing is fetched from outside its own origin.
"""

from __future__ import annotations

import argparse
import sys

from sitebuild.common import CACHE, MissingPrerequisite
from sitebuild.server import serve
from sitebuild.site import build, clean
from sitebuild.testrun import run_tests


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (0-65535; 0 picks a free one)")
    return port


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="build the static site into dist/")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/ on localhost")
    serve_parser.add_argument("--port", type=_port, default=8000, help="the port to serve on (default 8000)")
    test_parser = sub.add_parser("test", help="set up and run every test; any further arguments go to pytest",
                   description="Set up .venv, npm and Chromium, build, and run every test. Any further arguments"
                               " go to pytest (-k EXPR, -x, tests/test_cli.py ...); when they pick tests (a path,"
                               " -k, -m) only pytest runs.", add_help=False)
    sub.add_parser("clean", help=f"remove dist/ and the download cache ({CACHE})")
    # Everything after "test" belongs to pytest, options included: argparse would take -k or
    # -x for its own and refuse them, so they are split off before it parses.
    args_list = list(sys.argv[1:] if argv is None else argv)
    pytest_args: list[str] = []
    if args_list and args_list[0] == "test":
        args_list, pytest_args = ["test"], args_list[1:]
        if pytest_args in (["-h"], ["--help"]):
            test_parser.print_help()
            return 0
    args = parser.parse_args(args_list)
    try:
        if args.command == "build":
            build()
            return 0
        if args.command == "serve":
            serve(args.port)
            return 0
        if args.command == "clean":
            clean()
            return 0
        return run_tests(pytest_args)
    except MissingPrerequisite as missing:
        print(f"error: {missing}", file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
