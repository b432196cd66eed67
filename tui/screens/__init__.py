"""Full screens and modal dialogs of the inspector: the main view, help, the graph, the gallery and small prompts."""
