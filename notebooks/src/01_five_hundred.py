# %% [markdown]
# # Five Hundred: bid for tricks, with bowers and a joker
#
# **Five Hundred** ("500") is Australia's favourite partnership card game. Four players sit in two
# teams, partners opposite: **North–South (NS)** against **East–West (EW)**. After the deal there is
# an **auction**: each player may bid how many of the ten tricks their team will take, and with
# which **trump** suit. The highest bidder becomes the **contractor**, picks up three extra cards
# (the **kitty**), and then tries to make the bid. The first team to reach **500 points** by making
# a contract wins.
#
# This notebook teaches the game from scratch:
#
# 1. the deck
# 2. the order of the cards: the **bowers** and the **joker**
# 3. the deal and the kitty
# 4. the auction, and *misère*'s odd place on the ladder
# 5. play: a recorded deal step by step, a *misère*, then a deal **you** play against three bots
# 6. scoring (the **Avondale** table) and a whole game to 500
# 7. the variants, three short exercises, and a glossary
#
# Run the cells from the top with **Shift + Enter**. Every deal comes from a *seed*, so you will see
# exactly the cards described here.

# %%
import cardlab
from cardlab.widgets import AuctionLadder, ScoreCompare, Table, TrumpLadder

game = cardlab.load("five_hundred")
game

# %% [markdown]
# ## 1. The deck
#
# Five Hundred uses **43 cards**: A K Q J 10 9 8 7 6 5 in spades ♠ and clubs ♣, the same **plus the
# fours** in diamonds ♦ and hearts ♥, and **one joker** (`JK`). Each player gets 10 cards and 3 go
# to the kitty: 4 × 10 + 3 = 43.

# %%
game.deck

# %% [markdown]
# ## 2. The order of the cards
#
# Within a plain suit the order is the usual one: A K Q J 10 9 … The **trump suit** is different.
# Its top three cards are:
#
# 1. the **joker**, the highest trump of all;
# 2. the **right bower**: the jack of trumps;
# 3. the **left bower**: the *other jack of the same colour*. With hearts as trumps, the jack of
#    diamonds **becomes a heart** for the whole deal. It is no longer a diamond at all.
#
# Then come A K Q 10 9 … of trumps. Here is the ladder for a **hearts** contract. In the live
# notebook you can pick another contract from the menu. Hover over a card to read its place.

# %%
TrumpLadder(game, contract="7H")

# %% [markdown]
# The bowers **move** when the trump suit changes. Here are the five highest trumps for each suit,
# and the one card each plain suit loses or gains:

# %%
for trumps in ("S", "C", "D", "H"):
    order = game.card_order(f"7{trumps}")
    plain = {s: len(cards) for s, cards in order["suits"].items()}
    print(f"{game.deck.suit_name(trumps):>8} trumps: {' > '.join(order['trumps'][:5])} …"
          f"   ({len(order['trumps'])} trumps; plain suits: {plain})")

# %% [markdown]
# With spades as trumps, clubs have only nine cards: their jack has gone over to the spades.
#
# ### No trumps and *misère*
#
# In a **no-trump** (NT) contract, and in **misère** (section 4), there are no bowers: all four
# jacks are ordinary jacks. The joker is then the only "trump" and follows special rules:
#
# * you may play it only when you **cannot follow suit**, and then it **wins the trick**;
# * in misère you *must* play it when you cannot follow suit (in NT you may keep it back);
# * if you lead it, you name the suit the others must follow;
# * before play starts, the contractor may **nominate** the joker as the top card of one suit.

# %%
TrumpLadder(game, contract="7NT")

# %% [markdown]
# ## 3. The deal
#
# The seats are **N, E, S, W**, and play goes clockwise. The dealer gives out the cards in packets
# of **3-1-4-1-3-1**: three to each player, one to the kitty, four each, one to the kitty, three
# each, one to the kitty. The player on the dealer's left receives the first cards and speaks
# first.

# %%
start = game.deal(seed=315, dealer=3)
start

# %% [markdown] tags=["deal-facts"]
# Here **W** deals (`dealer=3`), so **N** starts.

# %% hidden tags=["facts-check"]
assert start.setup["dealer"] == 3 and game.seat_name(3) == "W"
assert game.seat_name(start.to_move) == "N" and start.phase == "auction"

