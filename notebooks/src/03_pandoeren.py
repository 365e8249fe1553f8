# %% [markdown]
# # Pandoeren: bid, call a secret partner, count roem
#
# **Pandoeren** is a Dutch card game for **four players**, from North Holland. Everyone plays for
# themselves, but in most contracts the winner of the auction gets a **secret partner** (*maat*)
# for one deal: whoever holds the ace she calls. Nobody knows who it is until that ace is played.
#
# This notebook teaches the game from scratch:
#
# 1. the deck and what the cards are worth
# 2. trumps and the order of the cards (*jas* and *nel*)
# 3. the deal and the *kijkkaart*
# 4. the auction and the contracts
# 5. play: a recorded deal, step by step, then a deal **you** play against three bots
# 6. scoring with *roem* and *stuk*, and the variants
# 7. three short exercises, then a glossary
#
# Run the cells from the top with **Shift + Enter**. Every deal comes from a *seed*, so you will see
# exactly the cards described here.

# %%
import cardlab
from cardlab.widgets import AuctionLadder, ScoreCompare, Table, TrumpLadder

game = cardlab.load("pandoeren")
game

# %% [markdown]
# ## 1. The deck
#
# 33 cards: A K Q J 10 9 8 7 in each suit, **plus the six of hearts**. So hearts has nine cards.
# The 6♥ is an ordinary heart, just below the 7♥.

# %%
game.deck

# %% [markdown]
# The cards you win in tricks are worth **card points**. The trump suit counts differently:
#
# | | J | 9 | A | 10 | K | Q | 8, 7, 6 | suit total |
# |---|---|---|---|---|---|---|---|---|
# | **trump suit** | 20 (*jas*) | 14 (*nel*) | 11 | 10 | 3 | 2 | 0 | 60 |
# | **other suits** | 1 | 0 | 11 | 10 | 3 | 2 | 0 | 27 |
#
# The side that wins the **last trick** gets 5 more. With a trump suit, the pack holds
# 60 + 3 × 27 + 5 = **146** points.

# %% [markdown]
# ## 2. Trumps and the order of the cards
#
# In the trump suit, the jack is the highest card. It is called the **jas**. The nine comes next, the
# **nel**. Then come A K Q 10 8 7 (6). Watch the **10**: it is worth 10 points, but it ranks *below*
# the queen. In the other suits the order is A K Q J 10 9 8 7 (6).
#
# Here is the ladder with **clubs** as trumps. In the live notebook, pick another suit from the
# menu, or `none` for the no-trump contracts:

# %%
TrumpLadder(game, contract="C")

# %% [markdown]
# ## 3. The deal
#
# The seats are **N, E, S, W**, and play goes clockwise. The player on the dealer's left is
# **forehand**: she speaks first in the auction. The dealer deals clockwise, starting with forehand:
#
# 1. **4 cards** to each player;
# 2. **1 card face up** in the middle: the **kijkkaart** ("look card"), for everyone to see;
# 3. **4 more cards** to each player.

# %%
start = game.deal(seed=142, dealer=3)
start

# %% [markdown] tags=["deal-facts"]
# Here **W** deals (`dealer=3`), so **N** is forehand. The kijkkaart is the **A♥** (in the panel on
# the right). The picture is the teacher's, with every hand face up. At a real table you see only
# your own cards and the kijkkaart.

# %% hidden tags=["facts-check"]
assert start.setup["dealer"] == 3 and game.seat_name(3) == "W"
assert game.seat_name(start.to_move) == "N" and start.setup["kijkkaart"] == "AH"

# %% [markdown]
# ## 4. The auction and the contracts
#
# Starting with forehand, each player either **bids higher** or **passes**. Once you pass, you are
# out of the auction. The auction ends when three players have passed after a bid. If all four pass,
# the cards are thrown in and the next player deals.
#
# The lowest bid is **120**: "my partner and I will make at least 120 points". Points come from
# the tricks, plus **roem** and **stuk** (section 6). Higher up the ladder are **named contracts**
# with their own goals. The list is not in order of difficulty: it is the traditional order, and
# each contract is worth a fixed number of **game points**:

# %%
from IPython.display import Markdown

PARTNER = {"called": "called ace", "jas": "holder of the jas", "none": "alone"}
groups = []  # runs of neighbouring bids of the same kind and value
for row in game.bid_ladder():
    if groups and (groups[-1][0]["contract"], groups[-1][0]["value"]) == (row["contract"],
                                                                          row["value"]):
        groups[-1].append(row)
    else:
        groups.append([row])
