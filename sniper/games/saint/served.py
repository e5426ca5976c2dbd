"""What the table server needs of Saint Poker (``sniper.core.served.ServedGame``; ``GameSpec.served``).

A seat is sent its ``SaintTable.observe`` (S10: its own hand, the current and future river, every revealed card,
the take-backs and by whom, the scores and the round) as card names, with the last scored round's result (its
river, every seat's two cards, hand and points, all revealed, S4–S6). Steps 1 and 2 are simultaneous (S9): the
room asks every seat at once and applies the picks together, and the observation shows a pick only once every
player has picked, so no seat is ever sent another's pick before. Messages: ``pick`` {turn, card} in step 1,
``pick`` {turn, cards: [two]} in step 2 (S4), ``take`` {turn, card} in step 3 (S6), cards by name ("Ah", "Td").
A timeout picks (takes) for the seat: its lowest card, its two lowest, the lowest card of the pool. AI seats:
``random``, ``easy``, ``normal``, ``hard`` (S11).
"""

from sniper.core.served import ServedGame
from sniper.core.stats import dumps
from sniper.games.poker52.cards import CATEGORIES, DECK_SIZE, category, text
from sniper.games.saint.history import game_history
from sniper.games.saint.observation import SaintObservation
from sniper.games.saint.play import Decisions
from sniper.games.saint.table import PAIR_BASE, RoundRecord, pair_action, pair_of

CARDS = {text(c): c for c in range(DECK_SIZE)}
"""Card names to cards (``poker52``): the only way a message's card is read."""


def names(values) -> list[str]:
    """Cards as their names, e.g. ``["Ah", "Td"]``."""
    return [text(int(c)) for c in values]


def round_result(record: RoundRecord) -> dict:
    """A scored round as everyone may know it (every card in it was revealed, S4–S6): its number, river, each
    seat's two cards, the name of its hand and its points, step 3's order and the take-backs."""
    return {
        "round": record.number,
        "river": names(record.river),
        "pairs": [names(pair) for pair in record.pairs],
        "hands": [CATEGORIES[category(v)] for v in record.values],
        "points": list(record.points),
        "order": list(record.order),
        "takes": [{"seat": seat, "card": text(card)} for seat, card in record.takes],
    }


class SaintServed(ServedGame):
    """Saint Poker at the server (module docstring): ``table`` a ``sniper.games.saint.table.SaintTable``."""

    PAGE = "saint.html"
    MOVES = ("pick", "take")
    HAND_LIMIT = False
    PRIVATE = ("cards", "legal", "hand_size")
    OBSERVATION = SaintObservation
    HISTORY = "json"

    def __init__(self, table, spec) -> None:
        super().__init__(table, spec)
        self.decisions = Decisions(table)
        self.done = 0

    def kind(self, seat: int) -> str:
        """``take`` in step 3, else ``pick``."""
        return "take" if self.table.phase == "take" else "pick"

    def view(self, seat: int, hand: int) -> dict | None:
        """The game as ``seat`` may know it (S10), ``None`` before the deal."""
        if self.table.round is None:
            return None
        obs = self.table.observe(seat)
        scored = [r for r in self.table.history if r.points]
        player = self.table.current_player()
        return {
            "hand": hand,
            "round": obs.round,
            "phase": obs.phase,
            "cards": names(obs.hand),
            "river": names(obs.river),
            "future": names(obs.future),
            "pairs": [None if p is None else names(p) for p in obs.pairs],
            "points": None if obs.points is None else list(obs.points),
            "scores": list(obs.scores),
            "order": list(obs.order),
            "pool": names(obs.pool),
            "taken": [{"round": r, "seat": s, "card": text(c)} for r, s, c in obs.taken],
            "hand_size": obs.hand_size,
            "to_act": player if player >= 0 else None,
            "picking": obs.phase in ("pick", "pair"),
            "legal": self.kind(seat) if obs.legal else None,
            "last": round_result(scored[-1]) if scored else None,
        }

    def move(self, seat: int, message: dict) -> int | str:
        """``pick`` {card} (step 1) or {cards: [two]} (step 2), ``take`` {card} (step 3): the flat action, or why
        not. Cards are looked up by name (``CARDS``)."""
        legal = self.table.legal_actions(seat)
        if self.table.phase == "pair":
            given = message.get("cards")
            pair = [CARDS.get(c) if isinstance(c, str) else None for c in given] if isinstance(given, list) else []
            if len(pair) != 2 or None in pair or pair[0] == pair[1] or pair_action(*pair) not in legal:
                return 'cards must name two different cards of your hand, e.g. ["Ah", "Td"]'
            return pair_action(*pair)
        card = message.get("card")
        action = CARDS.get(card) if isinstance(card, str) else None
        if action is None or action not in legal:
            where = "the cards left to take" if self.table.phase == "take" else "your hand"
            return f'card must name a card of {where}, e.g. "Ah"'
        return action

    @classmethod
    def message_of(cls, obs, action: int) -> dict:
        """``pick`` {card} in step 1, ``pick`` {cards} in step 2 (``pair_of``), ``take`` {card} in step 3."""
        if obs.phase == "pair":
            return {"type": "pick", "cards": names(pair_of(action - PAIR_BASE))}
        return {"type": "take" if obs.phase == "take" else "pick", "card": text(action)}

    def history(self, hands, labels, seat: int | None) -> str:
        """The finished rounds as strict JSON: ``{"game": "saint", "title", "rounds"}``, each round as
        ``sniper.games.saint.history.game_history`` writes it (every card in a finished round was revealed, S4–S6,
        so every viewer gets the same text)."""
        if not hands:
            return dumps({"game": self.spec.name, "title": self.spec.title, "rounds": []})
        tables = self.spec.resolve(self.spec.record)([(0, i, r) for i, r in enumerate(hands)], list(labels)).tables
        rounds = game_history(tables["hands"].to_pandas(), tables["rounds"].to_pandas(), 0)["rounds"]
        return dumps({"game": self.spec.name, "title": self.spec.title, "rounds": rounds})

    def timeout(self, seat: int) -> tuple[int, str]:
        """The seat's first legal action (its lowest card, its two lowest, the pool's lowest card)."""
        action = self.table.legal_actions(seat)[0]
        return action, ("pick" if self.table.phase in ("pick", "pair") else "take") + " for you"

    def ai(self, seat: int, agent):
        """``agent.act`` on the seat's observation and the stream of its next decision of the round."""
        return agent.act, (self.table.observe(seat), self.decisions.stream(seat))

    def hand_over(self) -> bool:
        """Whether a round has ended since the last one reported (the next has begun, or the game is over)."""
        return self.table.is_over() or self.table.round_index > self.done

    def finished(self) -> RoundRecord:
        """The round that has just ended (``RoundRecord``)."""
        self.done += 1
        return self.table.history[self.done - 1]

    def ended(self) -> str:
        """A game of Saint Poker ends after its 8 rounds (S8)."""
        return "hands"

    def scores(self) -> tuple[list[int], list[bool]]:
        """The points so far (S5); every player stays at the table."""
        return list(self.table.scores), [True] * self.table.n_seats
