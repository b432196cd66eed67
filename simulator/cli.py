"""The `ctxsim` command: bare `ctxsim` opens the inspector; subcommands for scenarios, bench, ask, play and
train-reader."""

from __future__ import annotations

import click

from simulator.commands.ask import ask
from simulator.commands.bench import bench
from simulator.commands.play import play
from simulator.commands.scenarios import scenarios
from simulator.commands.train import train_reader


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.pass_context
def main(ctx: click.Context) -> None:
    """ctxsim: watch how AI-agent memory succeeds and fails."""
    if ctx.invoked_subcommand is None:
        ctx.invoke(play)


main.add_command(scenarios)
main.add_command(bench)
main.add_command(ask)
main.add_command(play)
main.add_command(train_reader)
