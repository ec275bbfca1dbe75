"""Sentences of 玉照定真經 V1–V50."""

from __future__ import annotations

from bot.i18n import N_

TEXTS: dict[str, str] = {
    "V2": N_("The classic holds that a native whose year branch is punished by the day or hour, and whose sound element "
             "is overcome by it, meets a short or lowly life."),
    "V3": N_("With four yang stems standing, the classic says the mother is unlikely to outlive the native's youth "
             "or middle years."),
    "V3.early": N_("With four yang stems standing and the hour overcoming, the classic says the mother may be lost "
                   "in the native's childhood."),
    "V4": N_("With the yin stems covering the chart and no yang, the classic says the father is unlikely to reach old "
             "age."),
}
