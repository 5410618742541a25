"""The studio's docks: palette, properties, problems, campaign library, undo history."""
