"""Stateful property: random edits, undo, redo, save and reopen on a studio document
keep the undo model and give the same scenario back (issue 16, item 8)."""

from __future__ import annotations

import json
import random
import shutil
import tempfile
from pathlib import Path

import pytest
from edit_model import EditModel
from fuzzing import ROBUSTNESS, SEEDS
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from pytestqt.qtbot import QtBot

from engine.model.catalog import default_catalog
from engine.model.formats import scenario_from_dict

START = [scenario_from_dict(json.loads(data.decode("utf-8"))) for data in SEEDS["scenario"]]


class DocumentMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="raftwright-doc-"))
        self.model: EditModel | None = None

    @initialize(start=st.sampled_from(START))
    def open_document(self, start: object) -> None:
        self.model = EditModel(start, self.folder, default_catalog())  # type: ignore[arg-type]

    @rule(rnd=st.randoms(use_true_random=False))
    def edit(self, rnd: random.Random) -> None:
        assert self.model is not None
        self.model.edit(rnd)

    @rule()
    def undo(self) -> None:
        assert self.model is not None
        self.model.undo()

    @rule()
    def redo(self) -> None:
        assert self.model is not None
        self.model.redo()

    @rule()
    def save_and_reopen(self) -> None:
        assert self.model is not None
        self.model.save_and_reopen()

    @invariant()
    def matches_the_model(self) -> None:
        if self.model is not None:
            self.model.check()

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture
def machine(qtbot: QtBot) -> type[DocumentMachine]:  # a QApplication exists
    return DocumentMachine


def test_edit_undo_redo_save_reopen_sequences_hold(machine: type[DocumentMachine]) -> None:
    test = machine.TestCase
    test.settings = ROBUSTNESS
    test().runTest()
