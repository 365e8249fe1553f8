"""The tutorials' exercises by id: each builds its deal with the engine, and the engine answers.

Every exercise is a deal (a seed, or a deal string) and the actions that lead to the
moment it asks about, written here as data. Its answer is never written down: the engine
computes it from that deal (the legal plays, a trick's winner, the score of the finished
deal), and so are the reasons why other answers are wrong. A notebook only names the id,
``exercise("five_hundred/spade-trick")`` (:func:`cardlab.teaching.exercise`).

>>> from cardlab.exercises import build, names
>>> "officer_skat/jack-lead" in names()
True
>>> build("officer_skat/jack-lead").kind
'many'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardlab.engine.registry import load
from cardlab.engine.state import State
from cardlab.errors import did_you_mean
from cardlab.teaching import (
    Exercise,
    card_text,
    legal_cards_exercise,
    score_exercise,
    trick_winner_exercise,
)

__all__ = ["Setting", "build", "names"]


@dataclass(frozen=True)
class Setting:
    """A deal and the actions that lead to an exercise's moment.

    :ivar game: the game's registry name (default options).
    :ivar actions: the actions from the deal on, comma separated (as the tutorials'
        records are written).
    :ivar seed: with ``dealer``, the seeded deal; or None with ``deal``.
    :ivar deal: a deal string (``game.deal_from_string``); the part named ``rest`` may
        be left out and is then filled with the cards left, in pack order.
    :ivar finish: play on to the end of the deal, each seat taking its first legal action
        (for a question about the score; the deal is built so that the play cannot change
        what is asked).
    """

    game: str
    actions: str = ""
    seed: int | None = None
    dealer: int = 0
    deal: str | None = None
    rest: str = ""
    finish: bool = False

    def state(self) -> State:
        """The state at the exercise's moment, built and checked by the engine."""
        game = load(self.game)
        if self.deal is not None:
            text = self.deal
            if self.rest:
                named = set(game.deck.parse_many(
                    " ".join(part.split(":", 1)[1] for part in text.split("/"))))
                left = [c.code for c in game.deck if c not in named]
                text = f"{text} / {self.rest}: {' '.join(left)}"
            state = game.deal_from_string(text, self.dealer)
        else:
            state = game.deal(seed=self.seed, dealer=self.dealer)
        for action in (a.strip() for a in self.actions.split(",")):
            if action:
                state = state.apply(action)
        while self.finish and not state.is_over:
            state = state.apply(state.legal_actions()[0])
        return state


def _expect(condition: bool, what: str) -> None:
    """Refuse to build an exercise whose deal no longer shows what its question says (the
    engine's rules changed under the data): a loud error, never a wrong question."""
    if not condition:
        raise RuntimeError(f"exercise data out of date: {what}")


def _play_start(state: State) -> State:
    """The first state of the play (the hands as they are when the first card is led)."""
    for s in state.states():
        if s.phase == "play":
            return s
    raise ValueError("this deal never reached the play")


_BUILDERS: dict[str, Callable[[str], Exercise]] = {}


def _exercise(ident: str) -> Callable[[Callable[[str], Exercise]],
                                      Callable[[str], Exercise]]:
    def register(fn: Callable[[str], Exercise]) -> Callable[[str], Exercise]:
        _BUILDERS[ident] = fn
        return fn

    return register


def names() -> list[str]:
    """Every exercise id, in the order of the tutorials."""
    return list(_BUILDERS)


def build(ident: str) -> Exercise:
    """A fresh exercise ``ident`` (its own count of tries).

    :raises KeyError: for an unknown id, naming the known ones.
    """
    fn = _BUILDERS.get(ident)
    if fn is None:
        raise KeyError(f"unknown exercise {ident!r}{did_you_mean(ident, _BUILDERS)}; "
                       f"the exercises are {', '.join(_BUILDERS)}")
    return fn(ident)


# -- Five Hundred (01_five_hundred) --------------------------------------------------------

#: the tutorial's first deal (seed 315, W deals) to W's joker lead at the first trick
FIVE_HUNDRED_FIRST_DEAL = Setting(
    "five_hundred", seed=315, dealer=3,
    actions="pass, pass, bid 6S, bid 6D, bid 7S, bid 7D, pass, discard 5S 9H 6H, play JK")


@_exercise("five_hundred/joker-lead")
def _five_hundred_joker_lead(ident: str) -> Exercise:
    return legal_cards_exercise(
        FIVE_HUNDRED_FIRST_DEAL.state(), ident=ident,
        question="Diamonds are trumps and W led the joker. Which cards may N play?",
        hint="The joker is a trump, so N must play a trump if possible. Which of N's cards "
             "are diamonds this deal? Look at the jacks.")