# %% [markdown]
# The picture is the teacher's view, with every hand face up. At a real table you see only your
# own ten cards; the kitty lies face down until the auction is over.

# %% [markdown]
# ## 4. The auction
#
# Starting on the dealer's left, each player either **bids higher** or **passes**. A bid names a
# number of tricks (6 to 10) and a suit or no trumps: "seven hearts" promises that your team takes
# at least 7 of the 10 tricks with hearts as trumps.
#
# * **Passing is final**: once you pass you are out of the auction.
# * You may bid again only after someone else has bid over you.
# * The auction ends when three players have passed. The last bidder is the **contractor**.
# * If all four pass, the cards are thrown in and the next player deals.
#
# Higher means *higher on the ladder*: more tricks, and for the same number of tricks
# ♠ < ♣ < ♦ < ♥ < NT. Each bid is worth points (the **Avondale** table, section 6):

# %%
from IPython.display import Markdown

values = {row["call"]: row["value"] for row in game.bid_ladder()}
lines = ["| tricks | ♠ | ♣ | ♦ | ♥ | NT |", "|---|---|---|---|---|---|"]
for n in range(6, 11):
    lines.append(f"| **{n}** | " + " | ".join(str(values[f"{n}{d}"])
                                               for d in ("S", "C", "D", "H", "NT")) + " |")
Markdown("\n".join(lines))

# %% [markdown]
# ### *Misère*: an odd place on the ladder
#
# **Misère** is a bid to take **no tricks at all**. The contractor plays alone, with no trumps,
# and the partner lays down their cards and sits out. It is worth 250, but it does **not** sit
# where 250 would put it: it ranks just **above 7NT and below 8♠** (which is worth only 240). And
# you may bid it only over a **7-level bid**. **Open misère** (500) is played with the contractor's
# hand face up after the first trick; it ranks between 10♦ and 10♥ and may be bid at any time.

# %%
print([row["call"] for row in game.bid_ladder()])

# %% [markdown]
# Let us play our deal out with the computer players ("bots"), then look at its auction on the
# ladder.

# %%
from cardlab.bots import bot_for, play_out

def new_bots():
    """Four fresh computer players, one per seat (fresh each time, so every run is the same)."""
    return [bot_for("five_hundred", "heuristic", seed=seat) for seat in range(4)]


deal = play_out(start, new_bots())
steps = deal.states()  # steps[n] is the deal after n actions
print("\n".join(deal.narration()[:8]))

# %% [markdown] tags=["deal-facts"]
# N and E pass, S bids six spades, W six diamonds, S seven spades, W seven diamonds, and S passes.
# **W** is the contractor at **seven diamonds**.

# %% hidden tags=["facts-check"]
assert [str(a) for a in deal.history[:7]] == [
    "pass", "pass", "bid 6S", "bid 6D", "bid 7S", "bid 7D", "pass"]
assert [game.seat_name(s.to_move) for s in steps[:7]] == ["N", "E", "S", "W", "S", "W", "S"]
assert deal.result.contract == "7D" and game.seat_name(deal.result.declarer) == "W"

# %% [markdown] tags=["deal-facts"]
# After W's six diamonds it is **S**'s turn. The ladder marks the current bid and the calls S may
# make now: misère is **not** among them, because the bid is only at the 6 level.

# %% hidden tags=["facts-check"]
assert str(steps[4].history[-1]) == "bid 6D" and game.seat_name(steps[4].to_move) == "S"
assert not steps[4].is_legal("bid misere")
assert steps[4].is_legal("bid 7S") and not steps[4].is_legal("bid 6D")

# %%
AuctionLadder(game, steps[4])

# %%
print(steps[4].explain("bid misere"))

# %% [markdown] tags=["deal-facts"]
# One bid later S has bid **seven spades**, and now **W** *could* bid misère:

# %% hidden tags=["facts-check"]
assert str(steps[5].history[-1]) == "bid 7S" and game.seat_name(steps[5].to_move) == "W"
assert steps[5].is_legal("bid misere")

# %%
AuctionLadder(game, steps[5])

# %% [markdown] tags=["deal-facts"]
# ### The kitty
#
# The contractor picks up the three kitty cards (13 in hand) and *discards any three* face down.
# **W** took K♣ 9♥ K♥ and threw away three cards nobody else sees.