lines = ["| bid | partner | trumps | to make it | game points |", "|---|---|---|---|---|"]
for group in groups:
    first, last = group[0], group[-1]
    bid = first["label"] if len(group) == 1 else f"{first['label']} … {last['label']}"
    lines.append(f"| **{bid}** | {PARTNER[first['partner']]} | "
                 f"{'yes' if first['trumps'] else 'no'} | {first['objective']} | {first['value']} |")
Markdown("\n".join(lines))

# %% [markdown]
# *Ouvert* means the declarer's hand is laid open. In a *praatje* ("chat") all four hands are
# laid open. *Privé* means alone.
#
# Here is our deal's record, replayed. The ladder follows the deal: it marks the current bid
# and the bids that are legal now.

# %%
RECORD = ("bid 120, pass, pass, bid 130, pass, discard 8S, trump C, call AC, "
          "play JC, play 6H, play AC, play 7D, play KC, play 8D, play 9C, play 7H, play AD, "
          "play 9D, play 7C, play JD, play QC, play 9H, play 7S, play 8H, play 10C, play JH, "
          "play JS, play 9S, play 8C, play QD, play KH, play QH, play AH, play 10D, play 10H, "
          "play KS, play QS, play AS, play 10S, play KD")
deal = start
for move in RECORD.split(", "):
    deal = deal.apply(move)
steps = deal.states()  # steps[n] is the deal after n moves

AuctionLadder(game, steps[5])

# %% [markdown] tags=["deal-facts"]
# **N** bids **120**, E and S pass, **W** bids **130** and N passes. W wins the auction with 130.

# %% hidden tags=["facts-check"]
assert [str(a) for a in deal.history[:5]] == ["bid 120", "pass", "pass", "bid 130", "pass"]
assert [game.seat_name(s.to_move) for s in steps[:5]] == ["N", "E", "S", "W", "N"]
assert game.seat_name(deal.result.declarer) == "W" and deal.result.contract == "130"

# %% [markdown]
# ### After the auction
#
# The declarer now does three things:
#
# 1. **Exchange.** She takes the kijkkaart into her hand (9 cards) and **discards one card face down**.
#    It may be the kijkkaart itself. Nobody scores the discard's points.
# 2. **Trump.** She names the trump suit.
# 3. **Call.** She calls an **ace** she does not hold. It may even be the trump ace. Its holder is her
#    secret partner. She does not say who it is, and nor does the partner.

# %%
print("\n".join(deal.narration()[5:8]))

# %% [markdown] tags=["deal-facts"]
# **W** keeps the A♥ and throws away the 8♠. Only the teacher's view shows which card she
# discarded; the other players never learn it. She names clubs and calls the **A♣**. She also
# holds *stuk*, the king *and* queen of trumps (**20** points). Under the default rules she does not
# have to say so: her stuk is counted for her automatically, and announced for her when she leads.
# (With `roem_announce="manual"` she would have to play `announce stuk` herself before the
# deadline, or lose it.)

# %% hidden tags=["facts-check"]
assert [str(a) for a in deal.history[5:8]] == ["discard 8S", "trump C", "call AC"]
assert "AH" in {c.code for c in steps[8].hands[3]} and game.seat_name(steps[5].to_move) == "W"
assert {"KC", "QC"} <= {c.code for c in steps[8].hands[3]} and deal.result.figures["stuk"] == 20

# %% [markdown]
# ## 5. Play
#
# The declarer leads to the first trick. Each player plays one card, clockwise. The highest trump
# wins. With no trump in the trick, the highest card of the led suit wins. The rules for which
# card you may play:
#
# * **Trumps led:** play a trump if you have one (any trump: you need not play higher).
# * **Another suit led:** **follow suit or trump**, whichever you like. If you cannot follow,
#   trump or throw away anything. But once the trick has been trumped, you may not play a
#   *lower* trump (**no undertrumping**) unless you have nothing else.
# * **The jas is never forced.** You may always play it, and you may always keep it back.
#
# Step through the recorded deal.

# %% [markdown] tags=["deal-facts"]
# The table opens at **step 11**: W led the jas, N threw the 6♥, and E had to play a trump. E
# played the **A♣**, the called ace, so now everyone knows that **E** is **W**'s partner.

