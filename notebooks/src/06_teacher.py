# %% [markdown]
# # Card games, step by step
#
# Today we watch a deal of a traditional card game from the first card to the last. Every
# hand is face up at the start, so we can see what each player holds and why they play what
# they play.
#
# - **Step through the deal** with the buttons under the table, or with the arrow keys.
# - The trumps stand in order above the table, high to low; a trump already played is greyed.
# - During the bidding, each player's last call stands by their name.
# - **Bots** chooses how strong the computer players are: `random`, `heuristic` or `expert`
#   (the deal is played out again). Under the step buttons, each of their calls so far stands
#   with its reason, and a **why?** after a call in the list of moves shows the same reason.
# - At any moment a player's hand can be turned face down, to guess what it holds, or taken
#   over from the computer and played by one of us.
# - The **share code** under the table opens this same deal, at the same moment, on your own
#   computer.
# - **Keyboard only:** Tab moves between the controls (the seats, the step buttons, the
#   checkboxes, the cards), the arrow keys move within a group, Enter plays or presses, Escape
#   clears the cards chosen, and ? shows the keys under the table.

# %%
from cardlab.widgets import TeacherPage

page = TeacherPage()
page

# %% [markdown]
# ## The order of the cards
#
# Which card beats which depends on the contract: here is the order under the contract on the
# table. Choose another contract to see how the order changes.

# %%
page.ladder_stage