# %% hidden tags=["facts-check"]
assert start.deal_string().endswith("kitty: KC 9H KH")
assert deal.history[7].verb == "discard" and game.seat_name(steps[7].to_move) == "W"
assert len(deal.history[7].args) == 3

# %% [markdown]
# ## 5. Play
#
# The **contractor leads** to the first trick. Each player plays one card, clockwise:
#
# * **Follow suit** if you can: play a card of the suit led. Remember that the left bower belongs
#   to the trump suit, not to its printed suit, and the joker is a trump.
# * If you cannot follow suit, play **any** card: a trump, or a discard.
# * The highest trump wins the trick; with no trump in it, the highest card of the suit led.
#   The winner leads to the next trick.
#
# Step through the deal with the buttons, the slider or the arrow keys.

# %% [markdown] tags=["deal-facts"]
# The table opens at **step 13**, the second trick: **W** has led the **J♦**, the right bower.
# **N** holds J♥ 5♥ 4♥ and other cards, but no diamond…

# %% hidden tags=["facts-check"]
assert len(steps[13].history) == 13 and len(steps[13].tricks) == 1
assert [(p.seat, p.card.code) for p in steps[13].trick.plays] == [(3, "JD")]
assert game.seat_name(3) == "W" and game.seat_name(steps[13].to_move) == "N"
assert {"JH", "5H", "4H"} <= {c.code for c in steps[13].hands[0]}
assert not any(c.suit == "D" for c in steps[13].hands[0])

# %%
Table(deal, seat=None, show_all=True, step=13)

# %% [markdown] tags=["deal-facts"]
# …yet **N** must play the **J♥**! With diamonds as trumps, the J♥ is the left bower: it is a
# diamond this deal, N's only one, so N must follow suit with it. The engine explains every move,
# with the rule's ID in the rule book (`5H-7.2`):

# %% hidden tags=["facts-check"]
assert [str(a) for a in steps[13].legal_actions()] == ["play JH"]
assert steps[13].effective_suit("JH") == "D" and game.seat_name(0) == "N"
assert steps[13].explain("play 5H").rule == "5H-7.2"

# %%
n_turn = steps[13]
print(n_turn.explain("play JH"))
why = n_turn.explain("play 5H")
print(why)
print("code:", why.code, "| rule:", why.rule)

# %% [markdown]
# An illegal move is refused with the reason and the legal moves. This cell is *meant* to fail:

# %%
# tags: raises-exception
n_turn.apply("play 5H")

# %% [markdown] tags=["deal-facts"]
# Other moments in this deal (the step number is on the slider):
#
# | step | what happens |
# |---|---|
# | 9–12 | W leads the joker, the top trump: everyone must play a trump if they can. N plays the K♦, E the 4♦, S the 9♦ |
# | 13–16 | the bowers: W's J♦ (right bower) beats N's J♥ (left bower) |
# | 21–24 | W leads the 10♦ and partner E wins with the Q♦ |
# | 45–48 | the last trick: W and E have taken **all ten tricks**, a *slam* |

# %% hidden tags=["facts-check"]
def plays(trick):
    """A trick as (seat name, card code) pairs, in play order."""
    return [(game.seat_name(p.seat), p.card.code) for p in trick.plays]


assert [str(a) for a in deal.history[8:12]] == ["play JK", "play KD", "play 4D", "play 9D"]
assert plays(deal.tricks[0]) == [("W", "JK"), ("N", "KD"), ("E", "4D"), ("S", "9D")]
assert plays(deal.tricks[1])[:2] == [("W", "JD"), ("N", "JH")] and deal.tricks[1].winner == 3
assert [str(a) for a in deal.history[12:16]][:2] == ["play JD", "play JH"]
assert plays(deal.tricks[3])[0] == ("W", "10D") and ("E", "QD") in plays(deal.tricks[3])
assert game.seat_name(deal.tricks[3].winner) == "E" and len(deal.history) == 48
assert deal.result.figures["tricks"]["EW"] == 10 and len(deal.tricks) == 10

# %% [markdown]
# ### A misère
#
# In another deal we make the calls ourselves: a six-hearts bid, then seven diamonds over it, then
# a misère from a hand of low cards (allowed, because the bid is at the 7 level), and three passes.
# The bots play the rest.

# %%
misere = game.deal(seed=167, dealer=3)
for call in ("bid 6H", "bid 7D", "bid misere", "pass", "pass", "pass"):
    misere = misere.apply(call)
