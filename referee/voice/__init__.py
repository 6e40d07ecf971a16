"""Optional push-to-talk (issue 24): a spoken announcement becomes the line it means, put in the prompt's
edit buffer for the table to confirm with Enter. Nothing here is imported unless voice is on; the engines and
core never import it.

grammar.py builds the JSGF from the session, lexicon.py the pronunciations, decoder.py runs pocketsphinx,
mic.py records from the default microphone, keys.py binds the prompt's keys.
"""


class VoiceUnavailable(Exception):
    """Voice cannot run here; the message is one plain line saying what to install or do."""


# What voice needs, said in one line wherever it is missing (`play --voice`, `voice on`, `referee hear`).
INSTALL = ("Voice needs the voice extra: pip install '.[voice]' in the referee folder (pocketsphinx and "
           "sounddevice; a microphone also needs PortAudio: apt-get install libportaudio2).")
