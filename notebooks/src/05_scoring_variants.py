# %% [markdown]
# # Scoring variants: what the rules change
#
# Card players argue about scoring. Do the defenders score their tricks? Can a side win the game
# by defending? Is a slam worth a bonus? In Skat, do you count *game values* or just card points?
#
# This notebook answers such questions in two ways:
#
# 1. **One deal, several scorings.** The same finished deal, scored under each variant side by side.
# 2. **Many deals.** Hundreds of seeded deals played under each variant, to see what a rule changes
#    *on average*: the points, how often contracts are bid and made, how long deals and games last.
#
# Every deal comes from a seed, so you get the same numbers each time you run it.

# %%
import cardlab
import cardlab.sim
from cardlab.bots import bot_for, play_out
from cardlab.render import bars_svg, distribution_svg, summary_html
from cardlab.widgets import ScoreCompare
from IPython.display import HTML

five_hundred = cardlab.load("five_hundred")
five_hundred.scoring_variants()

# %% [markdown]
# ## 1. One deal of Five Hundred, scored six ways
#
# Here is a deal, played to the end by the heuristic players (seed 28):

# %%
deal = play_out(five_hundred.deal(seed=28, dealer=0), bot_for("five_hundred", "heuristic", seed=28))
print(deal.result.breakdown)

# %% [markdown] tags=["deal-facts"]
# **North** bids **seven spades**, and North–South take only **five** tricks.

# %% hidden tags=["facts-check"]
assert deal.result.contract == "7S" and five_hundred.seat_name(deal.result.declarer) == "N"
assert deal.result.figures["tricks"]["NS"] == 5 and not deal.result.made

# %% [markdown]
# `ScoreCompare` scores that finished deal under every scoring variant of the rules, side by side.
# Tick a variant on or off to compare just the ones you care about.

# %%
ScoreCompare(deal)

# %% [markdown] tags=["deal-facts"]
# Only `no_defender_points` changes this deal: East–West took five tricks in defence, worth **50**
# points, and without defender points they get nothing. The other variants all depend on the
# *running score* of the game, which one deal alone does not have.

# %% hidden tags=["facts-check"]
changed = {name for name, opts in five_hundred.scoring_variants().items()
           if five_hundred.score_deal(deal, **opts).points != deal.result.points}
assert changed == {"no_defender_points"} and deal.result.points["EW"] == 50
assert five_hundred.score_deal(deal, defenders_score_tricks=False).points["EW"] == 0
assert deal.result.figures["tricks"]["EW"] == 5

# %% [markdown] tags=["deal-facts"]
# ### The 490 rule needs the running score
#
# In Five Hundred you can only *win* by making a bid that takes you to 500. Suppose East–West were
# already on 470 before this deal. Under the standard rules their five defending tricks take them
# to **520**: they are over 500 but have not won, and play goes on. Under the **490 rule**
# (`defensive_cap=490`) defending can take them no further than **490**:

# %% hidden tags=["facts-check"]
on_470 = {"NS": 0, "EW": 470}
assert 470 + five_hundred.score_deal(deal, scores=on_470).points["EW"] == 520
assert 470 + five_hundred.score_deal(deal, scores=on_470, defensive_cap=490).points["EW"] == 490

# %%
before = {"NS": 0, "EW": 470}
for cap in (None, 490):
    result = five_hundred.score_deal(deal, scores=before, defensive_cap=cap)
    print(f"defensive_cap={cap}: EW {before['EW']} → {before['EW'] + result.points['EW']}")
    print("   ", result.breakdown[-1])

# %% [markdown]
# **What this means for a learner:** with the 490 rule, a side near 500 cannot creep over the line
# by defending. It sits on 490 and **must win a bid to finish**.
#
# ## 2. One deal of Officer Skat, scored five ways
#
# Officer Skat has several whole *scoring methods*, not small tweaks. Here is a deal played by the
# heuristic players (seed 11):

# %%
skat = cardlab.load("officer_skat")
skat_deal = play_out(skat.deal(seed=11), bot_for("officer_skat", "heuristic", seed=11))

