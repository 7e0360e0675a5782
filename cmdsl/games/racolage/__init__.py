"""Racolage Électoral (docs/racolage.md; the rules: RA1–RA11): party leaders place Media cards to
gain notoriety, buy Action cards by selling cards from hand, and live with Events that open themes
to everyone. Its cards are written in the effect language, with the game's vocabulary
(``vocabulary/``)."""
