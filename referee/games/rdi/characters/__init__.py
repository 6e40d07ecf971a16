"""Character mechanics, one module each, hooked into the engine's resolution steps."""
