"""The refereed games, one package each."""
