# %% [markdown]
# # Teacher's page
#
# A page for demonstrating in front of a class. Open it with **Voilà** for a clean page without
# code: the second Binder badge in the README does that, and so does
# `http://localhost:8888/voila/render/notebooks/06_teacher.ipynb` on the server that
# `bash scripts/tutorials.sh` starts.
#
# 1. Choose a game, the number of players, a set of rules and a deal number (or paste a deal
#    string or a saved record), then press **Deal**. The bots play the deal out at once.
# 2. Step through it from the first step: the buttons, the slider, or the arrow keys.
# 3. From any step, take over any seats ("bot plays" → "you play") and play them; hand them back
#    to the bots whenever you like. Set the bots' pace, or pause them while you explain.
# 4. Show or hide each hand, seat by seat, on the table you are looking at.
# 5. Give your students the **share code**: `Table.from_share(code)` opens the same table at the
#    same step in their own notebook.

# %%
from cardlab.widgets import TeacherPage

page = TeacherPage()
page

# %% [markdown]
# ## The order of the cards
#
# The ladder follows the game on the table. Switch the contract to show the class how the order
# of the cards changes.

# %%
page.ladder_stage
