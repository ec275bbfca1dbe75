"""Every text and picture a user sees, in five languages; never imports telegram (bot/README.md)."""
