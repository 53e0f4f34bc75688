"""The MQTT clients of a club (paho-mqtt): credentials, TLS, a persistent session, reconnection with
backoff; and :class:`LocalBroker`, a Mosquitto of our own on a free port (the tests, ``bench club``).
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import time
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from companion.app.club.wire import Broker
from companion.errors import ConfigError
from companion.text import Text

#: Seconds between two tries to reach a broker that is down: from the first to the last.
BACKOFF = (1, 16)
#: Seconds of silence after which client and broker each take the other for gone.
KEEPALIVE = 20


def client(broker: Broker, client_id: str, *, manual_ack: bool = False) -> mqtt.Client:
    """A paho client for ``broker`` with a persistent session (``clean_session`` false: the broker
    keeps what it owes us while we are away), its credentials and TLS set; not connected yet."""
    made = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False,
                       protocol=mqtt.MQTTv311, manual_ack=manual_ack)
    made.reconnect_delay_set(*BACKOFF)
    made.max_inflight_messages_set(100)
    if broker.username:
        made.username_pw_set(broker.username, broker.password)
    if broker.tls:
        try:
            made.tls_set(ca_certs=broker.ca_file, certfile=broker.cert_file, keyfile=broker.key_file)
        except (OSError, ValueError) as error:
            raise ConfigError(Text("club_tls_files", detail=str(error)[:200])) from None
    return made


def free_port() -> int:
    """A TCP port of the loopback nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalBroker:
    """A Mosquitto on the loopback, its configuration, persistence and log in ``folder``: started,
    stopped and started again on the same port with its sessions and retained messages kept.

    ``passwords`` maps users to passwords (``mosquitto_passwd``); none: anonymous allowed. ``tls``
    (CA, certificate, key files) makes the listener TLS only.
    """

    PROGRAM = "/usr/sbin/mosquitto"

    def __init__(self, folder: Path, *, port: int | None = None,
                 passwords: dict[str, str] | None = None, tls: tuple[Path, Path, Path] | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        folder.mkdir(parents=True, exist_ok=True)
        lines = [f"listener {self.port} 127.0.0.1", "persistence true", f"persistence_location {folder}/",
                 "autosave_interval 1", "max_queued_messages 100000", "max_inflight_messages 100",
                 "message_size_limit 1048576", f"log_dest file {folder}/mosquitto.log"]
        if os.geteuid() == 0:  # Mosquitto started by root becomes its own user, who cannot read our folders
            lines.append(f"user {pwd.getpwuid(0).pw_name}")
        if tls:
            lines[1:1] = [f"cafile {tls[0]}", f"certfile {tls[1]}", f"keyfile {tls[2]}"]
        if passwords:
            file = folder / "passwd"
            for number, (user, password) in enumerate(passwords.items()):
                subprocess.run(["mosquitto_passwd", "-b", *(["-c"] if number == 0 else []), str(file), user,
                                password], check=True, capture_output=True)
            lines += [f"password_file {file}", "allow_anonymous false"]
        else:
            lines.append("allow_anonymous true")
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text("\n".join(lines) + "\n", encoding="utf-8")

    @classmethod
    def available(cls) -> bool:
        """Whether Mosquitto is installed here."""
        return Path(cls.PROGRAM).is_file() or shutil.which("mosquitto") is not None

    def start(self) -> LocalBroker:
        """Start it and wait until it listens."""
        program = self.PROGRAM if Path(self.PROGRAM).is_file() else "mosquitto"
        self.process = subprocess.Popen([program, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.2):
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.02)
        raise RuntimeError(f"mosquitto did not start: {self.log()[-2000:]}")

    def stop(self) -> None:
        """Stop it (its persistence saved); twice is fine."""
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def log(self) -> str:
        """What it logged."""
        with contextlib.suppress(OSError):
            return (self.folder / "mosquitto.log").read_text(encoding="utf-8", errors="replace")
        return ""

    def __enter__(self) -> LocalBroker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
