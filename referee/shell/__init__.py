"""The interactive shell's parts, each built by a small factory: completer, lexer, toolbar, keys, config, help.

referee/repl.py assembles them into one prompt_toolkit session.
"""
