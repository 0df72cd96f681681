"""The board layer: what the assistant and the tutor both show of a game, in the reader's language.

- ``grid``: a board as cells, figures, highlights and points rising (``templates/boards/_grid.html``).
- ``players``: how each player looks everywhere: colours, patterns, marks (no Django: Pillow
  draws with it too).
- ``tile_names``: tiles and places on them by name; ``messages``: the engine's rule codes, figure
  and feature names as sentences; ``explain``: score events in words.
- ``languages``: digits, direction and how each language joins sentences and labels;
  ``numbers``: numbers read strictly from the outside world (query strings, forms).

Both apps import it; it imports neither (tests/test_import_rules.py).
"""