# %% [markdown] tags=["deal-facts"]
# **P2** declares diamonds, takes **76** card points of 120 and wins; the game was doubled twice
# along the way (*Kontra* and *Re*). The comparison scores it under every method:

# %% hidden tags=["facts-check"]
assert skat_deal.result.contract == "D" and skat.seat_name(skat_deal.result.declarer) == "P2"
assert skat_deal.result.figures["card_points"]["P2"] == 76 and skat_deal.result.made
assert skat_deal.result.figures["kontra"] and skat_deal.result.figures["re"]

# %%
ScoreCompare(skat_deal)

# %% [markdown] tags=["deal-facts"]
# The same play is worth **72** under game values (2 × the diamond value **9**, then × 4 for Kontra
# and Re), **36** under the base value method, **304** under `card_points` (P2's **76** card points
# × 4) and **8** under `match_points`. Which method you use changes *how much one big deal matters*.

# %% hidden tags=["facts-check"]
by_method = {name: skat.score_deal(skat_deal, **opts).points["P2"]
             for name, opts in skat.scoring_variants().items()}
assert by_method["game_value"] == 72 == 2 * 9 * 4 and skat_deal.result.figures["base"] == 9
assert by_method["base_doubled_schneider"] == 36 and by_method["match_points"] == 8
assert by_method["card_points"] == 304 == 76 * 4

# %% [markdown]
# ## 3. Many deals of Five Hundred
#
# `cardlab.sim.compare_variants` plays the **same** seeded deals under each variant. The heuristic
# players make every call and play every card, and all of it (the deal, the auction, the kitty, the
# play and the score) runs in numpy arrays over whole batches of deals, making exactly the calls and
# playing exactly the cards the players would one deal at a time, so even 100,000 deals take only
# seconds. Variants that
# change only the scoring do not need new play: the same deals are simply scored again. Variants
# that change the bidding (misère rules, the American preset) are played again.
#
# The players here are the **heuristic** level (`bots="heuristic"`, the default; `"random"` and
# `"expert"` are the other levels, and `compare_variants(..., bots="expert")` would use the coach's
# evaluator for every decision, far more slowly). The heuristic's card play in arrays is the one-deal
# bot's: its rules of thumb are written once, so both choose the same card every time.

# %%
fh_variants = {
    "standard": {},
    "no_defender_points": {"defenders_score_tricks": False},
    "no_slam_bonus": {"slam_minimum": 0},
    "no_misere": {"misere_allowed": False},
    "misere_any_time": {"misere_requires_seven": False},
    "american": {"preset": "american"},
}
fh = cardlab.sim.compare_variants("five_hundred", fh_variants, n=200, seed=2024)
for row in fh:
    row["mean"] = float(row["scores"].mean())  # every side's points of every deal
HTML(summary_html(fh, title="Five Hundred: 200 seeded deals per variant"))

# %% [markdown]
# Each side's points in each deal, one histogram per variant (the dashed line is the mean):

# %%
(distribution_svg([fh[0], fh[1], fh[2], fh[4]],
                     title="Five Hundred: points a side scores in one deal",
                     x_label="points of a side in one deal"))

# %% [markdown]
# What the numbers mean for a learner:
#
# * **Defender points** make up a good part of the game: without them (`no_defender_points`) the
#   big spike sits at 0, because the side that did not win the bid scores nothing at all.
# * **The slam bonus** is rare but big: a side that takes all ten tricks on a small bid scores 250
#   instead of the bid's value. That happens in a few deals out of a hundred (the small bar at 250),
#   yet each one is worth so much that it lifts the average by several points.
# * **Misère rules change the bidding:** when misère may be bid without a seven bid first
#   (`misere_any_time`, and the American preset) these players bid it about five times as often
#   (the counts below), and slightly fewer contracts are made.

# %%
(bars_svg(fh, key=["contract_rate", "made_rate"],
             names={"contract_rate": "a contract was bid", "made_rate": "the contract was made"},
             title="Five Hundred: how often a contract is bid and made"))

