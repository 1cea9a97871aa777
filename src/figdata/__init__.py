"""figdata: figure descriptions in, tidy validated data out."""

__version__ = "0.1.0"
