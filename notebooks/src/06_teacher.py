# %% [markdown]
# # Teacher's page
#
# A page for demonstrating in front of a class (open it with **Voilà** for a clean page without code:
# the second Binder badge in the README does that). Pick a game, a deal number and whether to show
# every hand, press **Deal**, then step through the deal with the buttons or the arrow keys, or play
# any seat yourself. The same deal number always gives the same cards, so your students can open the
# same deal on their own machines: give them the game and the number.

# %%
import ipywidgets as w

import cardlab
from cardlab.widgets import Table, TrumpLadder

TITLES = {name: cardlab.load(name).title for name in cardlab.game_names()}
game_choice = w.Dropdown(options=[(t, n) for n, t in TITLES.items()], value="five_hundred",
                         description="Game")
seed_choice = w.BoundedIntText(value=7, min=0, max=10**9, description="Deal no.")
show_hands = w.Checkbox(value=True, description="Show every hand")
deal_button = w.Button(description="Deal", button_style="primary", icon="play")
status = w.HTML()
stage = w.VBox()  # holds the table of the current deal
ladder_stage = w.VBox()  # holds the trump ladder of the current game


def deal(_=None):
    """Deal the chosen game and show it on the table, all seats played by the teacher."""
    game = cardlab.load(game_choice.value)
    state = game.deal(seed=seed_choice.value, dealer=seed_choice.value % game.players)
    table = Table(state, seat=None, show_all=show_hands.value, bot_delay=0.8)
    stage.children = [table]
    ladder_stage.children = [TrumpLadder(game)]
    status.value = (f"<b>{game.title}</b>, deal no. {seed_choice.value}: "
                    f"{state.game.seat_name(state.to_move)} to act first.")


deal_button.on_click(deal)
deal()
w.VBox([w.HBox([game_choice, seed_choice, show_hands, deal_button]), status])

# %%
stage

# %% [markdown]
# ## The order of the cards
#
# Switch the contract in the ladder to show the class how the order of the cards changes.

# %%
ladder_stage