# %%
print({row["variant"]: row["contracts"].get("misere", 0) for row in fh})

# %% [markdown]
# Almost every deal has a contract (the rest are thrown in when all four pass), and roughly nine
# in ten contracts are made by these players. How long is a deal? The simulator counts actions
# (every bid, discard and card):

# %%
(bars_svg(fh, key="mean_length", title="Five Hundred: actions per deal", digits=1))

# %% [markdown]
# ### A season to 500: how long does a game last?
#
# The 490 rule only shows over a whole game, because it depends on the running score. Below, 10
# games to 500 are played by the heuristic players. Scoring never changes how the cards are played,
# so each deal is played once and then scored by each variant's own match keeper
# (`game.match()`), which knows the running score, the 490 cap and who has won.

# %%
from cardlab.engine.rng import derive_seed

played = {}  # (game number, deal number) → the finished deal, played once for every variant


def played_deal(game_no, deal_no):
    key = (game_no, deal_no)
    if key not in played:
        seed = derive_seed(game_no, deal_no)
        start = five_hundred.deal(seed=seed, dealer=deal_no % 4)
        played[key] = play_out(start, bot_for("five_hundred", "heuristic", seed=seed))
    return played[key]


def season(options, games=10):
    """Deals per game under ``options``, and how many deals scored differently from the
    standard rules once the running score is taken into account."""
    variant = cardlab.load("five_hundred", **options)
    lengths, changed = [], 0
    for game_no in range(games):
        match = variant.match(seed=game_no)
        while not match.is_over and len(match.sheet) < 60:
            done = played_deal(game_no, len(match.sheet))
            replay = variant.deal(**done.setup)  # the same deal under the variant's rules
            for action in done.history:
                replay = replay.apply(action)
            row = match.record(replay)
            changed += row["points"] != done.result.points
        lengths.append(len(match.sheet))
    name = ", ".join(f"{k}={v}" for k, v in options.items()) or "standard"
    return {"variant": name, "games": games, "mean deals": sum(lengths) / games,
            "longest": max(lengths), "deals scored differently": changed}


seasons = [season({}), season({"defensive_cap": 490}), season({"defenders_score_tricks": False})]
for row in seasons:
    print(f"{row['variant']:30} {row['mean deals']:5.1f} deals per game (longest "
          f"{row['longest']:2}), {row['deals scored differently']:3} deals scored differently")

# %% [markdown]
# Read the numbers like this:
#
# * Under the **490 rule** only a handful of deals score differently: the ones where a defending
#   side was close to 490. Those deals are exactly the moments the rule is for: that side is held
#   at 490 and **must win a bid to finish**. Over ten games the average length barely moves.
# * **Without defender points** almost every deal scores differently, sides climb more slowly, and
#   games take more deals.
#
# ## 4. Many deals of Officer Skat
#
# Officer Skat's scoring methods use different units (game values run into the hundreds, match
# points stay under a dozen), so each histogram gets its own scale. The deals and the play are the
# same for all five methods: only the counting differs.

# %%
skat_variants = skat.scoring_variants()
sk = cardlab.sim.compare_variants("officer_skat", skat_variants, n=300, seed=2024)
for row in sk:
    row["mean"] = float(row["scores"].mean())
HTML(summary_html(sk, title="Officer Skat: 300 seeded deals per scoring method"))

# %%
(distribution_svg(sk, title="Officer Skat: points of a player in one deal",
                     x_label="points of a player in one deal"))

# %% [markdown]
# What this means for a learner:
#
# * Under **game values** (and the gentler **isko levels**) a lost game costs the declarer double,
#   so the average is below zero: bidding a game you cannot make is expensive.
# * Under **base × 2 for schneider**, **card points** and **match points** nobody loses points;
#   the winner of each deal scores. The declarer can gamble more freely.
# * The bid and made rates are identical for all five methods, because the players here choose their
#   game without looking at the scoring. Real players adapt, so treat this as the *first* effect.
#
# ## 5. How often does this hand make seven hearts?
#
# `cardlab.sim.bid_odds` deals the cards you cannot see at random many times, gives the contractor
# the kitty, plays each layout out, and counts how often the contract is made.

