"""Pandoeren: the Dutch (North Holland) auction game for four, each for herself.

Rulebook: ``docs/rules/pandoeren.md`` (rule IDs A1 … A4.3 and P-A1 … P-A26;
``cardlab.rules.lookup("A2.8")`` reads one, ``game.call_meaning("bid kereltje")`` a call).
33 cards (7-A in four suits plus the six of hearts), eight each dealt 4-1-4 from
forehand with the 33rd face up in the middle (the kijkkaart). An auction over the
21 ranks of the contract table (A4.2); the winner takes the kijkkaart, discards one
card face down, names trumps and calls an ace for a secret partner where the
contract has one; then eight tricks.

Seats: 0-3 = N E S W, clockwise; every seat plays for herself (the sides of a
match are the seats). ``dealer=`` names the dealer (default 0, N); the seat on
the dealer's left (forehand) bids first. The rule tests mostly deal with dealer W.

Phases (the order of A2): ``auction`` → ``exchange`` (the declarer holds 9 cards) → ``trump``
(skipped in Zwabber and Solo-zwabber) → ``call`` (only in number bids, Zwabber
with zwabber_partner='called_ace', Pandoer and Pandoer + n) → ``play`` →
``done``. All four passing ends the deal at once (annulled, nobody scores).

Actions (DESIGN §2.2): ``bid 120`` … ``bid 300`` (capped by ``number_bid_cap``),
``bid piccolo``, ``bid misere``, ``bid kereltje``, ``bid zwabber``,
``bid solo_zwabber``, ``bid piccolo_ouvert``, ``bid misere_ouvert``,
``bid stil_praatje``, ``bid pandoer``, ``bid pandoer+20`` … (capped by
``pandoer_extra_cap``), ``bid praatje``, ``bid prive``, ``pass``,
``discard 7C``, ``trump H``, ``call AS``, ``announce stuk``, ``play JD``.

Announcements (A2.10.2, A2.10.3). Under ``roem_announce="auto"`` (the default)
the engine announces roem and stuk for the declaring side and neither
``announce roem`` nor ``announce stuk`` is ever a legal action (refusals
``roem_auto`` and ``stuk_auto``): the rulebook has the engine announce them, so
offering the action as well would only invite a learner to announce what is
already counted. Roem counts as announced for the declarer from her lead to
trick 1 and for the partner once the partnership is public; stuk (trump K + Q,
20) counts whenever the declarer or the partner held it at the start of play,
and shows in the view from the same moments as roem.

Under ``roem_announce="manual"`` both are actions and forgotten ones are lost.
``announce roem``: the declarer announces her roem as she leads to trick 1 (on
that turn, before her card: the same hand of 8 cards counts); the partner on any
of her turns once the partnership is public. Refusals: ``no_counting`` (contract
without roem, P-A17), ``already_announced``, ``roem_too_late``,
``roem_not_now``, ``no_roem``. ``announce stuk`` is open to any seat that held
the trump king and queen at the start of play, until the deadline
``stuk_deadline`` (so the list of legal actions never betrays the secret
partner); it counts only for the declaring side. Refusals: ``no_counting``,
``already_announced``, ``no_stuk``, ``stuk_too_late``.

Auction ladder (A4.2): the number bids sit in brackets (ladder rows). Under
``preset="pagat"`` 120-140 rank below Piccolo and 150/160 between Misère and
Kereltje; under ``preset="butselaar"`` 130-150 form the lowest row, below Piccolo
and Misère, and 160 stands alone (A1, A4.3), so there ``bid 150`` over
``bid misere`` is refused and ``bid misere`` over ``bid 150`` is legal; Piccolo
ouvert ranks above every number bid, 200+ included, and is worth 5 (A1, A4.2).

Tricks: each completed trick in ``state.tricks`` carries its card ``points``
(A2.3, the last trick's +5 included); they add up to the result's card points.

Results and the common API: ``state.contract`` is the winning bid in notation
(``'120'``, ``'piccolo'``, ``'pandoer+20'``) or None (``state.bid`` parses it);
``state.effective_suit(card)`` is the printed suit (no card changes suit);
``state.card_value(card)`` its A2.3 points under the trump. ``result.next_dealer`` is
the next seat clockwise, or the same dealer after an all-pass deal under
``all_pass='same_dealer'`` (P-A3). ``result.figures`` holds the core keys of
:class:`~cardlab.engine.result.Result` (``card_points`` per seat name, the last trick's
+5 included; ``contractors`` the declarer and partner; ``thrown_in`` after all passed)
and ``game_points`` (the contract's value, A2.11), ``partner`` (a seat name or None),
``team_card_points``, ``discard_points``, ``stopped_early`` (play stopped once the
outcome was decided), ``roem`` and ``stuk`` (counted for the declaring side), and
``roem_info`` where the contract counts roem (``announced``, ``combinations``,
``valid``, ``deniers``, by seat name).

Other refusal codes: ``already_passed``, ``not_your_turn``, ``wrong_phase``,
``unknown_action``, ``unknown_bid``, ``bid_too_low``, ``above_cap``,
``discard_count``, ``card_not_held``, ``bad_suit``, ``kereltje_own_jas``,
``bad_call``, ``called_card_held``, ``trump_ace_not_callable``,
``must_follow_suit``, ``must_overtrump``, ``no_undertrump``, ``must_trump``.

Glossary: *jas* the trump jack; *nel* the trump nine; *roem*
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

from cardlab.games.pandoeren.game import PandoerenGame
from cardlab.games.pandoeren.match import PandoerenMatch
from cardlab.games.pandoeren.state import PandoerenState

GAME = PandoerenGame
#: the modules beyond the common shape, each a mechanic of the game's own vocabulary: roem and stuk (A2.10)
MECHANICS: tuple[str, ...] = ("roem",)

__all__ = ["GAME", "PandoerenGame", "PandoerenMatch", "PandoerenState"]
