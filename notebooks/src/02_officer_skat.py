# %% [markdown]
# # Officer Skat: Skat for two players
#
# **Officer Skat** (German *Offiziersskat*) is Skat for two. Nobody holds cards in their hand.
# Each player has **eight piles** on the table. Every pile is one face-down card with one face-up card
# on top. You play only your face-up cards. When you play one, the card underneath turns up after
# the trick. So you see more of the game with every trick.
#
# This notebook teaches the game from scratch:
#
# 1. the deck and what the cards are worth
# 2. trumps and the order of the cards
# 3. the deal
# 4. choosing the game, Kontra and Re
# 5. play: a recorded deal, step by step, then a deal **you** play against a bot
# 6. scoring, and the variants
# 7. three short exercises, then a glossary
#
# Run the cells from the top with **Shift + Enter**. Every deal comes from a *seed*, so you will see
# exactly the cards described here.

# %%
import cardlab
from cardlab.widgets import AuctionLadder, ScoreCompare, Table, TrumpLadder

game = cardlab.load("officer_skat")
game

# %% [markdown]
# ## 1. The deck
#
# Officer Skat uses the 32-card Skat pack: A K Q J 10 9 8 7 in each of the four suits.
# (In German packs the suits are Acorns, Leaves, Hearts and Bells; the J is the *Unter* and the
# Q is the *Ober*.)

# %%
game.deck

# %% [markdown]
# Each trick you win gives you the **card points** of the cards in it:
#
# | card | A | 10 | K | Q | J | 9, 8, 7 |
# |---|---|---|---|---|---|---|
# | card points | 11 | 10 | 4 | 3 | 2 | 0 |
#
# Each suit holds 30 card points, so the whole pack holds **120**. The player who chose the game
# (the **declarer**) needs **61** to win. At 60–60 the declarer loses.

# %% [markdown]
# ## 2. Trumps and the order of the cards
#
# The four **jacks** are always the top trumps, in the same fixed order: J♣, J♠, J♥, J♦.
# In a **suit game** the seven other cards of the chosen suit are trumps too, so there are
# 11 trumps. In the other suits the **10 ranks just below the ace**, above the king.
#
# The ladder shows every card from high to low. This one is for a **hearts** game. In the live
# notebook, pick another game from the ladder's menu.

# %%
TrumpLadder(game, contract="H")

# %% [markdown]
# In a **Grand** only the four jacks are trumps. Every suit, hearts too, is a plain suit
# with seven cards:

# %%
TrumpLadder(game, contract="grand")

# %% [markdown]
# In a **Null** game there are no trumps at all. The jacks are ordinary cards, and the 10 drops
# back to its natural place between the jack and the nine:

# %%
TrumpLadder(game, contract="null")

# %% [markdown]
# ## 3. The deal
#
# The two players are called **P1** and **P2** here. One of them deals. The other one is
# **forehand**: forehand chooses the game, becomes the declarer and leads to the first trick.
#
# The dealer puts the cards down four at a time. The choice of game comes in the middle of the deal:
#
# | step | cards | who gets them |
# |---|---|---|
# | 1 | 4 face down | forehand, row 1 |
# | 2 | 4 face down | dealer, row 1 |
# | 3 | 4 face up on top | forehand, row 1 |
# | | | **forehand chooses the game**, having seen only these 4 cards |
# | 4 | 4 face up on top | dealer, row 1 |
# | | | **the dealer may say Kontra** |
# | 5–7 | 4 face down each, then 4 face up | forehand's and dealer's row 2, forehand's face-up row 2 |
# | | | **after a Kontra, forehand may answer Re** |
# | 8 | 4 face up | dealer, row 2 |
#
# Here is the moment forehand must choose:

# %%
start = game.deal(seed=84, dealer=0)
start

# %% [markdown] tags=["deal-facts"]
# **P1** deals (`dealer=0`), so **P2** is forehand. The picture is the teacher's: the panel on the
# right shows the face-down cards so that you can follow the story. *In a real game nobody sees
# them, not even their owner.*
#
# P2 sees only four of their own cards: A♥, Q♣, 8♥ and 9♠. Two hearts, one of them the ace.

