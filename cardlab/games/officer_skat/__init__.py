"""Officer Skat (Offiziersskat): two-player Skat with 8 piles each, rulebook
``docs/rules/officer_skat.md``.

Each player has 16 cards as 8 piles (p0–p3 in row 1, p4–p7 in row 2), each a
face-down card under a face-up card (OS-2.3). Only face-up top cards are
playable; a face-down card turns up after the trick in which its cover was
played and is playable from the next trick (OS-5.3). Face-down cards are
unknown to both players, their owner included (B-24).

Seats and roles
    Seats are 0 and 1, named ``P1`` and ``P2``. ``dealer=`` names the dealer
    (D); the other seat is forehand (F), who chooses the game, is the
    declarer and leads the first trick (OS-3.1, OS-5.1). The deal alternates
    in a match (B-21).

Phases (``state.phase``)
    ``declare``: F chooses the game after seeing 4 face-up cards (8 with
    ``choose_after_face_up=8``). With ``pass_allowed`` F may pass; D then
    chooses after his own first face-up row and, with ``ramsch_allowed``, may
    pass too, which makes the game Ramsch (B-2).
    ``kontra``: the declarer's opponent may double, after D's first face-up
    row (OS-3.2 step 6). ``re``: after a Kontra, the declarer may redouble,
    after his second face-up row (step 10; a declarer D, after F passed, after
    the whole deal). With ``re_window="until_opening_lead"`` (B-6) F is still
    asked at step 10, but a Re not said there stays open: at F's opening lead
    ``re`` stands beside the card plays (``state.re_open``), and the window
    closes when F plays a card. ``play``: 16 tricks (a Null declarer under
    ``null_mode="no_tricks"`` loses, and the deal ends, at their first trick);
    ``state.tricks`` holds the completed tricks, each with its ``points``.
    ``done``: ``state.result`` holds the score.
    The cards between decisions are dealt automatically, in the OS-3.2 order.

Actions (DESIGN §2.2)
    ``declare C`` / ``S`` / ``H`` / ``D`` / ``grand`` / ``null`` / ``ramsch``,
    ``pass``, ``kontra``, ``no_kontra``, ``re``, ``no_re``, ``play AS``.
    Refusal codes: ``wrong_phase``, ``unknown_action``, ``bad_notation``,
    ``unknown_game``, ``null_not_allowed``, ``null_not_allowed_card_points``,
    ``ramsch_not_allowed``, ``pass_not_allowed``, ``dealer_must_choose``,
    ``already_passed``, ``unknown_card``, ``already_played``, ``not_your_card``,
    ``card_face_down``, ``must_follow_suit``, ``re_window_closed``,
    ``re_already_said``, plus the engine's ``not_your_turn``. A reason that turns on a
    jack that is a trump rather than a card of its printed suit names both suits and
    cites OS-5.4 beside OS-5.5 (``rule == "OS-5.4/OS-5.5"``).

Setting up a deal
    ``game.deal(seed=7, dealer=0)``; ``game.deal(deck="JC 7D …", dealer=0)`` (32
    cards top first, dealt as OS-3.2: F's row-1 face-down cards, D's, F's
    face-up row 1, [choice], D's face-up row 1, [Kontra], F's and D's row-2
    face-down cards, F's face-up row 2, [Re], D's face-up row 2; with
    ``choose_after_face_up=8``: F's 8 face-down, D's 8, F's 8 face-up,
    [choice], D's 8 face-up, [Kontra, Re]); or
    ``game.deal(piles=["7H/AS 8H/KS …", "…"], dealer=0)``: per seat, piles
    p0–p7 as ``down/up``.

Results and the common API
    ``state.contract`` (``'C' 'S' 'H' 'D' 'grand' 'null' 'ramsch'`` or None),
    ``state.effective_suit(card)`` (``'T'`` for a trump, OS-5.4),
    ``state.card_value(card)`` (OS-2.2 card points), ``state.card_points`` (per seat,
    so far) and ``state.piles`` (per seat, eight ``(face-down, face-up)`` pairs, None
    where a card is gone or not yet dealt; ``state.layout.piles`` is the whole deal).
    ``result.next_dealer``: the other player (B-21, the deal alternates).
    ``result.figures``: the core keys of :class:`~cardlab.engine.result.Result`
    (``card_points`` per seat name; ``contractors`` the declarer, ``[]`` in Ramsch) and
    ``method`` (the scoring method, or ``'ramsch'``); except in Ramsch also
    ``schneider``, ``schwarz``, ``kontra``, ``re`` (bools) and ``winner`` (the seat name
    that won the deal); under ``game_value`` also ``value`` and ``base``, and for a suit
    game or Grand ``matadors`` (int) and ``with`` (bool) (OS-7.1 – OS-7.3; Null:
    ``matadors`` None).

Glossary (as in the rulebook)
    ``grand`` (jacks only are trumps), ``null`` (no trumps; the declarer wants
    the fewest card points, or no trick), ``ramsch`` (both passed; each loses
    their card points), ``kontra`` / ``re`` (doubling), ``matadors`` (the run
    of top trumps held, "with n" or "without n"), ``schneider`` (loser under
    30 card points), ``schwarz`` (loser with no card points), forehand,
    dealer, declarer.

>>> import cardlab
>>> game = cardlab.load("officer_skat")
>>> state = game.deal(seed=3, dealer=0)
>>> state.phase, state.to_move, [str(a) for a in state.legal_actions()]
('declare', 1, ['declare C', 'declare S', 'declare H', 'declare D', 'declare grand', 'declare null'])
"""

from __future__ import annotations

from cardlab.games.officer_skat.game import OfficerSkatGame
from cardlab.games.officer_skat.match import OfficerSkatMatch
from cardlab.games.officer_skat.rules import OfficerSkatOptions
from cardlab.games.officer_skat.state import OfficerSkatState

__all__ = ["GAME", "OfficerSkatGame", "OfficerSkatMatch", "OfficerSkatOptions",
           "OfficerSkatState"]

#: The registry's entry point.
GAME = OfficerSkatGame
#: the modules beyond the common shape, each a mechanic of the game's own vocabulary: none
MECHANICS: tuple[str, ...] = ()


def __getattr__(name: str) -> object:
    """``OfficerSkat``: the old name of :class:`OfficerSkatGame` (deprecated)."""
    if name == "OfficerSkat":
        import warnings

        warnings.warn("OfficerSkat is deprecated: use OfficerSkatGame", DeprecationWarning,
                      stacklevel=2)
        return OfficerSkatGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
