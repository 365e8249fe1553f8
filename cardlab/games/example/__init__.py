"""Turn-up Whist: the small example game of ``docs/adding_a_game.md``, for three players.

A made-up game, small on purpose: it has one of every part a cardlab game has (a
seeded and a stacked deal, an optional call, legal plays with their reasons, tricks
won through :mod:`cardlab.engine.tricks`, points, views, words, records, a match) and
nothing more. It is **not registered** by default: ``cardlab.game_names()`` does not
list it. Register it to play it through ``cardlab.load`` and ``cardlab.from_json``::

    from cardlab.engine import registry
    registry.register("example", "cardlab.games.example")

Rules (the IDs ``EX-…`` are this docstring's own):

* EX-1 the pack: 24 cards, A K Q J 10 9 in spades, clubs, diamonds and hearts. Three
  players, seats 0-2 = P1 P2 P3 clockwise, each for itself.
* EX-2 the deal: the dealer gives 7 cards to each player in one packet, starting on
  his left, and the last 3 to the stock; the top card of the stock is turned face up
  (the turn-up) and its suit is trumps. The deal passes to the left.
* EX-3.1 the call: from the dealer's left, each player in turn passes or calls, once.
  EX-3.2 a call undertakes to win at least 4 of the 7 tricks alone; it ends the calling.
  EX-3.3 when all three pass, the deal is played with no caller.
* EX-4.1 the caller leads to the first trick (with no caller, the dealer's left).
  EX-4.2 a player must follow the suit led if he can; otherwise he may play any card.
  EX-4.3 under ``must_trump=True`` a player who cannot follow must trump if he can.
  EX-4.4 the highest trump wins the trick, else the highest card of the suit led (A K Q
  J 10 9); the winner leads to the next.
* EX-5.1 every trick is worth one point to its winner. EX-5.2 a caller who wins 4 tricks
  or more scores ``call_value`` more; with fewer, ``call_value`` less.
* EX-6 a match: deals until a seat has ``target`` points; the highest score wins.

Phases: ``call`` → ``play`` → ``done``. Actions: ``pass``, ``call``, ``play AS``.
Refusal codes: ``already_passed``, ``not_your_turn``, ``wrong_phase``,
``unknown_action``, ``bad_notation``, ``unknown_card``, ``card_not_held``,
``must_follow_suit``, ``must_trump``, ``game_over``.

Options (EX-6; presets ``standard``, the defaults, and ``strict``, ``must_trump=True``):

================  ========  ====================================================
option            default   values
================  ========  ====================================================
``players``       ``3``     ``3`` (EX-1)
``must_trump``    False     True: who cannot follow must trump (EX-4.3)
``call_value``    ``4``     1 to 100: the caller's bonus or loss (EX-5.2; scoring only)
``target``        ``15``    1 to 1000: the points that end a match (EX-6)
================  ========  ====================================================

The common API: ``state.contract`` is ``'call'`` once a player has called, else None;
``state.caller`` is that seat; ``state.trump`` the turn-up's suit; ``state.stock`` the
stock top first (``state.turnup`` its first card). ``effective_suit`` is the printed
suit and ``card_value`` None (no card points). ``result.figures`` holds the core keys
and ``call_bonus`` (the caller's ``±call_value``, or 0).

Glossary: *turn-up* the stock's top card, face up, naming trumps; *stock* the three
cards not dealt; *caller* the player who called (the game's declarer).

>>> from cardlab.games.example import GAME
>>> state = GAME.load().deal(seed=1, dealer=0)
>>> state.phase, state.game.seat_name(state.to_move), state.legal_actions()
('call', 'P2', [Action('pass'), Action('call')])
>>> state.apply("call").phase
'play'
"""

from __future__ import annotations

from cardlab.games.example.game import ExampleGame
from cardlab.games.example.match import ExampleMatch
from cardlab.games.example.state import ExampleState

GAME = ExampleGame
#: the modules beyond the common shape, each a mechanic of the game's own vocabulary: none: Turn-up Whist has only the common parts
MECHANICS: tuple[str, ...] = ()

__all__ = ["GAME", "ExampleGame", "ExampleMatch", "ExampleState"]
