"""The server's Ed25519 key: it seals match records (`replays.seal`) and authenticates cached snapshots.

The key lives in its own file, never in the database: whoever can rewrite the database must not be able to
re-seal what they rewrote. By default the file sits beside the database (`riftlog.db.seal-key`); set
`RIFTLOG_SEAL_KEY` (or the app's `SEAL_KEY`) to keep it elsewhere, e.g. on a disk the database's users cannot
write. It is created on first use (PKCS#8 PEM, mode 0600). `key_id` names the public key, so a seal made with
another key is told apart from a forged one.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from recorder.errors import RecorderError

KEY_ENV = "RIFTLOG_SEAL_KEY"


class KeyFileError(RecorderError):
    """The key file cannot be read or created."""


def default_key_path(database: str | Path) -> Path:
    """`$RIFTLOG_SEAL_KEY`, else the database's path with `.seal-key` appended; for a PostgreSQL URL, the
    database's name with `.seal-key` appended, in the working directory. Every server of one PostgreSQL database
    must use the same key (each checks the snapshots the others wrote): on several machines, copy the file and set
    `$RIFTLOG_SEAL_KEY` (docs/architecture.md)."""
    if os.environ.get(KEY_ENV):
        return Path(os.environ[KEY_ENV])
    text = str(database)
    if text.startswith(("postgresql://", "postgres://")):
        name = text.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1] or "riftlog"
        return Path(f"{name}.seal-key")
    return Path(f"{database}.seal-key")


class ServerKey:
    """The server's Ed25519 key pair, read from `path` or created there on first use."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public_bytes = private.public_key().public_bytes(serialization.Encoding.Raw,
                                                              serialization.PublicFormat.Raw)
        self.key_id = hashlib.sha256(self.public_bytes).hexdigest()[:16]
        raw = private.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                    serialization.NoEncryption())
        # A separate key for MACs, derived so that a MAC never doubles as a signature or reveals the key.
        self._mac_key = hashlib.sha256(b"riftlog snapshot mac\n" + raw).digest()

    @classmethod
    def load(cls, path: str | Path) -> ServerKey:
        """The key in `path`, created there (mode 0600, never overwriting) when the file does not exist."""
        path = Path(path)
        try:
            if not path.exists():
                private = Ed25519PrivateKey.generate()
                pem = private.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                            serialization.NoEncryption())
                try:
                    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                except FileExistsError:  # another process created it first: use theirs
                    return cls.load(path)
                with os.fdopen(descriptor, "wb") as file:
                    file.write(pem)
                return cls(private)
            loaded = serialization.load_pem_private_key(path.read_bytes(), password=None)
        except (OSError, ValueError, TypeError) as error:
            raise KeyFileError(f"cannot use the seal key file {str(path)!r}: {error}") from None
        if not isinstance(loaded, Ed25519PrivateKey):
            raise KeyFileError(f"the seal key file {str(path)!r} holds no Ed25519 private key")
        return cls(loaded)

    @classmethod
    def generate(cls) -> ServerKey:
        """A new key kept in memory only (for a log that has no file either)."""
        return cls(Ed25519PrivateKey.generate())

    @property
    def public_key(self) -> str:
        """The raw public key, base64: enough to check a seal's signature without the server."""
        return base64.b64encode(self.public_bytes).decode("ascii")

    def sign(self, message: bytes) -> bytes:
        """The Ed25519 signature of `message` (deterministic: the same message always gets the same signature)."""
        return self._private.sign(message)

    def mac(self, message: bytes) -> str:
        """An HMAC-SHA256 of `message` with the key's MAC key, as hex."""
        return hmac.new(self._mac_key, message, hashlib.sha256).hexdigest()


def check_signature(public_key: str, signature: bytes, message: bytes) -> bool:
    """Whether `signature` is a valid Ed25519 signature of `message` by the raw base64 `public_key`."""
    try:
        Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key)).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True
