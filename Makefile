# Everything a fresh machine needs: `make demo` and `make test` set up .venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test bench clean

setup: $(STAMP)

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# torch first: the CPU wheel this machine ships; otherwise pip pulls a multi-GB CUDA build.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: setup
	$(BIN)/ctxsim play

test: setup
	HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -q

bench: setup
	$(BIN)/ctxsim bench synthetic

clean:
	rm -rf $(VENV) .pytest_cache