misere = play_out(misere, new_bots())
print("\n".join(misere.narration()[:7]))

# %% [markdown] tags=["deal-facts"]
# N bid six hearts, E seven diamonds and **S** **misère**. S throws away the high cards of the kitty
# (K♦ A♥ Q♥) and plays alone: N's hand lies face down and each trick has only three cards. At
# **step 27**, **E** leads a diamond. **W** has no diamond left, but holds the **joker**, so W
# *must* play it, and it wins the trick (good for S!):

# %% hidden tags=["facts-check"]
m27 = misere.states()[27]
assert [game.seat_name(s.to_move) for s in misere.states()[:3]] == ["N", "E", "S"]
assert [str(a) for a in misere.history[:3]] == ["bid 6H", "bid 7D", "bid misere"]
assert misere.result.contract == "misere" and game.seat_name(misere.result.declarer) == "S"
assert str(misere.history[6]) == "discard KD AH QH"
assert len(misere.tricks[0].plays) == 3 and 0 not in {p.seat for p in misere.tricks[0].plays}
assert len(m27.history) == 27 and game.seat_name(m27.trick.plays[0].seat) == "E"
assert m27.trick.suit == "D" and game.seat_name(m27.to_move) == "W"
assert [str(a) for a in m27.legal_actions()] == ["play JK"]
assert game.seat_name(m27.apply("play JK").tricks[-1].winner) == "W"

# %%
Table(misere, seat=None, show_all=True, step=27)

# %%
print(misere.states()[27].explain("play JC"))

# %% [markdown] tags=["deal-facts"]
# **S** ducked every trick: the misère is made. (Had S won a trick, play would have stopped there
# and the misère would have failed.)

# %% hidden tags=["facts-check"]
assert misere.result.made and misere.result.figures["seat_tricks"]["S"] == 0
assert len(misere.tricks) == 10

# %%
print("\n".join(misere.result.breakdown))

# %% [markdown] tags=["deal-facts"]
# ### Your turn
#
# Now **you** are **N** in a new deal, and three bots play E, S and W. **W** deals, so you bid
# first. Look at your hand: the joker, the J♠ and the A♠ make a strong spade hand! Bid on the
# ladder below the table, or on the table, or pass. If you win the auction, the table asks you to
# discard three cards. Dimmed cards are not allowed; hover over one to read why.

# %% hidden tags=["facts-check"]
mine = game.deal(seed=99, dealer=3)
assert game.seat_name(mine.setup["dealer"]) == "W" and game.seat_name(mine.to_move) == "N"
assert {"JK", "JS", "AS"} <= {c.code for c in mine.hands[0]}

# %%
my_table = Table(game.deal(seed=99, dealer=3), seat=0, bot_delay=0)
my_table

# %%
AuctionLadder(game, my_table)

# %% [markdown]
# You can also play from code: `my_table.act("bid 7S")`, `my_table.act("discard 5C 6C 7C")`,
# `my_table.play("JS")`.

# %% [markdown]
# ## 6. Scoring
#
# After the deal each side scores:
#
# * **The contractors**: if they took at least the tricks they bid, they **win** the bid's value
#   from the Avondale table above; otherwise they **lose** it (scores can go below zero).
#   A **slam** (all ten tricks) scores at least **250**.
# * **The defenders**: **10 points for each trick** they took, whether the contract was made or not.
# * **Misère**: the contractor wins 250 (open misère 500) for taking no trick, or loses it.
#   The defenders score nothing.

# %% [markdown] tags=["deal-facts"]
# Our first deal: **W** bid **seven diamonds** (worth **180**) and took all ten tricks.

# %% hidden tags=["facts-check"]
assert deal.result.contract == "7D" and game.seat_name(deal.result.declarer) == "W"
assert deal.result.figures["value"] == 180 and deal.result.figures["tricks"]["EW"] == 10

# %%
print("\n".join(deal.result.breakdown))

# %% [markdown] tags=["deal-facts"]
# Some tables score differently: no points for the defenders, or no slam bonus. Here is the same
# deal under some scoring variants. Only the last one changes this deal: without the slam bonus
# W's side scores just the **180** of the bid. The defenders took no trick, so their rules change
# nothing here.

