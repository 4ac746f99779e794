"""The coach's explanations of mistakes (draughts.teach.mistakes), on positions whose answer is known.

The shots come from the stored puzzles one move earlier (the move that allowed the combination);
the pieces left hanging and the breakthroughs from tests/data/shots.json, each checked there by a
material-only search (bench/find_shots.py). Every sentence is checked in English and German, and
every line the coach claims is checked against the search that must confirm it.
"""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

from draughts import Game
from draughts.engine import analyse
from draughts.errors import IllegalMoveError
from draughts.move import Move
from draughts.teach.mistakes import (Explanation, MistakeKind, NotAMistakeError, classify_shot, explain_mistake,
                                     king_value)
from draughts.teach.shots import holds, read_line, readings, shot_kind, ShotKind, verified
from draughts.text import catalogue, message, render

DATA = Path(__file__).resolve().parent / "data" / "shots.json"


def explain(variant: str, fen: str | None, played: str, best: str | None = None) -> tuple[Game, Explanation]:
    game = Game(variant, fen=fen)
    better = game.parse_move(best) if best else analyse(game, 0.5).best
    assert better is not None
    return game, explain_mistake(game, game.parse_move(played), better, seconds=0.5)


def test_a_shot_in_english_is_named_with_its_line_and_counts() -> None:
    # draughts.teach.puzzles english-2, one move earlier: 24-19 lets Black play 11-16, 20x11, 8x31
    _game, e = explain("english", "W:W7,20,23,24,25,26,27,28,30:B4,5,6,8,11,12", "24-19")
    assert e.kind is MistakeKind.SHOT
    assert e.texts[:3] == ("11-16!", "20x11", "8x31")
    assert render(e.message).startswith("24-19 allows 11-16! 20x11 8x31: a 3-for-1 shot that wins 2 men")
    assert render(e.message, "de").startswith("24-19 erlaubt 11-16! 20x11 8x31: ein Schlag 3 für 1, der 2 Steine gewinnt")
    assert e.gain >= 2


def test_a_shot_in_international_draughts() -> None:
    # draughts.teach.puzzles international-1, one move earlier
    fen = "W:W16,33,34,35,36,37,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,12,14,17,19,24,27"
    _game, e = explain("international", fen, "37-31")
    assert e.kind is MistakeKind.SHOT
    assert render(e.message) == "37-31 allows 6-11! 31x22 17x30: a 3-for-1 shot that wins 2 men."
    assert render(e.message, "de") == "37-31 erlaubt 6-11! 31x22 17x30: ein Schlag 3 für 1, der 2 Steine gewinnt."
    assert e.to_dict()["kind"] == "shot" and e.to_dict()["line"] == ["6-11!", "31x22", "17x30"]


def test_a_shot_in_russian_names_the_crowning_square_in_its_notation() -> None:
    # draughts.teach.puzzles russian-3, one move earlier: e3-d4! c5:e3 d2:f8 crowns on f8
    _game, e = explain("russian", "B:Wa3,e3,g3,b2,d2,f2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,b6,h6,c5,e5", "f8-e7")
    assert e.kind is MistakeKind.SHOT
    assert e.texts == ("e3-d4!", "c5:e3", "d2:f8")
    assert render(e.message) == "f8-e7 allows e3-d4! c5:e3 d2:f8: a 3-for-1 shot that wins 2 men and crowns on f8."
    assert render(e.message, "de") == ("f8-e7 erlaubt e3-d4! c5:e3 d2:f8: ein Schlag 3 für 1, der 2 Steine gewinnt "
                                       "und auf f8 eine Dame macht.")


@pytest.mark.parametrize("fen, played, taken", [
    ("B:W19,21,22,23,24,25,27,29,30,31,32:B2,3,4,6,7,8,9,11,12,13,14", "13-17", "22x13"),
    ("W:W21,24,26,27,28,29,30,31,32:B1,2,3,4,6,8,11,12,14", "21-17", "14x21"),
])
def test_a_piece_left_hanging(fen: str, played: str, taken: str) -> None:
    _game, e = explain("english", fen, played)
    assert e.kind is MistakeKind.HANGING
    assert e.texts[0] == taken
    square = str(e.line[0].captures[0])
    assert render(e.message).startswith(f"{played} leaves a man on {square} to be taken for nothing: {taken}")
    assert render(e.message, "de").startswith(f"{played} lässt einen Stein auf {square} ungedeckt stehen: {taken}")


