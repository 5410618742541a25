"""The scenario model and static facts: geometry, the component catalog, scenarios and
campaigns, their file formats and JSON Schemas, bundled resources and user folders.
Imports nothing from :mod:`engine.check` or :mod:`engine.play`."""