# %% hidden tags=["facts-check"]
assert game.score_deal(deal, slam_minimum=0).points == {"NS": 0, "EW": 180}
assert game.score_deal(deal, defenders_score_tricks=False).points == deal.result.points
assert deal.result.points["EW"] != 180 and deal.result.figures["tricks"]["NS"] == 0

# %%
ScoreCompare(deal, variants=["standard", "no_defender_points", "no_slam_bonus"])

# %% [markdown]
# Two more variants depend on the running score, so they show only in a whole game: the *490
# rule* (a side on 490 cannot pass it by defending) and "no defenders' tens above 400".

# %% [markdown]
# ### A whole game
#
# The points add up deal after deal. A side **wins** when it **makes a contract** that brings it to
# 500 or more. Reaching 500 by defending is *not* enough. A side at **−500** or below loses
# ("going out backwards"). Here four bots play a whole game; the dealer moves one seat to the left
# each deal:

# %%
match = game.match(seed=3).play(new_bots())
rows = ["| deal | dealer | contract | by | made | NS | EW | NS total | EW total |",
        "|---|---|---|---|---|---|---|---|---|"]
for row in match.sheet:
    made = "–" if row["made"] is None else ("yes" if row["made"] else "no")
    rows.append(f"| {row['deal']} | {row['dealer']} | {row['contract'] or 'all passed'} | "
                f"{row['declarer'] or '–'} | {made} | {row['points']['NS']} | "
                f"{row['points']['EW']} | {row['scores']['NS']} | {row['scores']['EW']} |")
Markdown("\n".join(rows) + f"\n\n**{match.winner} wins** the game.")

# %% [markdown]
# ## 7. Variants
#
# The rules here are the **Australian** ones (preset `australian`, the default). Every difference
# you may meet at another table is an option of `cardlab.load`. The main ones:
#
# | option | default | alternative | what changes |
# |---|---|---|---|
# | `preset` | `australian` | `american` | one round of bidding, misère without a 7 bid and ranked above 8♠, and a side can win by defending |
# | `players` | `4` | `2`, `3`, `5`, `6` | other packs: 33, 53 or 63 cards (below) |
# | `misere_allowed` | `True` | `False` | no misère bids at all |
# | `misere_requires_seven` | `True` | `False` | misère may be bid whenever it outranks the bid |
# | `misere_rank` | `after_7NT` | `after_8S` | the American place on the ladder |
# | `open_misere_expose` | `after_first_trick` | `before_lead` | when the open misère hand goes face up |
# | `allow_final_raise` | `False` | `True` | the auction winner may raise once more |
# | `all_pass` | `throw_in` | `play_no_trumps` | if all pass, the hand is played in NT, 10 points a trick |
# | `first_lead` | `contractor` | `left_of_dealer` | who leads to the first trick |
# | `joker_nomination` | `True` | `False` | the contractor may not nominate the joker's suit |
# | `joker_lead_only_last_trick` | `False` | `True` | in NT and misère the joker may be led only at trick 10 |
# | `defenders_score_tricks` | `True` | `False` | defenders score nothing |
# | `defensive_cap` | `None` | `490`, `480` | the 490 rule |
# | `slam_minimum` | `250` | `0` | no slam bonus |
# | `min_bid_tricks` | `6` | `7` | the lowest bid is seven spades |
# | `win_by_defending` | `False` | `True` | reaching 500 by defending wins too |
#
# A variant is one keyword away. With the American preset, misère moves up the ladder:

# %%
american = cardlab.load("five_hundred", preset="american")
calls = [row["call"] for row in american.bid_ladder()]
print(american)
print("around misère:", calls[calls.index("misere") - 2: calls.index("misere") + 2])

# %% [markdown]
# And from 2 to 6 players: always ten cards each and three in the kitty.

# %%
lines = []
for n in (2, 3, 4, 5, 6):
    g = cardlab.load("five_hundred", players=n)
    lines.append(f"{n} players: {len(g.deck)} cards, sides {' / '.join(g.sides)}"
                 + (" (plus a dead hand nobody plays)" if g.has_dead_hand else ""))
print("\n".join(lines))

# %% [markdown]
# ## Open hands: what each card was worth
#
# Turn **every hand face up** and cardlab's solver (`cardlab.solve`) can work out what each card is
# worth if every player plays perfectly from there: the points its side scores for the deal. Bridge players call this *double
# dummy*. It is a reference for looking back at a deal, not advice you could always follow at the
# table: a real player cannot see the other hands, so a line that is plain with the cards face up
# may be a guess with them face down.
#
# Below is a deal the bots played. `open_hands=True` puts a badge on each legal card with its value
# (the best ones outlined), and a **par strip** under the step buttons marks each card that lost
# value; press a mark to go to that step. The values show only while every card still in play is
# face up.

