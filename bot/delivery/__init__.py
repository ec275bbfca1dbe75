"""How the Bot API is called and updates come in: retries, inbox, lanes, pace, broadcast, expiry, outages, webhook."""
