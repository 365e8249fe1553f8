"""What a seat may see: the one place that decides it (DESIGN §3).

Every game builds the facts of one moment for one seat (``State._view(seat)``):
its own hand, face-up cards, the public auction, hidden hands only as counts.
This module turns that into **the view** every reader uses — ``state.view``,
the bots, the static pictures and the widgets — and adds the rules that are the
same in every game, so no reader filters anything on its own:

* **Hands shown face up.** ``shown`` names seats whose hands a teacher turns
  face up (``True``: every seat). Each is drawn as its own seat sees it and
  marked ``"revealed": True``.
* **Legal actions.** A seat that is not to move is shown none. A viewer who
  cannot see the mover's hand (a spectator) is shown only what does not depend
  on it: no action naming a card hidden from the viewer, and no action of the
  game's ``private_verbs`` (Panfin's ``servito``, Pandoeren's ``announce``).
* **Secret choices.** Some choices are offered only to a seat holding a certain
  card, and declining says nothing (Five Hundred's ``nominate none``: the
  game's ``secret_actions``). A viewer who cannot see the chooser's hand sees
  the moment of such a choice exactly as the moment after declining it, and hears
  no sentence for it — so twin deals look the same (5H-6.3).
* **Sorted hands.** Each hand shown is sorted as a player holds it: trumps first, high
  to low in ``state.trump_order()`` (a left bower or a Vecia among them), then the other
  suits in ``game.deck`` order; in an auction, ``game.deck`` order (:func:`hand_order`).
* **Words.** :func:`told` is the sentence a viewer hears for an action; the
  game's own words never name a hidden card.

The view is a JSON-able dict. Keys every game provides (games add their own):

=================  ==========================================================
``game, title``    registry name and the name for people
``phase``          the phase name as this viewer may know it
``seat``           the viewer (None: a spectator); ``shown``: seats revealed
``to_move``        the seat to act, or None once the deal is over
``dealer``         the dealer's seat; ``seat_names``: a short name per seat
``hands``          per seat ``{seat, name, cards (codes, or None when hidden),
                   count, face_up, active}`` (+ ``revealed`` when shown)
``piles``          per seat a list of ``{down, up}`` (``"hidden"`` for a face-
                   down card), or None in games without piles
``extras``         ``{label, cards (or None), count}``: kitty, stock, cut …
``trick``          the current trick's plays ``{seat, card, note}``
``trick_leader``   who led it; ``trick_suit``: the suit led (effective)
``last_trick``     ``{leader, plays, winner}`` of the last completed trick
``tricks_won``     per side or seat; ``scores``: points once the deal is over
``auction``        the public calls ``{seat, call}``
``contract``       in notation, or None; ``declarer``; ``trump``
``chips``          Panfin's pot and stacks, else None
``info``           plain-words lines about the situation
``legal``          the actions this viewer may be shown as legal now
=================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.engine.action import Action

if TYPE_CHECKING:
    from cardlab.engine.game import Game
    from cardlab.engine.state import State

__all__ = ["Viewer", "viewer", "seat_view", "told", "public_actions", "public_history",
           "secret_choice", "viewed_moment", "visible_codes", "sees_hand", "hand_order"]


@dataclass(frozen=True)
class Viewer:
    """Who looks: a seat (None: a spectator) and the seats whose hands are shown to it."""

    seat: int | None = None
    shown: frozenset[int] = frozenset()

    def sees(self, seat: int | None) -> bool:
        """True if this viewer sees ``seat``'s hand because it is that seat or it is shown."""
        return seat is not None and (seat == self.seat or seat in self.shown)


