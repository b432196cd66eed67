"""One widget a file. Widgets take data (turns, answers, tallies) and draw it; they never compute retrieval."""
