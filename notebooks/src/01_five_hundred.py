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
# first. Here W deals (`dealer=3`), so N starts.

# %%
start = game.deal(seed=315, dealer=3)
start

# %% [markdown]
# This is the teacher's picture with every hand face up. At a real table you see only your own ten
# cards; the kitty lies face down until the auction is over.

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
# In our deal, N and E pass, S bids six spades, W six diamonds, S seven spades, W seven diamonds,
# and S passes. W is the contractor at **seven diamonds**. Let us play the whole deal out with the
# computer players ("bots"), then look at the auction on the ladder.

# %%
from cardlab.bots import bot_for, play_out

def new_bots():
    """Four fresh computer players, one per seat (fresh each time, so every run is the same)."""
    return [bot_for("five_hundred", "heuristic", seed=seat) for seat in range(4)]


deal = play_out(start, new_bots())
steps = deal.states()  # steps[n] is the deal after n actions
print("\n".join(deal.narration()[:8]))

# %% [markdown]
# After W's six diamonds it is S's turn. The ladder marks the current bid and the calls S may make
# now: misère is **not** among them, because the bid is only at the 6 level.

# %%
AuctionLadder(game, steps[4])

# %%
print(steps[4].explain("bid misere"))

# %% [markdown]
# One bid later S has bid **seven spades**, and now W *could* bid misère:

# %%
AuctionLadder(game, steps[5])

# %% [markdown]
# ### The kitty
#
# The contractor picks up the three kitty cards (13 in hand) and **discards any three** face down.
# W took K♣ 9♥ K♥ and threw away three cards nobody else sees.

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
# Step through the deal with the buttons, the slider or the arrow keys. The table opens at
# **step 13**, the second trick: W has led the **J♦**, the right bower. N holds J♥ 5♥ 4♥ and
# other cards, but no diamond…

# %%
Table(deal, seat=None, show_all=True, step=13)

# %% [markdown]
# …yet N must play the **J♥**! With diamonds as trumps, the J♥ is the left bower: it is a diamond
# this deal, N's only one, so N must follow suit with it. The engine explains every move, with the
# rule's ID in the rule book (`5H-7.2`):

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

# %% [markdown]
# Other moments in this deal (the step number is on the slider):
#
# | step | what happens |
# |---|---|
# | 9–12 | W leads the **joker**, the top trump: everyone must play a trump if they can. N plays the K♦, E the 4♦, S the 9♦ |
# | 13–16 | the bowers: W's J♦ (right bower) beats N's J♥ (left bower) |
# | 21–24 | W leads the 10♦ and partner E wins with the Q♦ |
# | 45–48 | the last trick: W and E have taken **all ten tricks**, a *slam* |

# %% [markdown]
# ### A misère
#
# In another deal, N bids six hearts and E seven diamonds. S, with a hand of low cards, bids
# **misère**: that is allowed, because the bid is at the 7 level. Everyone else passes.

# %%
misere = game.deal(seed=167, dealer=3)
for call in ("bid 6H", "bid 7D", "bid misere", "pass", "pass", "pass"):
    misere = misere.apply(call)
misere = play_out(misere, new_bots())
print("\n".join(misere.narration()[:7]))

# %% [markdown]
# S throws away the high cards of the kitty (K♦ A♥ Q♥) and plays alone: N's hand lies face down and
# each trick has only three cards. At **step 27**, E leads a diamond. W has no diamond left, but
# holds the **joker**, so W *must* play it, and it wins the trick (good for S!):

# %%
Table(misere, seat=None, show_all=True, step=27)

# %%
print(misere.states()[27].explain("play JC"))

# %% [markdown]
# S ducked every trick: the misère is made. (Had S won a trick, play would have stopped there and
# the misère would have failed.)

# %%
print("\n".join(misere.result.breakdown))

# %% [markdown]
# ### Your turn
#
# Now **you** are N in a new deal, and three bots play E, S and W. W deals, so you bid first. Look
# at your hand: the joker, the J♠ and the A♠ make a strong spade hand! Bid on the ladder below the
# table, or on the table, or pass. If you win the auction, the table asks you to discard three cards. Dimmed cards are not
# allowed; hover over one to read why.

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
#
# Our first deal: W bid seven diamonds (worth 180) and took all ten tricks.

# %%
print("\n".join(deal.result.breakdown))

# %% [markdown]
# Some tables score differently: no points for the defenders, or no slam bonus. Here is the same
# deal under some **scoring variants**. Only the last one changes this deal: without the slam bonus
# W's side scores just the 180 of the bid. The defenders took no trick, so their rules change
# nothing here.

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
# ## Try it
#
# Each exercise checks your answer. Replace `None` with your answer and run the cell again.
# While the answer is `None`, the cell shows a hint.
#
# **Exercise 1.** In our first deal, diamonds are trumps and W leads the **joker** to the first
# trick. N holds 6♠ 10♣ 9♣ 7♣ 6♣ 5♣ K♦ J♥ 5♥ 4♥. Which cards may N play?

# %%
from cardlab.teaching import choice_exercise, legal_cards_exercise

ex1 = legal_cards_exercise(
    steps[9], question="Diamonds are trumps and W led the joker. Which cards may N play?",
    hint="The joker is a trump, so N must play a trump if possible. Which of N's cards are "
         "diamonds this deal? Look at the jacks.")
ex1

# %%
answer1 = None  # a list of card codes, e.g. ["6S", "KD"]
ex1.check(answer1)

# %% [markdown]
# **Exercise 2.** Spades are trumps. N leads the A♠, E plays the J♣, S the K♠ and W the J♥.
# Who wins the trick: N, E, S or W?

# %%
ex2 = choice_exercise(
    "Spades are trumps: A♠ (N), J♣ (E), K♠ (S), J♥ (W). Who wins?", "E",
    hint="Which jack is the same colour as the spades?",
    reasons={"N": "the ace is only the fourth-highest trump here",
             "S": "the king is lower than the ace",
             "W": "the J♥ is a plain heart: it is red, so it is not a bower in spades"})
answer2 = None  # "N", "E", "S" or "W"
ex2.check(answer2)

# %% [markdown]
# **Exercise 3.** NS bid **seven hearts** (worth 200 on the Avondale table) and take **all ten**
# tricks. How many points do NS score?

# %%
ex3 = choice_exercise(
    "Seven hearts, all ten tricks: how many points?", "250",
    hint="Taking all ten tricks is a slam. Is a slam worth more than the bid?",
    reasons={"200": "that is the bid's value, but all ten tricks make a slam",
             "300": "extra tricks are not counted one by one"})
answer3 = None  # a number, e.g. "180"
ex3.check(answer3)

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
# | **slam** | all ten tricks: at least 250 points |
# | **Avondale** | the table of bid values (1906) |
# | **going out backwards** | losing by falling to −500 |
#
# **Next:** [02_officer_skat](02_officer_skat.ipynb), Skat for two players.
