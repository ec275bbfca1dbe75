"""Settings for the whole suite.

The bots the tests start as processes (``python -m bot.cli bot``) inherit this environment: with OPS_PORT=0 they
leave the operator's port (8090 by default) alone, so that they never collide with one another or with a bot
running on the machine; the tests of ``/healthz`` and ``/metrics`` give a free port of their own.
"""

import os

os.environ.setdefault("OPS_PORT", "0")