# %% hidden tags=["facts-check"]
assert len(steps[11].history) == 11
assert [(game.seat_name(p.seat), p.card.code) for p in steps[11].trick.plays] == [
    ("W", "JC"), ("N", "6H"), ("E", "AC")]
assert deal.result.figures["partner"] == "E" and str(deal.history[7]) == "call AC"

# %%
Table(deal, seat=None, show_all=True, step=11)

# %% [markdown] tags=["deal-facts"]
# Other moments to look at (the step number is on the slider):
#
# | step | what happens |
# |---|---|
# | 1–5 | the auction: N 120, E pass, S pass, W 130, N pass |
# | 6–8 | W discards, names clubs and calls the A♣ |
# | 9 | W leads the jas. Her roem (K♣ Q♣ J♣ 10♣ in a row, 50) and her stuk (20) are announced for her |
# | 13–16 | W leads K♣, and partner E wins it with the *nel*, 9♣, which beats the king |
# | 17–20 | E leads A♦. W has no diamonds and trumps it with 7♣. N must still follow with a diamond |
# | 40 | the end: W and E have 115 card points, + 50 roem + 20 stuk = 185. The 130 is made |
#
# Each completed trick shows its card points. The first trick holds the jas (20) and the ace of
# trumps (11), so it is worth **31**:

# %% hidden tags=["facts-check"]
def plays(trick):
    """A trick as (seat name, card code) pairs, in play order."""
    return [(game.seat_name(p.seat), p.card.code) for p in trick.plays]


fig = deal.result.figures
assert str(deal.history[8]) == "play JC" and fig["roem_info"]["combinations"]["W"] == [
    "sequence of 4 in clubs, king high (50)"]
assert {"KC", "QC", "JC", "10C"} <= {c.code for c in steps[8].hands[3]}
assert fig["roem"] == 50 and fig["stuk"] == 20
assert plays(deal.tricks[1])[0] == ("W", "KC") and ("E", "9C") in plays(deal.tricks[1])
assert game.seat_name(deal.tricks[1].winner) == "E" and str(deal.history[14]) == "play 9C"
assert plays(deal.tricks[2]) == [("E", "AD"), ("S", "9D"), ("W", "7C"), ("N", "JD")]
assert not any(c.suit == "D" for c in steps[16].hands[3]) and str(deal.history[16]) == "play AD"
assert len(deal.history) == 40 and fig["team_card_points"] == 115
assert 115 + 50 + 20 == 185 and deal.result.made and deal.result.contract == "130"
assert deal.tricks[0].points == 31 and plays(deal.tricks[0])[2] == ("E", "AC")

# %%
print("\n".join(deal.narration()[8:12]))

# %% [markdown]
# ### Why is a card legal or not?
#
# The engine explains every move.

# %% [markdown] tags=["deal-facts"]
# Take **E**'s turn at **step 10**: trumps were led, and E holds A♣ and 9♣.

# %% hidden tags=["facts-check"]
assert game.seat_name(steps[10].to_move) == "E" and len(steps[10].history) == 10
assert steps[10].trick.suit == "C" and steps[10].trick.plays[0].card.code == "JC"
assert {c.code for c in steps[10].hands[1] if c.suit == "C"} == {"AC", "9C"}

# %%
e_turn = steps[10]
print(e_turn.explain("play 9C"))
why = e_turn.explain("play AD")
print(why)
print("code:", why.code, "| rule:", why.rule)

# %% [markdown]
# The rule IDs (`A2.8.3a`, …) point into the rule specification, so a teacher can look each one up.
# An illegal move is refused with the reason and the legal moves. This cell is *meant* to fail:

# %%
# tags: raises-exception
e_turn.apply("play KH")

# %% [markdown] tags=["deal-facts"]
# ### Your turn
#
# Now **you** are **N** in a new deal, and three bots play E, S and W. **W** deals, so you speak
# first. Look at your hand. You hold the jas and the nel of clubs! Bid on the ladder or on the
# table, or pass. If you win the auction, the table asks you to discard, name trumps and call an
# ace. Dimmed cards are not allowed; hover over one to read why.
#
# Not sure what to bid? The table's **Hint** button puts a value on every contract button: the game
# points you would score on average if that bid stood (the others passing) and the deal were played
# on well, over many guesses at the cards you cannot see, with its 95% range. Pass gets a bar
# too: on each guess the bots bid on without you and the winner's contract is played out. A
# defender is paid nothing, so passing is worth nothing unless that contract makes you the
# declarer's partner (her called ace, or the jas in Kereltje, in your hand): its bar is how
# much such partnerships add, and a bid worth less than it is not worth making. In the play,
# the same button values every card you may play. Each guess is played by the bots only until
# the hands hold five cards; the last five tricks are then solved with every hand of that guess
# open, as perfect players would play them, your side playing together.

