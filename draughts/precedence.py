"""Which capture a player must choose, as one function per rule set (dctl's precedence tuples).

Each function gives a key for a completed capture; the generator keeps the captures with the
largest key. Arguments: the captured bit indices in capture order, the mask of the captured
kings, and whether a king made the capture. ``RuleSet.capture_choice`` names the function.

>>> PRIORITY_KEYS["most_pieces"]((3, 5, 9), 0, False)
(3,)
>>> PRIORITY_KEYS["frisian_value"]((3, 5), 1 << 5, True)
(299, True)
"""

from __future__ import annotations

from typing import Callable

PriorityKey = Callable[[tuple[int, ...], int, bool], tuple[object, ...]]


def _free(order: tuple[int, ...], kings: int, by_king: bool) -> tuple[object, ...]:
    return ()


def _most_pieces(order: tuple[int, ...], kings: int, by_king: bool) -> tuple[object, ...]:
    return (len(order),)


def _most_pieces_then_kings(order: tuple[int, ...], kings: int, by_king: bool) -> tuple[object, ...]:
    return (len(order), kings.bit_count())


def _italian(order: tuple[int, ...], kings: int, by_king: bool) -> tuple[object, ...]:
    # FID 6.6-6.9: most pieces, then capturing with a king, then most kings, then the
    # sequence that meets a king earliest (a lexicographically larger king pattern).
    pattern = tuple(bool(kings >> sq & 1) for sq in order)
    return (len(order), by_king, kings.bit_count(), pattern)


def _king_first(order: tuple[int, ...], kings: int, by_king: bool) -> tuple[object, ...]:
    return (by_king,)


def _frisian_value(order: tuple[int, ...], kings: int, by_king: bool) -> tuple[object, ...]:
    n_kings = kings.bit_count()
    # man 100, king 199 (RULES.md decision 4); on equal value a king must capture.
    return (100 * (len(order) - n_kings) + 199 * n_kings, by_king)


PRIORITY_KEYS: dict[str, PriorityKey] = {
    "free": _free,
    "most_pieces": _most_pieces,
    "most_pieces_then_kings": _most_pieces_then_kings,
    "italian": _italian,
    "king_first": _king_first,
    "frisian_value": _frisian_value,
}


__all__ = ["PRIORITY_KEYS", "PriorityKey"]