# %% hidden tags=["facts-check"]
assert start.setup["dealer"] == 0 and game.seat_name(0) == "P1"
assert game.seat_name(start.to_move) == "P2" and start.phase == "declare"
seen = next(h for h in start.view(1)["hands"] if h["seat"] == 1)["cards"]
assert seen == ["AH", "QC", "8H", "9S"]

# %% [markdown]
# ## 4. Choosing the game, Kontra and Re
#
# Forehand picks one of six games: ♣, ♠, ♥, ♦ (a **suit game**), **Grand** or **Null**.
# There is no bidding. What the game is worth depends on its **base value** and the
# **matadors**:
#
# | game | ♦ | ♥ | ♠ | ♣ | Grand | Null |
# |---|---|---|---|---|---|---|
# | base value | 9 | 10 | 11 | 12 | 24 | 23 (fixed) |
#
# **Matadors** count the run of top jacks. If you hold J♣, you are "**with** 1", "with 2" if you also hold
# J♠, and so on. If you do not hold J♣, count the jacks missing above your best one: "**without** 1",
# "without 2", … All 16 of the declarer's cards count, the face-down ones too, so you learn your
# matadors only at the end. Then:
#
# **game value = (matadors + 1) × base value**
#
# The ladder below lists every value a game can have. It is attached to our deal, so it marks
# the games P2 may choose now (all of them):

# %%
AuctionLadder(game, start)

# %% [markdown] tags=["deal-facts"]
# **P2** chooses hearts. Next the dealer, **P1**, sees their own first face-up row and may say
# **Kontra** ("I think you will lose"), which doubles the score. If they do, forehand may answer
# **Re** after their second face-up row, which doubles it again (×4 in all).

# %% hidden tags=["facts-check"]
assert game.seat_name(start.to_move) == "P2" and start.is_legal("declare H")
after_h = start.apply("declare H")
assert game.seat_name(after_h.to_move) == "P1" and after_h.is_legal("kontra")

# %%
hearts = start.apply("declare H")
print(hearts.legal_actions())

# %% [markdown]
# A recorded deal is just a list of moves, so we replay ours (its first three moves are below):

# %%
RECORD = ("declare H, kontra, re, play JD, play 10H, play AH, play JS, play AS, play 9S, "
          "play 7C, play QC, play JC, play 7D, play QH, play 8S, play AC, play 8C, play AD, "
          "play 8D, play 8H, play QS, play 9C, play QD, play 9D, play KD, play 7H, play 9H, "
          "play 7S, play KS, play 10S, play KH, play KC, play JH, play 10D, play 10C")
deal = start
for move in RECORD.split(", "):
    deal = deal.apply(move)

print("\n".join(deal.narration()[:3]))

# %% [markdown] tags=["deal-facts"]
# In our recorded deal **P2** chooses hearts, **P1** says **Kontra** and P2 answers **Re**.

# %% hidden tags=["facts-check"]
assert [str(a) for a in deal.history[:3]] == ["declare H", "kontra", "re"]
assert [game.seat_name(s.to_move) for s in deal.states()[:3]] == ["P2", "P1", "P2"]
assert deal.result.figures["kontra"] and deal.result.figures["re"]

# %% [markdown]
# ## 5. Play
#
# There are **16 tricks** of two cards. The rules:
#
# * The declarer leads to the first trick. The winner of a trick leads to the next.
# * You may play only your **face-up** cards.
# * **Follow suit** if you can: play a face-up card of the led suit. Careful: in a suit game
#   **every jack counts as a trump**, not as a card of its printed suit. If you cannot follow,
#   play any face-up card. You never *have* to trump.
# * The higher trump wins. With no trump in the trick, the higher card of the led suit wins.
# * When you play a pile's top card, the card underneath stays face down until the trick is over.
#   Then it turns up, and you can play it **from the next trick on**.
#
# Step through the recorded deal with the buttons, the slider or the arrow keys.

# %% [markdown] tags=["deal-facts"]
# The table opens at a key moment, **step 32**. **P2** has led K♣, and **P1** has no club left face
# up. P1's J♥ was *face down under the 10♠* until the last trick. It turned up when the 10♠ was
# played, and now it can trump the king.

# %% hidden tags=["facts-check"]
steps = deal.states()
at32 = steps[32]
assert len(at32.history) == 32 and [(game.seat_name(p.seat), p.card.code)
                                     for p in at32.trick.plays] == [("P2", "KC")]
