"""The text catalogues: every language has every id with the same parameters, every id is used
somewhere in the sources, every id the code asks for exists, and the sentences the Python side
returns (draw counters, outcomes, the rules explained, hint reasons, lessons) read as real text
in every language, not as English or as a template with holes."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from draughts import Colour, Game, Outcome, Termination
from draughts.engine import _capture_reason, hint
from draughts.teach.explain import explain, why_not
from draughts.teach.puzzles import all_puzzles, check_move
from draughts.teach.tutorial import STEPS, check
from draughts.text import (
    DEFAULT_LANGUAGE, LANGUAGES, Message, UnknownLanguageError, UnknownMessageError, catalogue, message, render,
)

ROOT = Path(__file__).resolve().parent.parent
# Sentences that are the same words in every language (a file format's name; a template that is
# only its parameters): a translation equal to the English is a forgotten one everywhere else.
SAME_IN_EVERY_LANGUAGE = {"pdn", "time_left", "outcome.quiet_moves", "explain.refused"}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def specs(template: str) -> set[str]:
    return {spec for _, name, spec, _ in string.Formatter().parse(template) if name is not None and spec is not None}


def test_there_is_more_than_one_language() -> None:
    assert DEFAULT_LANGUAGE == "en" and len(LANGUAGES) >= 2 and DEFAULT_LANGUAGE in LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_every_id_and_no_other(language: str) -> None:
    reference, other = catalogue(DEFAULT_LANGUAGE), catalogue(language)
    assert sorted(set(reference) - set(other)) == [], f"missing in {language}"
    assert sorted(set(other) - set(reference)) == [], f"only in {language}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_language_has_the_same_params(language: str) -> None:
    reference = catalogue(DEFAULT_LANGUAGE)
    for text_id, template in catalogue(language).items():
        assert fields(template) == fields(reference[text_id]), (language, text_id, template)
        # and the same kind of field: a grouped number ({nodes:n}) in one is one in every other
        assert specs(template) == specs(reference[text_id]), (language, text_id, template)
        assert specs(template) <= {"", "n"}, (language, text_id)
        assert all(name.isidentifier() for name in fields(template)), (language, text_id)
        assert template.strip() and template == template.strip(), (language, text_id)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != DEFAULT_LANGUAGE])
def test_translations_are_not_english(language: str) -> None:
    reference = catalogue(DEFAULT_LANGUAGE)
    same = {text_id for text_id, template in catalogue(language).items() if template == reference[text_id]}
    assert same <= SAME_IN_EVERY_LANGUAGE, sorted(same - SAME_IN_EVERY_LANGUAGE)


# --- the sources use the ids ---------------------------------------------------------------------

def sources() -> dict[Path, str]:
    """The product's own code and pages (not the tests): where an id can be used."""
    paths = [*(ROOT / "draughts").rglob("*.py"), *(ROOT / "web").rglob("*.js"), *(ROOT / "web").rglob("*.html"),
             *(ROOT / "web").rglob("*.py")]
    return {path: path.read_text(encoding="utf-8") for path in paths}


QUOTED = re.compile(r"""(["'`])([A-Za-z][\w.\-]*)\1""")
# A JS template literal or a Python f-string that builds an id from fixed parts and values:
# `turn_${view.turn}`, f"level.about.{self.number}"
TEMPLATE = re.compile(r"`((?:[\w.\-]*\$\{[^}`]*\})+[\w.\-]*)`")
FSTRING = re.compile(r"""\bf(["'])((?:[\w.\-]*\{[^}"']*\})+[\w.\-]*)\1""")


def template_pattern(body: str) -> re.Pattern[str] | None:
    """The ids a template literal or an f-string can build (None when it has no fixed part)."""
    parts = re.split(r"\$?\{[^}`]*\}", body)
    return re.compile(r"[\w\-]+".join(map(re.escape, parts)) + "$") if any(parts) else None


