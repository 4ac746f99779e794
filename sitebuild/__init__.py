"""The pieces of ``build.py``: the draughts wheel, Pyodide and its bytecode, the memory
snapshot, the service worker, compression, the local server and the test run. Standard
library only, like ``build.py`` itself, so they run before anything is installed."""