up = next(h for h in at32.view(0)["hands"] if h["seat"] == 0)["cards"]
assert not any(c.endswith("C") for c in up) and "JH" in up
assert "JH/10S" in start.setup["piles"][0].split()  # the J♥ lay under the 10♠
assert [(game.seat_name(p.seat), p.card.code) for p in deal.tricks[13].plays][0] == ("P1", "10S")
assert at32.is_legal("play JH") and game.seat_name(at32.apply("play JH").tricks[-1].winner) == "P1"

# %%
Table(deal, seat=None, show_all=True, step=32)

# %% [markdown] tags=["deal-facts"]
# Other moments to look at (the step number is on the slider):
#
# | step | what happens |
# |---|---|
# | 4–5 | P2 leads J♦. It is a trump, not a diamond, so P1 must answer with a trump: J♠ or 10♥. |
# | 6–7 | P2 leads A♥ and P1 takes it with J♠: every jack beats the trump ace. |
# | 12–13 | P2 leads J♣. P1 has no face-up trump left and throws away 7♦. |
# | 30–31 | P1 leads 10♠. P2 has no spade face up and trumps with K♥: 14 card points. |
# | 35 | The end: P2 has **62** card points, P1 has **58**. Just enough! |

# %% hidden tags=["facts-check"]
def plays(trick):
    """A trick as (seat name, card code) pairs, in play order."""
    return [(game.seat_name(p.seat), p.card.code) for p in trick.plays]


assert [str(a) for a in deal.history[3:5]] == ["play JD", "play 10H"]
assert [str(a) for a in steps[4].legal_actions()] == ["play JS", "play 10H"]
assert plays(deal.tricks[1]) == [("P2", "AH"), ("P1", "JS")] and deal.tricks[1].winner == 0
assert plays(deal.tricks[4]) == [("P2", "JC"), ("P1", "7D")] and str(deal.history[11]) == "play JC"
assert plays(deal.tricks[13]) == [("P1", "10S"), ("P2", "KH")] and deal.tricks[13].points == 14
assert [str(a) for a in deal.history[29:31]] == ["play 10S", "play KH"]
assert len(deal.history) == 35
assert deal.result.figures["card_points"] == {"P1": 58, "P2": 62}

# %% [markdown] tags=["deal-facts"]
# ### Why is a card legal or not?
#
# The engine explains every move. Here is the position after **P2** led J♦ (**step 4**).

# %% hidden tags=["facts-check"]
assert len(steps[4].history) == 4 and str(steps[4].history[-1]) == "play JD"
assert game.seat_name(steps[3].to_move) == "P2" and game.seat_name(steps[4].to_move) == "P1"

# %%
after_lead = deal.states()[4]
print(after_lead.explain("play 10H"))
why = after_lead.explain("play QD")
print(why)
print("code:", why.code, "| rule:", why.rule)

# %% [markdown]
# The rule IDs (`OS-5.5`, …) point into the rule specification, so a teacher can look each
# one up. A face-down card is never playable:

# %%
print(after_lead.explain("play JH"))

# %% [markdown]
# If you try an illegal move, the engine refuses it and says why. This cell is *meant* to fail:

# %%
# tags: raises-exception
after_lead.apply("play QD")

# %% [markdown] tags=["deal-facts"]
# ### Your turn
#
# Now **you** are **P2** in a new deal, and a bot plays P1. You are forehand. Look at your four
# face-up cards and choose a game: click a game on the ladder below, or a button on the table.
# Then click a face-up card to play it. Dimmed cards are not allowed; hover over one to read why.
# "Undo" takes a move back.

# %% hidden tags=["facts-check"]
mine = game.deal(seed=5, dealer=0)
assert game.seat_name(mine.to_move) == "P2" and mine.phase == "declare"
assert len(next(h for h in mine.view(1)["hands"] if h["seat"] == 1)["cards"]) == 4

# %%
my_table = Table(game.deal(seed=5, dealer=0), seat=1, bot_delay=0)
my_table

# %%
AuctionLadder(game, my_table)

# %% [markdown]
# You can also play from code: `my_table.act("declare grand")` chooses Grand, and
# `my_table.play("9S")` plays the 9♠.

