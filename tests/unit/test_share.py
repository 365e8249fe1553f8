"""Share codes (cardlab/engine/share.py): a short text that gives back a deal at a step.

Round trips over every registered game and form (seeded and stacked deals, at the start,
mid-deal and at the end), the 200-character bound for seeded deals played out by the
heuristic bots, codes from other cardlab versions, and forged or damaged codes.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import table_forms

import cardlab
import cardlab.version
from cardlab.bots import RandomBot, bot_for
from cardlab.engine import share
from cardlab.engine.rng import SplitMix64
from cardlab.engine.share import Shared, read_share, share_code
from cardlab.engine.state import State
from cardlab.errors import RecordError

#: every game and form: (game, options)
#: every table of every registered game, and an option that changes who deals next
FORMS: list[tuple[str, dict[str, Any]]] = [*table_forms(), ("pandoeren", {"all_pass": "same_dealer"})]
IDS = [name + "".join(f"-{v}" for v in opts.values()) for name, opts in FORMS]
COPY_SAFE = re.compile(r"[A-Za-z0-9._~-]+")


def bots_play(state: State, *, until: int | None = None) -> State:
    """The heuristic bots play on (one per seat, seeded by its seat, as the Table's)."""
    bots: dict[int, Any] = {}
    while not state.is_over and (until is None or len(state.history) < until):
        seat = state.to_move
        assert seat is not None
        bot = bots.setdefault(seat, bot_for(state.game.name, "heuristic", seed=seat))
        state = state.apply(bot.choose(state))
    return state


def assert_same_line(shared: Shared, state: State) -> None:
    """The code gave back exactly ``state``'s line."""
    assert shared.state.to_json() == state.to_json()
    assert [s.to_json() for s in shared.line] == [s.to_json() for s in state.states()]
    assert shared.line[-1] is shared.state
    assert shared.state.phase == state.phase and shared.state.to_move == state.to_move
    assert shared.state.hands == state.hands
    if state.is_over:
        assert state.result is not None and shared.state.result is not None
        assert shared.state.result.as_dict() == state.result.as_dict()


def test_forms_cover_every_registered_game() -> None:
    assert {name for name, _ in FORMS} == set(cardlab.game_names())


def test_share_is_exported_from_cardlab() -> None:
    assert cardlab.share_code is share_code and cardlab.read_share is read_share


def test_engine_module_imports_no_higher_layer() -> None:
    """cards → engine → games → bots → …: the share module names only cards, engine, errors
    and the version (the lowest layer), never the package that gathers the games."""
    tree = ast.parse(Path(share.__file__).read_text(encoding="utf-8"))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
    ours = {m for m in imported if m and m.startswith("cardlab")}
    assert ours <= {"cardlab.version", "cardlab.cards", "cardlab.engine", "cardlab.engine.registry",
                    "cardlab.engine.options", "cardlab.engine.state", "cardlab.engine.game",
                    "cardlab.engine.record",
                    "cardlab.errors"}, ours


# -- round trips ------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "opts"), FORMS, ids=IDS)
def test_seeded_deal_round_trips_at_start_mid_and_end(name: str, opts: dict[str, Any]) -> None:
    game = cardlab.load(name, **opts)
    for seed in (0, 11, 2**63 + 5):
        dealer = seed % game.players
        end = bots_play(game.deal(seed=seed, dealer=dealer))
        last = len(end.history)
        for step in sorted({0, last // 2, last}):
            code = share_code(end, step=step, bots="heuristic")
            assert COPY_SAFE.fullmatch(code), code
            assert code.startswith(f"cl1~{name}~v") and f"~s{seed}~d{dealer}~" in code
            shared = read_share(code)
            assert_same_line(shared, end)
            assert shared.step == step and shared.shown is shared.line[step]
            assert len(shared.shown.history) == step
            assert shared.bots == "heuristic" and shared.version == cardlab.version.__version__
            assert shared.game == game and getattr(shared.state, "seed", None) == seed
        # a line that stops mid-deal (a table in play mode) shares too
        mid = bots_play(game.deal(seed=seed, dealer=dealer), until=last // 2)
        shared = read_share(share_code(mid))
        assert_same_line(shared, mid)
        assert shared.step == len(mid.history) and shared.bots is None


@pytest.mark.parametrize(("name", "opts"), FORMS, ids=IDS)
def test_seeded_codes_fit_in_200_characters(name: str, opts: dict[str, Any]) -> None:
    game = cardlab.load(name, **opts)
    for seed in range(12):
        end = bots_play(game.deal(seed=seed * 1_000_003, dealer=seed % game.players))
        assert end.is_over
        code = share_code(end, bots="heuristic")
        assert len(code) <= 200, (len(code), code)
        assert read_share(code).step == len(end.history)


@pytest.mark.parametrize(("name", "opts"), FORMS, ids=IDS)
def test_stacked_deal_round_trips(name: str, opts: dict[str, Any]) -> None:
    game = cardlab.load(name, **opts)
    seeded = game.deal(seed=5, dealer=1)
    stacked = game.deal_from_string(seeded.deal_string(), dealer=1)
    end = bots_play(stacked)
    code = share_code(end, step=1)
    assert "~k" in code and "~s" not in code and COPY_SAFE.fullmatch(code)
    assert len(code) <= 400, len(code)
    shared = read_share(code)
    assert_same_line(shared, end)
    assert shared.line[0].setup == stacked.setup and shared.step == 1


def test_panfin_cut_and_carried_pot_round_trip() -> None:
    game = cardlab.load("panfin")
    # stacked with a cut card shown (the deal string does not carry the cut; the setup does)
    cut = game.deal(seed=3)
    stacked = game.deal(dealer=2, **{k: v for k, v in cut.setup.items() if k != "dealer"})
    assert stacked.setup["cut"]
    shared = read_share(share_code(bots_play(stacked)))
    assert shared.line[0].setup == stacked.setup
    # seeded, with a pot carried over and stacks: the seed plus the other deal arguments
    carried = game.deal(seed=8, dealer=3, pot=7, stacks=[20, 18, 25, 19])
    code = share_code(bots_play(carried))
    assert "~s8~d3~x" in code
    shared = read_share(code)
    assert shared.line[0].setup == carried.setup and shared.line[0].setup["pot"] == 7


def test_negative_and_huge_seeds_round_trip() -> None:
    game = cardlab.load("officer_skat")
    negative = bots_play(game.deal(seed=-3, dealer=1))
    code = share_code(negative)
    assert "~s-3~d1~" in code and getattr(read_share(code).state, "seed", None) == -3
    # a seed past 20 digits is written modulo 2**64: the shuffle reads it so (the same deal)
    huge = bots_play(game.deal(seed=10**30, dealer=0))
    code = share_code(huge)
    assert f"~s{10**30 % 2**64}~" in code
    assert read_share(code).line[0].setup == huge.states()[0].setup


def test_a_match_deal_round_trips() -> None:
    match = cardlab.load("five_hundred").match(seed=4)
    first = bots_play(match.deal())
    match.record(first)
    second = bots_play(match.deal())
    shared = read_share(share_code(second))
    assert_same_line(shared, second)


def test_a_non_default_option_round_trips_and_changes_the_replay() -> None:
    default = cardlab.load("five_hundred")
    sans = cardlab.load("five_hundred", sans_kitty_allowed=True)
    state = sans.deal(seed=9, dealer=0)
    code = share_code(state)
    assert "~osans_kitty_allowed-t~" in code
    shared = read_share(code)
    assert shared.game.options.sans_kitty_allowed is True
    legal_here = {str(a) for a in shared.state.legal_actions()}
    legal_default = {str(a) for a in default.deal(seed=9, dealer=0).legal_actions()}
    assert any("sans_kitty" in a for a in legal_here - legal_default)
    # the same code without its option replays to another deal: refused by the check
    with pytest.raises(RecordError, match="check does not match") as err:
        read_share(code.replace("~osans_kitty_allowed-t", ""))
    assert err.value.code == "bad_check"


def test_an_option_that_is_no_word_travels_as_json() -> None:
    game = cardlab.load("pandoeren", game_end={"deals": 8}, roem_announce="auto")
    code = share_code(bots_play(game.deal(seed=2, dealer=1)))
    assert "~O" in code and "~o" not in code
    shared = read_share(code)
    assert shared.game == game and shared.game.options.game_end == {"deals": 8}


def test_a_preset_round_trips() -> None:
    game = cardlab.load("pandoeren", preset="butselaar")
    shared = read_share(share_code(game.deal(seed=1)))
    assert shared.game == game


def test_whitespace_and_line_breaks_in_a_code_are_ignored() -> None:
    code = share_code(bots_play(cardlab.load("panfin").deal(seed=1)))
    broken = "  " + code[:20] + "\n" + code[20:40] + " \t" + code[40:] + "\n"
    assert read_share(broken).state.to_json() == read_share(code).state.to_json()


def test_shared_repr_is_deterministic() -> None:
    shared = read_share(share_code(cardlab.load("panfin").deal(seed=1), bots="random"))
    assert repr(shared) == ("Shared(Game('panfin'), step 0 of 0, bots='random', made with "
                            f"cardlab {cardlab.version.__version__})")


@settings(max_examples=300)
@given(form=st.sampled_from(FORMS), seed=st.integers(0, 2**64 - 1),
       length=st.integers(0, 200), step_at=st.floats(0, 1))
def test_property_random_lines_round_trip(form: tuple[str, dict[str, Any]], seed: int,
                                          length: int, step_at: float) -> None:
    name, opts = form
    game = cardlab.load(name, **opts)
    state = game.deal(seed=seed, dealer=seed % game.players)
    bot = RandomBot(seed ^ 0xC0DE)
    while not state.is_over and len(state.history) < length:
        state = state.apply(bot.choose(state))
    step = int(step_at * len(state.history))
    code = share_code(state, step=step)
    if state.is_over:
        assert len(code) <= 200, code
    shared = read_share(code)
    assert_same_line(shared, state)
    assert shared.step == step


# -- other versions ---------------------------------------------------------------------------
def test_another_version_that_replays_the_same_is_accepted(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    end = bots_play(cardlab.load("officer_skat").deal(seed=3, dealer=1))
    code = share_code(end, step=5)
    monkeypatch.setattr(cardlab.version, "__version__", "9.4.1+g1234")
    shared = read_share(code)
    assert shared.version != cardlab.version.__version__ and shared.step == 5
    assert_same_line(shared, end)
    # and a code made by that version reads here
    newer = share_code(end)
    assert "~v9.4.1_g1234~" in newer
    monkeypatch.undo()
    assert read_share(newer).version == "9.4.1+g1234"


def test_another_version_that_replays_differently_is_refused(monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    end = bots_play(cardlab.load("pandoeren").deal(seed=3, dealer=1))
    code = share_code(end)
    state_class = type(end)
    listed = state_class.legal_actions
    # "cardlab 9.0" lists the legal actions in another order
    monkeypatch.setattr(cardlab.version, "__version__", "9.0")
    monkeypatch.setattr(state_class, "legal_actions",
                        lambda self: list(reversed(listed(self))))
    with pytest.raises(RecordError) as err:
        read_share(code)
    assert err.value.code == "other_version" and isinstance(err.value, ValueError)
    message = str(err.value)
    assert f"made with cardlab {end_version(code)}; this is cardlab 9.0" in message
    assert "replays differently" in message
    # the same code, when this cardlab made it, is refused as damaged instead
    monkeypatch.setattr(cardlab.version, "__version__", end_version(code))
    with pytest.raises(RecordError) as err:
        read_share(code)
    assert err.value.code in ("bad_check", "bad_actions")


def end_version(code: str) -> str:
    """The version a code names."""
    return next(f[1:] for f in code.split("~")[2:] if f.startswith("v")).replace("_", "+")


def test_another_version_dealing_differently_is_refused() -> None:
    code = share_code(bots_play(cardlab.load("five_hundred").deal(seed=3, dealer=1)))
    # as if cardlab 0.0.1 had shuffled seed 3 into another deal: another seed, same check
    other = code.replace("~s3~", "~s4~").replace(f"~v{cardlab.version.__version__}~", "~v0.0.1~")
    with pytest.raises(RecordError, match=r"made with cardlab 0\.0\.1; this is cardlab "
                       + re.escape(cardlab.version.__version__)) as err:
        read_share(other)
    assert err.value.code == "other_version"


# -- forged and damaged codes -----------------------------------------------------------------
@pytest.fixture(scope="module")
def code() -> str:
    end = bots_play(cardlab.load("five_hundred").deal(seed=21, dealer=2))
    return share_code(end, step=9, bots="heuristic")


def replace_field(code: str, tag: str, value: str) -> str:
    """``code`` with field ``tag`` set to ``value``."""
    return "~".join(tag + value if f.startswith(tag) and i > 1 else f
                    for i, f in enumerate(code.split("~")))


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"),
    ("hello world", "not a cardlab share code"),
    ("cl2~panfin~v1.0~s1~d0~a0~t0~cAAAAAA", "newer cardlab"),
    ("cl1", "game is missing"),
    ("cl1~panfin", "the version (field 'v') is missing"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t0", "the check (field 'c') is missing"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t0~cAAAAAA~cAAAAAA", "appears twice"),
    ("cl1~panfin~v0.1.0~d0~s1~a0~t0~cAAAAAA", "out of order"),
    ("cl1~panfin~v0.1.0~s1~a0~t0~cAAAAAA", "dealer (field 'd') is missing"),
    ("cl1~panfin~v0.1.0~a0~t0~cAAAAAA", "either a seed"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~~t0~cAAAAAA", "empty field"),
    ("cl1~panfin~v0.1.0~s1~d0~zz~a0~t0~cAAAAAA", "unknown field"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t0~cAAAA", "6 base64url characters"),
    ("cl1~panfin~v0.1.0~s1x~d0~a0~t0~cAAAAAA", "field 's' must be a whole number"),
    ("cl1~panfin~v0.1.0~s" + "9" * 5000 + "~d0~a0~t0~cAAAAAA", "at most 4000 characters"),
    ("cl1~panfin~v0.1.0~s" + "9" * 30 + "~d0~a0~t0~cAAAAAA", "at most 20 digits"),
    ("cl1~panfin~v0.1.0~s1~d0~a99999~t0~cAAAAAA", "at most 5000"),
    ("cl1~panfin~v0.1.0~s1~d0~a4000~t0~cAAAAAA", "the deal ends after"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t999999~cAAAAAA", "field 't' must be a whole number"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t7~cAAAAAA", "step 7 is past the last action (0)"),
    ("cl1~panfin~v0.1.0~s1~d0~a1.________~t0~cAAAAAA", "action index is out of range"),
    ("cl1~panfin~v0.1.0~s1~d9~a0~t0~cAAAAAA", "dealer must be a seat"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t0~cAAAAAA", "check does not match"),
    ("cl1~panfn~v0.1.0~s1~d0~a0~t0~cAAAAAA", "unknown game 'panfn' (did you mean 'panfin'?)"),
    ("cl1~panfin~v0.1.0~s1~d0~oplayer-i2~a0~t0~cAAAAAA", "unknown option 'player'"),
    ("cl1~panfin~v0.1.0~s1~d0~oplayers-i9~a0~t0~cAAAAAA", "players=9 is not valid"),
    ("cl1~panfin~v0.1.0~s1~d0~oplayers~a0~t0~cAAAAAA", "must be name-value"),
    ("cl1~panfin~v0.1.0~s1~d0~oplayers-q2~a0~t0~cAAAAAA", "must be t, f, n"),
    ("cl1~panfin~v0.1.0~s1~d0~oplayers-i2.players-i3~a0~t0~cAAAAAA", "given twice"),
    ("cl1~panfin~v0.1.0~s1~d0~O_-_-~a0~t0~cAAAAAA", "not base64url JSON"),
    ("cl1~panfin~v0.1.0~s1~d0~OWzFd~a0~t0~cAAAAAA", "must be a JSON object"),  # [1]
    ("cl1~panfin~v0.1.0~keyJwb3QiOiAxfQ~a0~t0~cAAAAAA", "the deal does not load"),
    ("cl1~panfin~v0.1.0~kWzFd~a0~t0~cAAAAAA", "must be an object of deal arguments"),
    ("cl1~panfin~v0.1.0~keyJ0dXJudXAiOiI9KioifQ~a0~t0~cAAAAAA", "the deal does not load"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t0~cAAAAAA!", "character '!' at position"),
    ("cl1~panfin~v0.1.0~s1~d0~a0~t0~c\u00e9AAAAA", "character 'é' at position"),
])
def test_forged_codes_are_refused_clearly(text: str, words: str) -> None:
    with pytest.raises(RecordError, match=re.escape(words)) as err:
        read_share(text)
    assert str(err.value).startswith("share code")


def test_a_card_outside_the_pack_is_refused() -> None:
    # '_' is card 64, past the 40 cards of the Treviso pack; '~' is no card character
    import base64
    import json

    for value in ("=_", "=A~"):
        k = base64.urlsafe_b64encode(json.dumps({"turnup": value}).encode()).decode().rstrip("=")
        with pytest.raises(RecordError, match="the deal does not load"):
            read_share(f"cl1~panfin~v0.1.0~k{k}~a0~t0~cAAAAAA")


def test_not_text_is_refused() -> None:
    for value in (None, b"cl1~panfin", 42, ["cl1"]):
        with pytest.raises(RecordError, match="a code is text"):
            read_share(value)  # type: ignore[arg-type]


def test_ten_megabytes_are_refused_without_reading_them() -> None:
    for huge in ("x" * 10_000_000, "cl1~panfin~" + "A" * 10_000_000, " " * 10_000_000):
        with pytest.raises(RecordError, match="at most 4000 characters"):
            read_share(huge)


def test_a_long_code_of_digits_within_the_bound_is_refused(code: str) -> None:
    long = replace_field(code, "a", "9.{}".format("_" * 3900))
    with pytest.raises(RecordError, match="out of range"):
        read_share(long)


def test_every_cut_of_a_code_is_refused(code: str) -> None:
    for n in range(len(code)):
        with pytest.raises(RecordError):
            read_share(code[:n])


def test_changed_characters_are_refused(code: str) -> None:
    """Any one character changed (outside the version, which may differ) is refused."""
    rng = SplitMix64(7)
    version = code.index("~v") + 2, code.index("~", code.index("~v") + 1)
    tried = 0
    while tried < 250:
        at = rng.randbelow(len(code))
        if version[0] <= at < version[1]:
            continue
        alphabet = "ABCabcxyz0189-_.~"
        new = alphabet[rng.randbelow(len(alphabet))]
        if new == code[at]:
            continue
        tried += 1
        with pytest.raises(RecordError):
            read_share(code[:at] + new + code[at + 1:])


@pytest.mark.parametrize("other", [n for n in cardlab.game_names() if n != "five_hundred"])
def test_another_game_name_is_refused(code: str, other: str) -> None:
    with pytest.raises(RecordError) as err:
        read_share(code.replace("~five_hundred~", f"~{other}~"))
    assert err.value.code in ("bad_check", "bad_actions", "bad_step", "bad_setup")


def test_changed_step_or_bots_are_refused(code: str) -> None:
    for forged in (replace_field(code, "t", "10"), replace_field(code, "b", "random"),
                   code.replace("~bheuristic", "")):
        with pytest.raises(RecordError, match="check does not match"):
            read_share(forged)


# -- share_code's arguments -------------------------------------------------------------------
def test_share_code_refuses_bad_arguments() -> None:
    state = cardlab.load("panfin").deal(seed=1).apply("fold")
    for step in (-1, 2, True, 1.0, "1"):
        with pytest.raises(ValueError, match=r"step must be a whole number 0…1"):
            share_code(state, step=step)  # type: ignore[arg-type]
    for bots in ("", "Heuristic", "heur istic", 3, "x" * 40):
        with pytest.raises(ValueError, match="bots must be a policy name"):
            share_code(state, bots=bots)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs a State"):
        share_code("cl1~panfin")  # type: ignore[arg-type]
