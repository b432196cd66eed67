"""The live memory inspector: a Textual app that plays a scenario into channels and shows, side by side, what
every memory backend retrieved, answered and paid. The only package that imports textual."""
