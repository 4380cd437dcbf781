"""Creating a game (R1, R2, R5–R7), drawing chance in a fixed, documented order.

Order of chance (every draw comes from the game's SplitMix64 generator):
1. the start player: `below(players)`;
2. each zone in play from the start, in zone order I, II, III: its set-up cubes
   are listed (fixed cubes aside) in nationality order, shuffled (Fisher–Yates),
   and dealt to its other wards in election order (R6);
3. the first turn's Castle Garden: one cube at a time, `below(cubes in bag)`
   picks a cube counted in nationality order (R10).
Later zones (step 2) and Castle Garden refills (step 3) draw when they happen.
"""

from . import board, turn
from .rng import Rng
from .state import N_NAT, NAT_INDEX, State


def new_state(names: list[str], seed: int, colors: list[str] | None = None) -> tuple[State, list]:
    """A new game for 3–5 seats, and the events of its set-up."""
    players = len(names)
    if not 3 <= players <= 5:
        raise ValueError("Tammany Hall is played by 3, 4 or 5 players (R1).")
    s = State.__new__(State)
    s.players = players
    s.names = tuple(names)
    s.colors = tuple(colors or board.PLAYER_COLORS[:players])
    s.year = 1
    s.phase = "turn"
    s.rng = Rng(seed)
    s.remote = None
    s.cubes = {w: [0] * N_NAT for w in board.WARDS}
    s.bosses = {w: [0] * players for w in board.WARDS}
    s.locked = set()
    s.locks_this_term = 0
    s.zone_in_play = {z: False for z in board.ZONES}
    s.zone_box = {z: [board.SETUP_CUBES[z].get(n, 0) for n in board.NATIONALITIES]
                  for z in board.ZONES}
    s.castle = [0] * N_NAT
    s.bag = [board.CUBES_PER_NATIONALITY - sum(box[i] for box in s.zone_box.values())
             for i in range(N_NAT)]
    s.chips = [[0] * N_NAT for _ in range(players)]
    s.slander_chips = [board.SLANDER_CHIPS] * players
    s.slandered_term = [False] * players
    s.points = [0] * players
    s.breakdown = [{"wards": 0, "tammany": 0, "mayor": 0, "chips": 0, "slander": 0}
                   for _ in range(players)]
    s.points_after = []
    s.office_of = [None] * players
    s.mayor = None
    s.election = None
    s.result = None
    s.last_results = None
    s.first = s.rng.below(players)
    s.current = s.first
    s.turns_taken = 0
    s.office_used = s.placed = s.slandered = False
    events = [{"e": "start_player", "seat": s.first}]
    events += open_zones(s)
    events += turn.begin_turn(s)
    return s, events


def zones_due(s: State) -> list[str]:
    """R7: the zones not yet in play whose start year has come."""
    return [z for z in board.ZONES
            if not s.zone_in_play[z] and board.ZONE_START_YEAR[s.players][z] <= s.year]


def open_zones(s: State) -> list[dict]:
    """R7: zones whose start year has come enter play, their cubes dealt (R6)."""
    events = []
    for zone in zones_due(s):
        box = s.zone_box[zone]
        order = [w for w in board.ELECTION_ORDER[zone]]
        dealt = {}
        for ward, nat in board.SETUP_FIXED.items():
            if board.ZONE_OF[ward] == zone:
                box[NAT_INDEX[nat]] -= 1
                dealt[ward] = nat
                order.remove(ward)
        pool = [board.NATIONALITIES[i] for i in range(N_NAT) for _ in range(box[i])]
        s.rng.shuffle(pool)
        for ward, nat in zip(order, pool, strict=True):
            dealt[ward] = nat
        for ward, nat in dealt.items():
            s.cubes[ward][NAT_INDEX[nat]] += 1
        s.zone_box[zone] = [0] * N_NAT
        s.zone_in_play[zone] = True
        events.append({"e": "zone_opens", "zone": zone,
                       "cubes": {str(w): dealt[w] for w in sorted(dealt)}})
    return events