# %%
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.widgets import Table

bot = bot_for("five_hundred", "heuristic", seed=16)
played = cardlab.load("five_hundred").deal(seed=16, dealer=0)
while not played.is_over:
    played = played.apply(bot.choose(played))
before = played.states()[33]  # the position before step 34
review = Table(played, seat=None, show_all=True, open_hands=True, step=33)
review

# %%
worth = cardlab.solve.values(before)  # every legal card, with every hand open
worth

# %% [markdown] tags=["deal-facts"]
# East bid **six hearts** and took exactly six tricks. At step 34 **North** leads the **nine of
# diamonds**. With every hand open, the **king or queen of hearts** would have kept North–South at
# **50 points** (five tricks: East one short, the contract beaten); the nine of diamonds lets
# East–West take a trick North–South could have kept, so the value falls to **40**. That card cost
# North–South 10 points, and it let East make the contract.

# %% hidden tags=["facts-check"]
assert played.contract == "6H"
assert str(played.history[33]) == "play 9D" and before.to_move == 0  # N leads the 9
assert worth["play 9D"] == 40 and worth["play KH"] == worth["play QH"] == 50
assert played.result.points["NS"] == 40

# %% [markdown]
# ## Try it
#
# Each exercise below is a small form: click your answer (or type it) and press **Check**. The
# engine checks it and tells you why a wrong answer is wrong; after two wrong tries a **Show me**
# button appears. You can also answer in code: replace `None` in the cell under the exercise and
# run it.

# %% [markdown] tags=["deal-facts"]
# **Exercise 1.** In our first deal, diamonds are trumps and W leads the **joker** to the first
# trick (step 9). Which cards may N play? N's ten cards are in the exercise.

# %% hidden tags=["facts-check"]
from cardlab.teaching import exercise

assert exercise("five_hundred/joker-lead").state.history == steps[9].history
assert str(steps[9].history[-1]) == "play JK" and game.seat_name(steps[9].to_move) == "N"
assert deal.result.contract == "7D" and len(steps[9].history) == 9

# %%
from cardlab.teaching import exercise

ex1 = exercise("five_hundred/joker-lead")
ex1

# %%
answer1 = None  # a list of card codes, e.g. ["6S", "10C"]
ex1.check(answer1)

# %% [markdown]
# **Exercise 2.** Another deal: spades are trumps, and each player has put a card on the first
# trick. Who wins it? Click the seat whose card takes the trick.

# %%
ex2 = exercise("five_hundred/spade-trick")
ex2

# %%
answer2 = None  # a seat's name, in quotes
ex2.check(answer2)

# %% [markdown] tags=["deal-facts"]
# **Exercise 3.** In a third deal N bids **seven hearts** (worth **200** on the Avondale table)
# and N–S take **all ten** tricks. How many points do they score? Type the number.

# %% hidden tags=["facts-check"]
slam = exercise("five_hundred/slam-score").state
assert slam.result.contract == "7H" and game.seat_name(slam.result.declarer) == "N"
assert slam.result.figures["value"] == 200 and slam.result.figures["tricks"]["NS"] == 10

# %%
ex3 = exercise("five_hundred/slam-score")
ex3

# %%
answer3 = None  # a number
ex3.check(answer3)

# %% [markdown]
# ### Deal it yourself
#
# The hand of exercise 3 takes every trick whoever holds the other cards. Deal yourself that hand
# and see: in the editor, choose **N** and click the joker, both red jacks and seven more hearts
# (A K Q 10 9 8 7) into it, then press **Deal the rest at random** and **Open in a table** to play it
# at a table below the editor (bid seven hearts!).

# %%
from cardlab.widgets import DealEditor

DealEditor(game, dealer=3, seat=0, show_all=False)

