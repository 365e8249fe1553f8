# %% [markdown]
# # Welcome to cardlab
#
# cardlab teaches traditional **trick-taking card games**: games where each player plays one card
# to a *trick* and the highest card wins it. You will learn four of them:
#
# | notebook | game | in one line |
# |---|---|---|
# | [01_five_hundred](01_five_hundred.ipynb) | **Five Hundred** | Australia's favourite: bid how many tricks your side will take; bowers and a joker are the top trumps |
# | [02_officer_skat](02_officer_skat.ipynb) | **Officer Skat** | Skat for two: half your cards lie face down under the others and turn up as you play |
# | [03_pandoeren](03_pandoeren.ipynb) | **Pandoeren** | a Dutch auction game: bid points, call an ace for a partner, count *roem* and *stuk* |
# | [04_panfin](04_panfin.ipynb) | **Panfin** | a game from Chioggia with Italian cards: *Vecia* and *Gobbo* are jokers, chips go into a pot |
#
# Then [05_scoring_variants](05_scoring_variants.ipynb) compares scoring rules over many deals, and
# [06_teacher](06_teacher.ipynb) is a page for demonstrating in front of a class.
#
# **How to use these notebooks:** run each cell with **Shift + Enter**, from the top. Nothing you do
# can break anything: every deal comes from a *seed*, so you can always start again.

# %%
import cardlab

cardlab.game_names()

# %% [markdown]
# ## Cards
#
# Every card has a short code: rank, then suit. `JD` is the jack of diamonds, `10H` the ten of hearts,
# `JK` the joker. Italian cards use their own ranks and suits: `FS` is the *fante of spade*.

# %%
jack = cardlab.Card.parse("J♦")
jack

# %% [markdown]
# ## A deal
#
# `cardlab.load` picks a game and its rules; `deal(seed=…)` shuffles and deals. The same seed always gives
# the same deal, on every computer, so a whole class can look at the same cards.

# %%
game = cardlab.load("five_hundred")
state = game.deal(seed=7, dealer=3)
state

# %% [markdown]
# That picture shows every hand (a teacher's view). The engine also tells you, for every possible
# action, whether it is legal now **and why**:

# %%
print(state.legal_actions()[:6])
print(state.explain("bid misere"))

# %% [markdown]
# Actions are plain text: `"bid 7H"`, `"pass"`, `"play JD"`. Applying one gives a **new** state, so
# you can always go back:

# %%
after = state.apply("bid 7H")
print(after.narration())
print(after.undo() is state)

# %% [markdown]
# ## What each seat may see
#
# A player sees her own hand and what lies face up; the other hands are only counts. `state.view(seat)`
# is exactly what that seat may see (`None` is a spectator), and every picture and widget is drawn from
# it. A teacher can turn chosen hands face up with `shown=`:

# %%
def hands_seen(view):
    return {h["name"]: h["cards"] if h["cards"] is not None else f"{h['count']} cards, face down"
            for h in view["hands"]}


print(hands_seen(state.view(0)))              # North's own view
print(hands_seen(state.view(None, shown=[2])))  # a spectator, with South's hand shown

# %% [markdown]
# ## The table
#
# The table widget shows a deal you can step through with the buttons, the slider or the arrow keys,
# and lets you play a seat by clicking a legal card or call. Cards you may not play are dimmed; hover
# over one to read why.

# %% [markdown] tags=["deal-facts"]
# Below, you sit **North** (the bottom of the table) in the deal above, at the very start of its
# auction: **West** dealt (`dealer=3`), so nobody has bid yet and you speak first. Bid or pass on
# the table; bots play the other three seats and answer at once.

# %% hidden tags=["facts-check"]
assert state.phase == "auction" and state.history == ()
assert state.game.seat_name(state.setup["dealer"]) == "W" and state.setup["dealer"] == 3
assert state.game.seat_name(state.to_move) == "N" and state.to_move == 0

# %%
from cardlab.widgets import Table

Table(state, seat=0, bot_delay=0)

# %% [markdown]
# ## Build a deal yourself
#
# To show a particular hand (a puzzle, a deal from last night's game, a hand from a book), build it
# in the **deal editor**. Pick a hand (N, E, S, W or the kitty), then click cards of the pack into
# it; paste a deal string instead if you have one. **Deal the rest at random** deals the cards you have not placed, and **Open in a table** puts the finished deal on a table under the editor. The engine checks the
# deal: a card twice, a missing card or a wrong count is refused with the reason.
#
# The editor below starts from the deal above (its deal string is `state.deal_string()`): move a
# few cards and open it.

# %%
from cardlab.widgets import DealEditor

DealEditor(game, deal=state.deal_string(), dealer=3)

# %% [markdown]
# **Next:** open [01_five_hundred](01_five_hundred.ipynb) to learn your first game.
