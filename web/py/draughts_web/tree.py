"""The moves of a board as a tree: a move played where another was played before makes a
variation instead of cutting the old line off, and a record's variations, NAGs and comments
come in with it and go out again in its PDN.

Each node is one move from its parent's position; the first child is the main line, the
others are its variations in the order they were made. ``chosen`` is the child the board last
went through: going back and forward again (undo, redo) follows it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from draughts import Game, IllegalMoveError, Move, PdnError
from draughts.notation.pdn import PdnGame, PdnLine, PdnMove

# Move strength NAGs and suffixes as the move list shows them.
NAG_SYMBOLS = {"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}


@dataclass(eq=False)
class Node:
    id: int
    move: Move | None  # None at the root
    text: str
    parent: "Node | None"
    children: list["Node"] = field(default_factory=list)
    nags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # after the move
    lead: list[str] = field(default_factory=list)  # before the move, when it starts a variation
    chosen: int = 0  # the child redo follows

    def mark(self) -> str:
        """The move's strength as a symbol ("??", "!?"), or "" for none."""
        return "".join(NAG_SYMBOLS.get(n, n if not n.startswith("$") else "") for n in self.nags)


class MoveTree:
    """Every move a board has seen, by id (the root, the start position, is 0)."""

    def __init__(self) -> None:
        self.root = Node(0, None, "", None)
        self.by_id: dict[int, Node] = {0: self.root}
        self._next = 1

    def child(self, node: Node, move: Move, text: str) -> Node:
        """The child of ``node`` for ``move``, made (as the last variation) if it is new; it
        becomes the one redo follows."""
        for index, existing in enumerate(node.children):
            if existing.move == move:
                node.chosen = index
                return existing
        made = Node(self._next, move, text, node)
        self._next += 1
        self.by_id[made.id] = made
        node.children.append(made)
        node.chosen = len(node.children) - 1
        return made

    def find(self, node_id: int) -> Node | None:
        return self.by_id.get(node_id)

    def ahead(self, node: Node) -> list[Node]:
        """The moves redo would replay from ``node``, next first."""
        line = []
        while node.children:
            node = node.children[min(node.chosen, len(node.children) - 1)]
            line.append(node)
        return line

    def has_variations_or_notes(self) -> bool:
        """Whether the tree holds more than the board's line and its redo line: a variation,
        a comment or a mark somewhere (a save then keeps the tree's PDN)."""
        return any(len(node.children) > 1 or node.nags or node.comments or node.lead
                   for node in self.by_id.values())

    def main_line(self) -> list[Node]:
        line = []
        node = self.root
        while node.children:
            node = node.children[0]
            line.append(node)
        return line


def path_to(node: Node) -> list[Node]:
    """The moves from the start to ``node``, first first (the root not included)."""
    line = []
    while node.parent is not None:
        line.append(node)
        node = node.parent
    line.reverse()
    return line


def read_variations(tree: MoveTree, line: PdnLine, start: Node, game: Game) -> None:
    """Add ``line`` (moves from ``game``'s position, which is ``start``'s) to the tree, with its
    variations, NAGs and comments; an illegal move is a :class:`PdnError` at its place."""
    node = start
    for index, pm in enumerate(line.moves):
        try:
            move = game.parse_move(pm.text)
        except IllegalMoveError as exc:
            raise PdnError(f"in a variation: {exc}", pm.line, pm.column) from None
        kept = node.chosen
        child = tree.child(node, move, game.move_text(move))
        node.chosen = kept if node.children[0] is not child else 0
        child.nags, child.comments = list(pm.nags), list(pm.comments)
        if index == 0 and line.comments:
            child.lead = list(line.comments)
        for variation in pm.variations:
            if variation.moves:
                read_variations(tree, variation, node, game.copy())
        game.push(move)
        node = child


def write_variations(tree: MoveTree, record: PdnGame) -> PdnGame:
    """Put the tree's NAGs, comments and variations on ``record``, whose main line was written
    from the tree's main line."""
    record.main_line.comments = list(tree.root.comments)
    for pm, node in zip(record.main_line.moves, tree.main_line()):
        _annotate(pm, node)
    return record


def _annotate(pm: PdnMove, node: Node) -> None:
    pm.nags, pm.comments = list(node.nags), list(node.comments)
    parent = node.parent
    assert parent is not None
    pm.variations = [_line_from(other) for other in parent.children if other is not node]


def _line_from(first: Node) -> PdnLine:
    line = PdnLine(comments=list(first.lead))
    node: Node | None = first
    while node is not None:
        pm = PdnMove(node.text)
        line.moves.append(pm)
        if node is not first:
            _annotate(pm, node)
        else:
            pm.nags, pm.comments = list(node.nags), list(node.comments)
        node = node.children[0] if node.children else None
    return line