@pytest.mark.parametrize("variant, fen, played, best", [
    ("russian", "W:Wh4,g3,b2,d2:Bh6,b4,d4", "b2-a3", None),
    ("russian", "W:Wa3,c3,b2,e1:Bb8,e7,h4", "c3-b4", None),
    # The better move is given: searched 13 plies and more, 36-31 and 47-42 both lose about
    # a man and a third, and which of them a half-second search prefers depends on its depth.
    ("international", "W:W36,41,47:B14,20,32", "36-31", "47-42"),
])
def test_a_breakthrough(variant: str, fen: str, played: str, best: str | None) -> None:
    game, e = explain(variant, fen, played, best)
    assert e.kind is MistakeKind.BREAKTHROUGH
    crowning = e.line[-1]
    assert crowning.promotes
    square = game.geometry.label(crowning.destination)
    english, german = render(e.message), render(e.message, "de")
    assert square in english and ("breakthrough" in english or "break through" in english)
    assert square in german and ("Durchbruch" in german or "durchbrechen" in german)


@pytest.mark.parametrize("fen, played", [
    ("B:W6,13,14,23,24:B4,11,12,16", "4-8"),
    ("B:W6,13,14,23,24:B3,11,12,16", "3-8"),
])
def test_a_lost_tempo(fen: str, played: str) -> None:
    # White's 24-20 is no threat yet; but every Black move then gives a man, and 20x4 crowns
    _game, e = explain("english", fen, played)
    assert e.kind is MistakeKind.TEMPO
    assert e.texts[0] == "24-20"
    assert "loses a tempo" in render(e.message) and "verliert ein Tempo" in render(e.message, "de")


@pytest.mark.parametrize("fen, played", [
    ("B:W35,36,40,44,K6:B1,10,20,23,K38", "1-7"),
    ("B:W35,36,40,44,K6:B2,10,20,23,K38", "2-7"),
])
def test_material_lost_to_a_quiet_threat(fen: str, played: str) -> None:
    # draughts.teach.puzzles international-4, one move earlier: the king's 6-1 wins two men
    _game, e = explain("international", fen, played)
    assert e.kind is MistakeKind.MATERIAL
    assert e.texts[0] == "6-1"
    assert render(e.message).startswith(f"{played} loses 2 men: 6-1")
    assert render(e.message, "de").startswith(f"{played} verliert 2 Steine: 6-1")


@pytest.mark.parametrize("variant, fen, played, best, words", [
    # draughts.teach.puzzles international-3 and english-1: a quiet move instead of the combination
    ("international", "W:W32,38,40,43,44,48,50:B2,4,5,6,12,13,15,16,20,21,31,35", "38-33", "44-39", "2 men"),
    ("english", "B:W5,19,20,23,25,26,27,29,30,32:B1,2,4,6,8,11,12,13", "6-10", "11-16", "2 men"),
])
def test_a_missed_win(variant: str, fen: str, played: str, best: str, words: str) -> None:
    _game, e = explain(variant, fen, played, best)
    assert e.kind is MistakeKind.MISSED_WIN
    assert e.texts[0] == best + "!"
    assert render(e.message).startswith(f"{best} would have won {words}: {best}!")
    assert render(e.message, "de").startswith(f"{best} hätte {words.replace('men', 'Steine')} gewonnen")


@pytest.mark.parametrize("variant, played, best", [("international", "31-26", "32-28"), ("english", "9-13", "11-15")])
def test_nothing_concrete_is_positional(variant: str, played: str, best: str) -> None:
    _game, e = explain(variant, None, played, best)
    assert e.kind is MistakeKind.POSITIONAL and e.line == () and e.gain == 0
    assert best in render(e.message) and "besser" in render(e.message, "de")


def test_bad_input_is_refused() -> None:
    game = Game("international")
    move = game.parse_move("32-28")
    other = Game("international", fen="W:W50:B1").parse_move("50-45")
    with pytest.raises(IllegalMoveError):
        explain_mistake(game, other, move)
    with pytest.raises(NotAMistakeError):
        explain_mistake(game, move, move)
    assert issubclass(NotAMistakeError, ValueError)


