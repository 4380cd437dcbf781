"""Setting a game up (R5–R7), drawing chance in a fixed, documented order.

`State(names, seed)` holds a new game's pieces (R1, R2); `flow.start` then draws the
start player here, opens the zones due (here too: the same rule opens later zones) and
begins the first turn (turn.py).

Order of chance (every draw comes from the game's SplitMix64 generator):
1. the start player: `below(players)`;
2. each zone in play from the start, in zone order I, II, III: its set-up cubes
   are listed (fixed cubes aside) in nationality order, shuffled (Fisher–Yates),
   and dealt to its other wards in election order (R6);
3. the first turn's Castle Garden: one cube at a time, `below(cubes in bag)`
   picks a cube counted in nationality order (R10).
Later zones (step 2) and Castle Garden refills (step 3) draw when they happen.
"""

from . import board
from .state import N_NAT, NAT_INDEX, State


def draw_start_player(s: State) -> list[dict]:
    """R5: the start player, the set-up's first draw; the first year begins with them."""
    s.first = s.rng.below(s.players)
    s.current = s.first
    return [{"e": "start_player", "seat": s.first}]


def zones_due(s: State) -> list[str]:
    """R7: the zones not yet in play whose start year has come."""
    return [z for i, z in enumerate(board.ZONES)
            if not s.zone_in_play[z] and s.rules.zone_year(s.players, i) <= s.year]


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
