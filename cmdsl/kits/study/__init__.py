"""The study toolkit (``cmdsl balance``, docs/balance.md): the seat study of any game (``seats.py``,
an A/B of two sets: ``seats_ab.py``), worker processes, the statistics and verdicts, the HTML page.
A game's own study is in its front ends (CM2008's ``ui/study/``); the command is
``cmdsl/balance_command.py``."""
