"""Editor support for card files: the language server (server.py) and the highlighting grammars
(textmate.py) of the effect language."""
