"""Game-independent mechanics: states, actions, tricks, auctions, dealing, records, matches.

Nothing in here knows a game's name; games build on it.
"""

from cardlab.engine.action import Action, Explanation, Verdict
from cardlab.engine.auction import Auction
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.match import Match
from cardlab.engine.result import Result
from cardlab.engine.state import State
from cardlab.engine.tricks import Play, Trick

__all__ = ["Action", "Auction", "Explanation", "Game", "GameSpec", "Match", "Play", "Result",
           "State", "Trick", "Verdict"]
