# Quick start: `make run` opens the studio, `make test` runs the whole suite.
# Both create ./.venv on first use and reinstall when pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test bench fuzz docs package venv clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	@$(PY) tools/check_qt_libs.py
	$(VENV)/bin/raftwright edit

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) bench/run_all.py

# the manual as a web site in site/ (the tests build it too, strict, into a temporary folder)
docs: $(STAMP)
	$(VENV)/bin/mkdocs build --strict

# robustness at scale: 10^5 mutated files through the loaders, 10^4 edit sequences (minutes)
fuzz: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) tests/robustness/fuzz_at_scale.py

# the desktop application: dist/raftwright/ and its .tar.gz, smoke-tested (slow: not part of test)
package: $(STAMP)
	$(PY) -m pip install --quiet -e '.[package]'
	QT_QPA_PLATFORM=offscreen $(PY) packaging/build.py

clean:
	rm -rf $(VENV) build dist site *.egg-info
