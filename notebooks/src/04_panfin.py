# %% [markdown]
# # Panfin: the Vecia, the Gobbo and a pot of chips
#
# **Panfin** is a card game from **Chioggia**, the fishing town at the south end of the Venetian
# lagoon. It is played for chips, usually by **four players**, each for themselves, with the 40
# Italian cards of the Treviso pack. Everyone pays into a **pot**, then tries to win it: with a
# lucky **combination** of four cards, or by taking the most tricks (*piatti*, "dishes").
#
# Two jacks are special: the **Vecia** ("old woman", the fante of spade) and the **Gobbo**
# ("hunchback", the fante of bastoni). They are the two highest trumps, and wild cards in
# combinations.
#
# This notebook teaches the game from scratch:
#
# 1. the deck, and the order of the cards
# 2. the chips, the cut and the deal
# 3. the declarations: *tengo*, fold, *servito*
# 4. the combinations: *Naturali*, *Simezi*, *Tronfi*, *False*
# 5. the trick phase, step by step, then a deal **you** play against three bots
# 6. settling the chips, and a whole session
# 7. the variants, three short exercises, and a glossary
#
# Run the cells from the top with **Shift + Enter**. Every deal comes from a *seed*, so you will see
# exactly the cards described here.

# %%
import cardlab
from cardlab.widgets import ScoreCompare, Table, TrumpLadder

game = cardlab.load("panfin")
game

# %% [markdown]
# ## 1. The deck
#
# Forty cards in four Italian suits: **spade** (swords, `S`), **bastoni** (batons, `B`), **coppe**
# (cups, `C`) and **denari** (coins, `D`). Each suit has ten cards: asso, **re** (king, `R`),
# **cavallo** (horse, `C`), **fante** (jack, `F`), then 7 6 5 4 3 2. So `RC` is the re of coppe and
# `CS` the cavallo of spade. There are no 8s, 9s or 10s.

# %%
game.deck

# %% [markdown]
# ## 2. The order of the cards
#
# In a plain suit the order is **A > Re > Cavallo > Fante > 7 > … > 2**.
#
# Before play, a card is turned face up. Its suit is the **dominant suit** (the trump suit): any
# card of it beats any card of another suit. Above all of them stand the two jokers:
#
# 1. the **Vecia** (`FS`) beats every card;
# 2. the **Gobbo** (`FB`) beats every card except the Vecia.
#
# They are trumps whatever the dominant suit is, and they **do not belong to their own suits**:
# the Vecia is not a spade, the Gobbo is not a baton. Here is the ladder with **denari** dominant
# (in the live notebook, pick another suit from the menu):

# %%
TrumpLadder(game, contract="D")

# %% [markdown]
# With **coppe** or **denari** dominant there are 12 trumps. With **spade** or **bastoni**
# dominant there are only 11, because that suit's fante *is* one of the jokers:

# %%
for suit in game.contracts():
    order = game.card_order(suit)
    print(f"{game.deck.suit_name(suit):>8} dominant: {len(order['trumps'])} trumps, "
          f"{' > '.join(order['trumps'][:5])} …")

# %% [markdown]
# ## 3. Chips, the cut and the deal
#
# **Seats.** The players are **P1 … P4**. Everything in Panfin goes **anticlockwise**: the deal,
# the declarations and the play. With P1 dealing, **P2** (the dealer's right) is served first,
# speaks first and leads first; **P4** (the dealer's left) cuts.
#
# **Who deals first?** Cards are dealt face up, one each, until someone gets an ace: *l'asso fa el
# masso*, "the ace makes the deck".

# %% [markdown] tags=["deal-facts"]
# Here the A♠ falls to **P1**:

# %% hidden tags=["facts-check"]
first, faces = game.first_dealer(8)
assert game.seat_name(first) == "P1" and faces[-1] == (0, cardlab.Card.parse("AS"))
assert sum(c.rank == "A" for _, c in faces) == 1

# %%
dealer, shown = game.first_dealer(8)
print(", ".join(f"{game.seat_name(seat)} {card}" for seat, card in shown),
      "→ dealer:", game.seat_name(dealer))

