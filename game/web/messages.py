"""The message catalogue: every text a player reads, keyed by message id.

Rendering code never holds player-facing string literals; it calls :func:`t` with an id and
parameters. English is complete; other languages fall back to English id by id, so a partial
German or French table can be added without breaking anything.

Parameters are formatted with ``str.format``; a missing parameter or an unknown id never
raises (a UI must not crash on a text): the id itself is shown instead, which tests catch.
"""

from __future__ import annotations

import string
from typing import Any

EN: dict[str, str] = {
    # ------------------------------------------------------------------ app
    "app.title": "Manhattan",
    "app.subtitle": "Build skyscrapers in six cities of the world",
    "app.loading": "Loading the game…",
    "app.error": "Something went wrong: {detail}. Your game is saved; reload the page to go on.",

    # ---------------------------------------------------------- start screen
    "start.heading": "Manhattan",
    "start.new": "New game",
    "start.rules": "Rules",
    "start.saved": "Saved games",
    "start.none": "No saved games yet.",
    "start.continue": "Continue",
    "start.delete": "Delete",
    "start.delete_confirm": "Really delete",
    "start.summary": "Round {round} of {rounds} · {phase}",
    "start.summary_over": "Finished · winner: {winner}",
    "start.updated": "saved {when}",
    "start.broken": "This save cannot be loaded: {reason}",
    "start.broken_kept": "It is kept unchanged; you can delete it yourself.",
    "start.load_failed": "The saved game could not be loaded: {reason}. The save is kept unchanged.",
    "start.storage_unavailable": "This browser does not allow saving (storage is off or full). "
                                 "You can play, but the game will be lost when the page closes.",
    "start.save_failed": "The game could not be saved ({reason}). You can keep playing.",

    # ---------------------------------------------------------- setup screen
    "setup.heading": "New game",
    "setup.players": "Players",
    "setup.player_count": "{n} players",
    "setup.player": "Player {n}",
    "setup.name": "Name",
    "setup.colour": "Colour",
    "setup.colour2": "Second colour",
    "setup.seat": "Seat",
    "setup.controller": "Played by",
    "setup.human": "Person",
    "setup.start_player": "Who starts",
    "setup.start_random": "Random",
    "setup.rules_options": "Rules",
    "setup.rounds": "Rounds",
    "setup.rounds_value": "{rounds} rounds, {pieces} pieces each",
    "setup.tie_break": "Tie-break (2017 rule): taller tower, then more majorities",
    "setup.godzilla": "Godzilla",
    "setup.godzilla.off": "Off",
    "setup.godzilla.godzilla": "Godzilla",
    "setup.godzilla.baby": "Baby Godzilla",
    "setup.progressive": "Progressive construction (cities open one by one)",
    "setup.anti_trust": "Anti-trust (no building on your own tower)",
    "setup.secret_selection": "Secret selection of pieces",
    "setup.start": "Start the game",
    "setup.cancel": "Back",
    "setup.invalid": "Please fix the marked fields.",
    "setup.error.name_empty": "{player}: please enter a name.",
    "setup.error.name_long": "{player}: a name can have at most {max} characters.",
    "setup.error.name_control": "{player}: a name cannot contain control characters.",
    "setup.error.name_twice": "Two players cannot have the same name ({name}).",
    "setup.error.colour_twice": "Each colour can be used by one player only ({colour}).",
    "setup.error.seat_twice": "Each player needs a different seat ({seat}).",
    "setup.error.rounds": "The two-player game has 6 rounds.",
    "setup.error.other": "These settings cannot be played: {detail}",
    "setup.default_name": "Player {n}",

    # ------------------------------------------------------------ materials
    "colour.blue": "blue", "colour.red": "red", "colour.yellow": "yellow",
    "colour.purple": "purple", "colour.orange": "orange", "colour.green": "green",
    "colour.black": "black", "colour.white": "white",
    "letter.blue": "B", "letter.red": "R", "letter.yellow": "Y", "letter.purple": "P",
    "letter.orange": "O", "letter.green": "G", "letter.black": "K", "letter.white": "W",
    "seat.south": "South", "seat.west": "West", "seat.north": "North", "seat.east": "East",
    "city.0": "Sydney", "city.1": "Manhattan", "city.2": "Frankfurt",
    "city.3": "Hong Kong", "city.4": "São Paulo", "city.5": "Cairo",
    "piece.floors": "{floors}-floor",
    "piece.name": "{floors}-floor piece",
    "piece.count": "×{count}",
    "ai.random": "Computer: beginner",
    "ai.greedy": "Computer: easy",
    "ai.search:1": "Computer: medium",
    "ai.search:2": "Computer: hard",
    "ai.search:3": "Computer: expert",
    "ai.generic": "Computer ({id})",
    "ai.level": "level {level}",
    "phase.select": "choosing pieces",
    "phase.build": "building",
    "phase.over": "finished",
    "phase.chance": "dealing",

    # ----------------------------------------------------------------- play
    "play.round": "Round {round}/{rounds}",
    "play.deck": "Deck {count}",
    "play.deck_title": "Cards left in the draw pile",
    "play.points": "{points}",
    "play.start_marker": "Start player",
    "play.menu": "Menu",
    "play.rules": "Rules",
    "play.exit": "Saved games",
    "play.speed": "Speed: {speed}",
    "play.speed.slow": "slow",
    "play.speed.normal": "normal",
    "play.speed.fast": "fast",
    "play.your_hand": "Your cards",
    "card.label": "Card: {row} row, {col} column, as seen from your edge",
    "card.row.0": "far", "card.row.1": "middle", "card.row.2": "near",
    "card.col.0": "left", "card.col.1": "centre", "card.col.2": "right",
    "play.your_pieces": "Your pieces this round",
    "play.hand_hidden": "Cards hidden",
    "play.confirm": "Confirm",
    "play.undo": "Undo",
    "play.turn_of": "{name} to play",
    "play.you": "{name}, your turn",
    "play.godzilla": "Godzilla",
    "play.godzilla_mode.godzilla": "Godzilla",
    "play.godzilla_mode.baby": "Baby Godzilla",
    "play.closed": "Opens in round {round}",
    "play.closed_short": "closed",
    "play.safe": "safe from you",
    "play.played_top": "Last card played",
    "play.no_played": "no card played yet",
    "play.supply": "This round",
    "play.supply_hidden": "chosen secretly",
    "play.supply_none": "done",
    "play.stock": "{count} pieces left in stock",
    "play.cards_in_hand": "{count} cards",
    "play.tower_title": "{city}, plot {plot}: height {height}",
    "play.seat_label": "{name}",
    "play.open_cities": "Open cities: {cities}",
    "play.last_move": "Last move",
    "board.zoom_hint": "Tap a city to see it large.",
    "board.zoom_city": "{city}: show large",
    "board.whole": "‹ Whole board",
    "board.zoom_note": "as seen from {name}'s edge",

    # Selection
    "select.heading": "Choose your pieces for round {round}",
    "select.heading_colour": "Choose {colour} pieces for round {round}",
    "select.help": "Take {need} pieces from your stock. Use + and − for each size.",
    "select.help_colours": "Take {need} pieces of each colour from your stock. Use + and − "
                           "for each size; nothing is final until you confirm.",
    "select.colour_pieces": "{colour} pieces",
    "select.colour_left": "{left} more",
    "select.colour_done": "ready",
    "select.forced": "{colour}: only one choice is possible ({pieces}); it is taken for you "
                     "when you confirm.",
    "select.more": "One more {floors}-floor {colour} piece",
    "select.less": "One {floors}-floor {colour} piece less",
    "select.left": "{left} more to choose",
    "select.done": "Ready: confirm your choice",
    "select.too_many": "That is already {need} pieces.",
    "select.none_left": "No more {floors}-floor pieces in your stock.",
    "select.in_stock": "{count} in stock",
    "select.others": "Choices this round",
    "select.hidden": "secret",
    "select.waiting": "not chosen yet",
    "select.secret_note": "Secret selection: the others' choices are shown when building starts.",

    # Building
    "build.heading": "Build",
    "build.step_card": "Choose a card from your hand.",
    "build.step_piece": "Choose a piece to place.",
    "build.step_plot": "Tap a highlighted plot to build there.",
    "build.step_confirm": "Confirm the building, or undo it.",
    "build.no_target": "No plot is possible for this card and this piece. Try another combination.",
    "build.tentative": "{piece} in {city}. Confirm?",
    "build.need_card": "Choose a card first.",
    "build.need_piece": "Choose a piece first.",
    "build.no_build": "You cannot build anywhere: no card in your hand allows a legal build "
                      "with any piece you have this round. You play one card without building "
                      "and return one piece of your choice to the box (it leaves the game).",
    "build.return_step": "Choose the card to play and the piece to return, then confirm.",
    "build.return_confirm": "Play card {card} and return a {piece} to the box. Confirm?",

    # Pass screen
    "pass.heading": "Pass the device to {name}",
    "pass.seat": "{name} sits at the {seat} edge",
    "pass.tap": "{name}: tap here to show your cards",
    "pass.privacy": "The other players should look away.",

    # Computer turns
    "cpu.thinking": "{name} is thinking…",
    "cpu.selected": "{name} took {pieces}",
    "cpu.selected_secret": "{name} chose secretly",
    "cpu.built": "{name} played this card and built a {floors}-floor piece in {city}",
    "cpu.returned": "{name} played this card, could not build, and returned a {floors}-floor piece",
    "cpu.plays": "{name} plays this card: a {floors}-floor piece in {city}",
    "cpu.plays_return": "{name} plays this card and cannot build: a {floors}-floor piece goes back to the box",
    "human.selected": "{name} took {pieces}",
    "human.built": "{name} built a {floors}-floor piece in {city}",
    "human.returned": "{name} could not build and returned a {floors}-floor piece",
    "move.godzilla_destroyed": "Godzilla destroyed the tower in {city}!",
    "move.godzilla_ate": "Godzilla removed the top piece in {city}.",
    "move.reshuffled": "The draw pile was empty: the played cards were shuffled into a new one.",
    "move.colour_pieces": "{colour}: {pieces}",
    "move.colours_sep": "; ",
    "pieces.item": "{count}×{floors}",
    "pieces.none": "nothing",
    "pieces.sep": ", ",

    # Scoring
    "score.heading": "Scoring after round {round}",
    "score.city": "City",
    "score.towers": "Towers",
    "score.majority": "Majority (+2)",
    "score.nobody": "nobody",
    "score.tallest": "Tallest tower (+3)",
    "score.tallest_at": "{city}, height {height}: {colour}",
    "score.tallest_shared": "shared: nobody scores",
    "score.tallest_none": "no tower yet",
    "score.colour": "Colour",
    "score.tower_points": "Towers",
    "score.majority_points": "Majorities",
    "score.tallest_points": "Tallest",
    "score.round_total": "Round",
    "score.game_total": "Total",
    "score.continue": "Continue",
    "score.final_next": "See the final result",

    # Final
    "final.heading": "Final result",
    "final.rank": "Rank",
    "final.name": "Player",
    "final.points": "Points",
    "final.tallest": "Tallest tower",
    "final.majorities": "Majorities",
    "final.winner": "{name} wins!",
    "final.figures": "tallest tower {tallest} · city majorities {majorities}",
    "final.winners": "Shared win: {names}",
    "final.decided.points": "by points",
    "final.decided.tallest": "tie on points, decided by the taller tallest tower",
    "final.decided.majorities": "tie on points and tallest tower, decided by more city majorities",
    "final.decided.shared": "tie: shares the place",
    "final.decided.shared_off": "tie on points: shares the place (tie-break off)",
    "final.rematch": "Rematch",
    "final.board": "See the board",
    "final.back": "Back to the result",
    "final.new": "New game",
    "final.home": "Saved games",
    "final.and": " and ",

    # Illegal actions (IllegalAction.rule -> message)
    "rule.floor-condition": "You need at least {need} floors here: {owner} has {owner_floors} "
                            "floors in this tower and {colour} has {own_floors}.",
    "rule.plot-mismatch": "From your seat this card marks another plot: build on a highlighted plot.",
    "rule.city-closed": "{city} is not open for building yet.",
    "rule.godzilla-plot": "Nobody may build where Godzilla stands.",
    "rule.anti-trust": "Anti-trust: you may not build on a tower you already own.",
    "rule.card-not-in-hand": "That card is not in your hand.",
    "rule.piece-not-in-supply": "You have no {floors}-floor piece left this round.",
    "rule.not-your-colour": "That colour is not yours.",
    "rule.wrong-colour": "Choose the pieces for {colour} first.",
    "rule.selection-count": "Choose exactly {need} pieces (you have {chosen}).",
    "rule.selection-stock": "Only {left} pieces of {floors} floors are left.",
    "rule.selection-shape": "Give a count for each piece size.",
    "rule.not-selection-phase": "Pieces are chosen only at the start of a round.",
    "rule.not-building-phase": "Pieces are placed in the building phase.",
    "rule.build-possible": "You can still build somewhere, so you may not return a piece.",
    "rule.game-over": "The game is over.",
    "rule.bad-city": "There is no such city.",
    "rule.generic": "That move is not allowed ({rule}).",

    # Rules help
    "rules.heading": "How to play Manhattan",
    "rules.close": "Close",
    "rules.decision": "our decision",
}

