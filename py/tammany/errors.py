"""The engine's one error type."""


class IllegalAction(ValueError):
    """An action (or a save code) the rules do not allow.

    `code` is stable and machine-readable, `params` fill the message's blanks so
    the page can translate it, and the English text is a sentence a player
    understands. The state is never changed when this is raised.
    """

    def __init__(self, code: str, message: str, **params) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
        self.message = message

    def to_json(self) -> dict:
        return {"code": self.code, "params": self.params, "message": self.message}
