"""Tammany Hall rules engine: pure Python, standard library only, no I/O."""

__version__ = "0.1.0"
