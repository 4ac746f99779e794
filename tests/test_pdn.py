"""PDN games: reading tags, movetext, comments, variations, NAGs and results; writing games in
each variant's notation; write-then-read round trips; errors with line and column.

Grammar: ``docs/rules/notation.md`` §2-4 (wiegerw/pdn ``doc/grammar.rst``, ``gametype.rst``).
"""

from __future__ import annotations

import random

import pytest
from random_play import random_game

from draughts import Game
from draughts.errors import PdnError
from draughts.notation.pdn import GAMETYPES, PdnGame, read_game, read_games, rules_for_tags
from draughts.record import game_from_pdn, write_game, write_games
from draughts.rules import VARIANTS

SAMPLE = """\
% exported by a program; a % line is skipped
[Event "Club \\"Open\\" 2024"]
[Site "Utrecht"]
[Date "2024.05.01"]
[White "Alice"]
[Black "Bob"]
[Result "2-0"]
[GameType "20"]

{The opening.} 1. 32-28 $1 18-23!? {a sharp reply
spanning two lines} 2. 33-29?! (2. 37-32 12-18 (2... 19-24 3. 28x19) 3. 41-37) 2... 23x32
3. 37x28 ; a line comment
19-23 4. 28x19 13x33 5. 38x29 2-0
"""


# --- reading ----------------------------------------------------------------------------------

def test_tags_keep_their_order_and_escapes() -> None:
    game = read_game(SAMPLE)
    assert list(game.tags) == ["Event", "Site", "Date", "White", "Black", "Result", "GameType"]
    assert game.tags["Event"] == 'Club "Open" 2024'
    assert game.tags["White"] == "Alice"


def test_the_move_tree() -> None:
    game = read_game(SAMPLE)
    assert game.moves == ["32-28", "18-23", "33-29", "23x32", "37x28", "19-23", "28x19", "13x33", "38x29"]
    assert game.result == "2-0"
    main = game.main_line
    assert main.comments == ["The opening."]
    assert main.moves[0].nags == ["$1"]
    assert main.moves[1].nags == ["!?"]
    assert main.moves[1].comments == ["a sharp reply spanning two lines"]  # blanks folded
    assert main.moves[2].nags == ["?!"]
    (variation,) = main.moves[2].variations
    assert [m.text for m in variation.moves] == ["37-32", "12-18", "41-37"]
    (inner,) = variation.moves[1].variations
    assert [m.text for m in inner.moves] == ["19-24", "28x19"]
    assert main.moves[4].comments == ["a line comment"]
    assert (main.moves[5].line, main.moves[5].column) == (13, 1)


def test_the_main_line_plays_through() -> None:
    game = game_from_pdn(read_game(SAMPLE))
    assert game.rules.key == "international"
    assert len(game.move_stack) == 9
    assert game.fen() == Game(fen=game.fen()).fen()


