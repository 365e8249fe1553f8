"""Pandoeren: the Dutch (North Holland) auction game for four, each for herself.

Spec: ``shared/rules/pandoeren.md`` (rule IDs A2.x, A4.x and P-A1 … P-A26).
33 cards (7-A in four suits plus the six of hearts), eight each dealt 4-1-4 from
forehand with the 33rd face up in the middle (the kijkkaart). An auction over the
21 ranks of the contract table (A4.2); the winner takes the kijkkaart, discards one
card face down, names trumps and calls an ace for a secret partner where the
contract has one; then eight tricks.

Seats: 0-3 = N E S W, clockwise; every seat plays for herself (the sides of a
match are the seats). ``dealer=`` names the dealer (default 0, N); the seat on
the dealer's left (forehand) bids first. The spec's examples use dealer W.

Phases: ``auction`` → ``exchange`` (the declarer holds 9 cards) → ``trump``
(skipped in Zwabber and Solo-zwabber) → ``call`` (only in number bids, Zwabber
with zwabber_partner='called_ace', Pandoer and Pandoer + n) → ``play`` →
``done``. All four passing ends the deal at once (annulled, nobody scores).

Actions (DESIGN §2.2): ``bid 120`` … ``bid 300`` (capped by ``number_bid_cap``),
``bid piccolo``, ``bid misere``, ``bid kereltje``, ``bid zwabber``,
``bid solo_zwabber``, ``bid piccolo_ouvert``, ``bid misere_ouvert``,
``bid stil_praatje``, ``bid pandoer``, ``bid pandoer+20`` … (capped by
``pandoer_extra_cap``), ``bid praatje``, ``bid prive``, ``pass``,
``discard 7C``, ``trump H``, ``call AS``, ``announce stuk``, ``play JD``.

Added action: ``announce roem`` (only with ``roem_announce="manual"``): the
declarer announces her roem as she leads to trick 1 (on that turn, before her
card: the same hand of 8 cards counts); the partner on any of her turns once the
partnership is public. Refusals: ``roem_auto`` (auto mode), ``no_counting``
(contract without roem, P-A17), ``already_announced``, ``roem_too_late``,
``roem_not_now``, ``no_roem``. ``announce stuk`` is open to any seat that held
the trump king and queen at the start of play (so the list of legal actions
never betrays the secret partner); it counts only for the declaring side.
Refusals: ``no_counting``, ``already_announced``, ``no_stuk``, ``stuk_too_late``.

Other refusal codes: ``already_passed``, ``not_your_turn``, ``wrong_phase``,
``unknown_action``, ``unknown_bid``, ``bid_too_low``, ``above_cap``,
``discard_count``, ``card_not_held``, ``bad_suit``, ``kereltje_own_jas``,
``bad_call``, ``called_card_held``, ``trump_ace_not_callable``,
``must_follow_suit``, ``must_overtrump``, ``no_undertrump``, ``must_trump``.

Glossary (spec appendix): *jas* the trump jack; *nel* the trump nine; *roem*
melds; *stuk* trump king + queen; *kijkkaart* the face-up 33rd card; *maat*
partner; *ouvert* exposed; *praatje* a chat (*stil*: silent); *privé* alone;
*puntenspel* the number contract.

>>> import cardlab
>>> game = cardlab.load("pandoeren")
>>> state = game.deal(seed=3, dealer=3)
>>> state.apply("bid 120").apply("pass").apply("pass").apply("pass").phase
'exchange'
"""

from __future__ import annotations

from cardlab.games.pandoeren.game import PandoerenGame, PandoerenMatch
from cardlab.games.pandoeren.state import PandoerenState

GAME = PandoerenGame

__all__ = ["GAME", "PandoerenGame", "PandoerenMatch", "PandoerenState"]