# %% [markdown]
# ## 6. Scoring
#
# The engine explains the score line by line:

# %%
print("\n".join(deal.result.breakdown))

# %% [markdown] tags=["deal-facts"]
# How it works:
#
# * P2 holds J♣ but not J♠ (that one was P1's), so P2 is "**with 1**": value = (1 + 1) × 10 = 20.
# * A win scores +value. A loss costs *twice* the value.
# * *Schneider*: the loser has fewer than 30 card points. Then the value is doubled.
#   *Schwarz*: the loser has no card points at all. Then it is ×4.
# * Kontra doubles the result, Re doubles it again: 20 × 4 = **80**.
# * Only the declarer's score changes.

# %% hidden tags=["facts-check"]
p2_cards = " ".join(start.setup["piles"][1].replace("/", " ").split())
p1_cards = " ".join(start.setup["piles"][0].replace("/", " ").split())
assert "JC" in p2_cards.split() and "JS" in p1_cards.split()
fig = deal.result.figures
assert fig["matadors"] == 1 and fig["with"] and fig["base"] == 10 and fig["value"] == 20
assert deal.result.points == {"P1": 0, "P2": 80} and fig["kontra"] and fig["re"]

# %% [markdown]
# The same deal can be scored in other ways. The rules give three simpler methods, and the
# official Skat rules (ISkO) add a level for Schneider instead of doubling. Here are all of them
# side by side:

# %%
ScoreCompare(deal)

# %% [markdown] tags=["deal-facts"]
# * `game_value`: the method above (the default).
# * `isko_levels`: Schneider and Schwarz add +1 to the matadors instead of doubling. Here it
#   makes no difference, because nobody was Schneider.
# * `base_doubled_schneider`: the winner scores the base value (10 for hearts), doubled for
#   Schneider.
# * `card_points`: the winner scores the card points they took.
# * `match_points`: the winner scores 2, or 3 for Schneider, or 4 for Schwarz (1 each at 60–60).
#
# Kontra and Re multiply every method. Over a match of 4 deals (each player is forehand twice)
# the higher total wins.

# %% hidden tags=["facts-check"]
variants = game.scoring_variants()
assert not deal.result.figures["schneider"]
assert game.score_deal(deal, **variants["isko_levels"]).points == deal.result.points
assert game.score_deal(deal, **variants["base_doubled_schneider"]).points["P2"] == 10 * 4
assert deal.result.figures["base"] == 10

# %% [markdown]
# ## 7. Variants
#
# Players disagree on some rules, so each of these is an option of `cardlab.load`:
#
# | option | default | alternative | what changes |
# |---|---|---|---|
# | `choose_after_face_up` | `4` | `8` | forehand chooses the game after seeing all 8 face-up cards |
# | `null_allowed` | `True` | `False` | Null may not be chosen |
# | `null_mode` | `fewest_points` | `no_tricks` | Null is won by taking no trick at all (as in Skat) |
# | `null_value` | `23` | `46` | Null is worth more (half the cards are open) |
# | `pass_allowed`, `ramsch_allowed` | `False` | `True` | forehand may pass; if both pass, Ramsch is played |
# | `kontra_re` | `True` | `False` | no doubling |
# | `re_window` | `before_dealer_second_face_up_row` | `until_opening_lead` | Re may be said later |
# | `schneider` | `lt30` | `le30` | Schneider already at 30 card points |
# | `schwarz` | `zero_points` | `no_tricks` | Schwarz means no trick taken, not zero card points |
# | `matadors` | `jacks_only` | `full_trump_sequence` | matadors run on through A, 10, K … of trumps |
# | `game_value` | `multiplicative` | `isko_levels` | Schneider and Schwarz add a level instead of doubling |
# | `scoring_method` | `game_value` | `base_doubled_schneider`, `card_points`, `match_points` | the simpler methods |
# | `loss_factor` | `2` | `1` | a lost game costs its value once |
# | `faces` | `french` | `german` | German suit pictures (Acorns, Leaves, Hearts, Bells) |
#
# A variant is one keyword away. With `choose_after_face_up=8` all the face-down cards are dealt
# first, and forehand chooses only after seeing all eight face-up cards. (The same seed gives
# other piles here, because the cards come off the pack in another order.)