# %% [markdown]
# **The stake.** With an empty pot, every player puts **1 chip** in and the dealer **2**: the pot
# starts at 5. When a pot is carried over from the last deal, only the dealer adds 1.
#
# **The cut.** The player on the dealer's left cuts and shows everyone the card at the cut. If it
# is the **Vecia**, the cutter takes the pot at once and nobody plays! If it is the **Gobbo**, the
# cutter keeps it as one of their cards (and is dealt only three more).

# %% [markdown] tags=["deal-facts"]
# Here is a deal that ends at the cut: **P4** (the dealer's left) finds the Vecia and takes the pot.

# %% hidden tags=["facts-check"]
at_cut = game.deal(seed=122)
assert at_cut.is_over and at_cut.result.contract == "cut" and at_cut.setup["cut"] == "FS"
assert game.seat_name(at_cut.result.declarer) == "P4" and at_cut.history == ()

# %%
print("\n".join(game.deal(seed=122).result.breakdown))

# %% [markdown]
# **The deal.** Otherwise each player gets **4 cards**, one at a time, and the next card is turned
# up for the dominant suit. (If the Vecia is turned up, the dealer chooses the suit.) The rest is
# the **stock**.

# %%
start = game.deal(seed=8)
start

# %% [markdown] tags=["deal-facts"]
# Here is our deal: **P1** deals, the 5 of bastoni was shown at the cut, and the 6 of spade is
# turned up, so *spade is dominant*. The picture is the teacher's, with every hand face up; at a
# real table you see only your own. Look at the dealer P1: the Vecia is already in hand.

# %% hidden tags=["facts-check"]
assert game.seat_name(start.setup["dealer"]) == "P1" and start.setup["cut"] == "5B"
assert start.setup["turnup"] == "6S" and start.view(None, shown=True)["trump"] == "S"
assert "FS" in {c.code for c in start.hands[0]}

# %% [markdown]
# ## 4. The declarations
#
# The dealer asks each player in turn, anticlockwise from the right and the dealer last. Each says:
#
# * ***tengo*** ("I hold"): I stay in. You may **exchange** 0 to 4 cards with the stock at once.
# * **fold**: I am out. Your ante stays in the pot, but you risk nothing more (almost: see *Naturali*).
# * ***servito*** ("served"): I already hold **four cards of one suit**. That ends the declarations,
#   and you win the pot, unless another player also has four of a suit (a tie: the pot stays) or
#   holds a *Naturali* or *Simezi*.
#
# After the exchanges, the best **combination** wins. In order of precedence:
#
# | combination | four cards … | wins |
# |---|---|---|
# | ***Naturali*** | of one rank, no joker (four 7s) | the pot **+ 2 chips from every other player**, even those who folded |
# | ***Simezi*** | of one rank completed by the Vecia and/or Gobbo (7 7 7 + Vecia) | the pot **+ 1 chip from every other player** |
# | ***Tronfi*** | of the dominant suit (jokers wild) | the pot; and every other player still in pays the pot's amount **into the next pot**, unless they hold a joker, a lower Tronfi or a *False* |
# | ***False*** | of one other suit (jokers wild) | the pot |
#
# If nobody has a combination, the hand is decided by tricks (section 5). The engine lists what the
# first player to speak, P2, may say now:

# %%
legal = [str(a) for a in start.legal_actions()]
tengo = [a for a in legal if a.startswith("tengo")]
print("P2 may say:", ", ".join(sorted({a.split()[0] for a in legal})))
print(f"tengo in {len(tengo)} ways, from {tengo[0]!r} (keep all four) to {tengo[-1]!r}")

# %% [markdown] tags=["deal-facts"]
# **P2**, the first to speak, holds the cavallo of bastoni, the 5 of coppe and the 4 and 3 of
# denari: not four of a suit, so no *servito*. The engine says why:

# %% hidden tags=["facts-check"]
assert game.seat_name(start.to_move) == "P2"
assert {c.code for c in start.hands[1]} == {"CB", "5C", "4D", "3D"}
assert not start.is_legal("servito")

# %%
why = start.explain("servito")
print(why)
print("code:", why.code, "| rule:", why.rule)

# %% [markdown]
# Let us play the whole deal out with the computer players ("bots"):

# %%
from cardlab.bots import bot_for, play_out

def new_bots():
    """Four fresh computer players, one per seat (fresh each time, so every run is the same)."""
    return [bot_for("panfin", "heuristic", seed=seat) for seat in range(4)]


