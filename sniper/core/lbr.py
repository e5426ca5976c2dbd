"""Local best response (LBR), game-independent: its range update, its choice and its win rate.

Lisý & Bowling, "Equilibrium Approximation Quality of Current No-Limit Poker Bots" (AAAI workshops,
2017; arXiv:1612.07547), Algorithm 1. LBR plays heads-up against a bot whose policy it can ask
(``action_probabilities``). It keeps the bot's *range*, a weight per private hand, starting uniform over
the hands its own cards allow (card removal) and multiplied, at every action of the bot, by the
probability the bot takes that action with that hand (Bayes' rule). At its own decision it assumes
that from then on both players only check or call to the showdown, and values each action relative to
folding (the chips already in the pot are sunk):

- check/call: ``wp * pot - (1 - wp) * asked``, ``wp`` its showdown equity against the range, ``pot``
  every chip in the middle, ``asked`` the chips it must add;
- a bet or raise to an amount, when the bot folds with probability ``fp`` (over the range) and
  otherwise calls: ``fp * pot + (1 - fp) * (wp' * (pot + called) - (1 - wp') * put)``, ``called``
  the chips the bot adds to call, ``put`` the chips LBR adds (both capped by the smaller stack) and
  ``wp'`` LBR's equity against the range that does not fold (the paper reuses ``wp``; the range that
  calls is the better estimate and no more costly here);
- fold: 0. LBR takes the action of greatest value, folding when nothing is worth more than 0
  (``best_action``).

Its win rate against the bot, over both seats on the same deals (duplicate), is a lower bound on the
bot's exploitability (what a best response would win): the paper's measure. A game plugs in through an
adapter that plays one deal in both seats (``sniper.games.holdem.lbr`` for no-limit Hold'em,
``sniper.games.sniper_holdem.lbr``, ``sniper.games.draw.lbr``); this module holds the parts that are the
same in every game: the value formulas, the range update, the options, LBR's own stream and the deal in both
seats (``LbrPlayer``), the duplicate driver (``run_deals``), the result (``exploit_result``, ``LbrResult``) and
``sniper exploit`` itself (``LbrGame.exploit``: a game names its LBR, its options' defaults and its table).

>>> best_action([("fold", 0.0), ("call", 1.5), ("pot", 2.0)])
'pot'
>>> best_action([("fold", 0.0), ("call", -0.5)])
'fold'
"""

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

import numpy as np

from sniper.core.errors import ParameterError
from sniper.core.rng import derive, mix64
from sniper.core.stats import Interval, clustered_mean_ci, json_safe

STREAM_LBR = 63
"""The stream of a deal LBR's own random numbers come from (its rollouts and its models' Monte Carlo keys):
``hand_key(seed, 0, deal, STREAM_LBR)`` then one child per use; no seat's stream (``STREAM_AGENT + seat``)."""


def bayes_update(weights: np.ndarray, likelihood: np.ndarray, prior: np.ndarray) -> bool:
    """The range after an action, in place: ``weights *= likelihood`` (``float64 (n,)`` each, the
    probability each hand takes the action). When no hand of positive weight could have taken it (the
    opponent model and the bot disagree: e.g. a Monte Carlo estimate on the other side of a threshold),
    the range falls back to ``prior * (likelihood > 0)``, else to ``prior`` (the hands the cards allow);
    returns whether it fell back."""
    weights *= likelihood
    if weights.sum() > 0.0:
        return False
    weights[:] = prior * (likelihood > 0.0)
    if weights.sum() <= 0.0:
        weights[:] = prior
    return True


def equity_against(weights: np.ndarray, equities: np.ndarray) -> float:
    """The weighted mean of ``equities`` (``float64 (n,)``, LBR's share of the pot against each hand)
    over the range ``weights``; 0.5 for an empty range (nothing known)."""
    total = weights.sum()
    return float(weights @ equities / total) if total > 0.0 else 0.5


def call_value(wp: float, pot: float, asked: float) -> float:
    """The value of checking or calling (module docstring), in chips relative to folding."""
    return wp * pot - (1.0 - wp) * asked