# %%
eight = cardlab.load("officer_skat", choose_after_face_up=8)
eight.deal(seed=84, dealer=0)

# %% [markdown]
# ## Open hands: what each card was worth
#
# Turn **every hand face up** and cardlab's solver (`cardlab.solve`) can work out what each card is
# worth if every player plays perfectly from there: the points its player scores for the deal. Bridge players call this *double
# dummy*. It is a reference for looking back at a deal, not advice you could always follow at the
# table: a real player cannot see the other hands, so a line that is plain with the cards face up
# may be a guess with them face down.
#
# Below is a deal the bots played. `open_hands=True` puts a badge on each legal card with its value
# (the best ones outlined), and a **par strip** under the step buttons marks each card that lost
# value; press a mark to go to that step. The values show only while every card still in play is
# face up (in Officer Skat that means once no face-down card is left in the piles, so the badges come late in the deal).

# %%
import cardlab.solve
from cardlab.bots import bot_for
from cardlab.widgets import Table

bot = bot_for("officer_skat", "heuristic", seed=5)
played = cardlab.load("officer_skat").deal(seed=5, dealer=0)
while not played.is_over:
    played = played.apply(bot.choose(played))
before = played.states()[24]  # the position before step 25
review = Table(played, seat=None, show_all=True, open_hands=True, step=24)
review

# %%
worth = cardlab.solve.values(before)  # every legal card, with every hand open
worth

# %% [markdown] tags=["deal-facts"]
# P2 declared **clubs** and ended with 54 card points, seven short of the 61 that win. At step 25
# P2 leads the **eight of hearts**. With every card open, the **nine of spades**, the **ace of clubs**
# or the **ten of hearts** would still have won the game for **+24**; the eight of hearts lets P1 take
# the tricks that matter, and the game is lost for **−48**. One card cost 72 points.

# %% hidden tags=["facts-check"]
assert played.contract == "C"
assert str(played.history[24]) == "play 8H" and before.to_move == 1  # P2 leads the 8
assert worth["play 8H"] == -48
assert worth["play 9S"] == worth["play AC"] == worth["play 10H"] == 24  # the 9, ace, 10
assert played.result.points["P2"] == -48

# %% [markdown]
# ## Try it
#
# Each exercise below is a small form: click your answer (or type it) and press **Check**. The
# engine checks it and tells you why a wrong answer is wrong; after two wrong tries a **Show me**
# button appears. You can also answer in code: replace `None` in the cell under the exercise and
# run it.

# %% [markdown] tags=["deal-facts"]
# **Exercise 1.** In our recorded deal hearts are trumps and P2 has led the J♦ (step 4 above).
# Which face-up cards may P1 play? Click every card that is allowed.

# %% hidden tags=["facts-check"]
from cardlab.teaching import exercise

assert exercise("officer_skat/jack-lead").state.history == steps[4].history
assert str(steps[4].history[-1]) == "play JD" and game.seat_name(steps[4].to_move) == "P1"
assert deal.result.contract == "H" and game.seat_name(deal.result.declarer) == "P2"

# %%
from cardlab.teaching import exercise

ex1 = exercise("officer_skat/jack-lead")
ex1

# %%
answer1 = None  # a list of card codes, e.g. ["AS", "QD"]
ex1.check(answer1)

# %% [markdown] tags=["deal-facts"]
# **Exercise 2.** The second trick of our recorded deal (steps 6 and 7): hearts are trumps, the
# A♥ is led and answered with the J♠. Who wins the trick?

# %% hidden tags=["facts-check"]
assert exercise("officer_skat/hearts-trick").state.history == steps[7].history
assert [p.card.code for p in steps[7].tricks[1].plays] == ["AH", "JS"]
assert [str(a) for a in deal.history[5:7]] == ["play AH", "play JS"] and len(steps[7].tricks) == 2

# %%
ex2 = exercise("officer_skat/hearts-trick")
ex2

# %%
answer2 = None  # a player's name, in quotes
ex2.check(answer2)

# %% [markdown] tags=["deal-facts"]
# **Exercise 3.** In another deal P2 plays hearts holding all four jacks ("with 4"), and wins: P1
# takes only 3 card points. Nobody says Kontra. How many points does P2 score? Type the number.

