"""A group's history of finished games: what each game says about each player (`summary`),
the players' statistics (`stats`) and their ratings (`ratings`, with the openskill library).

Kept apart from the rules package `tammany` on purpose: `tammany` stays standard-library
only and never imports this package; this package reads finished games through `tammany`'s
public surface (save codes, `Game`, the score sheet). The page's worker calls it through
`standings.bridge`, JSON in and JSON out, like `tammany.bridge` (docs/archive.md).
"""
