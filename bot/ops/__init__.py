"""What an operator sets, reads or watches: settings, logs, health, metrics, the collector."""