def raise_value(fp: float, wp: float, pot: float, called: float, put: float) -> float:
    """The value of a bet or raise the bot folds to with probability ``fp`` and otherwise calls
    (module docstring), in chips relative to folding."""
    return fp * pot + (1.0 - fp) * (wp * (pot + called) - (1.0 - wp) * put)


def best_action(values: Sequence[tuple[object, float]]):
    """The action of greatest value among ``(action, value)`` pairs, the first on a tie (list fold
    first: LBR folds unless something is worth more than folding)."""
    best, top = values[0]
    for action, value in values[1:]:
        if value > top:
            best, top = action, value
    return best


BET_LETTERS = {"f": "fold", "c": "call", "h": "half pot", "p": "pot", "a": "all-in"}
"""LBR's action set, one letter each (the paper's ``fcpa``: fold, call, pot, all-in; ``h`` half the pot)."""


def parse_bets(text: str, letters: Mapping[str, str] = BET_LETTERS) -> str:
    """An LBR action set: characters of ``letters`` (a game's action set, one character per action; no-limit
    Hold'em's ``BET_LETTERS`` by default), each once, with ``c`` (LBR must be able to check or call), returned
    in the order of ``letters``. ``ValueError`` (one line) otherwise.

    >>> parse_bets("ca1", {"f": "fold", "c": "call", "1": "+1", "a": "all-in"})
    'c1a'
    """
    chosen = text.strip().lower()
    if not chosen or any(ch not in letters for ch in chosen) or len(set(chosen)) != len(chosen):
        names = ", ".join(f"{ch} {name}" for ch, name in letters.items())
        raise ValueError(f"--bets takes letters, each once, of: {names}; got {text!r}")
    if "c" not in chosen:
        raise ValueError(f"--bets must include c (check/call), got {text!r}")
    return "".join(ch for ch in letters if ch in chosen)


def parse_rounds(text: str, names: Sequence[str]) -> tuple[int, ...]:
    """The betting rounds (indices of ``names``, e.g. preflop, flop, turn, river) where LBR best-responds,
    from a comma list of names (or ``all``); ``ValueError`` (one line) for an unknown or repeated name."""
    parts = [part.strip().lower() for part in text.split(",") if part.strip()]
    if parts == ["all"]:
        return tuple(range(len(names)))
    if not parts or any(part not in names for part in parts) or len(set(parts)) != len(parts):
        raise ValueError(f"--lbr-rounds takes a comma list of {', '.join(names)} (or all), got {text!r}")
    return tuple(sorted(names.index(part) for part in parts))


def deal_key(seed: int, deal: int) -> int:
    """``derive(derive(mix64(seed), 0), deal)``: the key of hand ``deal`` of game 0 of run ``seed`` (its deck and
    its seats' decision streams, as in a run; R13). Both plays of a deal use it."""
    return derive(derive(mix64(seed), 0), deal)


class LbrPlayer:
    """What every game's LBR shares (mixed into its class): its own random stream per hand (``STREAM_LBR``:
    ``start_stream``, then ``next_key``), and a deal played in both seats (``play_deal``: ``start_deal``, then
    the game's ``play_hand(deal, 0)`` and ``play_hand(deal, 1)``, LBR in position 0, then 1)."""

    def start_stream(self, key: int) -> None:
        """Start LBR's own stream of the hand of key ``key`` (child 0 stays free for a deal-wide use)."""
        self.own_key, self.uses = derive(key, STREAM_LBR), 0

    def next_key(self) -> np.uint64:
        """The next key of LBR's own stream of the hand (``derive(own_key, uses)``, ``uses`` from 1)."""
        self.uses += 1
        return np.uint64(derive(self.own_key, self.uses))

    def start_deal(self, deal: int) -> None:
        """What a game's LBR prepares once per deal, for both of its plays (nothing by default)."""

    def play_hand(self, deal: int, lbr: int) -> float:
        """Chips LBR nets in the hand of deal ``deal`` with LBR at position ``lbr`` (the game's)."""
        raise NotImplementedError

    def play_deal(self, deal: int) -> float:
        """Chips LBR nets over deal ``deal`` played in both seats (positions 0, then 1)."""
        self.start_deal(deal)
        return self.play_hand(deal, 0) + self.play_hand(deal, 1)


