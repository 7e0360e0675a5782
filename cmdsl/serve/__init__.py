"""`cmdsl serve`: every registered game in a browser (docs/web.md). The server holds each game and
its secrets (DESIGN property 21); a seat's page is sent only what that seat may see, and answers
only that seat's decisions.

- ``store.py``: the games kept in SQLite (their deal, links and answers), checked when read back;
- ``served.py``: one game on the server: its driver, who plays each seat, its answers;
- ``screen.py``: what one seat (or a spectator) is sent, built from its view alone;
- ``robots.py``: the bots' moves, in worker processes (one for the cheap bots, a pool for the search bot);
- ``offers.py``: what it offers to make: each game, its table sizes, sets and own options;
- ``hall.py``: the games the server holds, made, found by link and resumed; the lobby, expiry;
- ``live.py``: a live game with the pages watching it, and what each page is sent;
- ``boards.py``: the games' boards in HTML, rendered with autoescape;
- ``app.py``: the Starlette application: pages, the WebSocket, security headers and limits;
- ``command.py``: `cmdsl serve` itself (uvicorn).

It plays any game of the plug-in registry through its ``Rules.new_game`` and draws it from its
``FrontEnds.seat_text`` (or, without one, from its log and decisions): no game has web code.
"""
