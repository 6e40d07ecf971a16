"""The default microphone through sounddevice (PortAudio: Debian's libportaudio2), 16 kHz mono 16-bit."""

from __future__ import annotations

from referee.voice import INSTALL, VoiceUnavailable

RATE = 16000
LONGEST = 12 * RATE * 2  # bytes: a line left recording stops growing after 12 s


def _sounddevice():
    try:
        import sounddevice
    except ImportError:
        raise VoiceUnavailable(INSTALL) from None
    except OSError:
        raise VoiceUnavailable("Voice needs PortAudio: apt-get install libportaudio2 (Debian/Ubuntu).") from None
    return sounddevice


class Recorder:
    def __init__(self):
        self._sd = _sounddevice()
        try:
            self._sd.query_devices(kind="input")
        except Exception:  # noqa: BLE001 - PortAudio's errors vary by host; all mean the same to the table
            raise VoiceUnavailable("No microphone found: plug one in (or set the default input) and say "
                                   "`voice on` again.") from None
        self._chunks: list[bytes] = []
        self._size = 0
        self._stream = None

    def _take(self, data, frames, time, status) -> None:
        if self._size < LONGEST:
            self._chunks.append(bytes(data))
            self._size += len(data)

    def start(self) -> None:
        self._chunks, self._size = [], 0
        try:
            self._stream = self._sd.RawInputStream(samplerate=RATE, channels=1, dtype="int16", callback=self._take)
            self._stream.start()
        except Exception:  # noqa: BLE001
            self._stream = None
            raise VoiceUnavailable("The microphone could not be opened (is another program using it?).") from None

    def stop(self) -> bytes:
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.stop()
                stream.close()
            except Exception:  # noqa: BLE001 - what was recorded is kept
                pass
        return b"".join(self._chunks)
