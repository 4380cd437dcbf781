"""The game's own random number generator: SplitMix64.

Python only promises `random.random()`'s sequence across versions, not
`randrange` or `shuffle`; save codes must replay identically in every Python
(CPython and Pyodide alike), so the engine draws all chance from this small
integer generator whose output is fixed by its definition.
"""

MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014). `state` is one 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher–Yates, from the last index down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> "Rng":
        other = Rng(0)
        other.state = self.state
        return other


def derive_seed(*parts: int) -> int:
    """A seed for a separate stream (e.g. a computer player's) from integers.

    Each part is folded in through a full SplitMix64 output step, so every step
    is one-to-one in its part and small integers in different positions do not
    collide (simple xor-then-add folding did)."""
    h = 0x7A3D_1E55
    for part in parts:
        h = Rng(h ^ (part & MASK64)).next_u64()
    return h