def test_the_tree_survives_write_and_read() -> None:
    game = read_game(SAMPLE)
    text = game.to_pdn()
    assert read_game(text) == game
    assert "(2. 37-32 12-18 (2... 19-24 3. 28x19) 3. 41-37) 2... 23x32" in " ".join(text.split())
    assert all(len(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize("movetext", [
    "1. 32-28 19-23 *",
    "1.32-28 19-23 *",  # no blank after the number
    "1. 32-28 1... 19-23 *",  # the second player's move number
    "1. 32-28 1. ... 19-23 *",
    "  32-28\n\n19-23   *",  # no numbers at all
    "1. 32-28 {c} 1... 19-23 *",
])
def test_move_numbers_in_every_spelling(movetext: str) -> None:
    assert read_game(movetext).moves == ["32-28", "19-23"]


def test_pdn_3_grammar_details() -> None:
    # A move strength in parentheses, written right after the move (PDN 3.0 MOVESTRENGTH).
    game = read_game("1.32-28!? 19-23(!?!!!) 2.28x19 *")
    assert game.moves == ["32-28", "19-23", "28x19"]
    assert [m.nags for m in game.main_line.moves] == [["!?"], ["(!?!!!)"], []]
    assert "19-23(!?!!!)" in game.to_pdn() and read_game(game.to_pdn()) == game
    # Alpha-numeric moves may leave the separator out ("a3b4").
    russian = read_game('[GameType "25"] 1.c3d4 f6e5 2.d4xf6 *')
    assert game_from_pdn(russian).fen() == game_from_pdn(read_game('[GameType "25"] 1. c3-d4 f6-e5 2. d4:f6 *')).fen()
    # The reading grammar allows a leading zero in a square.
    assert game_from_pdn(read_game("1. 032-028 *")).move_stack == game_from_pdn(read_game("1. 32-28 *")).move_stack
    # The setup command before the first move is a FEN tag.
    setup = read_game('/FEN "W:W28:B23"/ 1. 28x19 *')
    assert setup.tags == {"SetUp": "1", "FEN": "W:W28:B23"}
    assert game_from_pdn(setup).fen() == "B:W19:B"
    # Nested variations (the grammar's own example).
    nested = read_game("32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23")
    (variation,) = nested.main_line.moves[1].variations
    assert [m.text for m in variation.moves] == ["18-23", "38-32", "12-18"]
    assert variation.moves[1].variations[0].moves[1].comments == ["Black wins"]


def test_a_game_that_starts_with_the_second_players_move() -> None:
    game = read_game('[FEN "B:W28,32:B19,23"]\n1... 19-24 2. 28-22 *')
    assert game.first_ply == 1
    assert game.to_pdn().splitlines()[-1] == "1... 19-24 2. 28-22 *"
    later = read_game("23... 19-24 24. 28-22 *")
    assert later.first_ply == 45 and later.to_pdn().splitlines()[-1] == "23... 19-24 24. 28-22 *"


@pytest.mark.parametrize("result", ["1-0", "0-1", "1/2-1/2", "2-0", "0-2", "1-1", "0-0", "*"])
def test_every_result(result: str) -> None:
    game = read_game(f"1. 32-28 {result}")
    assert game.result == result and game.moves == ["32-28"]


def test_a_result_is_a_whole_word() -> None:
    # "1-10" is a move (refused later by the rules), not the result 1-1 and a stray 0.
    assert read_game("1-10 *").moves == ["1-10"]
    assert read_game("1. 32-28 1-0").result == "1-0"


def test_several_games_in_one_text() -> None:
    text = (
        '[Event "a"]\n1. 32-28 19-23 2-0 {resigned}\n\n'
        '[Event "b"]\n[GameType "21"]\n1. 11-15 *\n'
        '[Event "c"]\n1. 33-29\n'  # no result: the next tags start a new game
        '[Event "d"][Result "1-1"]\n1. 34-30\n'  # no result token: the Result tag's
    )
    games = read_games(text)
    assert [g.tags["Event"] for g in games] == ["a", "b", "c", "d"]
    assert [g.result for g in games] == ["2-0", "*", "*", "1-1"]
    assert games[0].main_line.moves[-1].comments == ["resigned"]  # after the result, still game a
    assert game_from_pdn(games[1]).rules.key == "english"
    assert [g.moves for g in games] == [["32-28", "19-23"], ["11-15"], ["33-29"], ["34-30"]]


def test_windows_line_ends_and_deep_variations() -> None:
    game = read_game(SAMPLE.replace("\n", "\r\n"))
    assert game == read_game(SAMPLE)
    assert (game.main_line.moves[5].line, game.main_line.moves[5].column) == (13, 1)
    deep = read_game("1. 32-28 " + "(32-28 " * 32 + ")" * 32 + " *")  # the deepest allowed
    assert read_game(deep.to_pdn()) == deep


def test_empty_texts() -> None:
    assert read_games("") == [] and read_games("  \n% nothing\n") == []
    with pytest.raises(PdnError):
        read_game("")
    assert read_game("*").moves == []  # a game with no moves
    assert read_games("\ufeff[Event \"bom\"] *")[0].tags == {"Event": "bom"}


# --- the variant from the tags ---------------------------------------------------------------

@pytest.mark.parametrize("gametype, key", [
    ("20", "international"), ("21", "english"), ("22", "italian"), ("23", "pool"), ("24", "spanish"),
    ("25", "russian"), ("26", "brazilian"), ("27", "canadian"), ("28", "spanish"), ("29", "czech"),
    ("30", "turkish"), ("40", "frisian"),
    ("20,W,10,10,N2,0", "international"), ("21,B,8,8,N1,0", "english"), ("25,W,8,8,A0,0", "russian"),
    ("27,W,12,12,N2,0", "canadian"), ("40,W,10,10,N2,0", "frisian"), (" 22 ", "italian"),
])
def test_gametype_picks_the_variant(gametype: str, key: str) -> None:
    assert rules_for_tags({"GameType": gametype}).key == key
    assert game_from_pdn(read_game(f'[GameType "{gametype}"] *')).rules.key == key


def test_every_variant_with_a_gametype_of_its_own_is_in_the_table() -> None:
    for rules in VARIANTS.values():
        if rules.variant_tag is None:
            assert GAMETYPES[rules.pdn_gametype] == rules.key


@pytest.mark.parametrize("tags, key", [
    ({"GameType": "20", "Variant": "antidraughts"}, "antidraughts"),
    ({"GameType": "20", "Variant": "Antidraughts"}, "antidraughts"),
    ({"Variant": "antidraughts"}, "antidraughts"),
    ({"GameType": "98"}, "antidraughts"),  # lidraughts' private number
    ({"GameType": "25", "Variant": "schlagdame"}, "schlagdame"),
    ({"Variant": "Schlagdame"}, "schlagdame"),
    ({"GameType": "20", "Variant": "Standard"}, "international"),  # lidraughts' name, ignored
    ({"Variant": "Standard"}, "international"),
    ({"Variant": "russian"}, "russian"),
    ({}, "international"),  # the PDN default
])
def test_variant_tag(tags: dict[str, str], key: str) -> None:
    assert rules_for_tags(tags).key == key


def test_fen_tag_with_or_without_setup() -> None:
    for setup in ('[SetUp "1"]\n', ""):
        game = game_from_pdn(read_game(f'{setup}[FEN "W:W28:B23,K5"]\n1. 28x19 5x46 *'))
        assert game.fen() == "W:W:BK46"
    russian = game_from_pdn(read_game('[GameType "25"][FEN "W:Wc3:Bd4,h8."] 1. c3:e5 *'))
    assert russian.rules.key == "russian" and russian.fen() == "B:We5:Bh8"


def test_game_from_pdn_takes_a_variant_and_options() -> None:
    pdn = read_game("1. 32-28 19-23 2. 28x19 *")
    assert game_from_pdn(pdn, "frisian").rules.key == "frisian"
    assert game_from_pdn(pdn, forced_capture=False).rules.forced_capture is False


# --- errors -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, line, column, words", [
    ("1. 32-28 {never closed\n19-23 *", 1, 10, "never closed"),
    ("1. 32-28 (1. 33-29\n19-23 *", 1, 10, "never closed"),
    ("1. 32-28 (1. 33-29 19-24 *", 1, 10, "never closed"),
    ("1. 32-28 )", 1, 10, "closes no variation"),
    ("( 32-28 )", 1, 1, "must follow a move"),
    ("$1 32-28 *", 1, 1, "must follow a move"),
    ("!? 32-28 *", 1, 1, "must follow a move"),
    ('[Event "x"]\n[Site "unterminated]\n1. 32-28 *', 2, 1, "tag must be"),
    ("[Event x]\n*", 1, 1, "tag must be"),
    ("[ ]\n*", 1, 1, "tag must be"),
    ("1. 32-28 19-23 zz *", 1, 16, "not a move"),
    ("1. 32-28 32 *", 1, 10, "not a move"),
    ("1. 32-28 &", 1, 10, "not a move"),
    ("1. 32-28 19-23 ]", 1, 16, "unexpected character"),
    ("1. 32-28 19-23 /FEN/ *", 1, 16, "setup command must be"),
    ("1. 32-28 (1. 33-29 [Event \"x\"]", 1, 10, "never closed"),
    ("1. 33-29 19-23 2. 35-30 { nested { comment } } *", 1, 46, "unexpected character '}'"),
    ('1. 32-28 /FEN "W:W1"/ *', 1, 10, "only read before the first move"),
    ("/FEN W:W1/ *", 1, 1, "setup command must be"),
    ("1. 32-28 / 19-23 *", 1, 10, "unexpected character '/'"),
    ("1." + "9" * 5000 + ". 32-28 *", 1, 3, "too large"),
    ("1. 32-28 " + "(32-28 " * 33 + ")" * 33 + " *", 1, 234, "nested more than 32"),
])
def test_bad_text_is_refused_with_line_and_column(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(PdnError) as exc:
        read_games(text)
    assert (exc.value.line, exc.value.column) == (line, column), str(exc.value)
    assert words in str(exc.value)
    assert f"line {line}, column {column}" in str(exc.value)


def test_an_illegal_move_names_its_line_column_and_number() -> None:
    text = '[Event "x"]\n1. 32-28 19-23\n2. 28-22 *'
    with pytest.raises(PdnError) as exc:
        game_from_pdn(read_game(text))
    assert (exc.value.line, exc.value.column) == (3, 4)
    assert "move 2." in str(exc.value) and "capture is compulsory" in str(exc.value)
    with pytest.raises(PdnError, match=r"move 1\.\.\. 32-28"):
        game_from_pdn(read_game("1. 32-28 32-28 *"))
    with pytest.raises(PdnError, match=r"move 2\.\.\."):  # English: Black moves first, White's 2nd
        game_from_pdn(read_game('[GameType "21"] 1. 11-15 22-18 2. 15x22 22-17 *'))


@pytest.mark.parametrize("tags, words", [
    ('[GameType "31"]', "GameType 31"),  # Thai: not played here
    ('[GameType "0"]', "GameType 0"),  # chess
    ('[GameType "draughts"]', "not a GameType number"),
    ('[GameType "20,W,8,8,N2,0"]', "10x10"),
    ('[GameType "21,B,8,10,N1,0"]', "8x8"),
    ('[GameType "21"][Variant "antidraughts"]', "GameType 20"),
    ('[Variant "halma"]', "unknown [Variant"),
    ('[FEN "W:W99"]', "[FEN] tag"),
    ('[FEN ""]', "empty"),
    ('[SetUp "1"]\n[FEN "X:W1"]', "[FEN] tag"),
])
def test_bad_tags_are_reported_at_the_tag(tags: str, words: str) -> None:
    with pytest.raises(PdnError) as exc:
        game_from_pdn(read_game(tags + "\n*"))
    assert words in str(exc.value)
    assert exc.value.line is not None


# --- writing ----------------------------------------------------------------------------------

def test_written_header_and_movetext() -> None:
    game = Game()
    for text in ("32-28", "19-23", "28x19", "14x23"):
        game.push_text(text)
    out = write_game(game, {"White": "Ann", "Round": "3", "GameType": "99", "Event": "Cup"})
    assert out.splitlines() == [
        '[Event "Cup"]', '[Date "????.??.??"]', '[White "Ann"]', '[Black "?"]', '[Result "*"]',
        '[GameType "20"]', '[Round "3"]', "", "1. 32-28 19-23 2. 28x19 14x23 *",
    ]


@pytest.mark.parametrize("variant, given, written", [
    ("international", "1-0", "2-0"), ("international", "0-1", "0-2"), ("international", "1/2-1/2", "1-1"),
    ("canadian", "1-0", "2-0"), ("antidraughts", "0-1", "0-2"),
    ("english", "2-0", "1-0"), ("russian", "1-1", "1/2-1/2"), ("frisian", "0-2", "0-1"),
    ("international", "*", "*"), ("english", "0-0", "0-0"),
])
def test_the_result_is_written_in_the_variants_result_type(variant: str, given: str, written: str) -> None:
    out = write_game(Game(variant), {"Result": given})
    assert f'[Result "{written}"]' in out and out.rstrip().endswith(written)


def test_the_outcome_gives_the_result() -> None:
    game = Game(fen="W:W28:B23")
    game.push_text("28x19")
    assert '[Result "2-0"]' in write_game(game)
    losing = Game("antidraughts", fen="W:W28:B23")
    losing.push_text("28x19")  # Black has no piece left and wins the losing game
    out = write_game(losing)
    assert '[Result "0-2"]' in out and '[Variant "antidraughts"]' in out


def test_a_game_from_a_set_up_position_writes_setup_and_fen() -> None:
    game = Game("english", fen="W:W18:B14,K3")
    game.push_text("18x9")
    out = write_game(game)
    assert '[SetUp "1"]\n[FEN "W:W18:B14,K3"]' in out
    assert "1... 18x9" in out  # English: Black is the first player, so White's move is 1...
    assert game_from_pdn(read_game(out)).fen() == game.fen()


def test_russian_and_schlagdame_notation() -> None:
    game = Game("russian", fen="W:Wc3:Bd4,h8")
    game.push_text("c3:e5")
    out = write_game(game)
    assert '[GameType "25"]' in out and "1. c3:e5" in out and "Variant" not in out
    game = Game("schlagdame", fen="W:Wc3:Bd4,h8")
    game.push_text("c3xe5")
    out = write_game(game)
    assert '[GameType "25"]' in out and '[Variant "schlagdame"]' in out and "1. c3xe5" in out
    assert game_from_pdn(read_game(out)).rules.key == "schlagdame"


def test_the_house_rule_survives_a_round_trip() -> None:
    game = Game(forced_capture=False)
    for text in ("32-28", "19-23", "31-27"):  # 31-27 ignores the capture 28x19
        game.push_text(text)
    out = write_game(game)
    assert '[ForcedCapture "no"]' in out
    assert game_from_pdn(read_game(out)).fen() == game.fen()
    with pytest.raises(PdnError):
        game_from_pdn(read_game(out.replace('[ForcedCapture "no"]\n', "")))


def test_bad_tags_for_writing() -> None:
    with pytest.raises(PdnError):
        write_game(Game(), {"bad name": "x"})
    with pytest.raises(PdnError):
        write_game(Game(), {"Result": "3-0"})


def test_write_games_separates_games_with_a_blank_line() -> None:
    text = write_games([Game(), read_game("1. 32-28 *")])
    games = read_games(text)
    assert len(games) == 2 and games[1].moves == ["32-28"]


def test_comments_with_braces_and_long_comments() -> None:
    pdn = PdnGame()
    pdn.main_line.comments.append("a } brace and " + "very " * 40 + "long")
    text = pdn.to_pdn()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert read_game(text).main_line.comments == ["a ) brace and " + "very " * 40 + "long"]


# --- round trips on random games ---------------------------------------------------------------

@pytest.mark.parametrize("variant", list(VARIANTS))
def test_write_then_read_gives_the_same_game(variant: str) -> None:
    rng = random.Random(f"pdn-{variant}")
    for i in range(6):
        game = random_game(variant, rng, 40, 120)
        if i == 5:  # also from a set-up position: a random one, either side to move
            start = random_game(variant, rng, 40, 120).fen()
            game = random_game(variant, rng, 0, 40, fen=start)
        text = write_game(game, {"Event": f"{variant} {i}"})
        # Movetext lines are wrapped; a tag (a long FEN) cannot be.
        assert all(len(line) <= 80 for line in text.splitlines() if not line.startswith("["))
        pdn = read_game(text)
        again = game_from_pdn(pdn)
        assert again.rules.key == variant
        assert again.move_stack == game.move_stack
        assert [m.path for m in again.move_stack] == [m.path for m in game.move_stack]
        assert again.fen() == game.fen()
        assert read_game(pdn.to_pdn()) == pdn
        outcome = game.outcome()
        if outcome is not None:
            expected = outcome.result
            if game.rules.international_results:
                expected = {"1-0": "2-0", "0-1": "0-2", "1/2-1/2": "1-1"}[expected]
            assert pdn.result == expected


def test_all_variants_in_one_file() -> None:
    rng = random.Random("one-file")
    games = [random_game(v, rng, 40, 120) for v in VARIANTS]
    read = read_games(write_games(games))
    assert [game_from_pdn(g).fen() for g in read] == [g.fen() for g in games]