deal = play_out(start, new_bots())
steps = deal.states()  # steps[n] is the deal after n actions
print("\n".join(deal.narration()[:5]))

# %% [markdown] tags=["deal-facts"]
# **P2** folds. **P3** and **P4** change three cards each, **P1** one. Nobody ends with a
# combination, so the hand goes to the tricks. First the dealer, P1, takes the turned-up 6 of
# spade and discards a card (here the fante of denari).

# %% hidden tags=["facts-check"]
said = [(game.seat_name(s.to_move), str(a)) for s, a in zip(steps, deal.history)][:5]
assert said[0] == ("P2", "fold") and said[4] == ("P1", "swap FD")
assert [len(deal.history[i].args) for i in (1, 2, 3)] == [3, 3, 1]
assert [name for name, _ in said[1:4]] == ["P3", "P4", "P1"]
assert deal.result.contract == "piatti" and steps[5].phase == "play"

# %% [markdown] tags=["deal-facts"]
# ## 5. The trick phase: *la conquista dei piatti*
#
# Each trick is a *piatto*. The player on the dealer's right leads (in our deal **P3**, because
# **P2** folded); the winner of a trick leads the next. The rules for which card you may play are
# strict:
#
# * **Follow suit** (*rispondere*) if you can, and **beat** the card that is winning the trick if
#   you can. While you can follow a plain suit, you may *not* play a trump or a joker.
# * If you cannot follow, you **must trump**, and beat the highest trump already played if you can.
#   With no trump at all, play anything.
# * When a **trump is led** (a joker too), you must play a trump and beat the best one if you can.
#   So on a Gobbo lead, the Vecia holder must play the Vecia.
# * If you lead while holding **both jokers**, you must lead them together: a double trick worth
#   two piatti.
#
# Step through the tricks with the buttons, the slider or the arrow keys.

# %% hidden tags=["facts-check"]
assert game.seat_name(deal.tricks[0].leader) == "P3" and str(deal.history[0]) == "fold"
assert game.seat_name(steps[0].to_move) == "P2" and game.seat_name(start.setup["dealer"]) == "P1"

# %% [markdown] tags=["deal-facts"]
# The table opens at **step 7**: **P3** led the 7 of spade (a trump), **P4** beat it with the
# cavallo, and **P1** is to play.

# %% hidden tags=["facts-check"]
assert len(steps[7].history) == 7 and game.seat_name(steps[7].to_move) == "P1"
assert [(game.seat_name(p.seat), p.card.code) for p in steps[7].trick.plays] == [
    ("P3", "7S"), ("P4", "CS")]
assert game.seat_name(deal.tricks[0].leader) == "P3"

# %%
Table(deal, seat=None, show_all=True, step=7)

# %% [markdown] tags=["deal-facts"]
# **P1** holds the Vecia, the 6 and the 2 of spade, and the asso of bastoni. Spade was led, so P1
# must play a trump *and beat the cavallo*: only the Vecia does. The engine explains, with the
# rule's ID in the rule book (`B2.10.3`):

# %% hidden tags=["facts-check"]
assert {c.code for c in steps[7].hands[0]} == {"FS", "6S", "2S", "AB"}
assert [str(a) for a in steps[7].legal_actions()] == ["play FS"]
assert steps[7].explain("play 6S").rule.startswith("B2.10.3")
assert game.seat_name(steps[7].to_move) == "P1"

# %%
p1_turn = steps[7]
print(p1_turn.explain("play FS"))
why = p1_turn.explain("play 6S")
print(why)
print("code:", why.code, "| rule:", why.rule)

# %% [markdown]
# An illegal move is refused with the reason and the legal moves. This cell is *meant* to fail:

# %%
# tags: raises-exception
p1_turn.apply("play 6S")

# %% [markdown] tags=["deal-facts"]
# Other moments in this deal (the step number is on the slider):
#
# | step | what happens |
# |---|---|
# | 1–4 | the declarations: P2 folds, the others say *tengo* and exchange |
# | 5 | the dealer P1 takes the turned-up 6 of spade |
# | 9–11 | P1 leads a trump; P3 has none and throws the 4 of coppe; P4 wins with the asso |
# | 12–14 | P4 leads the Gobbo: P1 must "sacrifice" the 2 of spade, the last trump |
# | 15–17 | the last trick: P4 has three piatti, P1 one, P3 none |

