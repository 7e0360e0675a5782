"""Toolkits that every game's front ends are built on, naming no game: the REPL keyboard's
(``keyboard/``), printed sheets (``printing/``), a study of many bot games (``study/``).
"""