class DealPlayer(Protocol):
    """A game's LBR: ``play_deal(deal)`` the chips LBR nets over deal ``deal`` played in both seats;
    ``resets`` the times its range fell back so far (``bayes_update``)."""

    resets: int

    def play_deal(self, deal: int) -> float: ...


def play_deals(lbr: DealPlayer, start: int, stop: int) -> tuple[np.ndarray, int]:
    """LBR's nets over deals ``start .. stop - 1`` (``float64 (stop - start,)``) and its range resets."""
    nets = np.array([lbr.play_deal(d) for d in range(start, stop)], np.float64)
    return nets, lbr.resets


def _play_block(args) -> tuple[np.ndarray, int]:
    make, start, stop = args
    return play_deals(make(), start, stop)


def check_run(hands: int, workers: int) -> None:
    """``ValueError`` (one line) unless ``hands`` is even and at least 2 (each deal is played in both seats)
    and ``workers`` at least 1."""
    if hands < 2 or hands % 2:
        raise ParameterError(
            "{hands} must be even and at least 2 (each deal is played in both seats), got {got}", got=hands
        )
    if workers < 1:
        raise ParameterError("{workers} must be at least 1, got {got}", got=workers)


def check_samples(model_samples: int | None, rollouts: int | None) -> None:
    """``ValueError`` (one line) unless ``model_samples`` and ``rollouts`` are ``None`` (the game's default) or at
    least 1."""
    for name, value in (("model_samples", model_samples), ("rollouts", rollouts)):
        if value is not None and value < 1:
            raise ParameterError(f"{{{name}}} must be at least 1, got {{got}}", got=value)


def run_deals(make: Callable[[], DealPlayer], deals: int, workers: int = 1) -> tuple[np.ndarray, int]:
    """The duplicate driver: LBR's nets over deals ``0 .. deals - 1`` (``float64 (deals,)``) and its range resets,
    the deals split into ``workers`` processes in contiguous blocks, each with its own LBR from ``make`` (a
    picklable callable, e.g. a ``functools.partial`` of the game's LBR class). Each deal depends only on the
    seed and its number, so the result does not depend on ``workers``."""
    if workers == 1:
        return play_deals(make(), 0, deals)
    cuts = [deals * k // workers for k in range(workers + 1)]
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(_play_block, [(make, a, b) for a, b in zip(cuts, cuts[1:])]))
    return np.concatenate([part[0] for part in parts]), sum(part[1] for part in parts)


@dataclass(frozen=True)
class LbrResult:
    """LBR's win rate against one opponent over ``deals`` duplicate deals (each played in both seats).

    ``nets``: ``float64 (deals,)``, chips LBR won over each deal's two hands; ``per_unit``: chips per the
    reported unit (e.g. 0.002 chips per mbb with a big blind of 2 chips); ``unit``: its name (``mbb/g``);
    ``settings``: strict-JSON data naming the game, the opponent and LBR's options; ``resets``: times the
    range fell back (``bayes_update``).
    """

    nets: np.ndarray
    per_unit: float
    unit: str
    settings: dict
    resets: int = 0

    @property
    def interval(self) -> Interval:
        """The win rate per hand, in chips, with its 95% t interval, each deal one unit of two hands."""
        return clustered_mean_ci(self.nets, np.full(len(self.nets), 2.0))

    def to_json(self) -> dict:
        """``value`` and ``ci95`` (in ``unit``; ``None`` where an interval cannot be computed), ``unit``,
        ``hands`` (both seats), ``deals``, ``range_resets`` and the settings, as strict-JSON data."""
        ci = self.interval
        scale = 1.0 / self.per_unit
        return json_safe(
            {
                **self.settings,
                "value": ci.estimate * scale,
                "ci95": [ci.low * scale, ci.high * scale],
                "unit": self.unit,
                "hands": 2 * len(self.nets),
                "deals": len(self.nets),
                "range_resets": self.resets,
            }
        )