def blunder_line(game: Game) -> list[Move]:
    """A quiet move, a reply that leaves a man to be taken for nothing, and the capture."""
    for first in game.legal_moves:
        after = game.copy()
        after.push(first)
        if any(m.captures for m in after.legal_moves):
            continue
        for reply in after.legal_moves:
            g = after.copy()
            g.push(reply)
            for capture in (m for m in g.legal_moves if m.captures):
                h = g.copy()
                h.push(capture)
                if not any(m.captures for m in h.legal_moves):
                    return [first, reply, capture]
    raise AssertionError("no blunder found")


def test_a_line_the_defender_need_not_follow_is_not_claimed() -> None:
    # The line wins a man only because the defender blunders in it: the checking search refutes it
    game = Game("english")
    line = blunder_line(game)
    facts = read_line(game, line, king_value(game))
    assert facts.pieces_won == 1 and len(facts.moves) == 3
    assert not verified(game, facts)
    assert holds(game, facts) is False


def moves_of(game: Game, *texts: str) -> list[Move]:
    g = game.copy()
    out = []
    for text in texts:
        out.append(g.push_text(text))
    return out


def test_shot_kinds_from_the_shape_of_a_line() -> None:
    game = Game("english", fen="B:W5,19,20,23,25,26,27,29,30,32:B1,2,4,6,8,11,12,13")
    facts = read_line(game, moves_of(game, "11-16", "20x11", "8x31"), king_value(game))
    assert (facts.taken, facts.lost, facts.pieces_won, facts.crowned) == (3, 1, 2, 31)
    assert facts.texts == ("11-16!", "20x11", "8x31")
    assert shot_kind(facts) is ShotKind.SHOT and verified(game, facts)
    assert classify_shot(game, facts.moves) is ShotKind.SHOT
    # a man taken with nothing to take back: hanging; taken and retaken: not a gain at all
    hanging = Game("english", fen="W:W20,30:B1,16")
    assert classify_shot(hanging, moves_of(hanging, "20x11", "1-5")) is ShotKind.HANGING
    exchange = Game("english", fen="W:W20,30:B4,8,16")
    line = moves_of(exchange, "20x11", "8x15")
    assert read_line(exchange, line, 1.5).pieces_won == 0
    # three men taken at once, one given back after that last capture: won by a quiet threat,
    # not a shot; the line of the quiet-threat test below as a stronger table plays it
    threat = Game("international", fen="W:W35,36,40,44,K6:B7,10,20,23,K38")
    line = moves_of(threat, "6-1", "7-11", "1x4", "38-33", "4-15", "33x50")
    facts = next(f for f in readings(threat, line, king_value(threat)) if len(f.moves) == len(line))
    assert (facts.given, facts.taken, facts.lost, facts.returned, facts.pieces_won) == (0, 3, 1, 1, 2)
    assert shot_kind(facts) is ShotKind.PRESSURE


def test_the_shot_set_is_large_and_sourced() -> None:
    entries = json.loads(DATA.read_text(encoding="utf-8"))
    assert len([e for e in entries if e["kind"] in ("shot", "breakthrough")]) >= 30
    assert {e["kind"] for e in entries} <= {"shot", "breakthrough", "hanging"}
    for entry in entries:
        assert entry["source"]
        game = Game(entry["variant"], fen=entry["fen"])
        game.push_text(entry["mistake"])
        game.parse_move(entry["reply"])  # the known answer is legal after the mistake


COACH_IDS = sorted(text_id for text_id in catalogue("en") if text_id.startswith("coach_"))


@pytest.mark.parametrize("text_id", COACH_IDS)
def test_every_coach_sentence_reads_in_german(text_id: str) -> None:
    # Whichever shape a position gives, its sentence is translated and has no hole left
    nested = {"material": message("coach_men", count=2), "hung": message("coach_man"), "opponent": message("black"),
              "side": message("white"), "first": message("coach_man"), "second": message("coach_king")}
    names = {name for _, name, _, _ in string.Formatter().parse(catalogue("en")[text_id]) if name}
    msg = message(text_id, **{name: nested.get(name, "27-22") if name not in ("count", "taken", "lost") else 3
                              for name in names})
    english, german = render(msg), render(msg, "de")
    assert german != english and "{" not in german and "}" not in german
