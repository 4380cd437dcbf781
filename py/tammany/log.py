"""The game log in plain English for the command line (`python -m tammany replay CODE --log`).

The page never shows these sentences: the bridge sends each event as its code (`e`) and
parameters, and the page words it in the player's language (site/js/i18n/engine-text.js),
linking a rule's name where this text cites its id. Sealed bids appear only in `ward_vote`,
which is emitted when the ward's bids are revealed (R34).
"""

from .offices import OFFICE_TITLES
from .rules_config import STANDARD, Rules


def _chips(colors: dict | list) -> str:
    if isinstance(colors, list):
        from .board import NATIONALITIES
        colors = dict(zip(NATIONALITIES, colors, strict=True))
    parts = [f"{n} {c.title()}" for c, n in colors.items() if n]
    return ", ".join(parts) if parts else "nothing"


def describe(event: dict, names: tuple, rules: Rules = STANDARD) -> str:
    """One sentence for one event; `names` are the seats' names, `rules` the game's."""
    def who(key="seat"):
        return names[event[key]]

    kind = event["e"]
    if kind == "start_player":
        return f"{who()} is drawn to start (R5)."
    if kind == "zone_opens":
        return f"Zone {event['zone']} enters play (R7)."
    if kind == "turn":
        return f"Year {event['year']}: {who()}'s turn."
    if kind == "castle_garden":
        short = " The bag ran short." if event["short"] else ""
        return f"Immigrants arrive at Castle Garden: {_chips(event['cubes'])}.{short}"
    if kind == "placed_bosses":
        a, b = event["wards"]
        where = f"ward {a}" if a == b else f"wards {a} and {b}"
        return f"{who()} places two bosses in {where}."
    if kind == "placed_boss_cube":
        return (f"{who()} places a boss in ward {event['boss']} and a "
                f"{event['color'].title()} cube in ward {event['ward']}.")
    if kind == "deputy":
        return f"{who()} (Deputy Mayor) takes a {event['color'].title()} favor chip."
    if kind == "police":
        return (f"{who()} (Chief of Police) sends a {event['color'].title()} cube from "
                f"ward {event['ward']} back to the bag.")
    if kind == "lock":
        return f"{who()} (Council President) locks ward {event['ward']}."
    if kind == "precinct":
        return (f"{who()} (Precinct Chairman) moves a {event['color'].title()} cube from "
                f"ward {event['ward']} to ward {event['to']}.")
    if kind == "slander":
        text = (f"{who()} slanders {who('target')} in ward {event['ward']} "
                f"with a {event['color'].title()} chip")
        if "ward2" in event:
            text += f", and again in ward {event['ward2']}"
        return text + "."
    if kind == "end_turn":
        return f"{who()} ends the turn."
    if kind == "year":
        return f"Year {event['year']} begins."
    if kind == "election":
        return f"Election of term {event['term']}!"
    if kind == "castle_garden_returned":
        return f"Castle Garden's cubes go back to the bag: {_chips(event['cubes'])}."
    if kind == "bidding":
        return f"Ward {event['ward']}: sealed bids from " + \
            ", ".join(names[p] for p in event["seats"]) + "."
    if kind == "bid_placed":
        return f"{who()} has bid in ward {event['ward']}."
    if kind == "ward_vote":
        parts = [f"{names[int(p)]} {v} ({_chips(event['bids'][p])} bid)"
                 for p, v in event["votes"].items()]
        if not parts:
            return f"Ward {event['ward']}: no candidates."
        outcome = (f"{names[event['winner']]} wins" if event["winner"] is not None
                   else "a tie, nobody wins")
        return f"Ward {event['ward']}: " + "; ".join(parts) + f" — {outcome}."
    if kind == "bonus_offered":
        return f"{who()} may claim ward {event['ward']}'s bonus {event['kind']}."
    if kind == "bonus_cube":
        return f"{who()} adds a {event['color'].title()} cube to ward {event['ward']} (bonus)."
    if kind == "bonus_chip":
        return f"{who()} takes a {event['color'].title()} favor chip (bonus)."
    if kind == "bonus_skip":
        return f"{who()} declines the bonus."
    if kind == "immigrant_leaders":
        if not event["awards"]:
            return "No immigrant leaders this term."
        return "Immigrant leaders: " + "; ".join(
            f"{', '.join(names[p] for p in a['seats'])} +{rules.immigrant_leader_chips} "
            f"{a['color'].title()}"
            for a in event["awards"]) + "."
    if kind == "points":
        return f"{who()} scores {event['points']} for {event['wards']} ward(s)."
    if kind == "mayor":
        if event["seat"] is None:
            return "No mayor is chosen: the tie stands and nobody hands out offices (R30)."
        step = event["tiebreak"]
        how = {"wards": "most wards", "incumbent": "the tie stands, the mayor stays",
               "chips": "tie broken by most favor chips"}.get(
            step, f"tie broken by most {step.title()} chips")
        if event["offices_kept"]:
            return f"{who()} stays mayor ({how}), scores nothing, and every office stays."
        return f"{who()} is mayor ({how}) and scores {event['points']}."
    if kind == "offices":
        return f"{who()} hands out the offices: " + ", ".join(
            f"{names[int(p)]} {OFFICE_TITLES[o]}" for p, o in event["assign"].items()) + "."
    if kind == "favor_majority":
        return (f"Most {event['color'].title()} chips: "
                f"{', '.join(names[p] for p in event['seats'])} +{rules.majority_points}.")
    if kind == "game_over":
        winners = " and ".join(names[p] for p in event["winners"])
        return f"Game over. {winners} win{'s' if len(event['winners']) == 1 else ''}!"
    return _describe_remote(event, who) or kind


REMOTE_TEXTS = {
    "anchored": "{who}'s device fixes its random contributions for the game.",
    "draw_due": "Cubes are to be drawn: {who}'s device adds its random contribution.",
    "drawn": "{who}'s device adds its random contribution to the bag.",
    "bid_sealed": "{who} has sealed a bid in ward {ward}.",
    "bids_revealing": "Ward {ward}: every bid is in; the sealed bids are opened next.",
    "bid_opened": "{who} opens the sealed bid in ward {ward}.",
}
"""The events of a game across devices (docs/remote.md)."""


def _describe_remote(event: dict, who) -> str | None:
    text = REMOTE_TEXTS.get(event["e"])
    if text is None:
        return None
    return text.format(who=who() if "seat" in event else "", ward=event.get("ward"))
