"""cardlab's version, in the lowest layer: share codes and records name it without
importing the games."""

__all__ = ["__version__"]

__version__ = "0.1.0"
