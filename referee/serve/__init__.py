"""The table view: a read-only web page showing a saved game to everyone at the table.

`snapshot` reads the saved-game store without writing to it and builds what the
page shows; `app` is the web application (Starlette) and `server` runs it
(uvicorn, with `load`'s cap and deadlines). Only `referee serve` imports the web stack, so the one-shot look-up
and the REPL start no slower; `launch` starts `referee serve` from the REPL.
"""
