"""Five Hundred (Australian rules, with variants): rulebook ``docs/rules/five_hundred.md`` (5H-…).

>>> import cardlab
>>> game = cardlab.load("five_hundred")
>>> state = game.deal(seed=7, dealer=3)
>>> state.phase, game.seat_name(state.to_move)
('auction', 'N')
>>> [str(a) for a in state.legal_actions()[:3]]
['pass', 'bid 6S', 'bid 6C']

**Seats and sides.** Four players: seats 0-3 are ``N E S W`` clockwise, sides ``NS`` (0, 2)
and ``EW`` (1, 3). Other counts name seats ``P1 … Pn`` clockwise (seat 0 is ``P1``):
two players (``dead_hand_33``: a third ten-card hand, ``dead``, is dealt and never played;
``ghost_partners_43``: four positions ``P1 P2 G1 G2`` clockwise, ``G1`` opposite ``P1`` and
played by P1, ``G2`` by P2; a ghost's ten cards lie in five piles, face down under face up,
and only face-up cards are played; a played card uncovers the one beneath it once the trick
is over; ``hands=[P1, P2, G1, G2]`` with each ghost's cards in pile order, five face down
then five face up; sides ``P1`` (0, 2) and ``P2`` (1, 3); ``state.turn`` is the position,
``state.to_move`` the seat that acts), three and five players each for themselves (sides are
the seat names; with five the contractor may call a partner card), six players three pairs
``P1P4 P2P5 P3P6`` (partners opposite) or, with ``six_player_sides='two_triples'``,
``P1P3P5`` and ``P2P4P6``.

**Our choices where the sources are silent.** The 45- and 46-card packs are dealt 3-2-4-1-3-2
and 3-2-4-2-3-2 (kitty 5 / 6) and the contractor discards as many as the kitty held; with
two jokers a nomination applies to both, and in NT/misère an unnominated black joker beats
the red one. ``defender_points_ignored_above=400``: a defending side whose score is above
400 before the deal scores no tens (the cap form is ``defensive_cap``).
``rebid_after_pass_on_denomination_change``: a player who passed while a bid stood may bid
again once the high bid's denomination differs from the one they passed over (all misères
count as one denomination); a pass with no bid standing stays final. ``allow_final_raise``:
when the others have passed, the high bidder gets one more call (``pass`` stands); a raise in
the same denomination ends the auction, a change of denomination reopens it for everyone.
Five players: the partner card is called after the discard (``call``), may not be the joker or
a card in the caller's hand, and its holder is revealed when it is played.

**Phases.** ``auction`` → ``kitty`` (the contractor discards) → ``call`` (five players,
trick contracts: name a partner card or play alone) → ``nominate`` (NT or misère with the
joker in the contractor's hand) → ``play`` → ``done``. Phases that do not apply are skipped;
a thrown-in deal goes straight to ``done``.

**Actions** (DESIGN §2.2): ``pass``, ``bid 7H``, ``bid 10NT``, ``bid misere``,
``bid open_misere``, ``bid blind_misere``, ``bid 8S sans_kitty``; ``discard 4S 5C 6C`` (one
action, all the kitty's worth of cards); ``call AS`` / ``call alone`` (five players);
``nominate H`` / ``nominate none``; ``play JD``; ``play JK H`` (the unnominated joker led in
NT or misère, naming the suit to follow). With ``allow_final_raise`` the high bidder's
``pass`` in its raise turn means "stand".

**Refusal codes** (``IllegalAction.code``, rule in ``.rule``): ``not_your_turn``,
``already_passed`` (5H-5.4d), ``bid_too_low`` (5H-5.4a), ``misere_needs_seven`` (5H-5.4b;
with ``misere_rank='after_8S'`` misère is legal while 7♠ ≤ the high bid < misère, so also
over a standing 8♠, A-5),
``own_bid`` (5H-5.4e), ``misere_not_allowed``, ``open_misere_needs_eight``,
``blind_misere_first_call`` (A-8), ``sans_kitty_not_allowed`` (A-9), ``bid_below_minimum``,
``discard_count`` / ``duplicate_card`` / ``card_not_held`` (5H-6.1), ``own_card`` /
``cannot_call_joker`` (5H-2), ``must_follow_suit`` (5H-7.1 / 5H-7.2 / J1),
``must_play_joker`` (J3), ``joker_needs_suit`` / ``suit_already_led`` / ``shown_void`` /
``joker_suit_only_on_lead`` (J4), ``joker_after_all_suits_led`` /
``joker_not_before_last_trick`` (J5), ``joker_lead_only_last_trick`` (J6),
``no_suit_to_name`` (J7), ``sitting_out`` (5H-6.2), ``card_face_down`` (a ghost's covered
card), ``wrong_phase``, ``bad_notation``.

**Cards that change suit.** A reason (``explain``, a refusal) that involves a card whose
effective suit is not its printed suit (5H-3.4: the left bower, the joker in a trump
contract or once nominated, the four of the trump colour) names both suits, e.g. "the jack
of clubs is the left bower: a trump (spades) in this hand, not a club (5H-3.1)"; so does a
reason about a trick such a card led ("the led jack of clubs is … so trumps were led").

**Results and the common API.** ``state.contract`` (``'7H'``, ``'misere'``, ``'NT'`` when
all passed under ``all_pass='play_no_trumps'``, or None), ``state.effective_suit(card)``
(5H-3.4; None for an unnominated joker) and ``state.card_value(card)`` (always None: Five
Hundred counts no card points). ``state.piles``: per position, a ghost's five
``(face-down, face-up)`` pairs with None where a card is gone, None for a player's hand.
``result.sides`` is ``game.sides``; ``result.next_dealer`` the next seat clockwise (5H-4.1,
a thrown-in deal too, A-12). ``result.figures`` holds the core keys of
:class:`~cardlab.engine.result.Result` (``seat_tricks`` and ``contractors`` by position
name, ``G1``/``G2`` included; ``card_points`` None) and ``value`` (the contract's value,
5H-8.1) and ``contractor_tricks`` (tricks the contractors took) after a contract.

**Integer ids and fast playouts.** Every action has a stable integer id
(``game.action_id('bid 7H')`` → 9, ``game.action_text(9)``; the layout is in
:mod:`~cardlab.games.five_hundred.game`). ``game.rollout(seed=…, dealer=…)`` and
``state.rollout()`` give a mutable deal driven by ids (``legal_ids()``, ``apply_id(i)``,
``clone()``, ``to_state()``) for random playouts and search:
:mod:`cardlab.sim.five_hundred.rollout` (a fast path, in ``cardlab.sim``).

**Glossary** (the rulebook's words): *kitty* (the three cards set aside), *contractor* (won the
auction), *contract*, *left_bower* / *right_bower* (the jacks of the trump colour),
*misere* / *open_misere* / *blind_misere*, *sans_kitty*, *nominate* (name the joker's suit),
*slam* (all ten tricks), *Avondale* (the scoring table), *going out backwards* (−500).
"""

from __future__ import annotations

from cardlab.games.five_hundred.game import SPEC, FiveHundredGame
from cardlab.games.five_hundred.rules import FiveHundredOptions
from cardlab.games.five_hundred.state import FiveHundredState

__all__ = ["GAME", "SPEC", "FiveHundredGame", "FiveHundredOptions", "FiveHundredState"]

#: the registry's entry point
GAME = FiveHundredGame
#: the modules beyond the common shape, each a mechanic of the game's own vocabulary: the
#: auction (5H-5), the kitty with the partner call and the joker's nomination (5H-6)
MECHANICS: tuple[str, ...] = ("auction", "kitty")
