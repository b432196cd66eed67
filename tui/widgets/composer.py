"""The one-line composer under the feed: ask every backend a question, or post a message as an agent."""

from __future__ import annotations

from typing import Literal

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Input, Static

from tui.literal import one_line

Mode = Literal["ask", "post"]


class Composer(Horizontal):
    DEFAULT_CSS = """
    Composer { height: 1; width: 1fr; }
    Composer > #composer-mode { width: auto; max-width: 30; height: 1; padding: 0 1; background: $boost; }
    Composer > Input { border: none; height: 1; padding: 0 1; width: 1fr; }
    """

    BINDINGS = [
        Binding("escape", "leave", "Leave the composer", id="composer.leave"),
        Binding("ctrl+t", "next_speaker", "Next agent", id="composer.next_speaker"),
    ]

    class Submitted(Message):
        def __init__(self, mode: Mode, text: str, speaker: str, channel: str) -> None:
            super().__init__()
            self.mode = mode
            self.text = text
            self.speaker = speaker
            self.channel = channel

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.mode: Mode = "ask"
        self.speakers: list[str] = ["agent_a"]
        self.speaker = "agent_a"
        self.channel = ""

    def compose(self) -> ComposeResult:
        yield Static(self._label(), id="composer-mode", markup=False)
        yield Input(placeholder=self._placeholder(), id="composer-input", select_on_focus=False)

    def set_context(self, speakers: list[str], channel: str) -> None:
        self.speakers = list(speakers) or ["agent_a"]
        if self.speaker not in self.speakers:
            self.speaker = self.speakers[0]
        self.channel = channel
        self._refresh_label()

    def open(self, mode: Mode) -> None:
        self.mode = mode
        self._refresh_label()
        self.query_one(Input).focus()

    def _label(self) -> Text:
        if self.mode == "post":
            return Text(f"post as {self.speaker} in #{one_line(self.channel, 14)} ›", style="bold #ff9e64")
        return Text("ask all ›", style="bold yellow")

    def _placeholder(self) -> str:
        if self.mode == "post":
            return "a message every memory ingests (ctrl+t: next agent, esc: leave)"
        return "press a to ask every backend, p to post a message"

    def _refresh_label(self) -> None:
        if self.is_mounted:
            self.query_one("#composer-mode", Static).update(self._label())
            self.query_one(Input).placeholder = self._placeholder()

    def action_leave(self) -> None:
        self.query_one(Input).value = ""
        self.mode = "ask"
        self._refresh_label()
        self.screen.set_focus(None)

    def action_next_speaker(self) -> None:
        i = self.speakers.index(self.speaker) if self.speaker in self.speakers else -1
        self.speaker = self.speakers[(i + 1) % len(self.speakers)]
        self._refresh_label()

    @on(Input.Submitted, "#composer-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value
        event.input.value = ""
        mode = self.mode
        self.mode = "ask"
        self._refresh_label()
        self.screen.set_focus(None)
        self.post_message(self.Submitted(mode, text, self.speaker, self.channel))
