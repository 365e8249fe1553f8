"""Five Hundred's play phase in compiled per-deal loops: the kernel compiled as written, the
legal cards and the step (the heuristic's choice, the card played), for each deal of a step.

:func:`cardlab.solve.jit.compiled_kernel` compiles the kernel's own functions
(:mod:`cardlab.games.five_hundred.kernel`) once per process, so a step here asks the same
``legal_mask`` and ``trick_best`` as the engine, on one deal's scalars. The heuristic's
choice is :func:`cardlab.bots.five_hundred_play.choose_one`, the scalar bot's own rule
(compiled), so the batch plays the bot's card in every position.

Card masks are ``int64`` here (views of the batch's ``uint64`` arrays: every pack has at
most 63 cards), so the kernel's bit operations keep one integer type. The batch
(:class:`~cardlab.sim.five_hundred.batch.FiveHundredBatch`) hands its arrays over as one
tuple (:data:`STATE`: their order), the tables as another
(:attr:`~cardlab.sim.five_hundred.batch.FiveHundredTables.compiled`); the loops change the
state arrays in place and pass over the deals already done.
"""

from __future__ import annotations

from typing import Any

from cardlab.bots.five_hundred_play import choose_one
from cardlab.games.five_hundred import kernel
from cardlab.games.five_hundred.rules import TRICKS
from cardlab.solve.jit import compiled_kernel, jit

__all__ = ["STATE", "legal_mask", "trick_best", "mover_hand", "legal_all", "play_step"]

#: the batch's arrays a step reads and writes, in the order of the state tuple
STATE = ("hands", "played", "hidden", "pending", "under", "table", "led", "n_played",
         "n_active", "to_move", "best", "best_seat", "suits_led", "voids", "misere",
         "declarer", "contractors", "active", "ctricks", "tricks_won", "n_tricks",
         "n_actions", "done", "winners", "gone")

_K = compiled_kernel(kernel, ["legal_mask", "follow_mask", "trick_best"])
legal_mask, follow_mask, trick_best = _K.legal_mask, _K.follow_mask, _K.trick_best


@jit
def mover_hand(hands: Any, played: Any, hidden: Any, ghosts: bool, b: int, seat: int) -> Any:
    """The cards ``seat`` may play from in deal ``b``: its hand now, a ghost's face-up cards
    only (what the bot's view of it shows)."""
    hand = hands[b, seat] & ~played[b]
    if ghosts:
        hand &= ~hidden[b]
    return hand


@jit
def legal_all(tables: Any, state: Any, out_legal: Any, out_names: Any) -> None:
    """5H-7.1-5H-7.3 in every deal not done: the legal cards of the seat to move and, when
    it leads an unnominated joker, the suits it may name (the kernel's ``legal_mask``),
    into ``out_legal`` and ``out_names``."""
    (suitmask, free_mask, _, _, _, _, flags, _, _, ghosts, _, _, _) = tables
    (hands, played, hidden, _, _, table, led, n_played, _, to_move, _, _, suits_led,
     voids, misere, _, _, _, _, _, n_tricks, _, done, _, _) = state
    for b in range(done.shape[0]):
        if done[b]:
            continue
        seat, t = to_move[b], table[b]
        hand = mover_hand(hands, played, hidden, ghosts, b, seat)
        if hand & free_mask[t] == 0:
            # no unnominated joker in the hand: legal_mask is follow_mask (5H-7.1 alone; a
            # kernel property, tested), and asking it alone keeps random play as fast as
            # the vectorised step it replaced
            out_legal[b] = follow_mask(hand, suitmask[t * 5 + led[b]], n_played[b] == 0)
            out_names[b] = 0
            continue
        out_legal[b], out_names[b] = legal_mask(
            hand, suitmask[t * 5 + led[b]], n_played[b] == 0, free_mask[t], suits_led[b],
            voids[b, seat], n_tricks[b] + 1, misere[b], flags)


