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
# Here is the moment forehand must choose. P1 deals (`dealer=0`), so P2 is forehand:

# %%
start = game.deal(seed=84, dealer=0)
start

# %% [markdown]
# This is the teacher's picture. The panel on the right shows the face-down cards so that you
# can follow the story. **In a real game nobody sees them, not even their owner.**
#
# P2 sees only four of their own cards: A♥, Q♣, 8♥ and 9♠. Two hearts, one of them the ace.

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

# %% [markdown]
# P2 chooses **hearts**. Next the dealer sees their own first face-up row and may say
# **Kontra** ("I think you will lose"), which doubles the score. If they do, forehand may answer
# **Re** after their second face-up row, which doubles it again (×4 in all).

# %%
hearts = start.apply("declare H")
print(hearts.legal_actions())

# %% [markdown]
# In our recorded deal P1 says Kontra and P2 answers Re. A recorded deal is just a list of
# moves, so we replay it:

# %%
RECORD = ("declare H, kontra, re, play JD, play 10H, play AH, play JS, play AS, play 9S, "
          "play 7C, play QC, play JC, play 7D, play QH, play 8S, play AC, play 8C, play AD, "
          "play 8D, play 8H, play QS, play 9C, play QD, play 9D, play KD, play 7H, play 9H, "
          "play 7S, play KS, play 10S, play KH, play KC, play JH, play 10D, play 10C")
deal = start
for move in RECORD.split(", "):
    deal = deal.apply(move)

print("\n".join(deal.narration()[:3]))

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
# Step through the recorded deal with the buttons, the slider or the arrow keys. The table opens at a
# key moment. P2 has led K♣, and P1 has no club left face up. P1's J♥ was **face down under the 10♠**
# until the last trick. It turned up when the 10♠ was played, and now it can trump the king.

# %%
Table(deal, seat=None, show_all=True, step=32)

# %% [markdown]
# Other moments to look at (the step number is on the slider):
#
# | step | what happens |
# |---|---|
# | 4–5 | P2 leads J♦. It is a **trump**, not a diamond, so P1 must answer with a trump: J♠ or 10♥. |
# | 6–7 | P2 leads A♥ and P1 takes it with J♠: every jack beats the trump ace. |
# | 12–13 | P2 leads J♣. P1 has no face-up trump left and throws away 7♦. |
# | 30–31 | P1 leads 10♠. P2 has no spade face up and trumps with K♥: 14 card points. |
# | 35 | The end: P2 has 62 card points, P1 has 58. Just enough! |
#
# ### Why is a card legal or not?
#
# The engine explains every move. Here is the position after P2 led J♦ (step 4).

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

# %% [markdown]
# ### Your turn
#
# Now **you** are P2 in a new deal, and a bot plays P1. You are forehand. Look at your four
# face-up cards and choose a game: click a game on the ladder below, or a button on the table.
# Then click a face-up card to play it. Dimmed cards are not allowed; hover over one to read why.
# "Undo" takes a move back.

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

# %% [markdown]
# How it works:
#
# * P2 holds J♣ but not J♠ (that one was P1's), so P2 is "**with 1**": value = (1 + 1) × 10 = 20.
# * A win scores +value. A loss costs **twice** the value.
# * **Schneider**: the loser has fewer than 30 card points. Then the value is doubled.
#   **Schwarz**: the loser has no card points at all. Then it is ×4.
# * Kontra doubles the result, Re doubles it again: 20 × 4 = **80**.
# * Only the declarer's score changes.
#
# The same deal can be scored in other ways. The rules give three simpler methods, and the
# official Skat rules (ISkO) add a level for Schneider instead of doubling. Here are all of them
# side by side:

# %%
ScoreCompare(deal)

# %% [markdown]
# * `game_value`: the method above (the default).
# * `isko_levels`: Schneider and Schwarz add +1 to the matadors instead of doubling. Here it
#   makes no difference, because nobody was Schneider.
# * `base_doubled_schneider`: the winner scores the base value (10 for hearts), doubled for Schneider.
# * `card_points`: the winner scores the card points they took.
# * `match_points`: the winner scores 2, or 3 for Schneider, or 4 for Schwarz (1 each at 60–60).
#
# Kontra and Re multiply every method. Over a match of 4 deals (each player is forehand twice)
# the higher total wins.

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
# ## Try it
#
# Each exercise checks your answer. Replace `None` with your answer and run the cell again.
# While the answer is `None`, the cell shows a hint.
#
# **Exercise 1.** Hearts are trumps and P2 has led J♦ (step 4 above). Which face-up cards may P1 play?
# P1's face-up cards are J♠ 10♥ 8♠ A♠ 10♠ Q♦ 7♣ Q♠.

# %%
from cardlab.teaching import choice_exercise, legal_cards_exercise

ex1 = legal_cards_exercise(
    after_lead,
    question="P2 led the jack of diamonds in a hearts game. Which cards may P1 play?",
    hint="Which suit is the jack of diamonds in a hearts game? Which of P1's cards are in it?",
)
ex1

# %%
answer1 = None  # a list of card codes, e.g. ["AS", "QD"]
ex1.check(answer1)

# %% [markdown]
# **Exercise 2.** Hearts are trumps. P2 leads the ace of hearts and P1 plays the jack of
# spades. Who wins the trick, P1 or P2?

# %%
ex2 = choice_exercise(
    "Who wins: the ace of hearts (P2) or the jack of spades (P1), hearts being trumps?", "P1",
    hint="Look at the trump ladder for hearts: where are the jacks?",
    reasons={"P2": "the ace is the highest heart, but every jack is a higher trump"},
)
answer2 = None  # "P1" or "P2"
ex2.check(answer2)

# %% [markdown]
# **Exercise 3.** P2 plays hearts and holds all four jacks ("with 4"). P2 wins, and P1 takes
# only 28 card points. Nobody said Kontra. How many points does P2 score?

# %%
ex3 = choice_exercise(
    "Hearts, with 4, won, P1 has 28 card points: P2's score?", "100",
    hint="game value = (matadors + 1) × base value; then check Schneider (fewer than 30).",
    reasons={"50": "that is the game value before Schneider: 28 is fewer than 30",
             "60": "that is the ISkO way (one more level); here Schneider doubles"},
)
answer3 = None  # a number, e.g. "40"
ex3.check(answer3)

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
#
# **Next:** [03_pandoeren](03_pandoeren.ipynb), a Dutch game for four with a secret partner.
