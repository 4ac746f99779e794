"""Lines of an input stream, read so that one bad line cannot end the stream.

``for line in sys.stdin`` decodes with the locale's codec: under a strict UTF-8 locale the
first undecodable byte raises, which ends the loop (and, in a reader thread, the thread),
so every line after it goes unanswered. A line with no end, meanwhile, is held whole in
memory. Here each line is read as bytes, at most ``max_length`` of them, and decoded on its
own; a line that cannot be used comes with the reason, and the next line is read as usual.

>>> import io
>>> [(l.number, l.text, l.error) for l in input_lines(io.BytesIO(b"a\\n\\xff b\\n" + b"x" * 9 + b"\\nc"), 8)]
[(1, 'a', None), (2, '\\ufffd b', 'line 2 is not UTF-8'), (3, '', 'line 3 is longer than 8 characters'), (4, 'c', None)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Iterator

# Far above any real line (a Hub position with a thousand moves is about 10 KB), low enough
# that a hostile line costs a bounded amount of memory and time.
MAX_LINE_LENGTH = 1 << 20


@dataclass(frozen=True)
class InputLine:
    number: int  # 1-based
    text: str  # without the line end and surrounding blanks; bad bytes become U+FFFD
    error: str | None  # why the line cannot be used: not UTF-8, or too long


def input_lines(stream: IO[str] | IO[bytes], max_length: int = MAX_LINE_LENGTH) -> Iterator[InputLine]:
    """Each line of ``stream`` (the bytes under a text stream when it has them)."""
    source: IO[str] | IO[bytes] = getattr(stream, "buffer", stream)
    number = 0
    while True:
        chunk = source.readline(max_length + 1)
        if not chunk:
            return
        number += 1
        error = None
        if len(chunk) > max_length and chunk[-1:] not in ("\n", b"\n"):
            error = f"line {number} is longer than {max_length} characters"
            while chunk and chunk[-1:] not in ("\n", b"\n"):  # skip the rest, a piece at a time
                chunk = source.readline(max_length + 1)
            yield InputLine(number, "", error)
            continue
        if isinstance(chunk, bytes):
            try:
                text = chunk.decode("utf-8")
            except UnicodeDecodeError:
                text = chunk.decode("utf-8", errors="replace")
                error = f"line {number} is not UTF-8"
        else:
            text = chunk
        yield InputLine(number, text.strip(), error)