def exploit_result(
    make: Callable[[], DealPlayer], hands: int, workers: int, per_unit: float, unit: str, settings: Callable
) -> LbrResult:
    """A game's ``exploit``: LBR (``make()``, a picklable callable) over ``hands / 2`` duplicate deals in ``workers``
    processes (``run_deals``), as an ``LbrResult`` in ``unit`` (``per_unit`` chips each) with ``settings(lbr)``
    (strict-JSON data from an LBR built by ``make``). ``ValueError`` from ``make`` for a bad spec."""
    lbr = make()  # a bad spec fails here, before any worker starts
    nets, resets = run_deals(make, hands // 2, workers)
    return LbrResult(nets, per_unit, unit, settings(lbr), resets)


@dataclass(frozen=True)
class LbrGame:
    """One game's LBR as ``sniper exploit`` runs it (``exploit``, the game's ``GameSpec.exploit``).

    ``name``: the game's name in the settings; ``player``: its LBR (a picklable callable, e.g. the class,
    ``player(opponent, bets, rounds, seed, model_samples[, rollouts])`` giving a ``DealPlayer``, ``rollouts``
    passed only when ``default_rollouts`` is not ``None``); ``default_bets``: its bet letters (of
    ``bet_letters``, ``parse_bets``); ``rounds``: the names of its betting rounds and ``default_rounds`` the ones
    LBR best-responds in by default (``parse_rounds``); ``default_rollouts``: rollouts per equity (``None``:
    LBR's equity is exact, ``no_rollouts`` the error of a ``rollouts`` given, a ``ParameterError`` template);
    ``per_unit`` and ``unit``: the reported unit (``LbrResult``); ``table``: the game's stacks and forced bets,
    last in the settings.
    """

    name: str
    player: Callable[..., DealPlayer]
    default_bets: str
    rounds: Sequence[str]
    default_rounds: str
    per_unit: float
    unit: str
    table: Mapping[str, object]
    bet_letters: Mapping[str, str] = field(default_factory=lambda: BET_LETTERS)
    default_rollouts: int | None = None
    no_rollouts: str = ""

    def exploit(
        self,
        opponent: str,
        hands: int = 2000,
        bets: str | None = None,
        rounds: str | None = None,
        seed: int = 0,
        workers: int = 1,
        model_samples: int | None = None,
        rollouts: int | None = None,
    ) -> LbrResult:
        """LBR's win rate (in ``unit``) against the agent spec ``opponent`` over ``hands`` hands (an even number:
        ``hands / 2`` deals in both seats), split into ``workers`` processes (the result does not depend on it).
        ``bets``: letters of ``bet_letters`` (``None``: ``default_bets``); ``rounds``: a comma list of ``rounds``
        or ``all`` (``None``: ``default_rounds``); ``model_samples``: the game's LBR's (``None``: its default);
        ``rollouts``: ``None`` for ``default_rollouts``. ``ValueError`` (one line) for a bad option or spec."""
        letters = parse_bets(self.default_bets if bets is None else bets, self.bet_letters)
        chosen = parse_rounds(self.default_rounds if rounds is None else rounds, self.rounds)
        check_run(hands, workers)
        if self.default_rollouts is None and rollouts is not None:
            raise ParameterError(self.no_rollouts)
        check_samples(model_samples, rollouts)
        more = () if self.default_rollouts is None else (self.default_rollouts if rollouts is None else rollouts,)
        make = partial(self.player, opponent.strip(), letters, chosen, seed, model_samples, *more)
        settings = lambda lbr: {  # noqa: E731
            "game": self.name,
            "opponent": lbr.opponent,
            "bets": letters,
            "lbr_rounds": [self.rounds[r] for r in chosen],
            "seed": seed,
            "model_samples": lbr.model_samples,
            **({} if self.default_rollouts is None else {"rollouts": more[0]}),
            **self.table,
        }
        return exploit_result(make, hands, workers, self.per_unit, self.unit, settings)
