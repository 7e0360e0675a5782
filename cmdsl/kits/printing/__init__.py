"""Print and play (`cmdsl print`, issue 33): any game's set as sheets to cut (``sheet.py``), and a
rulebook's player aid (``aid.py``). ReportLab comes with the extra ``cmdsl[print]``; each game's
layout is its front ends' ``ui/printing.py``, reached through the registry (``FrontEnds.printing``);
the command itself is ``cmdsl/print_command.py``."""
