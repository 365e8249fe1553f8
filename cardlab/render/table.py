"""A static picture of a whole table, drawn from any game's view (DESIGN §2, ``state.view``).

The felt on the left holds the seats around it (2 to 6, the viewer's seat at the
bottom, the others in the direction of play), each with its hand face up or as
card backs with a count, Officer Skat's piles, and the current trick in the
middle. A panel on the right holds the words: contract, trump, tricks won,
scores, chips, the auction, extras such as the kitty, the last trick and the
info lines. Only what the view holds is drawn, so a card a view hides can never
appear in the picture.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardlab.engine.protocols import StateLike
from cardlab.render.cards import (
    CARD_H,
    CARD_W,
    _naming_deck,
    back_fragment,
    card_fragment,
)
from cardlab.render.svg import SvgImage, colors_with, esc, num, svg_document, text, wrap

__all__ = ["state_svg", "table_svg"]

#: Geometry of the picture, in pixels (projector-readable at the default size).
FELT_W: Final = 860
FELT_H: Final = 660
PANEL_X: Final = 875
PANEL_W: Final = 275
SEAT_CARD_W: Final = 56
TRICK_CARD_W: Final = 62
PANEL_CARD_W: Final = 40
MAX_ROW: Final = 220
#: A seat at the top or bottom has room for a wider fan.
MAX_ROW_WIDE: Final = 420
#: Characters per line of panel text at the panel's font size.
PANEL_CHARS: Final = 34
_LINE: Final = 19


def _h(width: float) -> float:
    return width * CARD_H / CARD_W


def _seat_angle(seat: int, bottom: int, n: int) -> float:
    """Screen angle of a seat (degrees, y down): the bottom seat at 90, then clockwise."""
    return 90.0 + 360.0 * ((seat - bottom) % n) / n


def _play_codes(legal: Sequence[str]) -> set[str]:
    """Cards named by the legal 'play …' actions (Panfin's 'play FS FB' names two)."""
    codes: set[str] = set()
    for action in legal or ():
        words = str(action).split()
        if words and words[0] == "play":
            codes.update(w for w in words[1:] if w[:1].isalnum())
    return codes


def _suit_words(value: Any, system: str) -> str:
    if isinstance(value, str) and len(value) == 1 and value.isalpha():
        return _naming_deck(system).suit_name(value)
    return str(value)


def _fan_step(count: int, width: float, limit: float, loose: float) -> float:
    if count <= 1:
        return 0.0
    return min(width * loose, (limit - width) / (count - 1))


class _Seat:
    """One seat's block: its label, its hand and its piles, laid out around an anchor."""

    def __init__(self, hand: Mapping[str, Any], piles: Sequence[Mapping[str, Any]] | None,
                 label: str, limit: float):
        self.hand = hand
        self.label = label
        self.limit = limit
        self.piles = list(piles or [])
        cards = hand.get("cards")
        count = int(hand.get("count") or (len(cards) if cards else 0))
        self.cards = None if cards is None else [str(c) for c in cards]
        if self.piles:
            # A game may also list the pile cards as the seat's hand (Officer Skat lists the
            # playable top cards): draw each card once, on its pile.
            on_piles = {str(p.get(k)) for p in self.piles for k in ("up", "down") if p.get(k)}
            if self.cards is not None:
                self.cards = [c for c in self.cards if c not in on_piles]
            elif count <= sum(1 for p in self.piles for k in ("up", "down") if p.get(k)):
                count = 0
        self.count = len(self.cards) if self.cards is not None else count
        # piles at a side seat (Five Hundred's ghost hands) stand in rows as wide as its fan,
        # so they stay clear of the trick; a top or bottom seat has them in one row
        n = len(self.piles)
        self.pile_cols = n if limit >= MAX_ROW_WIDE else max(1, min(n, int(
            (limit + 5) // (SEAT_CARD_W + 5))))
        rows = -(-n // self.pile_cols) if n else 0
        self.label_width = len(label) * 7.2 + 20
        self.width = max(self._hand_width(), self._piles_width(), self.label_width, 120)
        self.height = 26 + (_h(SEAT_CARD_W) + 6 if self.count else 0) + (
            (_h(SEAT_CARD_W) + 20) * rows)

    def _hand_width(self) -> float:
        if not self.count:
            return 0
        if self.cards is None:  # backs stack tightly: only the count matters
            return SEAT_CARD_W + (min(self.count, 12) - 1) * 9 + 56  # and the count
        return SEAT_CARD_W + (self.count - 1) * self.step()

    def step(self) -> float:
        """The distance between two fanned face-up cards."""
        return _fan_step(self.count, SEAT_CARD_W, self.limit, 0.62)

    def _piles_width(self) -> float:
        n = min(len(self.piles), self.pile_cols)
        return n * (SEAT_CARD_W + 5) + (8 if n > 4 else 0)


def table_svg(view: Mapping[str, Any], *, system: str = "french", four_colour: bool = False,
              colors: Mapping[str, str] | None = None) -> SvgImage:
    """A static picture of a game view (the dict of ``state.view(seat)``), 2 to 6 seats.

    Missing optional keys are simply not drawn. Hidden hands (``cards: None``)
    show backs and a count; piles with ``down: "hidden"`` show a back.

    >>> view = {"title": "Demo", "phase": "play", "seat": None, "to_move": 0, "dealer": 1,
    ...         "seat_names": ["N", "S"], "hands": [
    ...             {"seat": 0, "name": "N", "cards": ["AS"], "count": 1, "face_up": True},
    ...             {"seat": 1, "name": "S", "cards": None, "count": 1, "face_up": False}]}
    >>> svg = table_svg(view)
    >>> "ace of spades" in svg and "1 card hidden" in svg
    True
    """
    pal = colors_with(colors)
    names = [str(s) for s in view.get("seat_names") or []]
    hands = list(view.get("hands") or [])
    n = max(len(names), len(hands), 2)
    while len(names) < n:
        names.append(str(len(names)))
    # a hand names its position: past the seats, Five Hundred's ghost hands (G1, G2)
    for hand in hands:
        seat, name = hand.get("seat"), hand.get("name")
        if isinstance(seat, int) and 0 <= seat < n and isinstance(name, str) and name:
            names[seat] = name
    viewer = view.get("seat")
    bottom = viewer if isinstance(viewer, int) and 0 <= viewer < n else 0
    piles_by_seat = view.get("piles") or []
    legal_codes = _play_codes(view.get("legal") or [])
    to_move = view.get("to_move")

    body = [f'<rect x="6" y="6" width="{FELT_W - 12}" height="{FELT_H - 12}" rx="60" '
            f'fill="{pal["table"]}" stroke="{pal["table edge"]}" stroke-width="6"/>']
    desc: list[str] = []
    cx, cy = FELT_W / 2, FELT_H / 2
    for hand in hands:
        seat = int(hand.get("seat", 0))
        piles = piles_by_seat[seat] if seat < len(piles_by_seat) else None
        name = names[seat] if seat < len(names) else str(seat)
        angle = math.radians(_seat_angle(seat, bottom, n))
        wide = abs(math.cos(angle)) < 0.3
        block = _Seat(hand, piles, _seat_label(seat, name, view, hand),
                      MAX_ROW_WIDE if wide else MAX_ROW)
        ax = cx + math.cos(angle) * (FELT_W / 2 - 40 - block.width / 2)
        ay = cy + math.sin(angle) * (FELT_H / 2 - 30 - block.height / 2)
        x = min(max(ax - block.width / 2, 16), FELT_W - 16 - block.width)
        y = min(max(ay - block.height / 2, 14), FELT_H - 14 - block.height)
        legal = None
        if seat == to_move and legal_codes:
            legal = legal_codes
        align = 0.5 if wide else (1.0 if math.cos(angle) > 0 else 0.0)  # hug the felt's edge
        part, words = _draw_seat(block, name, x, y, align, view, legal, system, four_colour,
                                 pal)
        body.append(part)
        desc.append(words)

    trick_part, trick_words = _draw_trick(view, names, bottom, n, system, four_colour, pal)
    body.append(trick_part)
    if trick_words:
        desc.append(trick_words)

    panel, panel_h, panel_words = _draw_panel(view, names, system, four_colour, pal)
    body.append(panel)
    desc.extend(panel_words)
    height = max(FELT_H, panel_h + 10)
    title = str(view.get("title") or view.get("game") or "card table")
    if view.get("phase"):
        title += f", {view['phase']} phase"
    if isinstance(to_move, int) and to_move < len(names):
        title += f", {names[to_move]} to move"
    return svg_document(PANEL_X + PANEL_W + 6, height, body, title=title, desc="\n".join(desc))


def _seat_flags(seat: int, name: str, view: Mapping[str, Any], hand: Mapping[str, Any]
                ) -> list[str]:
    flags = []
    if seat == view.get("dealer"):
        flags.append("dealer")
    if seat == view.get("declarer"):
        flags.append("declarer")
    if hand.get("active") is False:
        flags.append("sits out")
    if hand.get("face_up") and view.get("seat") != seat and hand.get("cards") is not None:
        flags.append("open")
    if hand.get("revealed"):
        flags.append("shown")
    chips = view.get("chips") or {}
    stacks = chips.get("stacks") if isinstance(chips, Mapping) else None
    if stacks and seat < len(stacks):
        flags.append(f"chips {stacks[seat]}")
    won = (view.get("tricks_won") or {}).get(name)
    if won is not None:
        flags.append(f"tricks {won}")
    return flags


def _seat_label(seat: int, name: str, view: Mapping[str, Any], hand: Mapping[str, Any]) -> str:
    """The words over a seat's cards: ▶ for the seat to move, then name and flags."""
    flags = _seat_flags(seat, name, view, hand)
    moving = seat == view.get("to_move")
    return (("▶ " if moving else "") + name + ("  · " + " · ".join(flags) if flags else "")
            + (" · to move" if moving else ""))


def _draw_seat(block: _Seat, name: str, x0: float, y: float, align: float,
               view: Mapping[str, Any],
               legal: set[str] | None, system: str, four: bool, pal: Mapping[str, str]
               ) -> tuple[str, str]:
    hand = block.hand
    seat = int(hand.get("seat", 0))
    flags = _seat_flags(seat, name, view, hand)
    moving = seat == view.get("to_move")
    label = block.label
    if block.cards is not None:
        cards_words = " ".join(block.cards) or "no cards"
    else:
        cards_words = f"{block.count} card{'' if block.count == 1 else 's'} hidden"
    accessible = f"{name}{', ' + ', '.join(flags) if flags else ''}" + (
        ", to move" if moving else "") + f": {cards_words}"
    opacity = ' opacity="0.5"' if hand.get("active") is False else ""
    parts = [f"<g{opacity}><title>{esc(accessible)}</title>"]
    lw = block.label_width
    x = x0 + (block.width - lw) * align
    parts.append(f'<rect x="{num(x)}" y="{num(y)}" width="{num(lw)}" height="22" rx="11" '
                 f'fill="{pal["to move"] if moving else "#000000"}" '
                 f'fill-opacity="{1 if moving else 0.35}"/>')
    parts.append(text(x + 9, y + 16, label, size=15, weight="bold",
                      fill=pal["text"] if moving else pal["text on table"]))
    cy = y + 28
    x = x0 + (block.width - block._hand_width()) * align
    if block.count:
        if block.cards is None:
            shown = min(block.count, 12)
            for i in range(shown):
                parts.append(back_fragment(x=x + i * 9, y=cy, width=SEAT_CARD_W, colors=pal))
            parts.append(text(x + SEAT_CARD_W + (shown - 1) * 9 + 8, cy + _h(SEAT_CARD_W) / 2 + 6,
                              f"× {block.count}", size=17, weight="bold",
                              fill=pal["text on table"]))
        else:
            step = block.step()
            for i, code in enumerate(block.cards):
                parts.append(card_fragment(code, x=x + i * step, y=cy, width=SEAT_CARD_W,
                                           system=system, four_colour=four,
                                           legal=None if legal is None else code in legal,
                                           colors=pal))
        cy += _h(SEAT_CARD_W) + 6
    if block.piles:
        x = x0 + (block.width - block._piles_width()) * align
        parts.append(_draw_piles(block.piles, x, cy, legal, system, four, pal,
                                 cols=block.pile_cols))
    parts.append("</g>")
    words = f"{name}{' (' + ', '.join(flags) + ')' if flags else ''}"
    words += (" to move" if moving else "") + f": {cards_words}"
    if block.piles:
        words += " | piles " + " ".join(_pile_words(p) for p in block.piles)
    return "".join(parts), words


def _pile_words(pile: Mapping[str, Any]) -> str:
    down, up = pile.get("down"), pile.get("up")
    d = "??" if down == "hidden" else (down or "-")
    return f"{d}/{up or '-'}"


def _draw_piles(piles: Sequence[Mapping[str, Any]], x: float, y0: float, legal: set[str] | None,
                system: str, four: bool, pal: Mapping[str, str], *, cols: int = 8) -> str:
    """Officer Skat's piles: the under card, then the top card a little lower on it; ``cols``
    piles a row."""
    parts = []
    for k, pile in enumerate(piles):
        r, i = divmod(k, max(1, cols))
        y = y0 + r * (_h(SEAT_CARD_W) + 20)
        px = x + i * (SEAT_CARD_W + 5) + (8 if i >= 4 else 0)
        down, up = pile.get("down"), pile.get("up")
        if down == "hidden":
            parts.append(back_fragment(x=px, y=y, width=SEAT_CARD_W, colors=pal))
        elif down:
            parts.append(card_fragment(down, x=px, y=y, width=SEAT_CARD_W, system=system,
                                       four_colour=four, colors=pal))
        if up:
            parts.append(card_fragment(up, x=px, y=y + 14, width=SEAT_CARD_W, system=system,
                                       four_colour=four,
                                       legal=None if legal is None else str(up) in legal,
                                       colors=pal))
        if not down and not up:
            parts.append(f'<rect x="{num(px)}" y="{num(y)}" width="{SEAT_CARD_W}" '
                         f'height="{num(_h(SEAT_CARD_W))}" rx="4" fill="none" '
                         f'stroke="{pal["text on table"]}" stroke-opacity="0.5" '
                         f'stroke-dasharray="4 3"/>')
    return "".join(parts)


def _draw_trick(view: Mapping[str, Any], names: Sequence[str], bottom: int, n: int, system: str,
                four: bool, pal: Mapping[str, str]) -> tuple[str, str]:
    plays = list(view.get("trick") or [])
    if not plays:
        return "", ""
    cx, cy = FELT_W / 2, FELT_H / 2
    h = _h(TRICK_CARD_W)
    seen: dict[int, int] = {}
    parts = [text(cx, cy + 6, "trick", size=14, fill=pal["text on table"],
                  anchor="middle", weight="bold")]
    words = []
    leader = view.get("trick_leader")
    for play in plays:
        seat = int(play.get("seat", 0))
        extra = seen.get(seat, 0)
        seen[seat] = extra + 1
        angle = math.radians(_seat_angle(seat, bottom, n))
        x = cx + math.cos(angle) * 132 - TRICK_CARD_W / 2 + extra * 24
        y = cy + math.sin(angle) * 95 - h / 2
        parts.append(card_fragment(play["card"], x=x, y=y, width=TRICK_CARD_W, system=system,
                                   four_colour=four, colors=pal))
        who = names[seat] if seat < len(names) else str(seat)
        note = str(play.get("note") or "")
        caption = who + (" led" if seat == leader and extra == 0 else "")
        if extra == 0 or note:  # a seat's second card (two jokers led together) shares a caption
            parts.append(text(x + TRICK_CARD_W / 2, y + h + 15 + extra * 15,
                              (caption if extra == 0 else "") + (f" ({note})" if note else ""),
                              size=13, fill=pal["text on table"], anchor="middle"))
        words.append(f"{who} {play['card']}" + (f" ({note})" if note else ""))
    return "".join(parts), "trick: " + ", ".join(words)


class _Panel:
    """The word panel on the right: lines of text and small card rows, top to bottom."""

    def __init__(self, pal: Mapping[str, str]):
        self.pal = pal
        self.y = 34.0
        self.parts: list[str] = []
        self.words: list[str] = []

    def line(self, content: str, *, bold: bool = False, size: float = 15,
             muted: bool = False) -> None:
        for piece in wrap(content, PANEL_CHARS if size <= 15 else 26):
            self.parts.append(text(PANEL_X + 12, self.y, piece, size=size,
                                   weight="bold" if bold else "normal",
                                   fill=self.pal["muted text" if muted else "text"]))
            self.y += _LINE if size <= 15 else size + 6
        self.words.append(content)

    def cards(self, codes: Sequence[str] | None, count: int, system: str, four: bool) -> None:
        """A row (wrapped) of small cards, or backs with a count when hidden."""
        h = _h(PANEL_CARD_W)
        x0 = PANEL_X + 12
        if codes is None:
            shown = min(count, 6)
            for i in range(shown):
                self.parts.append(back_fragment(x=x0 + i * 7, y=self.y - 10,
                                                width=PANEL_CARD_W, colors=self.pal))
            if shown:
                self.parts.append(text(x0 + PANEL_CARD_W + (shown - 1) * 7 + 10, self.y + h / 2,
                                       f"{count} face down", size=14, fill=self.pal["text"]))
                self.y += h + 10
            return
        per_row = 9
        for i, code in enumerate(codes):
            r, c = divmod(i, per_row)
            self.parts.append(card_fragment(code, x=x0 + c * 26, y=self.y - 10 + r * (h + 6),
                                            width=PANEL_CARD_W, system=system,
                                            four_colour=four, colors=self.pal))
        if codes:
            self.y += ((len(codes) - 1) // per_row + 1) * (h + 6) + 6


def _draw_panel(view: Mapping[str, Any], names: Sequence[str], system: str, four: bool,
                pal: Mapping[str, str]) -> tuple[str, float, list[str]]:
    p = _Panel(pal)

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    p.line(str(view.get("title") or view.get("game") or "card table"), bold=True, size=19)
    status = []
    if view.get("phase"):
        status.append(f"phase: {view['phase']}")
    if view.get("to_move") is not None:
        status.append(f"to move: {who(view['to_move'])}")
    if status:
        p.line(" · ".join(status))
    if view.get("dealer") is not None:
        p.line(f"dealer: {who(view['dealer'])}")
    if view.get("contract"):
        by = f" by {who(view['declarer'])}" if view.get("declarer") is not None else ""
        p.line(f"contract: {view['contract']}{by}", bold=True)
    elif view.get("declarer") is not None:
        p.line(f"declarer: {who(view['declarer'])}")
    if view.get("trump"):
        p.line(f"trump: {_suit_words(view['trump'], system)}")
    if view.get("trick_suit"):
        p.line(f"led suit: {_suit_words(view['trick_suit'], system)}")
    if view.get("tricks_won"):
        p.line("tricks won: " + ", ".join(f"{k} {v}" for k, v in view["tricks_won"].items()))
    if view.get("scores"):
        p.line("score: " + ", ".join(f"{k} {v}" for k, v in view["scores"].items()), bold=True)
    chips = view.get("chips")
    if isinstance(chips, Mapping) and chips.get("pot") is not None:
        p.line(f"pot: {chips['pot']} chips")
    auction = list(view.get("auction") or [])
    if auction:
        shown = auction[-12:]
        calls = ", ".join(f"{who(a.get('seat'))} {a.get('call')}" for a in shown)
        p.line("auction: " + ("… " if len(auction) > len(shown) else "") + calls)
    for extra in view.get("extras") or []:
        cards = extra.get("cards")
        count = int(extra.get("count") or (len(cards) if cards else 0))
        p.y += 4
        p.line(f"{extra.get('label', 'cards')} ({count})", bold=True)
        p.cards(None if cards is None else [str(c) for c in cards], count, system, four)
        if cards is not None:
            p.words[-1] += ": " + (" ".join(str(c) for c in cards) or "none")
    last = view.get("last_trick")
    if isinstance(last, Mapping) and last.get("plays"):
        p.y += 4
        won = f", won by {who(last['winner'])}" if last.get("winner") is not None else ""
        p.line(f"last trick{won}", bold=True)
        codes = [str(play["card"]) for play in last["plays"]]
        p.cards(codes, len(codes), system, four)
        p.words[-1] += ": " + " ".join(f"{who(pl.get('seat'))} {pl['card']}"
                                       for pl in last["plays"])
    info = [str(i) for i in view.get("info") or []]
    if info:
        p.y += 4
        for line in info:
            p.line(line, muted=True)
    frame = (f'<rect x="{PANEL_X}" y="6" width="{PANEL_W}" height="{num(p.y - 6)}" rx="10" '
             f'fill="{pal["panel"]}" stroke="{pal["panel edge"]}" stroke-width="1.5"/>')
    return frame + "".join(p.parts), p.y, p.words


def _unseen_pile_cards(view: Mapping[str, Any], all_hands: Sequence[Sequence[Any]]
                       ) -> list[dict[str, Any]]:
    """For the teacher: each seat's cards the engine holds but the picture would not show
    (Officer Skat's face-down pile cards, whose places the view does not give)."""
    piles = view.get("piles") or []
    names = list(view.get("seat_names") or [])
    extras = []
    for seat, held in enumerate(all_hands):
        if seat >= len(piles) or not piles[seat]:
            continue
        drawn = {str(p.get(k)) for p in piles[seat] for k in ("up", "down") if p.get(k)}
        for hand in view.get("hands") or []:
            if hand.get("seat") == seat:
                drawn.update(str(c) for c in hand.get("cards") or [])
        unseen = [str(c) for c in held if str(c) not in drawn]
        if unseen:
            name = names[seat] if seat < len(names) else str(seat)
            extras.append({"label": f"{name}: face-down cards (shown)", "cards": unseen,
                           "count": len(unseen)})
    return extras


def state_svg(state: StateLike, *, reveal: bool = True, seat: int | None = None,
              four_colour: bool = False, colors: Mapping[str, str] | None = None) -> SvgImage:
    """A state's picture for notebooks: ``state.view(seat)`` drawn by :func:`table_svg`.

    With ``reveal=True`` (the teacher's view) the hidden hands are filled in from
    ``state.hands`` and labelled "shown"; piles and extras stay as the view has
    them. The card system comes from ``state.game.deck.system``.
    """
    # what may be seen is the engine's view layer's decision (every hand shown: reveal)
    view = dict(state.view(seat, shown=bool(reveal)))
    if reveal:
        view["extras"] = list(view.get("extras") or []) + _unseen_pile_cards(view, state.hands)
    system = getattr(getattr(state.game, "deck", None), "system", "french") or "french"
    return table_svg(view, system=system, four_colour=four_colour, colors=colors)