# %% hidden tags=["facts-check"]
def plays(trick):
    """A trick as (seat name, card code) pairs, in play order."""
    return [(game.seat_name(p.seat), p.card.code) for p in trick.plays]


assert [a.verb for a in deal.history[:4]] == ["fold", "tengo", "tengo", "tengo"]
assert str(deal.history[4]).startswith("swap") and len(deal.history) == 17
assert plays(deal.tricks[1]) == [("P1", "6S"), ("P3", "4C"), ("P4", "AS")]
assert game.seat_name(deal.tricks[1].winner) == "P4"
assert plays(deal.tricks[2])[:2] == [("P4", "FB"), ("P1", "2S")]
assert not any(c.suit == "S" and c.code != "FS" for c in steps[13].hands[0])
assert deal.result.figures["seat_tricks"] == {"P1": 1, "P2": 0, "P3": 0, "P4": 3}

# %% [markdown] tags=["deal-facts"]
# ### Your turn
#
# Now **you** are **P2** in a new deal, and three bots play the others. **P1** deals, so you speak
# first. Look at your hand: you hold *both jokers*! Say *tengo* (choosing cards to exchange, or
# none), fold, or *servito* on the table. If you lead, remember the two jokers go together. Dimmed
# cards are not allowed; hover over one to read why.

# %% hidden tags=["facts-check"]
mine = game.deal(seed=29)
assert game.seat_name(mine.setup["dealer"]) == "P1" and game.seat_name(mine.to_move) == "P2"
assert {"FS", "FB"} <= {c.code for c in mine.hands[1]}

# %%
my_table = Table(game.deal(seed=29), seat=1, bot_delay=0)
my_table

# %% [markdown]
# You can also play from code: `my_table.act("tengo 5D")` exchanges the 5 of denari,
# `my_table.act("tengo")` keeps all four cards, `my_table.play("FS")`.

# %% [markdown]
# ## 6. Settling the chips
#
# **After the tricks:**
#
# * the player with **the most piatti** wins the pot;
# * a **tie** for the most (2–2, or 1–1–1–1, *piatto resta*): the pot stays on the table for the
#   next deal;
# * every player still in who took **no piatto** pays "the stamp": the pot's amount, **into the
#   next pot**.
#
# Every chip that moves is recorded, with who paid whom and why:

# %%
def payments(state):
    """Every chip movement of a finished deal, one line each."""
    for p in state.result.figures["payments"]:
        print(f"{p['from_name']:>4} → {p['to_name']:<4} {p['amount']:>2}  {p['why']} ({p['rule']})")


payments(deal)
print()
print("\n".join(deal.result.breakdown))

# %% [markdown] tags=["deal-facts"]
# **P4** took the pot of **5** with three piatti. **P3** stayed in and took nothing, so P3 paid a
# stamp of 5: the next deal starts with 5 chips in the pot already. **P2** folded and lost only the
# ante.

# %% hidden tags=["facts-check"]
fig = deal.result.figures
paid = [(p["from_name"], p["to_name"], p["amount"]) for p in fig["payments"]]
assert ("pot", "P4", 5) in paid and fig["seat_tricks"]["P4"] == 3
assert ("P3", "pot", 5) in paid and fig["pot_after"] == 5 and not fig["folded"]["P3"]
assert fig["folded"]["P2"] and [x for x in paid if x[0] == "P2"] == [("P2", "pot", 1)]

# %% [markdown]
# ### A *Tronfi*
#
# Another deal, played out by the bots:

# %%
tronfi = play_out(game.deal(seed=161), new_bots())
tronfi

# %% [markdown] tags=["deal-facts"]
# Denari is dominant. **P2** folds and **P4** ends up with four denari: a *Tronfi*. P4 wins the
# pot. **P3** must pay the stamp into the next pot; **P1** does not, because P1 holds the Vecia,
# and P2 does not, having folded:

