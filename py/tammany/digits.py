"""Mixed-radix packing and the URL-safe text form, for save codes (docs/savecodes.md).

A save code's content is a list of *digits*, each with its own radix (the
number of values the position allows for that field). The list is packed into
one integer, first digit least significant:

    N = d0 + r0 * (d1 + r1 * (d2 + …))

so every field costs exactly log2(radix) bits on average instead of a whole
number of bits, and a field with one possible value costs nothing. `Writer`
and `Reader` share one interface (`pick`, `number`), so a field is described
once and the same function both encodes and decodes it.
"""

from .errors import IllegalAction

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
"""The 64 URL-safe characters, in base64url order: a character is 6 bits."""

ALPHABET_INDEX = {ch: i for i, ch in enumerate(ALPHABET)}


def damaged(detail: str, **params) -> IllegalAction:
    """A damaged save code: `detail` ends the command line's English sentence; the page words
    the refusal from `params` (its `why` code, or the nested `reason`)."""
    return IllegalAction("code_damaged", f"This code is damaged: {detail}", **params)


class Writer:
    """Collects digits; `pick` and `number` return the value they were given."""

    def __init__(self) -> None:
        self.digits: list[tuple[int, int]] = []

    def number(self, value: int, radix: int) -> int:
        if not 0 <= value < radix:
            raise IllegalAction("cannot_encode", "This game cannot be written as a code.",
                                value=value, radix=radix)
        if radix > 1:
            self.digits.append((value, radix))
        return value

    def pick(self, options, value):
        """Write `value`'s index among `options` (a list the decoder can rebuild)."""
        try:
            index = options.index(value)
        except ValueError:
            raise IllegalAction("cannot_encode", "This game cannot be written as a code.",
                                value=repr(value)[:40]) from None
        self.number(index, len(options))
        return value

class Reader:
    """Takes digits off a packed integer in the order a `Writer` put them in."""

    def __init__(self, n: int) -> None:
        self._n = n
        self.product = 1

    def number(self, value, radix: int) -> int:
        if radix <= 0:
            raise damaged("it asks for a choice where there is none.", why="choice")
        if radix == 1:
            return 0
        self._n, digit = divmod(self._n, radix)
        self.product *= radix
        return digit

    def pick(self, options, value=None):
        return options[self.number(None, len(options))]

    @property
    def rest(self) -> int:
        """What is left once every digit has been read: 0 for a canonical code."""
        return self._n


def pack(digits) -> tuple[int, int]:
    """The packed integer of (digit, radix) pairs, and the product of the radices
    (the integer is below it)."""
    n = 0
    product = 1
    for digit, radix in reversed(digits):
        n = n * radix + digit
        product *= radix
    return n, product


def int_to_text(m: int, chars: int) -> str:
    """`chars` characters, 6 bits each, least significant first."""
    out = []
    for _ in range(chars):
        out.append(ALPHABET[m & 63])
        m >>= 6
    return "".join(out)


def text_to_int(text: str) -> int:
    """Inverse of `int_to_text`; the caller has checked the characters."""
    m = 0
    for ch in reversed(text):
        m = (m << 6) | ALPHABET_INDEX[ch]
    return m