@_exercise("five_hundred/spade-trick")
def _five_hundred_spade_trick(ident: str) -> Exercise:
    state = Setting(
        "five_hundred", dealer=3,
        deal="N: JK JS AS QS AH KH AD KD AC KC / E: JC 10S 9S QC 10C QD 10D QH 10H 9H / "
             "S: KS 8S 7S 9C 8C 9D 8D 7D 8H 7H / W: JH 7C 6C 5C JD 6D 5D 4D 6H 5H / "
             "kitty: 6S 5S 4H",
        actions="bid 6S, pass, pass, pass, discard 6S 5S 4H, "
                "play AS, play JC, play KS, play JH").state()
    return trick_winner_exercise(state, ident=ident,
                                 hint="Which jack is the same colour as the spades?")


@_exercise("five_hundred/slam-score")
def _five_hundred_slam(ident: str) -> Exercise:
    state = Setting(
        "five_hundred", dealer=3,
        deal="N: JK JH JD AH KH QH 10H 9H 8H 7H / E: AS QS 10S 8S AD QD 10D KC 9C 7C / "
             "S: KS JS 9S 7S KD 9D 7D AC QC 5C / W: 6S 5S 8D 6D 5D 4D JC 10C 8C 6C / "
             "kitty: 6H 5H 4H",
        actions="bid 7H, pass, pass, pass, discard 6H 5H 4H", finish=True).state()
    result = state.result
    _expect(result is not None and result.figures["tricks"]["NS"] == 10, "NS take all ten")
    assert result is not None
    value = next(row["value"] for row in state.game.bid_ladder() if row["call"] == "7H")
    return score_exercise(
        state, result.points["NS"], ident=ident,
        question=f"N bid seven hearts (worth {value} on the Avondale table) and NS took all "
                 f"ten tricks. How many points do NS score?",
        hint="Taking all ten tricks is a slam. Is a slam worth more than the bid?",
        traps={value: "that is the bid's value, but all ten tricks make a slam."})


# -- Officer Skat (02_officer_skat) ----------------------------------------------------------

#: the tutorial's recorded deal (seed 84, P1 deals): hearts, Kontra and Re, the first plays
OFFICER_SKAT_RECORD = ("declare H, kontra, re, play JD, play 10H, play AH, play JS")


@_exercise("officer_skat/jack-lead")
def _officer_skat_jack_lead(ident: str) -> Exercise:
    actions = ", ".join(OFFICER_SKAT_RECORD.split(", ")[:4])
    return legal_cards_exercise(
        Setting("officer_skat", seed=84, dealer=0, actions=actions).state(), ident=ident,
        question="P2 led the jack of diamonds in a hearts game. Which face-up cards may P1 "
                 "play?",
        hint="Which suit is the jack of diamonds in a hearts game? Which of P1's cards are "
             "in it?")


@_exercise("officer_skat/hearts-trick")
def _officer_skat_hearts_trick(ident: str) -> Exercise:
    state = Setting("officer_skat", seed=84, dealer=0, actions=OFFICER_SKAT_RECORD).state()
    return trick_winner_exercise(
        state, ident=ident, hint="Look at the trump ladder for hearts: where are the jacks?")


@_exercise("officer_skat/four-jacks-score")
def _officer_skat_four_jacks(ident: str) -> Exercise:
    state = Setting(
        "officer_skat", dealer=0,
        deal="P1 down: 8C 7C 10D KD QD 8D 7D QS / P1 up: 9H 8H 7H 9S 8S 7S KC 9C / "
             "P2 down: AS 10S AC 10C AD KS QC 9D / P2 up: JC JS JH JD AH 10H KH QH",
        actions="declare H, no_kontra", finish=True).state()
    result = state.result
    assert result is not None
    fig = result.figures
    _expect(fig["matadors"] == 4 and fig["with"] and fig["schneider"] and not fig["schwarz"],
            "with 4, won with Schneider")
    game = state.game
    _expect(result.declarer is not None, "a declarer")
    declarer = game.seat_name(result.declarer)
    other = next(n for n in game.seat_names if n != declarer)
    before = (fig["matadors"] + 1) * fig["base"]
    isko = game.score_deal(state, game_value="isko_levels").points[declarer]
    return score_exercise(
        state, result.points[declarer], ident=ident,
        question=f"{declarer} declared hearts holding all four jacks (\u201cwith 4\u201d) and "
                 f"won; {other} took only {fig['card_points'][other]} card points. Nobody "
                 f"said Kontra. How many points does {declarer} score?",
        hint="game value = (matadors + 1) \u00d7 base value; then check Schneider (fewer "
             "than 30).",
        traps={before: f"that is the game value before Schneider: {other}'s "
                       f"{fig['card_points'][other]} card points are fewer than 30.",
               isko: "that is the ISkO way (one more level); here Schneider doubles."})


# -- Pandoeren (03_pandoeren) ------------------------------------------------------------------

#: the tutorial's other deal (seed 4, W deals): W declares clubs and calls the A♥
PANDOEREN_OTHER = ("pass, pass, pass, bid 120, discard JH, trump C, call AH, "
                   "play AC, play 6H, play 9C, play 8H, play 7D, play 9D")


def _pandoeren_other(n: int) -> State:
    actions = ", ".join(PANDOEREN_OTHER.split(", ")[:n])
    return Setting("pandoeren", seed=4, dealer=3, actions=actions).state()