# %% hidden tags=["facts-check"]
four = exercise("officer_skat/four-jacks-score").state
assert four.result.contract == "H" and game.seat_name(four.result.declarer) == "P2"
assert four.result.figures["matadors"] == 4 and four.result.figures["with"]
assert four.result.figures["card_points"]["P1"] == 3 and not four.result.figures["kontra"]

# %%
ex3 = exercise("officer_skat/four-jacks-score")
ex3

# %%
answer3 = None  # a number
ex3.check(answer3)

# %% [markdown]
# ### Deal it yourself
#
# Deal yourself the hand of exercise 3 and play it: in the editor, choose **P2 up** and click the
# four jacks and A♥ 10♥ K♥ Q♥ into it (P2's face-up cards), then press **Deal the rest at random** and **Open in a table** to play it at a table below the editor. You are P2 and forehand:
# declare hearts.

# %%
from cardlab.widgets import DealEditor

DealEditor(game, dealer=0, seat=1, show_all=False)

# %% [markdown]
# ## Glossary
#
# | word | meaning |
# |---|---|
# | **forehand** | the player who did not deal; chooses the game, is the declarer and leads first |
# | **dealer** | deals the cards; may say Kontra |
# | **declarer** | the player who chose the game (forehand) |
# | **pile** | a face-down card with a face-up card on top; each player has 8 |
# | **trick** | one card from each player; the higher one wins both |
# | **trump** | a card that beats every card of the plain suits |
# | **suit game** | ♣, ♠, ♥ or ♦ is trumps, together with the four jacks |
# | **Grand** | only the four jacks are trumps; base value 24 |
# | **Null** | no trumps; the declarer wants the *fewest* card points |
# | **card points** | A 11, 10 10, K 4, Q 3, J 2; 120 in the pack |
# | **matadors** | the run of top jacks held ("with n") or missing ("without n") |
# | **game value** | (matadors + 1) × base value |
# | **Schneider** | the loser has fewer than 30 card points: the value is doubled |
# | **Schwarz** | the loser has no card points: the value is ×4 |
# | **Kontra** | the dealer doubles the stakes |
# | **Re** | forehand doubles them again after a Kontra |
# | **void** | you have no (face-up) card of the led suit |

# %% [markdown]
# ## Play a whole deal yourself
#
# You know the whole game now.

# %% [markdown] tags=["deal-facts"]
# Here is a fresh deal: you are **P1** and forehand (**P2** deals), so you choose the game, and a
# bot plays P2. Play all sixteen tricks.
#
# Keyboard: **Tab** moves from one group (your hand, the piles, the calls, the buttons) to the
# next, the **arrow keys** move within a group, **Enter** plays the card or call, **Escape** clears
# the cards you chose, and **?** shows these keys under the table.
#
# **Stuck? Press Hint** under the table. Every card you may play (and, before the play, every
# game you may choose, Kontra and Re) gets a bar: it starts at the zero line and runs to what
# that option is worth to you on average, in points (yours less your opponent's), over many
# guesses at the cards nobody has seen yet; the thin whisker at its end is the 95% range of that
# average. Each guess is played by the bots only until eight cards a player are left; the last
# eight tricks are then solved with every card of that guess open, as a perfect player would
# play them.
# The first bars come from a few guesses, so their whiskers are long; better bars follow by
# themselves. The line under the table calls an option *best* only when it is clearly ahead of
# every other; otherwise it says which options are *about equal*, and any of them is a fine
# choice. After the deal, **Look back** takes you to each decision that cost points and asks you
# to find a better one before it shows the answer.

# %% hidden tags=["facts-check"]
fresh = game.deal(seed=2024, dealer=1)
assert game.seat_name(fresh.setup["dealer"]) == "P2" and game.seat_name(fresh.to_move) == "P1"
assert fresh.phase == "declare"

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
whole_deal = Table(game.deal(seed=2024, dealer=1), seat=0, bots=level)
whole_deal

# %% [markdown]
# When the deal is over, run the next cell: it checks the deal was played to its end and shows
# how it was scored, and your points.

# %%
deal_report(whole_deal)

# %% [markdown]
# **Next:** [03_pandoeren](03_pandoeren.ipynb), a Dutch game for four with a secret partner.