def viewer(game: Game, seat: int | None = None,
           shown: Iterable[int] | bool | None = ()) -> Viewer:
    """A checked :class:`Viewer`: ``seat`` is None or a seat of ``game``; ``shown`` is an
    iterable of seats, ``True`` for every seat, or ``False``/None for none.

    :raises ValueError: naming the bad seat.
    """
    n = game.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                             or not 0 <= seat < n):
        raise ValueError(f"seat must be None or 0 … {n - 1}, not {seat!r}")
    if shown is True:
        seats = frozenset(range(n))
    elif shown is None or shown is False:
        seats = frozenset()
    else:
        try:
            listed = list(shown)
        except TypeError:
            raise ValueError(f"shown must be seats (0 … {n - 1}) or True, not {shown!r}"
                             ) from None
        if len(listed) > n:
            raise ValueError(f"shown lists {len(listed)} seats; the game has {n}")
        for s in listed:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n:
                raise ValueError(f"shown must list seats 0 … {n - 1}, not {s!r}")
        seats = frozenset(listed)
    return Viewer(seat, seats)


def _raw(state: State, seat: int | None) -> dict[str, Any]:
    return state._view(seat)


def sees_hand(state: State, v: Viewer, seat: int | None,
              raw: Mapping[str, Any] | None = None) -> bool:
    """True if viewer ``v`` sees all of ``seat``'s hand: its own, shown, or face up."""
    if seat is None:
        return False
    if v.sees(seat):
        return True
    hands = (raw if raw is not None else _raw(state, v.seat)).get("hands") or []
    for hand in hands:
        if hand.get("seat") == seat:
            return bool(hand.get("face_up")) and hand.get("cards") is not None
    return False


def secret_choice(state: State, v: Viewer) -> Action | None:
    """The secret action that stands for this moment to ``v`` (see the module notes), or
    None when ``v`` may know that this choice is being made."""
    secret = state.game.spec.secret_actions
    if not secret or state.is_over:
        return None
    legal = state._legal_index()
    mover = state.to_move
    for a in secret:
        if a in legal and not sees_hand(state, v, mover):
            return Action(a)
    return None


def seat_view(state: State, seat: int | None = None,
              shown: Iterable[int] | bool | None = ()) -> dict[str, Any]:
    """The view of ``state`` for ``seat`` (None: a spectator) with ``shown`` hands face up."""
    v = viewer(state.game, seat, shown)
    return _view_for(state, v)


def viewed_moment(state: State, v: Viewer) -> State:
    """The moment ``v`` is shown at ``state``: ``state`` itself, or, while a secret choice
    is being made that ``v`` may not know of, the moment after declining it (so what the
    view shows is exactly what that moment shows: an open misère hand already face up while
    its contractor nominates the joker in secret, as it would be had she no joker)."""
    seen = 0
    while True:
        choice = secret_choice(state, v)
        if choice is None:
            return state
        state = state._successor(choice)
        seen += 1
        if seen > 64:  # pragma: no cover - games declare finitely many secret choices
            raise RuntimeError("secret choices do not end")


def _view_for(state: State, v: Viewer) -> dict[str, Any]:
    state = viewed_moment(state, v)
    raw = dict(_raw(state, v.seat))
    others = sorted(v.shown - {v.seat})
    if others:
        hands = []
        for hand in raw.get("hands") or []:
            s = hand.get("seat")
            if s in others and hand.get("cards") is None:
                own = next((h for h in _raw(state, s).get("hands") or []
                            if h.get("seat") == s), None)
                if own is not None and own.get("cards") is not None:
                    hand = {**hand, "cards": list(own["cards"]), "revealed": True}
            hands.append(hand)
        raw["hands"] = hands
    raw["shown"] = others
    _sort_hands(state, raw)
    mover = state.to_move
    if state.is_over or mover is None:
        raw["legal"] = []
    elif v.seat is not None and v.seat != mover and not v.sees(mover):
        raw["legal"] = []
    else:
        legal = [str(a) for a in state.legal_actions()]
        if not (v.seat == mover or sees_hand(state, v, mover, raw)):
            legal = public_actions(raw, legal, state.game, mover)
        raw["legal"] = legal
    return raw


def hand_order(state: State, phase: str | None = None) -> dict[str, int]:
    """Where each card stands in a sorted hand: trumps first, high to low in
    ``state.trump_order()``, then the other cards in ``game.deck`` order (suit by suit). In
    an auction, before any trump is known, simply ``game.deck`` order."""
    deck = [c.code for c in state.game.deck]
    trumps: list[str] = []
    if (phase or state.phase) != "auction":
        try:
            trumps = [c.code for c in state.trump_order()]
        except NotImplementedError:
            trumps = []
    order = {c: i for i, c in enumerate(trumps)}
    for i, c in enumerate(deck):
        order.setdefault(c, len(trumps) + i)
    return order


