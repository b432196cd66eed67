"""The channels of the scenario (#infra, #accounts, #ad-hoc) with unread counts; choosing one switches the feed."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class ChannelList(OptionList):
    DEFAULT_CSS = """
    ChannelList { height: auto; max-height: 5; }
    """

    class Chosen(Message):
        def __init__(self, channel: str) -> None:
            super().__init__()
            self.channel = channel

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.channels: list[str] = []
        self.unread: dict[str, int] = {}
        self.current: str | None = None

    def set_channels(self, channels: list[str], current: str | None = None) -> None:
        self.channels = list(channels)
        self.unread = {c: 0 for c in channels}
        self.current = current if current in channels else (channels[0] if channels else None)
        self.set_options([Option(self._prompt(c), id=c) for c in channels])
        if self.current is not None:
            self.highlighted = self.channels.index(self.current)

    def _prompt(self, channel: str) -> Text:
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"#{channel}", style="bold" if channel == self.current else "")
        n = self.unread.get(channel, 0)
        if n:
            text.append(f"  {n}", style="bold reverse red")
        return text

    def add_channel(self, channel: str) -> None:
        if channel not in self.channels:
            self.channels.append(channel)
            self.unread[channel] = 0
            self.add_option(Option(self._prompt(channel), id=channel))

    def bump(self, channel: str) -> None:
        """One more unread message in a channel that is not on screen."""
        self.add_channel(channel)
        if channel == self.current:
            return
        self.unread[channel] = self.unread.get(channel, 0) + 1
        self.replace_option_prompt(channel, self._prompt(channel))

    def clear_unread(self) -> None:
        for c in self.channels:
            self.unread[c] = 0
            self.replace_option_prompt(c, self._prompt(c))

    def select(self, channel: str) -> None:
        if channel not in self.channels:
            return
        previous, self.current = self.current, channel
        self.unread[channel] = 0
        for c in {previous, channel} - {None}:
            self.replace_option_prompt(c, self._prompt(c))  # type: ignore[arg-type]
        self.highlighted = self.channels.index(channel)
        self.post_message(self.Chosen(channel))

    def cycle(self) -> None:
        if self.channels:
            i = self.channels.index(self.current) if self.current in self.channels else -1
            self.select(self.channels[(i + 1) % len(self.channels)])

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id and event.option.id != self.current:
            self.select(event.option.id)