def test_every_id_is_used() -> None:
    literals: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for text in sources().values():
        literals.update(match[1] for match in QUOTED.findall(text))
        patterns.extend(p for p in map(template_pattern, TEMPLATE.findall(text)) if p is not None)
        patterns.extend(p for p in (template_pattern(m[1]) for m in FSTRING.findall(text)) if p is not None)
    unused = [text_id for text_id in catalogue(DEFAULT_LANGUAGE)
              if text_id not in literals and not any(p.match(text_id) for p in patterns)]
    assert unused == []


def test_every_id_the_python_side_asks_for_exists() -> None:
    asked = {(path.name, text_id) for path, text in sources().items() if path.suffix == ".py"
             for text_id in re.findall(r"""message\(\s*["']([\w.\-]+)["']""", text)}
    asked |= {(path.name, text_id) for path, text in sources().items() if path.suffix == ".py"
              for text_id in re.findall(r"""(?:text_id|[=(]) *["']((?:outcome|hint|explain|illegal|draw|puzzle|tutorial)"""
                                        r"""\.[\w.\-]+)["']""", text)}
    assert len(asked) > 50
    assert sorted(item for item in asked if item[1] not in catalogue(DEFAULT_LANGUAGE)) == []


def test_every_id_the_page_asks_for_exists() -> None:
    asked = {(path.name, text_id) for path, text in sources().items() if path.suffix in (".js", ".html")
             for text_id in re.findall(r"""(?:\bt\(|data-(?:i18n|i18n-label|t)=)["']([\w.\-]+)["']""", text)}
    assert len(asked) > 30
    assert sorted(item for item in asked if item[1] not in catalogue(DEFAULT_LANGUAGE)) == []


# --- rendering -------------------------------------------------------------------------------------

def test_render_fills_params_and_nested_messages_in_the_same_language() -> None:
    counter = message("draw.counter.quiet", rule=message("draw.quiet.only_kings"), moves=12, limit=25)
    assert render(counter, "en") == "moves with only kings, no man move, no capture: 12 of 25 moves"
    assert render(counter, "de") == "Züge nur mit Damen, ohne Steinzug und ohne Schlagen: 12 von 25"
    assert message("a", b=1, c=2) == message("a", c=2, b=1) and hash(message("a", b=1)) == hash(message("a", b=1))
    assert counter.to_dict() == {"id": "draw.counter.quiet",
                                 "params": {"limit": 25, "moves": 12, "rule": {"id": "draw.quiet.only_kings", "params": {}}}}
    assert counter.text == render(counter, "en")
    # {nodes:n}: the thousands grouped as each language writes them (level 7's budget is 15,000)
    assert "15,000 positions" in render(message("level.about.7", nodes=15000), "en")
    assert "15.000 Stellungen" in render(message("level.about.7", nodes=15000), "de")
    assert "1.234.567 Stellungen" in render(message("level.about.7", nodes=1234567), "de")
    assert "999 positions" in render(message("level.about.7", nodes=999), "en")


def test_render_refuses_an_unknown_language_or_id() -> None:
    with pytest.raises(UnknownLanguageError):
        render(message("white"), "xx")
    with pytest.raises(UnknownMessageError):
        render(message("no.such.id"), "de")
    assert issubclass(UnknownLanguageError, ValueError) and issubclass(UnknownMessageError, ValueError)


# --- the Python side's messages read as real text in every language -------------------------------

def play(game: Game, *moves: str) -> Game:
    for text in moves:
        game.push_text(text)
    return game


def walk_to_outcome(game: Game) -> Outcome | None:
    """Quiet moves to new positions that leave nothing to capture, until the game ends."""
    seen = {game.position_key()}
    while game.outcome() is None:
        for move in game.legal_moves:
            game.push(move)
            if move.captures or game.position_key() in seen or any(m.captures for m in game.legal_moves):
                game.pop()
                continue
            seen.add(game.position_key())
            break
        else:
            return None
    return game.outcome()