RULES_HELP: tuple[tuple[str, tuple[str, ...]], ...] = ()
"""Filled below: (heading id, paragraph ids) for the in-app rules help."""

EN.update({
    "rules.goal.h": "Goal",
    "rules.goal.1": "Build towers in six cities. After every round you score points for towers you "
                    "own, for having the most towers in a city, and for the single tallest tower. "
                    "After the last round the highest total wins.",
    "rules.material.h": "Material",
    "rules.material.1": "Each colour has 24 pieces: eleven 1-floor, six 2-floor, four 3-floor and "
                        "three 4-floor pieces. There are 45 cards; each marks one of the 9 plots of "
                        "a city, and each plot appears on 5 cards. Everyone holds 4 cards.",
    "rules.seats.h": "Seats and cards",
    "rules.seats.1": "Every player sits at a different edge of the board. A card is read from your "
                     "own edge, so the same card marks different plots for different seats. The app "
                     "turns the board so that your edge is at the bottom: the card's marked cell is "
                     "then exactly where you may build.",
    "rules.seats.2": "With 2 players the seats are south and north by default; you may choose others "
                     "in the setup (our decision). With 3 players: south, west and north.",
    "rules.round.h": "A round",
    "rules.round.1": "Selection: starting with the start player and going clockwise, each player "
                     "takes the round's pieces from their stock (4 players: 6 pieces; 3 and 2 "
                     "players: 4 pieces per colour; the six-round option: 4). The choice is public "
                     "and fixed for the round (unless secret selection is on). When exactly the "
                     "needed pieces are left, the app takes them for you.",
    "rules.round.2": "Building: in turn, play a card, place one of your round's pieces on the plot "
                     "it marks in any city, and draw a card. When the draw pile is empty, all played "
                     "cards are shuffled into a new one.",
    "rules.round.3": "On an empty plot or a tower you own, any piece will do. On someone else's "
                     "tower, after placing, your colour must have at least as many floors in that "
                     "tower as the owner's colour. The piece you place is on top: the tower is now "
                     "yours. A tower is marked safe from you when the owner leads you by more than "
                     "4 floors (no piece is big enough).",
    "rules.round.4": "No legal build (our decision): if no card in your hand allows a legal build "
                     "with any of your pieces, you play a card of your choice without building, draw, "
                     "and return one piece of your choice to the box. The app tells you when this "
                     "happens.",
    "rules.scoring.h": "Scoring after each round",
    "rules.scoring.1": "Tallest tower: 3 points if exactly one tower is taller than all others; if "
                       "the greatest height is shared, nobody scores (even if one colour owns both).",
    "rules.scoring.2": "Majority: 2 points in each city for the colour owning more towers there than "
                       "each other colour; a tie means nobody scores.",
    "rules.scoring.3": "Every tower scores 1 point for its owner. Towers stay for the whole game; "
                       "the start marker passes clockwise.",
    "rules.two.h": "Two players",
    "rules.two.1": "Each person plays two colours and chooses 4 pieces of each colour per round. "
                   "On each turn you place one piece of either colour. Each colour is scored on its "
                   "own; your score is the sum of your two colours. Your two colours are two "
                   "different owners (our decision): building red on your own blue tower needs at "
                   "least as many red floors as blue ones.",
    "rules.end.h": "End of the game",
    "rules.end.1": "After the last round's scoring the highest total wins. Ties (2017 rule, on by "
                   "default): among the tied players the one owning the taller tallest tower wins; "
                   "if still tied, the one with more city majorities; otherwise they share the win. "
                   "With the tie-break off, tied players share the place.",
    "rules.variants.h": "Variants (each off unless chosen)",
    "rules.variants.1": "Rounds: 4 players play 4 rounds of 6 pieces, or six rounds of 4. 3 players "
                        "play 6 rounds of 4, or 4 rounds of 6. 2 players always play 6 rounds.",
    "rules.variants.2": "Godzilla: the six cities form one 9 × 6 grid that wraps at every edge. "
                        "Godzilla starts on the centre plot of a random city; after each build it "
                        "moves one plot in the direction of the played card's marked cell (as read "
                        "from the player's seat; a centre card does not move it). A tower on the "
                        "plot it enters is destroyed. Nobody may build on Godzilla's plot.",
    "rules.variants.3": "Baby Godzilla: as Godzilla, but entering a plot removes only the top piece; "
                        "when it does not move, it removes the top piece under it again.",
    "rules.variants.4": "Progressive construction: only 3 cities are open in round 1; one more opens "
                        "each round. The opening order is drawn at the start and shown on the board.",
    "rules.variants.5": "Anti-trust: you may not build on a tower you already own.",
    "rules.variants.6": "Secret selection (house option): the pieces chosen are revealed when "
                        "building starts.",
    "rules.app.h": "Playing on one tablet",
    "rules.app.1": "Pass the device around the table. Before each person's turn a screen hides the "
                   "cards: the person whose turn it is taps to show them. Choose a card and a piece: "
                   "every plot where that building is legal lights up. Tap one, then confirm or "
                   "undo. Every move is saved at once: close the page at any time and continue later.",
    "rules.app.2": "The letter on each piece names its colour (B blue, R red, Y yellow, P purple, "
                   "O orange, G green, K black, W white). The number on a tower is its height; the "
                   "chips beside it count each colour's floors, the small chip on the height shows the "
                   "owner. A padlock marks a tower that is safe from the player on turn; ★ marks "
                   "the start player.",
})