# %% hidden tags=["facts-check"]
mine = game.deal(seed=21, dealer=3)
assert game.seat_name(mine.setup["dealer"]) == "W" and game.seat_name(mine.to_move) == "N"
assert {"JC", "9C"} <= {c.code for c in mine.hands[0]}

# %%
my_table = Table(game.deal(seed=21, dealer=3), seat=0, bot_delay=0)
my_table

# %%
AuctionLadder(game, my_table)

# %% [markdown]
# You can also play from code: `my_table.act("bid 120")`, `my_table.act("trump C")`,
# `my_table.play("JC")`.

# %% [markdown]
# ## 6. Scoring
#
# For the number bids (and Pandoer + n), the declaring side counts three things:
#
# * **Tricks:** the card points of their tricks, + 5 for the last trick.
# * **Roem:** combinations held at the start of play, in any suit:
#
#   | roem | 3 in a row | 4 in a row | 5 in a row | four Q, K or A | 6 in a row | 7 in a row | 8 in a row | four J |
#   |---|---|---|---|---|---|---|---|---|
#   | points | 20 | 50 | 100 | 100 | 120 | 140 | 160 | 200 |
#
#   "In a row" follows the order A K Q J 10 9 8 7 6. The declarer announces her roem as she
#   leads to the first trick; the partner announces once everyone knows who she is. An opponent who
#   **bid** in the auction may **deny** it by showing a better single combination. Then all of
#   that player's roem is lost.
# * **Stuk:** the king and queen of trumps in the declarer's or the partner's hand, 20 points. It
#   cannot be denied. Under the default rules it is counted automatically; with
#   `roem_announce="manual"` its holder must play `announce stuk` before the deadline.
#
# The other contracts are simply made or lost. Either way the declarer **and partner** each win or
# lose the contract's game points (1 for 120–140). The other players' scores do not change.

# %%
print("\n".join(deal.result.breakdown))

# %% [markdown] tags=["deal-facts"]
# **N** bid in the auction, so N could deny **W**'s roem. N's best combination is Q♦ J♦ 10♦ (**20**),
# which is lower than W's four clubs in a row (**50**). The roem stands:

# %% hidden tags=["facts-check"]
from cardlab.games.pandoeren.roem import best_instance, roem_instances

north = {c.code for c in start.hands[0]}
assert {"QD", "JD", "10D"} <= north and not {"KD", "9D"} & north
best_n = best_instance(roem_instances(start.hands[0]))
assert {c.code for c in best_n.cards} == {"QD", "JD", "10D"} and best_n.value == 20
assert fig["roem_info"]["deniers"] == ["N"] and fig["roem_info"]["valid"] and fig["roem"] == 50
assert str(deal.history[0]) == "bid 120" and game.seat_name(steps[0].to_move) == "N"
assert game.seat_name(deal.result.declarer) == "W" and fig["roem_info"]["announced"] == {"W": 50}

# %%
deal.result.figures["roem_info"]

# %% [markdown]
# Some players score differently. `zero_sum_per_opponent` settles up with money: each member of
# the declaring side collects the game points from each defender. `butselaar_points` uses
# Butselaar's book (1958), where the bid brackets are worth different amounts. Here is this deal
# under each scoring variant:

# %%
ScoreCompare(deal)