# %% hidden tags=["facts-check"]
tfig = tronfi.result.figures
tpaid = [(p["from_name"], p["to_name"], p["amount"]) for p in tfig["payments"]]
assert tronfi.view(None, shown=True)["trump"] == "D" and tronfi.result.contract == "tronfi"
assert str(tronfi.history[0]) == "fold" and game.seat_name(tronfi.states()[0].to_move) == "P2"
assert game.seat_name(tronfi.result.declarer) == "P4" and ("pot", "P4", 5) in tpaid
assert [x for x in tpaid if x[1] == "pot" and x[2] == 5] == [("P3", "pot", 5)]
assert "FS" in {c.code for c in tronfi.hands[0]} and tfig["folded"]["P2"]
assert game.seat_name(0) == "P1" and [x for x in tpaid if x[0] == "P1"] == [("P1", "pot", 2)]

# %%
payments(tronfi)

# %% [markdown] tags=["deal-facts"]
# Some players make *folded* players pay the Tronfi stamp too (`tronfi_stamp_payers`). Here is the
# same deal settled both ways: **P2** now pays **5** more.

# %% hidden tags=["facts-check"]
other_way = game.score_deal(tronfi, tronfi_stamp_payers="all_non_exempt")
assert other_way.points["P2"] == tronfi.result.points["P2"] - 5
assert {k: v for k, v in other_way.points.items() if k != "P2"} == {
    k: v for k, v in tronfi.result.points.items() if k != "P2"}

# %%
ScoreCompare(tronfi, variants=["canonical", "stamp_all_non_exempt"])

# %% [markdown]
# ### A whole session
#
# Panfin has no winning score: you play a fixed number of hands (12 by default: three deals each)
# and count the chips. The deal passes to the right, and a pot that was not won is carried into the
# next deal. Here four bots play a session (chips are counted from 0, so the table shows each
# player's net result):

# %%
from IPython.display import Markdown

ENDINGS = {"piatti": "most piatti", "piatto_resta": "piatto resta (a tie)", "false": "False",
           "tronfi": "Tronfi", "simezi": "Simezi", "naturali": "Naturali", "servito": "servito",
           "servito_tie": "two servito (a tie)", "cut": "Vecia at the cut",
           "lone": "only one player stayed in", "all_fold": "everyone folded"}
session = game.match(seed=8).play(new_bots())
names = game.seat_names
rows = ["| hand | dealer | how it ended | winner | " + " | ".join(names) + " | pot left |",
        "|---|---|---|---|" + "---|" * len(names) + "---|"]
for row in session.sheet:
    rows.append(f"| {row['deal']} | {row['dealer']} | {ENDINGS[row['contract']]} | "
                f"{row['declarer'] or '–'} | "
                + " | ".join(f"{row['points'][n]:+d}" for n in names) + f" | {row['pot']} |")
rows.append("| **total** | | | | " + " | ".join(f"**{session.scores[n]:+d}**" for n in names)
            + " | |")
Markdown("\n".join(rows))

# %% [markdown]
# ## 7. Variants
#
# Panfin is known mostly from one old description, so several rules had to be reconstructed.
# Each choice is an option of `cardlab.load`. The main ones:
#
# | option | default | alternative | what changes |
# |---|---|---|---|
# | `players` | `4` | `2` … `6` | fewer or more players (the stock may run short) |
# | `dealer_ante_multiplier` | `2` | `1` | the dealer antes like everyone else |
# | `carryover_dealer_adds` | `1` | `2` | what the dealer adds to a carried-over pot |
# | `turnup_gobbo` | `batons_dominant` | `turn_next_card` | a turned-up Gobbo makes bastoni dominant, or the next card decides |
# | `dealer_turnup_at_piatti` | `swap` | `none` | the dealer does not take the turned-up card |
# | `max_exchange` | `4` | `0` … `3` | how many cards *tengo* may exchange |
# | `servito_tie` | `pot_stays` | `split` | two *servito* hands share the pot |
# | `simezi_bonus_payers` | `all_others` | `active_only` | folded players do not pay the Simezi bonus |
# | `tronfi_stamp_payers` | `active_non_exempt` | `all_non_exempt` | folded players pay the Tronfi stamp too |
# | `tiebreak_false` | `call_order` | `tronfi_rule` | two *False* hands: the first to speak wins, or Vecia > Gobbo > highest cards |
# | `beat_reference` | `current_winner` | `led_card` | you must beat the led card, not the winning one |
# | `must_trump_when_void` | `True` | `False` | a player void in the led suit may discard |
# | `must_overtrump` | `True` | `False` | no need to beat a trump already played |
# | `both_jokers_lead` | `double_trick` | `consecutive_forced` | lead the Vecia, then the Gobbo at the next trick |
# | `hands_to_play` | `12` | any number | the length of a session |

