"""Facts of the published Tammany Hall board, as data (R1, R2, R6, R19, R22).

Copied from the project's board reference; ward outlines live with the page
(site/), since the rules never need them.
"""

NATIONALITIES = ("irish", "english", "german", "italian")
"""Cube / favor-chip colours, in the tie-break order of R30 (Irish first)."""

PLAYER_COLORS = ("red", "yellow", "purple", "black", "brown")

OFFICES = ("deputy_mayor", "council_president", "chief_of_police", "precinct_chairman")
"""The offices the mayor hands out (R31); the mayor's own office is implied."""

WARDS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 17)

ZONE_OF = {
    1: "I", 2: "I", 4: "I", 6: "I", 7: "I", 14: "I",
    3: "II", 5: "II", 8: "II", 9: "II", 15: "II",
    10: "III", 11: "III", 13: "III", 17: "III",
}

ZONES = ("I", "II", "III")

ADJACENT = {
    1: (2, 3),
    2: (1, 3, 4, 6),
    3: (1, 2, 5, 6),
    4: (2, 6, 7),
    5: (3, 6, 8),
    6: (2, 3, 4, 5, 10, 14),
    7: (4, 10, 13),
    8: (5, 9, 14, 15),
    9: (8, 15),
    10: (6, 7, 13, 14, 17),
    11: (13, 17),
    13: (7, 10, 11, 17),
    14: (6, 8, 10, 15, 17),
    15: (8, 9, 14, 17),
    17: (10, 11, 13, 14, 15),
}

ELECTION_ORDER = {
    "I": (1, 2, 4, 7, 6, 14),
    "II": (9, 15, 8, 5, 3),
    "III": (17, 11, 13, 10),
}

TAMMANY_HALL = 14
"""Worth 2 victory points, counts as one ward (R29)."""

BONUS_CUBE_WARDS = (1, 2)
BONUS_CHIP_WARDS = (4, 7)

CUBES_PER_NATIONALITY = 25

SETUP_CUBES = {
    "I": {"irish": 2, "english": 2, "german": 2},
    "II": {"irish": 2, "english": 2, "german": 1},
    "III": {"irish": 2, "english": 1, "german": 1},
}
"""Cubes waiting in each zone's set-up box (R6)."""

SETUP_FIXED = {14: "irish"}
"""One Irish cube of zone I always goes to Tammany Hall (R6)."""

# The numbers of the rules (R7's years, R13's terms, R4's slander chips, points, …) are not
# board facts: they live in the rules value, rules_config.Rules.