# %% [markdown]
# ## 7. Variants
#
# The rules come from pagat.com (the default, preset `pagat`) and from Butselaar's book (preset
# `butselaar`). Each difference is an option of `cardlab.load`:
#
# | option | default | alternative | what changes |
# |---|---|---|---|
# | `preset` | `pagat` | `butselaar` | Butselaar's rules: lowest bid 130, other game points, free undertrumping, … |
# | `lowest_number_bid` | `120` | `130` | the auction starts at 130 |
# | `pass_is_final` | `True` | `False` | a player who passed may bid again later |
# | `all_pass` | `next_dealer` | `same_dealer` | after four passes the same dealer deals again |
# | `allow_call_trump_ace` | `True` | `False` | the trump ace may not be called |
# | `kereltje_own_jas` | `illegal` | `play_alone` | in Kereltje you may name trumps whose jas you hold, and play alone |
# | `zwabber_partner` | `called_ace` | `first_trick_winner` | in Zwabber the winner of trick 1 is the partner |
# | `piccolo_objective` | `first_trick_only` | `any_one_trick`, `first_trick_with_jas` | what Piccolo must win |
# | `trump_while_able_to_follow` | `True` | `False` | you must follow suit when you can; trump only when void |
# | `undertrump` | `forbidden_unless_no_alternative` | `allowed` | undertrumping is always allowed |
# | `overtrump_on_trump_lead` | `False` | `True` | when trumps are led you must play higher if you can |
# | `jas_never_forced` | `True` | `False` | the jas must be played like any other trump |
# | `roem_card_reuse` | `True` | `False` | a card counts in only one roem combination |
# | `roem_announce` | `auto` | `manual` | you must announce roem and stuk yourself, or lose them |
# | `roem_denial` | `True` | `False` | roem cannot be denied |
# | `stuk_deadline` | `before_second_card` | `before_first_card` | stuk must be announced before either card is played |
# | `scoring` | `pagat_plus_minus` | `zero_sum_per_opponent` | the defenders pay |
# | `rank_order` | `pandoeren` | `klaverjas` | (experimental) trumps J 9 A 10 K Q as in Klaverjas |
# | `game_end` | `{"deals": 16}` | `{"target": X}` | play to a target score instead of 16 deals |
#
# A variant is one keyword away:

# %%
butselaar = cardlab.load("pandoeren", preset="butselaar")
print(butselaar)
print("lowest bids:", [row["call"] for row in butselaar.bid_ladder()[:3]])

# %% [markdown]
# ## Open hands: what each card was worth
#
# Turn **every hand face up** and cardlab's solver (`cardlab.solve`) can work out what each card is
# worth if every player plays perfectly from there: what its seat scores for the deal. Bridge players call this *double
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

bot = bot_for("pandoeren", "heuristic", seed=3)
played = cardlab.load("pandoeren").deal(seed=3, dealer=0)
while not played.is_over:
    played = played.apply(bot.choose(played))
before = played.states()[27]  # the position before step 28
review = Table(played, seat=None, show_all=True, open_hands=True, step=27)
review

# %%
worth = cardlab.solve.values(before)  # every legal card, with every hand open
worth

# %% [markdown] tags=["deal-facts"]
# East played **120 in clubs** with North as partner, and the team reached 109: beaten. At step
# 28 **North** leads the **king of diamonds**. With every hand open, either **spade** (the nine or
# the eight) would still have made the contract, worth **+1** to North; the king of diamonds hands
# the ace-holder 25 card points, and the value falls to **−1**.

# %% hidden tags=["facts-check"]
assert played.contract.startswith("120")
assert str(played.history[27]) == "play KD" and before.to_move == 0
assert worth["play KD"] == -1 and worth["play 9S"] == worth["play 8S"] == 1
assert played.result.points["N"] == -1

# %% [markdown]
# ## Try it
#
# Each exercise below is a small form: click your answer (or type it) and press **Check**. The
# engine checks it and tells you why a wrong answer is wrong; after two wrong tries a **Show me**
# button appears. You can also answer in code: replace `None` in the cell under the exercise and
# run it.

# %% [markdown] tags=["deal-facts"]
# **Exercise 1.** In another deal, clubs are trumps. E leads the 7♦ and S plays the 9♦. Which
# cards may W play? W's cards are in the exercise: click every card that is allowed.

# %% hidden tags=["facts-check"]
from cardlab.teaching import exercise

other = exercise("pandoeren/diamond-lead").state
assert other.view(None, shown=True)["trump"] == "C" and game.seat_name(other.to_move) == "W"
assert [(game.seat_name(p.seat), p.card.code) for p in other.trick.plays] == [
    ("E", "7D"), ("S", "9D")]

# %%
from cardlab.teaching import exercise

ex1 = exercise("pandoeren/diamond-lead")
ex1

# %%
answer1 = None  # a list of card codes, e.g. ["AS", "QD"]
ex1.check(answer1)

# %% [markdown] tags=["deal-facts"]
# **Exercise 2.** In that deal's first trick clubs are trumps. W leads the A♣, and the other
# three play the 6♥, the 9♣ and the 8♥. Who wins the trick?

