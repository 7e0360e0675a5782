"""Die Macher: 3–5 parties campaign through seven German state elections (rules digest:
DIEMACHER.md, cited as DM numbers; as implemented: docs/rules-diemacher.md).

The playable game is ``DieMacher`` (``game.py``), held by the core's driver; ``diemacher_game``
makes one at its table. The layout follows the rules:

* the data of a set (``data.py``: ``cards/diemacher/``, every value the seed lost marked as the
  project's own) and its components (``cards.py``, ``parties.py``);
* the position (``position.py``: the four state boards in a ring, the national board, every deck
  and supply) and the formulas (``formulas.py``, DM6);
* one module per phase, each a generator over the position that yields decisions (``setup.py``
  DM3, ``preliminary.py`` DM4, ``first_player.py`` DM7.1, ``platform.py`` DM7.2, ``media.py``
  DM7.3, ``rallies.py`` DM7.4, ``polls.py`` DM7.5, ``conversion.py`` DM7.6, ``election.py`` DM9,
  ``end_of_round.py`` DM10, ``scoring.py`` DM11), the services they share (``context.py``) and
  their order (``flow.py``, DM5);
* what is read of a game: events and who sees them (``events.py``), a party's view (``view.py``),
  the bots' estimate (``evaluation.py``) and re-deal (``determinize.py``), records (``record.py``,
  ``replay.py``).
"""
