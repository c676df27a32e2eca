"""The Dominion rulings service: corpus build, search, audit, web app and CLI."""
