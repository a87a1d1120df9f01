"""The new-game screen: players (name, colours, seat, person or computer) and rule options."""

from __future__ import annotations

from ...material import COLOURS, SEATS
from ...settings import GODZILLA_MODES, MAX_NAME_LENGTH
from .. import messages
from ..frames.start_frames import SetupFrame
from ..values.setup_form import rounds_choices
from .common import button, chip
from .vdom import El, h


def _select(field: str, options: list[tuple[str, str]], value: str, player: int | None = None,
            label: str = "", bad: bool = False, hint: str | None = None,
            wide: bool = False) -> El:
    """A labelled dropdown; ``hint``: an explanation under it (a variant, a computer's
    level); ``wide``: it takes a whole row, so that its longest choice is never cut off."""
    hint_id = (f"hint-{field}" if player is None else f"hint-{field}-{player}") if hint else None
    return h("label", {"class": "field" + (" bad" if bad else "") + (" wide" if wide else "")},
             h("span", {"class": "field-label"}, label),
             h("select", {"data-field": field, "data-player": player,
                          "aria-invalid": "true" if bad else None,
                          "aria-describedby": hint_id},
               [h("option", {"value": v, "selected": v == value}, text)
                for v, text in options]),
             h("small", {"class": "field-hint", "id": hint_id}, hint) if hint else None)


def _check(field: str, checked: bool, label: str) -> El:
    """A checkbox for a variant, with its one-line explanation (``setup.help.<field>``)."""
    hint_id = f"hint-{field}"
    return h("label", {"class": "check"},
             h("input", {"type": "checkbox", "data-field": field, "checked": checked,
                         "aria-describedby": hint_id}),
             h("span", {"class": "check-text"}, h("span", {}, label),
               h("small", {"class": "field-hint", "id": hint_id}, messages.t(f"setup.help.{field}"))))


def render_setup(form: SetupFrame) -> El:
    count_buttons = [button(messages.t("setup.player_count", n=n), "setup-count",
                            {"data-value": n, "aria-pressed": "true" if form.count == n else "false"},
                            cls="btn seg" + (" on" if form.count == n else ""))
                     for n in (2, 3, 4)]
    # An option holds text only: the colour's name; its cue shows in the row's legend chip.
    colour_options = [(c, messages.colour(c)) for c in COLOURS]
    seat_options = [(s, messages.seat(s)) for s in SEATS]
    controller_options = [(c, messages.controller_label(c)) for c in form.controllers]
    rows = []
    for i, spec in enumerate(form.players):
        bad_name = f"name-{i}" in form.bad_fields
        fields = [
            h("label", {"class": "field name" + (" bad" if bad_name else "")},
              h("span", {"class": "field-label"}, messages.t("setup.name")),
              h("input", {"type": "text", "data-field": "name", "data-player": i,
                          "value": spec.name, "maxlength": MAX_NAME_LENGTH,
                          "autocomplete": "off", "spellcheck": "false",
                          "list": "known-names" if form.known_names else None,
                          "aria-describedby": f"name-limit-{i}",
                          "aria-invalid": "true" if bad_name else None}),
              # the field stops at the limit: said before the typing stops
              h("small", {"class": "field-hint", "id": f"name-limit-{i}", "data-name-limit": i},
                messages.t("setup.name_limit", max=MAX_NAME_LENGTH))),
        ]
        for k, colour in enumerate(spec.colours):
            fields.append(_select(f"colour{k}", colour_options, colour, i,
                                  messages.t("setup.colour" if k == 0 else "setup.colour2"),
                                  "colours" in form.bad_fields))
        fields.append(_select("seat", seat_options, spec.seat, i, messages.t("setup.seat"),
                              "seats" in form.bad_fields))
        fields.append(_select("controller", controller_options, spec.controller, i,
                              messages.t("setup.controller"), wide=True,
                              hint=messages.level_description(spec.controller)))
        rows.append(h("fieldset", {"class": "player-row", "data-setup-player": i},
                      h("legend", {}, [chip(c) for c in spec.colours], " ",
                        messages.t("setup.player", n=i + 1)),
                      h("div", {"class": "fields"}, fields)))
    start_options = [("random", messages.t("setup.start_random"))] + [
        (str(i), spec.name or messages.t("setup.player", n=i + 1))
        for i, spec in enumerate(form.players)]
    pieces = {4: 6, 6: 4}
    options = [
        _select("start", start_options, form.start, None, messages.t("setup.start_player")),
    ]
    choices = rounds_choices(form.count)
    options.append(_select("rounds", [(str(r), messages.t("setup.rounds_value", rounds=r,
                                                    pieces=pieces[r]))
                                      for r in choices], str(form.rounds), None,
                           messages.t("setup.rounds"),
                           hint=messages.t("setup.help.rounds") if len(choices) > 1 else None))
    options.append(_select("godzilla", [(g, messages.t(f"setup.godzilla.{g}")) for g in GODZILLA_MODES],
                           form.godzilla, None, messages.t("setup.godzilla"),
                           hint=messages.t("setup.help.godzilla")))
    checks = [
        _check("tie_break", form.tie_break, messages.t("setup.tie_break")),
        _check("progressive", form.progressive, messages.t("setup.progressive")),
        _check("anti_trust", form.anti_trust, messages.t("setup.anti_trust")),
        _check("secret_selection", form.secret_selection, messages.t("setup.secret_selection")),
        _check("hints", form.hints, messages.t("setup.hints")),
    ]
    errors = None
    if form.errors:
        errors = h("div", {"class": "error-banner", "role": "alert", "id": "setup-errors"},
                   h("p", {}, messages.t("setup.invalid")),
                   h("ul", {}, [h("li", {"data-message-id": key}, messages.t(key, **params))
                                for key, params in form.errors]))
    return h("div", {"class": "setup", "data-screen": "setup"},
             h("div", {"class": "setup-inner"},
               h("header", {"class": "setup-head"},
                 button(messages.t("setup.cancel"), "home", cls="btn secondary"),
                 h("h1", {}, messages.t("setup.heading"))),
               errors,
               h("section", {},
                 h("h2", {}, messages.t("setup.players")),
                 h("div", {"class": "segmented", "role": "group"}, count_buttons),
                 rows, _known_names(form.known_names)),
               h("section", {"class": "options"},
                 h("h2", {}, messages.t("setup.rules_options")),
                 h("div", {"class": "fields"}, options),
                 h("div", {"class": "checks"}, checks)),
               h("div", {"class": "actions sticky"},
                 button(messages.t("setup.start"), "setup-start", cls="btn primary big"))))


def _known_names(names: tuple[str, ...]) -> El | None:
    """The names remembered on this device, most recent players first, offered on each
    name field."""
    if not names:
        return None
    return h("datalist", {"id": "known-names", "data-known-names": len(names)},
             [h("option", {"value": name}) for name in names])