# %%
hand = "JD AH KH 10H 7H AS QC 9C 6D 5S"
odds = [cardlab.sim.bid_odds("five_hundred", hand, contract, n=400, seed=7)
        for contract in ("6H", "7H", "8H")]
print(f"With hearts as trumps this hand takes {odds[0]['tricks'].mean():.1f} tricks on average.")
for o in odds:
    print(f"{o['contract']}: made in {o['p_make']:.0%} of {o['n']} layouts (± {o['stderr']:.0%})")

# %%
(bars_svg([{"contract": o["contract"], "p_make": o["p_make"]} for o in odds], key="p_make",
             label="contract", percent=True, names={"p_make": "chance of making it"},
             title=f"Hand {hand}: chance of making each bid"))

# %% [markdown] tags=["deal-facts"]
# The cards are played the same way whatever the level of the bid, so the bid only sets the bar.
# With the left bower and four high hearts, six hearts is made most of the time, **seven hearts**
# about two times in three, and eight hearts is a gamble. These players are simple, so the odds describe
# their play, not an expert's, but the *order* of the bids rarely changes.

# %% hidden tags=["facts-check"]
made = {o["contract"]: o["p_make"] for o in odds}
assert {"JD", "AH", "KH", "10H", "7H"} <= set(hand.split())
assert made["6H"] > 0.75 and 0.6 < made["7H"] < 0.72 and made["8H"] < 0.5
assert made["6H"] > made["7H"] > made["8H"]

# %% [markdown]
# ## 6. The comparison widget, with many deals
#
# `ScoreCompare` can run the many-deals study itself: pass `deals=` (and a `seed`) and it adds the
# distribution of points per variant and a small table under the one-deal comparison.

# %%
ScoreCompare(deal, variants=["standard", "no_defender_points", "no_slam_bonus"], deals=200,
             seed=2024, side="NS")

# %% [markdown]
# ## 7. Whole games: a season
#
# A variant can change how a whole *game* goes, not just one deal. `cardlab.sim.season` plays many
# matches to the end under each variant, the same match seeds under each, so the variants are
# compared game by game. It reports how often each side wins (a shared win counts as a share) and how
# many deals a game lasts, each with its standard error.
#
# Four hundred games take about a second: the heuristic players' games are played side by side in
# arrays, every running game's next deal at once (`games[0]["arrays"]` says so), each deal then
# kept by the game's own score keeper, which knows the running score, the 490 cap and who has won.

# %%
games = cardlab.sim.season("five_hundred", {"to 500": {}, "to 300": {"target": 300}}, n=400,
                           seed=2024)
for g in games:
    rates = ", ".join(f"{side} {p:.0%} (± {g['win_rate_stderr'][side]:.0%})"
                      for side, p in g["win_rate"].items())
    print(f"{g['variant']}: {g['mean_deals']:.1f} deals a game (± {g['mean_deals_stderr']:.1f}), "
          f"the longest {g['longest']}; wins: {rates}")
shorter = games[1]["vs_baseline"]
print(f"A game to 300 is {-shorter['deals']:.1f} deals shorter (± {shorter['deals_stderr']:.1f}), "
      "game by game.")

# %% [markdown] tags=["deal-facts"]
# A game to 300 is over in about five deals, three and a half fewer than a game to 500, and that
# difference is many standard errors wide. Who wins hardly moves: the difference in each side's win
# rate is inside its standard error. The length shows in a few dozen games; a question about who
# wins needs hundreds, or thousands.

# %% hidden tags=["facts-check"]
assert games[0]["arrays"] and games[1]["arrays"]
assert 4.5 < games[1]["mean_deals"] < 6 and 3 < -shorter["deals"] < 4
assert -shorter["deals"] > 4 * shorter["deals_stderr"]
assert all(abs(d) < shorter["win_rate_stderr"][s] for s, d in shorter["win_rate"].items())

