"""Panfin, the Chioggia gambling game with the Vecia and the Gobbo (``docs/rules/panfin.md``).

cardlab is the reference implementation: every rule below cites its rulebook's IDs
(B1 … B4.2 and F-A1 … F-A26; ``cardlab.rules.lookup("B2.10.3")`` reads one),
and each RECOMMENDED or RECONSTRUCTED choice is a named option (table B4.2).

**Pack and cards** (B2.1, B2.2). The 40-card Treviso pack, codes rank + suit:
ranks ``A R C F 7 6 5 4 3 2`` (asso, re, cavallo, fante …), suits ``S B C D``
(spade, bastoni, coppe, denari). The Vecia is ``FS`` and the Gobbo ``FB``: the two
jokers, wild in combinations and the two highest trumps in the trick phase,
outside their natural suits (F-A16). Trumps, high to low: ``FS FB`` then the
dominant suit ``A R C F 7 … 2``.

**Seats** (DESIGN §2.1, B0.3). Seats ``0 … n-1`` go counter-clockwise, the direction
of play: seat k+1 is the right-hand neighbour of seat k. With ``dealer=d``,
seat d+1 (the dealer's right) is served first, declares first and leads first;
seat d-1 (the dealer's left) cuts. Names are ``P1 … Pn``.

**Chips** (B2.3). Every deal starts with antes: an empty pot takes 1 from each
seat and ``dealer_ante_multiplier`` (2) from the dealer; a carried-over pot takes
``carryover_dealer_adds`` (1) from the dealer only. Every payment is a recorded
:class:`~cardlab.games.panfin.chips.Payment` (``view()["chips"]["payments"]``),
stamp fees go into the pot carried to the next deal, and ``sum(stacks) + pot``
never changes. ``result.points`` is each seat's net chips for the deal.

**Setup** (DESIGN §2.2). ``game.deal(seed=…)`` or ``deck="…"`` (a pack order, top
first: the cutter lifts the top 20 cards, :data:`~.game.CUT_DEPTH`), or stacked:
``hands=[…]`` (after the deal, a kept Gobbo included), ``cut="FB"`` / ``"FB FS"`` /
``None`` (the card(s) shown at the cut), ``turnup="4C"`` (``"FB 4C"`` when the Gobbo
is turned and ``turnup_gobbo="turn_next_card"``), ``stock="… (top first)"``
(default: the rest in pack order), ``pot=0``, ``stacks=[…]``. ``cut="FS"`` alone
is a deal won at the cut.

**First dealer** (B2.4). ``game.first_dealer(seed)`` deals face up from a seeded
shuffle, one card each in the direction of play from a random seat, until the first
ace: that seat deals first. It returns ``(dealer, [(seat, card), …])``. To replay a
real table, give the reveal instead: ``game.first_dealer(reveal="4C 2S AD", start=1)``
(the cards turned face up, in order, and the seat that received the first one) gives
``(3, [(1, 4C), (2, 2S), (3, AD)])``. The reveal must end with its first ace; an unknown
or repeated card, a reveal with no ace (no dealer decided) or cards after the ace, a
``start`` that is not a seat, or ``reveal=`` with ``seed=`` raise
:class:`~cardlab.errors.IllegalAction` (a ``ValueError``) naming the field.
``game.match(seed)`` uses the seeded reveal unless ``dealer=`` is given, e.g.
``game.match(seed, dealer=game.first_dealer(reveal=…, start=…)[0])``.

**Phases.** ``choose`` (the Vecia was turned up: the dealer names the dominant
suit, B2.6) → ``declare`` (each seat in turn from the dealer's right, B2.7) →
``swap`` (no combination: the dealer takes the turn-up, B2.10.1, F-A7) →
``play`` (the tricks, B2.10) → ``done``. A Vecia at the cut ends the deal at once
(B2.5); servito (B2.8), a combination (B2.9), a lone player or a table of folds
(B2.12) end it after the declarations.

**Actions** and their refusal codes (besides ``not_your_turn``, ``already_passed``
for a folded seat, ``wrong_phase``, ``bad_notation``, ``unknown_card``,
``card_not_held``, ``duplicate_card``, ``game_over``):

* ``choose D`` — dealer's dominant suit after a turned-up Vecia. ``bad_suit`` (B2.6).
* ``tengo`` / ``tengo 7S 2C`` — stay in, exchanging the named cards (0 to
  ``max_exchange``) for as many from the stock. ``too_many_cards`` (B2.7; checked
  before the cards are, so five cards from a four-card hand are too many, not
  ``card_not_held``), ``stock_short`` (F-A9).
* ``fold`` — out of the deal; the ante stays.
* ``servito`` — four cards of one suit, jokers wild. ``not_servito`` (B2.8).
* ``swap 3D`` — the dealer takes the turned-up card and discards ``3D`` (naming the
  turn-up itself keeps the hand as it was).
* ``play 5D`` — a card to the trick. ``must_follow_suit``, ``must_beat`` (B2.10.3),
  ``must_trump`` (B2.10.3, B2.10.4), ``must_overtrump`` (F-A18),
  ``must_lead_both_jokers`` / ``must_lead_gobbo`` (B2.10.3), ``wrong_card_count``,
  ``one_card_only`` (B2.10.4).
* ``play FS FB`` — both jokers led together (the double trick, F-A19);
  ``play 5D 7C`` — a two-card answer to it (trumps while you have them).

A reason (``explain``, a refusal) that involves a joker whose trick-phase suit is not its
printed one (the Vecia unless spade is dominant, the Gobbo unless bastoni is: F-A16)
names both, e.g. "the Vecia (fante of spade) is a trump (coppe, the dominant suit) in
this hand, not a spade card", also when that joker led the trick.

Several cards in an action are written in the pack's order (``tengo 2C 7S`` reads
as ``tengo 7S 2C``).

**Results.** ``result.points`` / ``seat_points``: each seat's net chips this deal
(antes included); ``result.declarer``: the seat that took the pot (or None);
``result.contract``: how the deal ended — ``cut``, ``servito``, ``servito_tie``,
``naturali``, ``simezi``, ``tronfi``, ``false``, ``lone``, ``all_fold``, ``piatti``
(most tricks) or ``piatto_resta`` (a tie). Panfin has no contract, so
``state.contract`` is always None. ``result.next_dealer``: the dealer's right (seat + 1,
B2.4). ``result.figures``: the core keys of :class:`~cardlab.engine.result.Result`
(``tricks`` / ``seat_tricks`` are the piatti; ``card_points`` None; ``contractors``
``[]``; ``thrown_in`` when everyone folded), ``pot_before``, ``pot_after`` (carried to the
next deal), ``stacks_before`` and ``stacks_after`` (by seat name), ``payments`` (each with
``from``/``to`` seats or ``'pot'`` and their names), ``folded`` (by seat name),
``outcome`` (``cut``, ``declarations`` or ``piatti``), ``dominant_suit``, ``cut`` (codes),
and, from ``game.score_deal``, ``options``. ``state.effective_suit(card)``: the dominant
suit for the Vecia and the Gobbo (B2.2); ``state.card_value(card)``: always None. ``state.trick`` / ``state.tricks`` are
engine :class:`~cardlab.engine.tricks.Trick` objects; ``state.pot``, ``state.stacks``
the chips now.

**Views.** ``view(seat)`` follows the common schema, plus ``dominant_suit``,
``payments`` (also in ``chips``), ``cutter`` and ``winning`` (the seat now winning the
trick). Hands are shown face up only at the end (active players' hands, B2.9).

**Glossary**. *vecia*: the fante of spade; *gobbo*: the fante of
bastoni; *di mazzo*: the dealer; *tengo*: "I hold"; *servito*: served, four of one
suit at once; *naturali*: four of a rank; *simezi*: a rank completed with jokers;
*tronfi*: four of the dominant suit; *false*: four of another suit; *piatti*:
tricks (and the pot); *rispondere*: to follow suit; *dominant_suit*: the trump suit.

>>> import cardlab
>>> game = cardlab.load("panfin")
>>> state = game.deal(hands=["AC 7C 5D 2S", "RC 4C 3B 6S", "FS 6D 5S 4B", "AD 3D 2B 6B"],
...                   turnup="4D")
>>> state.phase, state.to_move, state.dominant
('declare', 1, 'D')
>>> state.apply("tengo 6S 3B").to_move
2
"""

from __future__ import annotations

from cardlab.cards import treviso_pack
from cardlab.games.panfin.game import PanfinGame
from cardlab.games.panfin.match import PanfinMatch
from cardlab.games.panfin.rules import GOBBO, VECIA, PanfinOptions
from cardlab.games.panfin.state import PanfinState

__all__ = ["GAME", "PanfinGame", "PanfinMatch", "PanfinOptions", "PanfinState", "VECIA", "GOBBO",
           "treviso_pack"]

#: the registry's entry point
GAME = PanfinGame
#: the package's modules besides the common shape: a mechanic of Panfin's own (B2.3 the chips)
MECHANICS = ("chips",)