RULES_HELP = (
    ("rules.goal.h", ("rules.goal.1",)),
    ("rules.material.h", ("rules.material.1",)),
    ("rules.seats.h", ("rules.seats.1", "rules.seats.2")),
    ("rules.round.h", ("rules.round.1", "rules.round.2", "rules.round.3", "rules.round.4")),
    ("rules.scoring.h", ("rules.scoring.1", "rules.scoring.2", "rules.scoring.3")),
    ("rules.two.h", ("rules.two.1",)),
    ("rules.end.h", ("rules.end.1",)),
    ("rules.variants.h", ("rules.variants.1", "rules.variants.2", "rules.variants.3",
                          "rules.variants.4", "rules.variants.5", "rules.variants.6")),
    ("rules.app.h", ("rules.app.1", "rules.app.2")),
)

CATALOGUES: dict[str, dict[str, str]] = {"en": EN}
_language = "en"


def set_language(code: str) -> None:
    global _language
    _language = code if code in CATALOGUES else "en"


def has(key: str) -> bool:
    return key in CATALOGUES[_language] or key in EN


class _Missing(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def t(key: str, **params: Any) -> str:
    """The text for message ``key`` in the current language, with ``params`` filled in."""
    template = CATALOGUES[_language].get(key)
    if template is None:
        template = EN.get(key)
    if template is None:
        return key
    if not params:
        return template
    try:
        return template.format_map(_Missing(params))
    except (ValueError, IndexError, AttributeError):
        return template


def parts(key: str, **params: Any) -> list[Any]:
    """Like :func:`t`, but a parameter may be an element (anything not a str/int/float):
    the text is returned as a list of strings and those elements, in the template's order,
    for a screen to put an element (e.g. ``<time>``) inside a translated sentence."""
    template = CATALOGUES[_language].get(key, EN.get(key))
    if template is None:
        return [key]
    out: list[Any] = []
    try:
        for literal, field, spec, conversion in string.Formatter().parse(template):
            if literal:
                out.append(literal)
            if field is None:
                continue
            value = params.get(field, "{" + field + "}")
            if isinstance(value, (str, int, float)):
                out.append(format(value, spec or ""))
            else:
                out.append(value)
    except (ValueError, IndexError, AttributeError):
        return [t(key, **params)]
    return out


def colour(name: str) -> str:
    return t("colour." + name)


def letter(name: str) -> str:
    return t("letter." + name)


def city(index: int) -> str:
    return t(f"city.{index}")


def seat(name: str) -> str:
    return t("seat." + name)


def controller_label(controller: str) -> str:
    if controller == "human":
        return t("setup.human")
    key = "ai." + controller
    if has(key):
        return t(key)
    return t("ai.generic", id=controller)


def pieces_text(counts: tuple[int, ...] | list[int]) -> str:
    parts = [t("pieces.item", count=n, floors=f) for f, n in zip((1, 2, 3, 4), counts) if n]
    return t("pieces.sep").join(parts) if parts else t("pieces.none")


def explain(rule: str, params: dict[str, Any], colour_name: str | None = None) -> tuple[str, dict]:
    """The catalogue id and parameters that explain an IllegalAction to a player."""
    key = "rule." + rule
    if not has(key):
        return "rule.generic", {"rule": rule}
    shown = dict(params)
    if "owner" in shown and isinstance(shown["owner"], str):
        shown["owner"] = colour(shown["owner"])
    if isinstance(shown.get("colour"), str):
        shown["colour"] = colour(shown["colour"])
    elif colour_name is not None:
        shown["colour"] = colour(colour_name)
    if isinstance(shown.get("city"), int):
        shown["city"] = city(shown["city"])
    return key, shown