# %% [markdown]
# ## Bigger runs
#
# A few hundred deals are enough to see the shape. For tighter numbers ask for more, and spread
# the work over your processor cores (or a Dask or Ray cluster) with `executor=`: any
# `concurrent.futures.Executor` works, and the numbers do not depend on how the work is split.
#
# ```python
# from concurrent.futures import ProcessPoolExecutor
#
# with ProcessPoolExecutor(max_workers=4) as pool:
#     big = cardlab.sim.compare_variants("five_hundred", fh_variants, n=20_000, seed=2024,
#                                        executor=pool, progress=True)
#     odds = cardlab.sim.bid_odds("five_hundred", hand, "7H", n=100_000, seed=7, executor=pool)
#     games = cardlab.sim.season("five_hundred", {"to 500": {}, "to 300": {"target": 300}},
#                                n=2_000, seed=2024, executor=pool)
# ```
#
# In a script (not a notebook) put that under `if __name__ == "__main__":`, as process pools need.
# `ScoreCompare(...).with_distribution(20_000, seed=2024, executor=pool)` does the same for the widget.

# %% [markdown] tags=["deal-facts"]
# ## Under the hood: fast playouts and action numbers
#
# The simulator above plays thousands of deals. For your own experiments (a new bot, a search,
# a quick count) Five Hundred also has a **rollout**: the same deal as `game.deal(...)`, but one
# mutable object that you drive with **action numbers** instead of words. Every action of the
# game has a fixed number, the same in every deal: `pass` is 0, `bid 7H` is 9, `play AS` is 60.

# %% hidden tags=["facts-check"]
assert five_hundred.action_id("pass") == 0 and five_hundred.action_id("bid 7H") == 9
assert str(five_hundred.action_text(60)) == "play AS"

# %%
game = cardlab.load("five_hundred")
print(game.num_distinct_actions, "actions in all;",
      "bid 7H =", game.action_id("bid 7H"), "; 60 =", game.action_text(60))

rollout = game.rollout(seed=11, dealer=0)
print(rollout.phase, "- seat", rollout.to_move, "may:",
      [str(game.action_text(i)) for i in rollout.legal_ids()[:6]], "…")

# %% [markdown]
# A random playout: at every step pick one of the legal numbers at random. The rollout checks
# every rule, exactly as the ordinary engine does (a test plays thousands of deals both ways and
# compares them), and it is several times faster because it changes one object in place instead
# of making a new state for every card.

# %%
from cardlab.engine.rng import SplitMix64  # cardlab's one generator: deals, bots, rollouts

rng = SplitMix64(1)
while not rollout.is_over:
    rollout.apply_id(rng.choice(rollout.legal_ids()))
print(len(rollout.history_ids), "actions; contract", rollout.contract, "; points", rollout.points)
print("the auction:", [str(game.action_text(i)) for i in rollout.history_ids[:6]])

# %% [markdown] tags=["deal-facts"]
# Random players bid wildly (six no trumps, then open misère, then ten no trumps…): that is why the
# studies above use the heuristic players. Random playouts are for counting what *can* happen, and
# for search.

# %% hidden tags=["facts-check"]
auction = [str(game.action_text(i)) for i in rollout.history_ids[:6]]
assert auction.index("bid 6NT") < auction.index("bid open_misere") < auction.index("bid 10NT")

# %% [markdown]
# `play_random(rng)` does the same loop inside the rollout, faster still; it plays exactly the
# deal the loop above would play with the same generator (`SplitMix64`). Here, a thousand
# random deals and how often the contract was made (random players rarely make one):

# %%
rng = SplitMix64(2024)
made = bid = 0
for seed in range(1000):
    r = game.rollout(seed=seed, dealer=seed % 4)
    r.play_random(rng)
    if r.contract is not None:
        bid += 1
        made += r.result.made is True
print(f"{bid} contracts, {made} made")

# %% [markdown]
# `rollout.to_state()` turns it back into an ordinary state, so you can look at a random deal in
# a `Table` or score it under another variant:

# %%
finished = rollout.to_state()
print(finished.result.breakdown)