def python_messages() -> list[Message]:
    """Messages the code returns, from real positions: one of each kind at least."""
    out: list[Message] = []
    # draw counters: quiet moves, endgame counts, repetition (international, Russian, Frisian)
    kings = play(Game("international", fen="W:WK47,K48,K49:BK1"), "47-42", "1-7", "42-47", "7-1")
    out += [c.message for c in kings.draw_counters()]
    assert {c.name for c in kings.draw_counters()} >= {"quiet_moves", "fmjd-6.3", "repetition"}
    for variant, fen in (("russian", "W:WKa1,Kc1,Ke1:BKh8"), ("russian", "W:WKa1,c3:BKh8,f6"),
                         ("frisian", "W:WK1:BK50"), ("frisian", "W:WK1,K2:BK50")):
        out += [c.message for c in play(Game(variant, fen=fen)).draw_counters()]
    # outcomes: every termination, and a losing game's winner
    outcomes = [
        Game(fen="W:W46:B41,37").outcome(), Game("antidraughts", fen="W:W46:B41,37").outcome(),
        Game("turkish", fen="W:WKa1:BKh8").outcome(),
        walk_to_outcome(Game(fen="W:WK46,K47:BK4,K5")), walk_to_outcome(Game(fen="W:WK46,K47,K49:BK3")),
        Outcome.resignation(Colour.WHITE), Outcome.agreement(), Outcome.time_out(Colour.BLACK),
        Outcome.recorded(Colour.WHITE),
        play(Game("breakthrough", fen="W:W6:B40"), "6-1").outcome(),
    ]
    repeated = play(Game("international", fen="W:WK47:BK1,K2"), "47-42", "1-7", "42-47", "7-1", "47-42", "1-7",
                    "42-47", "7-1")
    outcomes.append(repeated.outcome())
    out += [o.message for o in outcomes if o is not None]
    terminations = {o.termination for o in outcomes if o is not None}
    assert terminations == set(Termination), terminations
    # the rules explained, and refused tries, on every tutorial position
    for step in STEPS:
        game = step.game()
        out += [r.message for r in explain(game)]
        out.append(check(step, step.wrong).message)
        out.append(check(step, step.goals[0]).message)
        out += [why_not(game, s.number).message for s in game.geometry.squares[:6]]
    # hint reasons: the forced move, and every capture count
    forced = Game("international", fen="W:W28:B23,1")
    out.append(hint(forced)[1])
    out += [_capture_reason(m) for m in Game(fen="W:W33,34:B28,17,30").legal_moves]
    # puzzles: hints and verdicts
    for puzzle in all_puzzles():
        out += [puzzle.hint, puzzle.title, check_move(puzzle, [], puzzle.solution[0]).message]
    return out


def hint_ids() -> list[str]:
    return sorted(text_id for text_id in catalogue(DEFAULT_LANGUAGE) if text_id.startswith("hint."))


def test_the_python_messages_cover_every_kind() -> None:
    ids = {m.id.split(".")[0] for m in python_messages()}
    assert {"draw", "outcome", "explain", "illegal", "hint", "tutorial", "puzzle"} <= ids


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != DEFAULT_LANGUAGE])
def test_python_messages_are_translated(language: str) -> None:
    for msg in python_messages():
        english, text = render(msg, DEFAULT_LANGUAGE), render(msg, language)
        assert text != english, (msg.id, text)
        assert "{" not in text and "}" not in text, (msg.id, text)


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != DEFAULT_LANGUAGE])
@pytest.mark.parametrize("text_id", hint_ids())
def test_every_hint_reason_is_translated(language: str, text_id: str) -> None:
    # The search decides which reason a position gets; each one, with a count, reads translated.
    params = {name: message("hint.captures_one") if name == "capture" else 3
              for name in fields(catalogue(DEFAULT_LANGUAGE)[text_id])}
    msg = message(text_id, **params)
    assert render(msg, language) != render(msg) and "{" not in render(msg, language)
