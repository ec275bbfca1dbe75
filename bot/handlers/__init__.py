"""PTB's handlers and the Application's wiring: what a user's update does (bot/README.md lists the rooms)."""