# %% [markdown] tags=["deal-facts"]
# A variant is one keyword away. With a single dealer's ante, the same deal starts with **4** chips
# in the pot instead of **5**:

# %% hidden tags=["facts-check"]
assert cardlab.load("panfin", dealer_ante_multiplier=1).deal(seed=8).pot == 4
assert game.deal(seed=8).pot == 5

# %%
single = cardlab.load("panfin", dealer_ante_multiplier=1)
print(single)
print("pot at the start:", game.deal(seed=8).pot, "(default) and", single.deal(seed=8).pot)

# %% [markdown]
# ## Open hands: what each card was worth
#
# Turn **every hand face up** and cardlab's solver (`cardlab.solve`) can work out what each card is
# worth if every player plays perfectly from there: the chips its player wins or loses. Bridge players call this *double
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

bot = bot_for("panfin", "heuristic", seed=2)
played = cardlab.load("panfin").deal(seed=2, dealer=0)
while not played.is_over:
    played = played.apply(bot.choose(played))
before = played.states()[13]  # the position before step 14
review = Table(played, seat=None, show_all=True, open_hands=True, step=13)
review

# %%
worth = cardlab.solve.values(before)  # every legal card, with every hand open
worth

# %% [markdown] tags=["deal-facts"]
# At step 14 **P1** leads the **cavallo of spade**. With every hand open, the **six of bastoni**
# would have won P1 the pot, **+3 chips**; the cavallo lets P4 take the trick with the asso of spade,
# and P1 ends the deal **−2**. That lead cost P1 five chips.

# %% hidden tags=["facts-check"]
assert str(played.history[13]) == "play CS" and before.to_move == 0
assert worth["play CS"] == -2 and worth["play 6B"] == 3  # the 6 of bastoni: +3
assert played.result.points["P1"] == -2

# %% [markdown]
# ## Try it
#
# Each exercise below is a small form: click your answer (or type it) and press **Check**. The
# engine checks it and tells you why a wrong answer is wrong; after two wrong tries a **Show me**
# button appears. You can also answer in code: replace `None` in the cell under the exercise and
# run it.

# %% [markdown] tags=["deal-facts"]
# **Exercise 1.** In our deal (spade dominant), at the second trick **P1** leads the 6 of spade and
# **P3**, who has no trump, throws the 4 of coppe. Which cards may **P4** play? P4's three cards
# are in the exercise.

# %% hidden tags=["facts-check"]
from cardlab.teaching import exercise

assert exercise("panfin/trump-lead").state.history == steps[10].history
assert plays(steps[10].trick) == [("P1", "6S"), ("P3", "4C")] and len(steps[10].tricks) == 1
assert game.seat_name(steps[10].to_move) == "P4" and start.view(None, shown=True)["trump"] == "S"
assert not any(c.suit == "S" or c.code in ("FS", "FB") for c in steps[9].hands[2])

# %%
from cardlab.teaching import exercise

ex1 = exercise("panfin/trump-lead")
ex1

# %%
answer1 = None  # a list of card codes, e.g. ["AS", "RC"]
ex1.check(answer1)

# %% [markdown] tags=["deal-facts"]
# **Exercise 2.** Another deal, coppe dominant: the asso of denari is led, then come the 2 of
# coppe, the re of denari and the Gobbo. Who wins the piatto?

# %% hidden tags=["facts-check"]
coppe = exercise("panfin/coppe-trick").state
assert coppe.view(None, shown=True)["trump"] == "C" and len(coppe.tricks) == 1
assert [p.card.code for p in coppe.tricks[0].plays] == ["AD", "2C", "RD", "FB"]

# %%
ex2 = exercise("panfin/coppe-trick")
ex2

# %%
answer2 = None  # a player's name, in quotes
ex2.check(answer2)

# %% [markdown] tags=["deal-facts"]
# **Exercise 3.** The pot holds **5** chips. **P2** folds; after the others' *tengo*, **P3** shows
# four 7s: a *Naturali*. How many chips does P2 pay to P3? Type the number.