# %% [markdown]
# ## Glossary
#
# | word | meaning |
# |---|---|
# | **trick** | one card from each player; the highest wins it |
# | **trumps** | the suit named in the contract; any trump beats any card of another suit |
# | **joker** | the highest trump; in NT and misère it follows only when you cannot follow suit, and wins |
# | **right bower** | the jack of trumps, the second-highest trump |
# | **left bower** | the other jack of the same colour, the third-highest trump; it *belongs* to the trump suit |
# | **kitty** | the three extra cards; the contractor picks them up and discards three |
# | **contractor** | the player who won the auction (with a partner, the contracting side) |
# | **contract** | the winning bid: tricks and trumps, NT, or misère |
# | **NT** | no trumps |
# | **misère** | a bid to take no tricks, played alone and without trumps; the partner sits out |
# | **open misère** | misère with the contractor's hand face up after the first trick |
# | **nominate** | name the suit of the joker (contractor, NT and misère only) |
# | **slam** | all ten tricks, which scores more than most bids (section 6) |
# | **Avondale** | the table of bid values (1906) |
# | **going out backwards** | losing by falling to −500 |

# %% [markdown]
# ## Play a whole deal yourself
#
# You know the whole game now.

# %% [markdown] tags=["deal-facts"]
# Here is a fresh deal: you are **N**, **W** deals, so you bid first, and the bots play the other
# seats. Bid, take the kitty if you win the auction, and play all ten tricks.
#
# Keyboard: **Tab** moves from one group (your hand, the piles, the calls, the buttons) to the
# next, the **arrow keys** move within a group, **Enter** plays the card or call, **Escape** clears
# the cards you chose, and **?** shows these keys under the table.
#
# **Stuck? Press Hint** under the table. Every option you have now gets a bar: each card you may
# play, each bid, passing, and the cards of your hand when you discard
# after taking the kitty. A bar starts at the zero line and runs to what the option is worth to
# your side on average, in points (your side's points less the other side's), over many guesses at
# the cards you cannot see; the thin whisker at its end is the 95% range of that average. A card is
# valued by playing each guess out with every hand open (the solver); a bid by making it the
# contract on each guess, allowing for the tricks a real declarer drops when she cannot see the
# cards; passing by letting the bots bid on from each guess and playing whatever contract they
# reach (a deal everyone passes scores nothing), so a pass that lets the others make their contract
# costs what they score. The guesses read the auction: a player who bid seven hearts is dealt a
# hand worth it, one who passed no big hand. The first bars come from a few guesses, so their
# whiskers are long; better bars follow by themselves. The line under the table calls an option
# *best* only when it is clearly ahead of every other; otherwise it says which options are *about
# equal*, and any of them is a fine choice.

# %% hidden tags=["facts-check"]
fresh = game.deal(seed=2024, dealer=3)
assert game.seat_name(fresh.setup["dealer"]) == "W" and game.seat_name(fresh.to_move) == "N"
assert fresh.phase == "auction"

# %% [markdown]
# **How strong are the bots?** Set `level` in the next cell to `"random"` (any legal move),
# `"heuristic"` (rules of thumb; the default) or `"expert"` (it weighs each decision by playing
# the deal out over many guesses at the cards it cannot see, so it thinks a moment longer), and
# run the cell again for a new table. (In Five Hundred the expert plays much like the heuristic,
# some 4 points a deal ahead over 80 deals, too few to be sure of it; the README's Bots section
# has the measured strengths.)
# The bots can say why they called as they
# did: on a table that shows every hand (`Table(..., show_all=True)`) a **why?** follows each
# bot's call in the list of moves. At your own seat the reasons stay hidden, because they would tell you the bots'
# cards.

# %%
from cardlab.teaching import deal_report

# the bots' level: "random", "heuristic" or "expert"
level = "heuristic"
whole_deal = Table(game.deal(seed=2024, dealer=3), seat=0, bots=level)
whole_deal

# %% [markdown]
# When the deal is over, run the next cell: it checks the deal was played to its end and shows
# how it was scored, and your points.
#
# Then press **Look back** under the table: it lists your decisions, the costliest first. At each
# one that cost points, the table takes you back to that moment (showing only what you saw then)
# and asks you to find a better card or call before it shows the answer. A try about as good as
# the best says "Well found" and shows what every option was worth; otherwise try again, or press
# **Show me** (offered after two wrong tries) for the answer, and **Skip** or **Next costly
# decision** to go on. Nothing you try changes the deal you played.

# %%
deal_report(whole_deal)

# %% [markdown]
# **Next:** [02_officer_skat](02_officer_skat.ipynb), Skat for two players.
