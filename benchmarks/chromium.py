"""Debian's Chromium as the browser tests and ``make felt`` launch it (``playwright install``
cannot download here): where it is, and the flags that keep it quiet and off the network."""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