# %% hidden tags=["facts-check"]
naturali = exercise("panfin/naturali-chips").state
assert naturali.result.contract == "naturali" and game.seat_name(naturali.result.declarer) == "P3"
assert naturali.result.figures["folded"]["P2"] and str(naturali.history[0]) == "fold"
assert sum(p["amount"] for p in naturali.result.figures["payments"] if p["to"] == "pot") == 5
assert {c.rank for c in naturali.hands[2]} == {"7"} and game.seat_name(2) == "P3"

# %%
ex3 = exercise("panfin/naturali-chips")
ex3

# %%
answer3 = None  # a number
ex3.check(answer3)

# %% [markdown]
# ### Deal it yourself
#
# Deal yourself the Naturali of exercise 3: in the editor, choose **P3** and click the four 7s
# (`7S 7B 7C 7D`) into it, then press **Deal the rest at random** and **Open in a table** to play at
# a table below the editor. You sit P3; say *tengo* and keep all four.

# %%
from cardlab.widgets import DealEditor

DealEditor(game, dealer=0, seat=2, show_all=False)

# %% [markdown]
# ## Glossary
#
# | word | meaning |
# |---|---|
# | **Vecia** | "old woman": the fante of spade (`FS`), the highest trump, wild in combinations |
# | **Gobbo** | "hunchback": the fante of bastoni (`FB`), the second trump, wild in combinations |
# | **dominant suit** | the trump suit, set by the turned-up card |
# | **di mazzo** | the dealer (*el masso*, the deck) |
# | **tengo** | "I hold": stay in, exchanging 0–4 cards |
# | **servito** | "served": four of one suit at once; ends the declarations |
# | **Naturali** | four of one rank, no joker |
# | **Simezi** | four of one rank made with the Vecia and/or Gobbo |
# | **Tronfi** | four of the dominant suit |
# | **False** | four of one other suit |
# | **piatto, piatti** | "dish": a trick; also the pot |
# | **piatto resta** | "the dish stays": a tie, the pot is carried over |
# | **rispondere** | to follow suit |
# | **stamp** | paying the pot's amount into the next pot (no piatto, or a Tronfi against you) |

# %% [markdown]
# ## Play a whole deal yourself
#
# You know the whole game now.

# %% [markdown] tags=["deal-facts"]
# Here is a fresh deal: you are **P1**, **P4** deals, so you speak first, and the bots play the
# others. Say *tengo*, fold or *servito*, and play the piatti.
#
# Keyboard: **Tab** moves from one group (your hand, the piles, the calls, the buttons) to the
# next, the **arrow keys** move within a group, **Enter** plays the card or call, **Escape** clears
# the cards you chose, and **?** shows these keys under the table.
#
# **Stuck? Press Hint** under the table. Every option you have now gets a bar: each card you may
# play, and before the tricks *tengo* with every exchange (each card carries the best exchange
# that throws it), fold and *servito*. A bar starts at the zero line and runs to what the option
# is worth to you on average, in chips, over many guesses at the cards you cannot see (and the
# stock's order); the thin whisker at its end is the 95% range of that average. On each guess
# the bots declare up to the tricks, and the tricks are solved with every hand open, the other
# players together against you (so a card that works only if someone slips looks worse than it
# does at a real table). The first bars come from a few guesses, so their whiskers are long; better bars
# follow by themselves. The line under the table calls an option *best* only when it is clearly
# ahead of every other; otherwise it says which options are *about equal*, and any of them is a
# fine choice. After the deal, **Look back** takes you to each decision that cost chips and asks
# you to find a better one before it shows the answer.

# %% hidden tags=["facts-check"]
fresh = game.deal(seed=2024, dealer=3)
assert game.seat_name(fresh.setup["dealer"]) == "P4" and game.seat_name(fresh.to_move) == "P1"
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
whole_deal = Table(game.deal(seed=2024, dealer=3), seat=0, bots=level)
whole_deal

# %% [markdown]
# When the deal is over, run the next cell: it checks the deal was played to its end and shows
# how it was settled, and your chips.

# %%
deal_report(whole_deal)

# %% [markdown]
# **Next:** [05_scoring_variants](05_scoring_variants.ipynb), the same deals under different
# scoring rules.
