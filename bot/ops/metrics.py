"""The bot's Prometheus metrics (``prometheus_client``), served by ``GET /metrics`` (``bot.ops.health``).

Defined once, in the library's default registry, as its docs advise: every process exposes its own numbers and
Prometheus adds them up across workers (``sum by (...)``).  The names end in ``_total`` / ``_seconds`` as the
exposition format expects.

What to watch (deploy/README.md, "What to monitor"): the rate of ``liuyao_update_errors_total``; the 99th percentile
of ``liuyao_update_seconds``; ``liuyao_bot_api_rate_limited_total`` (429 answers: the pace is above Telegram's
limit); ``liuyao_deliveries_due`` staying above zero after the broadcast ran, and ``liuyao_deliveries_late_total``;
the asks of ``bot.handlers.askback`` due, sent and answered (counts only: no user's id or words).
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

UPDATES = Counter("liuyao_updates", "Updates handled, by kind (message, callback_query, other)", ["kind"])
UPDATE_SECONDS = Histogram(
    "liuyao_update_seconds", "Time from the start of an update's handling to its end (the handlers' replies included)",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0))
UPDATE_ERRORS = Counter("liuyao_update_errors", "Updates whose handling raised (the user was told something went wrong)")
API_CALLS = Counter("liuyao_bot_api_calls", "Bot API calls answered, by method and HTTP status class (2xx, 4xx, 5xx)",
                    ["method", "status"])
API_FAILURES = Counter("liuyao_bot_api_failures", "Bot API calls that got no answer (network error, time-out), by method",
                       ["method"])
RATE_LIMITED = Counter("liuyao_bot_api_rate_limited", "429 answers (flood control) from the Bot API, by method", ["method"])
DELIVERIES_DUE = Gauge("liuyao_deliveries_due", "Daily almanacs that were due at the start of the last broadcast run")
DELIVERIES_SENT = Counter("liuyao_deliveries_sent", "Daily almanacs sent and recorded")
DELIVERIES_LATE = Counter("liuyao_deliveries_late", "Daily almanacs sent more than LATE_AFTER after their local time")
LATE_AFTER = 600.0  # seconds: a morning message ten minutes late is late
# Asking back (bot.handlers.askback): counts only, never a user's text or id.
ASKS_DUE = Counter("liuyao_asks_due", "Asks found due by the sender's runs (an ask retried is counted again)")
ASKS_SENT = Counter("liuyao_asks_sent", "Asks sent and recorded")
ASKS_ANSWERED = Counter("liuyao_asks_answered", "Asks answered, by answer (happened, not_yet, otherwise, stop)",
                        ["answer"])
CONSULTATIONS_SWEPT = Counter("liuyao_consultations_swept",
                              "Abandoned consultations deleted with their drafts, CONSULTATION_TTL_HOURS plus the grace "
                              "after their last step (bot.delivery.expiry)")

# A message method is a send: the figures of "sends" read API_CALLS{method=~"send.*|edit.*"}.
KINDS = ("message", "callback_query")


def update_kind(update: object) -> str:
    """The label of an update in ``liuyao_updates_total``."""
    for kind in KINDS:
        if getattr(update, kind, None) is not None:
            return kind
    return "other"


def status_class(code: int) -> str:
    return f"{code // 100}xx"