def _sort_hands(state: State, raw: dict[str, Any]) -> None:
    """Sort the hands the view shows by :func:`hand_order`. Piles keep their places, and
    their seats' playable cards are left in pile order."""
    piles = raw.get("piles") or []
    order: dict[str, int] | None = None
    hands = []
    for hand in raw.get("hands") or []:
        cards = hand.get("cards")
        seat = hand.get("seat")
        in_piles = isinstance(seat, int) and seat < len(piles) and piles[seat]
        if cards and not in_piles:
            if order is None:
                order = hand_order(state, raw.get("phase"))
            last = len(order)
            hand = {**hand, "cards": sorted(cards, key=lambda c: order.get(c, last))}
        hands.append(hand)
    raw["hands"] = hands


def told(state: State, action: str, seat: int | None = None,
         shown: Iterable[int] | bool | None = ()) -> str:
    """The sentence ``seat`` hears for ``action`` taken now, or ``""`` for a secret choice
    it must not learn of. The game's words name no hidden card."""
    v = viewer(state.game, seat, shown)
    act = state.game.parse_action(action)
    if act in state.game.spec.secret_actions and not sees_hand(state, v, state.to_move):
        return ""
    return state._describe(act)


def public_history(state: State, seat: int | None = None,
                   shown: Iterable[int] | bool | None = ()) -> list[str]:
    """The actions of this deal that ``seat`` may know were taken (secret choices of hands
    it cannot see left out; hidden cards still named: use :func:`told` for words)."""
    v = viewer(state.game, seat, shown)
    chain = state.states()
    secret = state.game.spec.secret_actions
    out = []
    for prev, nxt in zip(chain, chain[1:]):
        act = nxt.history[-1]
        if act in secret and not sees_hand(prev, v, prev.to_move):
            continue
        out.append(str(act))
    return out


def visible_codes(view: Mapping[str, Any]) -> set[str]:
    """Every card code the view shows face up (hands, trick, last trick, extras, piles)."""
    out: set[str] = set()
    for hand in view.get("hands") or []:
        out.update(hand.get("cards") or [])
    for play in view.get("trick") or []:
        out.add(play.get("card"))
    for play in (view.get("last_trick") or {}).get("plays") or []:
        out.add(play.get("card"))
    for extra in view.get("extras") or []:
        out.update(extra.get("cards") or [])
    for row in view.get("piles") or []:
        for pile in row or []:
            if isinstance(pile, Mapping):
                out.update(c for c in (pile.get("up"), pile.get("down"))
                           if isinstance(c, str) and c != "hidden")
    return out


def public_actions(view: Mapping[str, Any], actions: Iterable[str], game: Game,
                   mover: int | None = None) -> list[str]:
    """The actions a viewer who cannot see the mover's hand may be shown: none of the game's
    private verbs, and none naming a card hidden from ``view``.

    When the mover's hand is hidden outright (no cards of it in ``view``), no action naming a
    card is shown at all, not even one the viewer knows the mover holds (a Panfin dealer's
    taken turn-up): whether it may be played depends on the rest of the hand (B2.8 follow
    suit). Where the view shows the cards a seat can play (Officer Skat's top cards, a ghost
    partner's face-up cards), legality depends on those alone, and they are shown.
    """
    visible = visible_codes(view)
    hand_hidden = any(h.get("seat") == mover and h.get("cards") is None
                      for h in view.get("hands") or []) if mover is not None else False
    codes = set(game.deck.codes())
    card_verbs = game.spec.card_verbs
    private = game.spec.private_verbs
    out = []
    for a in actions:
        verb, *args = str(a).split()
        if verb in private:
            continue
        named = [w for w in args if w in codes]
        if verb in card_verbs and named and (hand_hidden or not all(w in visible for w in named)):
            continue
        out.append(str(a))
    return out
