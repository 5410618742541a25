# Quick start: `make run` opens the studio, `make test` runs the whole suite.
# Both create ./.venv on first use and reinstall when pyproject.toml changes: `run`
# installs only what the studio needs (quietly, saying so in a line), `test` adds the
# test tools (pytest, Dask, mypy, ruff ...).
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
PIP    := $(PY) -m pip install --quiet --quiet --disable-pip-version-check

.PHONY: run test bench fuzz docs package venv clean

venv: $(STAMP)

$(VENV)/bin/python:
	@echo "make: creating the virtual environment .venv with $(PYTHON)"
	@$(PYTHON) -m venv $(VENV)

# the studio's own dependencies only (PySide6, jsonschema, referencing, tqdm); pip's
# and setuptools' chatter goes to .venv/install.log, shown only when the install fails
$(STAMP): pyproject.toml | $(VENV)/bin/python
	@echo "make: installing Raftwright and the studio's dependencies into .venv (first run: a minute or two)"
	@$(PIP) -e . > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@touch $@

$(TEST_STAMP): $(STAMP)
	@echo "make: adding the test tools (the 'test' extra: pytest, Dask, mypy, ruff ...) to .venv"
	@$(PIP) -e '.[test]' > $(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@touch $@

run: $(STAMP)
	@$(PY) tools/check_qt_libs.py
	@$(VENV)/bin/raftwright edit

test: $(TEST_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: $(TEST_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) bench/run_all.py

# the manual as a web site in site/ (the tests build it too, strict, into a temporary folder)
docs: $(TEST_STAMP)
	$(VENV)/bin/mkdocs build --strict

# robustness at scale: 10^5 mutated files through the loaders, 10^4 edit sequences (minutes)
fuzz: $(TEST_STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) tests/robustness/fuzz_at_scale.py

# the desktop application: dist/raftwright/ and its .tar.gz, smoke-tested (slow: not part of test)
package: $(STAMP)
	$(PY) -m pip install --quiet -e '.[package]'
	QT_QPA_PLATFORM=offscreen $(PY) packaging/build.py

clean:
	rm -rf $(VENV) build dist site *.egg-info
