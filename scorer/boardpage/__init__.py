"""The board page of the scoring assistant, as small parts: what the user picked (:mod:`.selection`),
the board (:mod:`.grid`), the tiles to choose from (:mod:`.palette`), the tile about to be laid
(:mod:`.preview`), where a figure can go (:mod:`.spots`), the scoreboard and the move list
(:mod:`.scoreboard`, :mod:`.moves`), put together by :mod:`.page`. Each part is a function of the
engine's game and the selection, returning plain data for the templates.
"""
