"""A block of rich text (or any rich renderable) drawn through the rich console and cached per width.

Panels redraw often while a scenario plays; turning a long, many-styled Text into lines this way costs a fraction
of what a Static's general-purpose conversion does, which keeps a five-panel update inside one frame.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget


class TextBlock(Widget):
    DEFAULT_CSS = """
    TextBlock { height: auto; width: 1fr; }
    """

    def __init__(self, content: RenderableType | None = None, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.content: RenderableType = content if content is not None else Text()
        # by width: a scrollbar appearing in the parent flips the width by one column, back and forth
        self._cache: dict[int, list[Strip]] = {}

    def set(self, content: RenderableType, *, layout: bool = True) -> None:
        """New content; `layout=False` when the block's height is fixed, so only this block repaints."""
        self.content = content
        self._cache = {}
        self.refresh(layout=layout)

    @property
    def plain(self) -> str:
        """The text as drawn at the current width (for tests and screen readers of the log)."""
        return "\n".join(strip.text for strip in self._lines(max(1, self.size.width or 80)))

    def _lines(self, width: int) -> list[Strip]:
        lines = self._cache.get(width)
        if lines is None:
            console = self.app.console
            options = console.options.update_width(width).update(height=None)
            rendered = console.render_lines(self.content, options, pad=False)
            lines = [Strip(line).extend_cell_length(width).crop(0, width) for line in rendered]
            if len(self._cache) > 3:
                self._cache.clear()
            self._cache[width] = lines
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(max(1, width)))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self._lines(max(1, width))
        if 0 <= y < len(lines):
            return lines[y].apply_style(self.rich_style)
        return Strip.blank(width, self.rich_style)
