"""Checks of a layout: the :class:`~engine.check.issues.Issue` type, schema errors
mapped to elements, the game's rule checks, and file and campaign validation.  Uses
the model (and may use play's cut-off analysis); never the other way round."""
