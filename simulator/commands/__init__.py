"""One module per CLI command group; `simulator.cli` wires them together."""