@_exercise("pandoeren/diamond-lead")
def _pandoeren_diamond_lead(ident: str) -> Exercise:
    return legal_cards_exercise(
        _pandoeren_other(13), ident=ident,
        question="Diamonds were led, clubs are trumps. Which cards may W play?",
        hint="W can follow suit. In Pandoeren, following suit is not the only choice.")


@_exercise("pandoeren/clubs-trick")
def _pandoeren_clubs_trick(ident: str) -> Exercise:
    return trick_winner_exercise(
        _pandoeren_other(11), ident=ident,
        hint="Look at the trump ladder: which is higher, the ace or the nel?")


@_exercise("pandoeren/roem-stuk")
def _pandoeren_roem_stuk(ident: str) -> Exercise:
    state = Setting(
        "pandoeren", dealer=3,
        deal="N: AS KS 9S 8S 9C 8C 10D 9D / E: JS 10S 7C AC 8D 7D AH 9H / "
             "S: QS 10C JD KH QH JH 10H 7H / W: KC QC JC AD KD QD 7S 8H / kijkkaart: 6H",
        actions="pass, pass, pass, bid 120, discard 6H, trump C, call AS", finish=True).state()
    result = state.result
    assert result is not None
    fig = result.figures
    game = state.game
    declarer = game.seat_name(result.declarer)
    partner = fig["partner"]
    _expect(not fig["roem_info"]["combinations"].get(partner), "the partner holds no roem")
    seat = result.declarer
    _expect(seat is not None, "a declarer")
    assert seat is not None
    start = _play_start(state)
    hand = " ".join(card_text(state, c) for c in start.hands[seat])
    roem, stuk = fig["roem"], fig["stuk"]
    return score_exercise(
        state, roem + stuk, ident=ident,
        question=f"Clubs are trumps. At the start of play {declarer}, the declarer, holds "
                 f"{hand}. How many points do {declarer}'s roem and stuk add up to?",
        hint="Look for runs of three or more in each suit. Are the king and queen of trumps "
             "worth something more?",
        traps={roem: "that is the roem alone: the king and queen of trumps are also stuk.",
               stuk: "that is the stuk alone: look for runs in every suit too."})


# -- Panfin (04_panfin) --------------------------------------------------------------------------

#: the tutorial's deal (seed 8, P1 deals) to P4's turn at the second trick
PANFIN_FIRST_DEAL = Setting(
    "panfin", seed=8, dealer=0,
    actions="fold, tengo RB 6B 3C, tengo 7B 4B 6C, tengo 5D, swap FD, "
            "play 7S, play CS, play FS, play 6S, play 4C")


@_exercise("panfin/trump-lead")
def _panfin_trump_lead(ident: str) -> Exercise:
    return legal_cards_exercise(
        PANFIN_FIRST_DEAL.state(), ident=ident,
        question="Spade is dominant and P1 led the 6 of spade. Which cards may P4 play?",
        hint="A trump was led. Which of P4's cards are trumps, and do they beat the 6?")


@_exercise("panfin/coppe-trick")
def _panfin_coppe_trick(ident: str) -> Exercise:
    state = Setting(
        "panfin", dealer=0,
        deal="P1: FB 3S 5B 6B / P2: AD 2S 4B 7S / P3: 2C 3B 4S 5S / P4: RD 6S 7B 3C / "
             "turnup: 4C", rest="stock",
        actions="tengo, tengo, tengo, tengo, swap 4C, "
                "play AD, play 2C, play RD, play FB").state()
    return trick_winner_exercise(
        state, ident=ident, lead_in="Coppe is dominant.",
        hint="Which of these cards are trumps? Is the Gobbo one of them?")


@_exercise("panfin/naturali-chips")
def _panfin_naturali(ident: str) -> Exercise:
    state = Setting(
        "panfin", dealer=0,
        deal="P1: AB 3S 5B 6D / P2: AD 2S 4B RS / P3: 7S 7B 7C 7D / P4: RD 6S CB 3C / "
             "turnup: 4C", rest="stock",
        actions="fold, tengo, tengo, tengo").state()
    result = state.result
    _expect(result is not None and result.contract == "naturali", "a Naturali")
    assert result is not None
    game = state.game
    payments: Sequence[dict[str, object]] = result.figures["payments"]
    pot = sum(int(str(p["amount"])) for p in payments if p["to"] == "pot")
    p2, p3 = game.seat_name(1), game.seat_name(2)
    paid = sum(int(str(p["amount"])) for p in payments
               if p["from_name"] == p2 and p["to_name"] == p3)
    return score_exercise(
        state, paid, ident=ident,
        question=f"The pot holds {pot} chips. {p2} folds; the others say tengo and keep their "
                 f"cards, and {p3} shows four 7s: a Naturali. How many chips does {p2} pay "
                 f"{p3}?",
        hint="Folding usually protects you. Is the Naturali an exception?",
        traps={0: "the Naturali bonus is paid by every other player, even one who folded.",
               pot: "that is the pot: it is paid out of the pot itself, not by a player."})
