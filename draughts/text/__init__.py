"""Every sentence a player can see, by id, in every language: one JSON catalogue per language.

Code never builds a sentence: it returns a :class:`Message` (an id and its parameters) and the
page, or :func:`render`, turns it into text in the player's language. The catalogues are
``<language>.json`` beside this module (``en.json``, ``de.json``, ...), so adding a language is
adding one file; the page loads the same files. Templates use ``str.format`` fields (``{count}``);
a parameter may itself be a :class:`Message`, rendered in the same language. ``{count:n}`` is a
number with its thousands grouped the language's way (the catalogue's ``number.group``):

>>> render(message("level.about.5", nodes=1800), "de")
'solide: prüft etwa 1.800 Stellungen pro Zug'

>>> render(message("draw.counter.repetition", count=2, limit=3), "en")
'position seen 2 of 3 times'
>>> render(message("outcome.resignation", loser=message("white")), "de")
'Weiß hat aufgegeben.'
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Union

from ..errors import DraughtsError

_HERE = Path(__file__).resolve().parent

# Every language with a catalogue; English is the reference the others must match.
LANGUAGES: tuple[str, ...] = tuple(sorted(p.stem for p in _HERE.glob("*.json")))
DEFAULT_LANGUAGE = "en"

Param = Union[str, int, "Message"]


class UnknownLanguageError(DraughtsError):
    """A language code with no catalogue."""


class UnknownMessageError(DraughtsError):
    """A message id that the reference catalogue does not have."""


@dataclass(frozen=True)
class Message:
    """A sentence by id with its parameters; hashable, and JSON-ready through :meth:`to_dict`."""

    id: str
    params: tuple[tuple[str, Param], ...] = ()

    @property
    def args(self) -> dict[str, Param]:
        return dict(self.params)

    def to_dict(self) -> dict[str, object]:
        """``{"id", "params"}``, nested messages as the same kind of object (the page renders it)."""
        return {"id": self.id,
                "params": {k: v.to_dict() if isinstance(v, Message) else v for k, v in self.params}}

    @property
    def text(self) -> str:
        """The English sentence (for logs, errors and callers that want one language)."""
        return render(self, DEFAULT_LANGUAGE)


def message(id: str, **params: Param) -> Message:
    """``message("draw.counter.endgame", rule=..., left=3)``: a :class:`Message` with keyword params."""
    return Message(id, tuple(sorted(params.items())))


@lru_cache(maxsize=None)
def catalogue(language: str) -> dict[str, str]:
    """The id -> template table of one language (read once)."""
    if language not in LANGUAGES:
        raise UnknownLanguageError(f"no catalogue for language {language!r}; known: {', '.join(LANGUAGES)}")
    table = json.loads((_HERE / f"{language}.json").read_text(encoding="utf-8"))
    assert isinstance(table, dict)
    return {str(k): str(v) for k, v in table.items()}


def render(msg: Message, language: str = DEFAULT_LANGUAGE) -> str:
    """The message's text in ``language``; an id the language lacks falls back to English."""
    values = {k: render(v, language) if isinstance(v, Message) else v for k, v in msg.params}
    return _Filler(language).vformat(_template(msg.id, language), (), values)


def _template(id: str, language: str) -> str:
    """The id's template in ``language``, else in English (a language may lag behind)."""
    template = catalogue(language).get(id)
    if template is None:
        template = catalogue(DEFAULT_LANGUAGE).get(id)
        if template is None:
            raise UnknownMessageError(f"no message {id!r} in the catalogue")
    return template


class _Filler(string.Formatter):
    """``str.format`` plus ``{x:n}``, an integer grouped by the language's thousands separator
    (``str.format``'s own ``n`` would follow the process's locale, not the reader's language;
    ``web/i18n.js`` fills the same way)."""

    def __init__(self, language: str) -> None:
        self.language = language

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec == "n" and isinstance(value, int):
            return f"{value:,}".replace(",", _template("number.group", self.language))
        return str(super().format_field(value, format_spec))


__all__ = ["Message", "message", "render", "catalogue", "LANGUAGES", "DEFAULT_LANGUAGE",
           "UnknownLanguageError", "UnknownMessageError"]