@jit
def play_step(tables: Any, state: Any, heuristic: bool, card_in: Any, named_in: Any,
              live: Any, keep_winners: bool, to_end: bool, out_card: Any, out_named: Any
              ) -> None:
    """One card in every ``live`` deal (with ``to_end``, every card to the deal's end: the
    heuristic draws nothing, so each deal may be played out on its own): with
    ``heuristic`` the heuristic's (:func:`~cardlab.bots.five_hundred_play.choose_one` on
    what the seat to move sees: its hand, a ghost's face-up cards only, the cards gone, the
    trick, the contract, among its legal cards), else ``card_in`` naming ``named_in`` for a
    joker lead (-1: none); the card and the suit go to ``out_card`` and ``out_named`` (-1
    in a deal not live; the last card with ``to_end``).

    The play: the trick's best card (the kernel's ``trick_best`` on the contract's tabled
    ``trick_key``), the next seat (skipping the misère partners sitting out) and, once the
    trick is complete, its winner's trick (B-FR: the cards beneath the ghosts' played cards
    turn up) and the deal's end (5H-7.4 a misère ends at the contractor's first trick)."""
    (suitmask, free_mask, bit, suit_bit, eff_pad, strength, flags, not_shown_void,
     stop_misere, ghosts, n_cards, seats, play) = tables
    (hands, played, hidden, pending, under, table, led, n_played, n_active, to_move, best,
     best_seat, suits_led, voids, misere, declarer, contractors, active, ctricks, tricks_won,
     n_tricks, n_actions, done, winners, gone) = state
    c1 = n_cards + 1
    for b in range(live.shape[0]):
        out_card[b] = -1
        out_named[b] = -1
        if not live[b]:
            continue
        t = table[b]
        while not done[b]:
            p = to_move[b]
            lead = n_played[b] == 0
            if heuristic:
                hand = hands[b, p] & ~played[b]
                if ghosts:  # a ghost plays its face-up cards only
                    hand &= ~hidden[b]
                legal, names = legal_mask(hand, suitmask[t * 5 + led[b]], lead, free_mask[t],
                                          suits_led[b], voids[b, p], n_tricks[b] + 1,
                                          misere[b], flags)
                card, named = choose_one(play, t, hand, legal, names, gone[b] | played[b],
                                         n_played[b], led[b], best[b], best_seat[b], p,
                                         declarer[b], misere[b], n_active[b])
            else:
                card, named = card_in[b], named_in[b]
            out_card[b] = card
            out_named[b] = named
            played[b] |= bit[card]
            eff = eff_pad[t * c1 + card]
            if lead:
                new_led = named if named >= 0 else eff
                suits_led[b] |= suit_bit[new_led]
                led[b] = new_led
            elif not_shown_void and eff != led[b]:
                voids[b, p] |= suit_bit[led[b]]
            k = strength[(t * 5 + led[b]) * c1 + card]
            best[b], best_seat[b] = trick_best(k, best[b], best_seat[b], p, lead)
            n_played[b] += 1
            n_actions[b] += 1
            if ghosts:  # B-FR the card beneath a ghost's card, at the trick's end
                pending[b] |= under[b, card]
            if n_played[b] != n_active[b]:
                nxt = (p + 1) % seats
                while not active[b, nxt]:
                    nxt = (nxt + 1) % seats
                to_move[b] = nxt
            else:
                # 5H-7.1 the trick's winner (every card is unique: no ties) leads the next
                winner = best_seat[b]
                to_move[b] = winner
                if (contractors[b] >> winner) & 1:
                    ctricks[b] += 1
                tricks_won[b, winner] += 1
                if keep_winners:
                    winners[b, n_tricks[b]] = winner
                n_tricks[b] += 1
                n_played[b] = 0
                if ghosts:
                    hidden[b] &= ~pending[b]
                    pending[b] = 0
                if n_tricks[b] == TRICKS or (stop_misere and misere[b] and winner == declarer[b]):
                    done[b] = True
            if not to_end:
                break