# %% hidden tags=["facts-check"]
first = exercise("pandoeren/clubs-trick").state
assert first.history == other.history[:11] and len(first.tricks) == 1
assert game.seat_name(first.tricks[0].leader) == "W" and first.tricks[0].suit == "C"
assert [p.card.code for p in first.tricks[0].plays] == ["AC", "6H", "9C", "8H"]

# %%
ex2 = exercise("pandoeren/clubs-trick")
ex2

# %%
answer2 = None  # a seat's name, in quotes
ex2.check(answer2)

# %% [markdown] tags=["deal-facts"]
# **Exercise 3.** In a third deal clubs are trumps, and at the start of play the declarer **W**
# holds 7♠ K♣ Q♣ J♣ A♦ K♦ Q♦ 8♥. How many points do her *roem* and *stuk* add up to? Type the
# number.

# %% hidden tags=["facts-check"]
third = exercise("pandoeren/roem-stuk").state
start_of_play = next(s for s in third.states() if s.phase == "play")
assert game.seat_name(third.result.declarer) == "W" and third.result.figures["partner"] != "W"
assert {c.code for c in start_of_play.hands[3]} == {
    "7S", "KC", "QC", "JC", "AD", "KD", "QD", "8H"}
assert start_of_play.view(None, shown=True)["trump"] == "C"

# %%
ex3 = exercise("pandoeren/roem-stuk")
ex3

# %%
answer3 = None  # a number
ex3.check(answer3)

# %% [markdown]
# ### Deal it yourself
#
# Deal yourself W's hand of exercise 3 and play it: in the editor, choose **W** and click
# 7♠ K♣ Q♣ J♣ A♦ K♦ Q♦ 8♥ into it, then press **Deal the rest at random** and **Open in a table**
# to play it at a table below the editor. You sit W and W deals, so the others bid first: win the
# auction, name clubs, and your roem and stuk count for you.

# %%
from cardlab.widgets import DealEditor

DealEditor(game, dealer=3, seat=3, show_all=False)

# %% [markdown]
# ## Glossary
#
# | word | meaning |
# |---|---|
# | **forehand** | the player on the dealer's left; she speaks first in the auction |
# | **kijkkaart** | "look card": the 33rd card, dealt face up in the middle; the declarer takes it |
# | **jas** | the jack of trumps, the highest trump (20 points); never forced |
# | **nel** | the nine of trumps, the second-highest trump (14 points) |
# | **boer** | jack |
# | **declarer** | the player who won the auction |
# | **maat** | partner: the holder of the ace the declarer calls |
# | **roem** | combinations in hand: runs of 3 or more in a suit, four of a kind |
# | **stuk** | the king and queen of trumps in one hand: 20 points |
# | **puntenspel** | a number bid (120, 130, …) |
# | **pandoer** | the contract where the declarer and her partner win all 8 tricks |
# | **ouvert** | played with the declarer's hand face up |
# | **praatje** | "chat": all hands face up, and the defenders may talk (*stil*: silent) |
# | **privé** | alone |
# | **undertrump** | play a lower trump than one already in the trick |

# %% [markdown]
# ## Play a whole deal yourself
#
# You know the whole game now.

# %% [markdown] tags=["deal-facts"]
# Here is a fresh deal: you are **N**, **W** deals, so you speak first, and the bots play the other
# seats. Bid (or pass), and play all eight tricks.
#
# Keyboard: **Tab** moves from one group (your hand, the piles, the calls, the buttons) to the
# next, the **arrow keys** move within a group, **Enter** plays the card or call, **Escape** clears
# the cards you chose, and **?** shows these keys under the table.

# %% hidden tags=["facts-check"]
fresh = game.deal(seed=2024, dealer=3)
assert game.seat_name(fresh.setup["dealer"]) == "W" and game.seat_name(fresh.to_move) == "N"
assert fresh.phase == "auction"

# %% [markdown]
# **How strong are the bots?** Set `level` in the next cell to `"random"` (any legal move),
# `"heuristic"` (rules of thumb; the default) or `"expert"` (it weighs each decision by playing
# the deal out over many guesses at the cards it cannot see, so it thinks a moment longer), and
# run the cell again for a new table. The bots can say why they called as they did: on a table
# that shows every hand (`Table(..., show_all=True)`) a **why?** follows each bot's call in the
# list of moves. At your own seat the reasons stay hidden, because they would tell you the bots'
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

# %%
deal_report(whole_deal)

# %% [markdown]
# **Next:** [04_panfin](04_panfin.ipynb), a game from Chioggia with Italian cards.
