"""The studio's side of scenario packs: exporting (metadata form, manifest preview,
building off the GUI thread), importing (everything shown before anything is
installed) and the rendered sheets a pack carries."""
