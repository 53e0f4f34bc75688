"""The companion's configuration: one TOML file, read once and checked whole.

The file is looked for in this order, the first found wins (the others are
not merged): ``--config FILE``, ``$COMPANION_CONFIG``,
``$XDG_CONFIG_HOME/companion/companion.toml`` (``~/.config`` where unset),
``/etc/companion/companion.toml``;
with none, the defaults (the commented ``companion/data/companion.toml``
shipped with the project says them all). A file named by ``--config`` or
``$COMPANION_CONFIG`` must exist.

Every key is checked: an unknown section or key, a value of the wrong kind
or out of range raises :class:`~companion.errors.ConfigError`, whose
message names the key path (``pins.buzzer``) and what is allowed.

>>> config = parse_config({"pins": {"buzzer": 23}, "page": {"port": 8000}})
>>> config.pins.buzzer, config.page.port, config.pins.green
(23, 8000, 17)
>>> parse_config({"page": {"prot": 8000}})
Traceback (most recent call last):
companion.errors.ConfigError: unknown key page.prot (known: host, port, token)
"""

from __future__ import annotations

import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from companion.engine.spec import in_order
from companion.errors import CameraUnavailable, ConfigError
from companion.text import Text, os_reason

ENV_VAR = "COMPANION_CONFIG"
SYSTEM_FILE = Path("/etc/companion/companion.toml")
#: The BCM GPIO numbers of the 40-pin header.
GPIO_PINS = range(28)

#: The game a companion begins with when none is asked for (a service's first start).
DEFAULT_GAME = "tranquility"
#: The demo's game (`companion demo --seed`): a won 3-player game with a card taken back, one
#: overridden and an undo.
DEMO_SEED = 64

Size = tuple[int, int]
Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class CameraConfig:
    """Which camera, and the sizes and rate it is asked for."""

    #: A source name of ``hardware.sources`` (``auto``, ``picamera``, ``webcam:0``, a path, ...).
    source: str = "auto"
    #: The full-size picture (the page), width and height in pixels.
    size: Size = (1920, 1080)
    #: The small picture for recognition (Pi camera only), no larger than ``size``.
    lores: Size = (1280, 720)
    fps: float = 15.0
    #: The table's four corners in the recognition picture (pixels), when set by hand.
    corners: tuple[Point, Point, Point, Point] | None = None
    #: How the watcher finds the table's cards: the finder network and contours, contours, or the network.
    finder: str = "both"
    #: The enrolled deck profile the cards are read with: a name in the decks folder or a ``.deck``
    #: file (:mod:`companion.app.decks`); ``None``: the shipped model alone.
    deck: str | None = None


@dataclass(frozen=True, slots=True)
class PinsConfig:
    """BCM GPIO numbers of the lights, the buzzer and the buttons; ``None`` where nothing is wired."""

    green: int | None = 17
    red: int | None = 27
    buzzer: int | None = 22
    rgb: tuple[int, int, int] | None = None
    tonal_buzzer: int | None = None
    discard: int | None = 5
    undo: int | None = 6

    def used(self) -> dict[str, int]:
        """Every wired pin by its key (``rgb.red`` for the RGB LED's parts)."""
        names = ("green", "red", "buzzer", "tonal_buzzer", "discard", "undo")
        out = {name: getattr(self, name) for name in names if getattr(self, name) is not None}
        if self.rgb is not None:
            out.update(zip(("rgb.red", "rgb.green", "rgb.blue"), self.rgb, strict=True))
        return out


@dataclass(frozen=True, slots=True)
class ButtonsConfig:
    """How the buttons are read."""

    #: Seconds the undo button must be held to mean "override".
    hold_time: float = 1.0
    #: Seconds of contact bounce ignored after a change (``None``: none).
    bounce_time: float | None = 0.05


@dataclass(frozen=True, slots=True)
class SignalsConfig:
    """Where signals go: ``auto`` (the pins where there are some, else the console), or one of them."""

    output: Literal["auto", "gpio", "console", "none"] = "auto"


@dataclass(frozen=True, slots=True)
class ThresholdsConfig:
    """When a reading becomes a fact."""

    #: Seconds a reading must stay the same before it becomes an event.
    stable_time: float = 0.2
    #: Overrides the model's calibrated confidence threshold (``None``: the model's own).
    classifier_threshold: float | None = None


@dataclass(frozen=True, slots=True)
class PageConfig:
    """Where the status page listens, and the token its controls need."""

    #: Every network of the machine: the page is for the players' phones on the local network.
    host: str = "0.0.0.0"
    port: int = 8080
    #: The token every change from the page carries; empty: made at start-up.
    token: str = ""


@dataclass(frozen=True, slots=True)
class ClubConfig:
    """The club's MQTT broker a table publishes its games to (``companion.app.club``, docs/club.md)."""

    #: ``mqtt://HOST:PORT/CLUB`` or ``mqtts://USER@HOST:8883/CLUB``; empty: no club.
    broker: str = ""
    #: The club's name, the topics' prefix ``companion/<club>/`` (when the address names none).
    club: str = ""
    #: This table's name in the club (empty: the machine's name).
    table: str = ""
    username: str = ""
    #: The broker's password; better in ``$COMPANION_CLUB_PASSWORD`` than in a file others read.
    password: str = ""
    #: TLS: the authority's certificate the broker's is checked against (``mqtts://`` without it: the
    #: system's authorities), and an optional client certificate and its key.
    ca_file: str = ""
    cert_file: str = ""
    key_file: str = ""


@dataclass(frozen=True, slots=True)
class Config:
    """The whole configuration; ``path`` is the file it came from (``None``: the defaults)."""

    camera: CameraConfig = field(default_factory=CameraConfig)
    pins: PinsConfig = field(default_factory=PinsConfig)
    buttons: ButtonsConfig = field(default_factory=ButtonsConfig)
    signals: SignalsConfig = field(default_factory=SignalsConfig)
    thresholds: ThresholdsConfig = field(default_factory=ThresholdsConfig)
    page: PageConfig = field(default_factory=PageConfig)
    club: ClubConfig = field(default_factory=ClubConfig)
    path: Path | None = None


# -- finding and reading the file ---------------------------------------------


def candidates(explicit: str | Path | None = None, env: Mapping[str, str] | None = None,
               home: Path | None = None, system: Path = SYSTEM_FILE) -> list[tuple[Path, bool]]:
    """The files looked for, in order, each with whether it must exist."""
    env = os.environ if env is None else env
    out: list[tuple[Path, bool]] = []
    if explicit is not None:
        out.append((Path(explicit).expanduser(), True))
    if env.get(ENV_VAR):
        out.append((Path(env[ENV_VAR]).expanduser(), True))
    out += [(user_config(env, home), False), (system, False)]
    return out


def user_config(env: Mapping[str, str] | None = None, home: Path | None = None) -> Path:
    """The user's own file: ``$XDG_CONFIG_HOME/companion/companion.toml``, ``~/.config`` where
    that is unset or not an absolute path (as the XDG base directory specification says).

    >>> user_config({"XDG_CONFIG_HOME": "/srv/conf"}, Path("/home/ana")).as_posix()
    '/srv/conf/companion/companion.toml'
    >>> user_config({"XDG_CONFIG_HOME": "relative"}, Path("/home/ana")).as_posix()
    '/home/ana/.config/companion/companion.toml'
    """
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME", "")
    if not Path(base).is_absolute():
        base = str((home if home is not None else Path.home()) / ".config")
    return Path(base) / "companion" / "companion.toml"


def find_config(explicit: str | Path | None = None, env: Mapping[str, str] | None = None,
                home: Path | None = None, system: Path = SYSTEM_FILE) -> Path | None:
    """The file to read, or ``None`` for the defaults; a named file that is missing raises."""
    for path, required in candidates(explicit, env, home, system):
        try:
            if path.is_file():
                return path
        except OSError as error:
            # A directory the user may not enter: say so, not a traceback or "no file".
            raise ConfigError(Text("config_unreadable", path=path, detail=os_reason(error))) from None
        if required:
            raise ConfigError(Text("config_missing", path=path))
    return None


def load_config(explicit: str | Path | None = None, env: Mapping[str, str] | None = None,
                home: Path | None = None, system: Path = SYSTEM_FILE) -> Config:
    """The configuration from the first file found (see the module's doc), or the defaults."""
    path = find_config(explicit, env, home, system)
    return Config() if path is None else read_config(path)


#: Largest configuration file read: the commented default is about 5 KB.
MAX_CONFIG_BYTES = 256 * 1024


def read_config(path: Path) -> Config:
    """Read and check one file; every error names the file."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_CONFIG_BYTES + 1)
        if len(raw) > MAX_CONFIG_BYTES:
            raise ConfigError(Text("config_syntax", path=path, detail=Text("config_too_big",
                                                                          limit=MAX_CONFIG_BYTES)))
        data = tomllib.loads(raw.decode("utf-8"))
    except OSError as error:
        raise ConfigError(Text("config_unreadable", path=path, detail=os_reason(error))) from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(Text("config_syntax", path=path, detail=error)) from None
    except RecursionError:
        # Arrays nested thousands deep: tomllib recurses once a level.
        raise ConfigError(Text("config_syntax", path=path, detail=Text("json_nested"))) from None
    except UnicodeDecodeError as error:
        raise ConfigError(Text("config_unreadable", path=path, detail=error.reason)) from None
    try:
        return replace(parse_config(data), path=path)
    except ConfigError as error:
        raise ConfigError(Text("config_in", path=path, error=error.text)) from None


def default_file() -> Path:
    """The commented default file shipped with the project."""
    return Path(str(resources.files("companion").joinpath("data", "companion.toml")))


# -- checking ------------------------------------------------------------------

Check = Callable[[str, object], object]


def parse_config(data: Mapping[str, Any]) -> Config:
    """Check a decoded TOML document and build the :class:`Config`, or raise ``ConfigError``."""
    sections: dict[str, Any] = {}
    for name, value in data.items():
        if name not in _SCHEMA:
            raise ConfigError(Text("config_unknown_section", key=name, known=", ".join(_SCHEMA)))
        if not isinstance(value, dict):
            raise ConfigError(Text("config_not_table", key=name))
        cls, checks = _SCHEMA[name]
        for key in value:
            if key not in checks:
                raise ConfigError(Text("config_unknown_key", key=f"{name}.{key}", known=", ".join(checks)))
        sections[name] = cls(**{key: checks[key](f"{name}.{key}", raw) for key, raw in value.items()})
    config = Config(**sections)
    _check_whole(config)
    return config


def _check_whole(config: Config) -> None:
    """What no single key shows: a pin used twice, a small picture larger than the big one."""
    seen: dict[int, str] = {}
    for key, pin in config.pins.used().items():
        if pin in seen:
            raise ConfigError(Text("config_pin_twice", key=f"pins.{key}", other=f"pins.{seen[pin]}", pin=pin))
        seen[pin] = key
    (width, height), (small_w, small_h) = config.camera.size, config.camera.lores
    if small_w > width or small_h > height:
        raise ConfigError(Text("config_lores_larger", lores=_show(list(config.camera.lores)),
                               size=_show(list(config.camera.size))))


def _show(value: object) -> str:
    """A value as it is written in TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_show(v)}" for k, v in value.items()) + "}"
    return str(value)


def _bad(key: str, value: object, allowed: str, **args: object) -> ConfigError:
    return ConfigError(Text("config_bad_value", key=key, value=_show(value), allowed=Text(allowed, **args)))


def _is_number(value: object) -> bool:
    # true is no number of seconds, even if Python says bool is an int.
    return isinstance(value, int | float) and not isinstance(value, bool)


def _pin(key: str, value: object) -> int | None:
    if value is False:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in GPIO_PINS:
        raise _bad(key, value, "config_allowed_pin")
    return value


def _rgb(key: str, value: object) -> tuple[int, int, int] | None:
    if value is False:
        return None
    if not isinstance(value, list) or len(value) != 3 or any(
            isinstance(v, bool) or not isinstance(v, int) or v not in GPIO_PINS for v in value):
        raise _bad(key, value, "config_allowed_rgb")
    return value[0], value[1], value[2]


def _number(low: float, high: float, *, optional: bool = False) -> Check:
    def check(key: str, value: object) -> float | None:
        if optional and value is False:
            return None
        if not _is_number(value) or not low <= float(value) <= high:  # type: ignore[arg-type]
            raise _bad(key, value, "config_allowed_number_or_false" if optional else "config_allowed_number",
                       low=low, high=high)
        return float(value)  # type: ignore[arg-type]
    return check


def _threshold(key: str, value: object) -> float | None:
    if value is False:
        return None
    if not _is_number(value) or not 0.0 < float(value) < 1.0:  # type: ignore[arg-type]
        raise _bad(key, value, "config_allowed_threshold")
    return float(value)  # type: ignore[arg-type]


def _integer(low: int, high: int) -> Check:
    def check(key: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _bad(key, value, "config_allowed_integer", low=low, high=high)
        return value
    return check


def _size(key: str, value: object) -> Size:
    if not isinstance(value, list) or len(value) != 2 or any(
            isinstance(v, bool) or not isinstance(v, int) or not 16 <= v <= 8192 for v in value):
        raise _bad(key, value, "config_allowed_size")
    return value[0], value[1]


def _corners(key: str, value: object) -> tuple[Point, Point, Point, Point] | None:
    if value is False:
        return None
    if not isinstance(value, list) or len(value) != 4 or any(
            not isinstance(p, list) or len(p) != 2 or not all(_is_number(v) and v >= 0 for v in p)
            for p in value):
        raise _bad(key, value, "config_allowed_corners")
    a, b, c, d = ((float(p[0]), float(p[1])) for p in value)
    return a, b, c, d


def _source(key: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _bad(key, value, "config_allowed_source")
    # Checked here so that a typo is caught when the file is read, not when the camera opens.
    if value.strip() != "auto":
        try:
            parse_spec(value)
        except CameraUnavailable:
            raise _bad(key, value, "config_allowed_source_forms", forms=FORMS) from None
    return value.strip()


def _deck(key: str, value: object) -> str | None:
    if value is False:
        return None
    # Checked for its form only: whether the deck can be read is said when it is opened (and by
    # `companion doctor`), as for the camera.
    if not isinstance(value, str) or not value.strip() or len(value) > 4096 or "\0" in value:
        raise _bad(key, value, "config_allowed_deck")
    return value.strip()


def _choice(*choices: str) -> Check:
    def check(key: str, value: object) -> str:
        if value not in choices:
            raise _bad(key, value, "config_allowed_choice", choices=", ".join(f'"{c}"' for c in choices))
        return str(value)
    return check


def _host(key: str, value: object) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9.:\-\[\]]+", value):
        raise _bad(key, value, "config_allowed_host")
    return value


def _token(key: str, value: object) -> str:
    if not isinstance(value, str) or (value and not re.fullmatch(r"[A-Za-z0-9_\-]{8,128}", value)):
        raise _bad(key, value, "config_allowed_token")
    return value


def _text(key: str, value: object) -> str:
    if not isinstance(value, str) or len(value) > 4096 or "\0" in value:
        raise _bad(key, value, "config_allowed_text")
    return value.strip()


def _name(key: str, value: object) -> str:
    # A club's or a table's name is a topic level: none of MQTT's wildcards or separators.
    if not isinstance(value, str) or (value and not re.fullmatch(NAME_PATTERN, value)):
        raise _bad(key, value, "config_allowed_club_name")
    return value


#: A club's or a table's name: letters, digits, ``_``, ``-``, ``.``; never ``+``, ``#`` or ``/``.
NAME_PATTERN = r"[A-Za-z0-9_.\-]{1,64}"


_SCHEMA: dict[str, tuple[type, dict[str, Check]]] = {
    "camera": (CameraConfig, {"source": _source, "size": _size, "lores": _size, "fps": _number(1, 120),
                              "corners": _corners, "finder": _choice("contours", "both", "network"),
                              "deck": _deck}),
    "pins": (PinsConfig, {"green": _pin, "red": _pin, "buzzer": _pin, "rgb": _rgb, "tonal_buzzer": _pin,
                          "discard": _pin, "undo": _pin}),
    "buttons": (ButtonsConfig, {"hold_time": _number(0.2, 10), "bounce_time": _number(0, 1, optional=True)}),
    "signals": (SignalsConfig, {"output": _choice("auto", "gpio", "console", "none")}),
    "thresholds": (ThresholdsConfig, {"stable_time": _number(0.1, 30), "classifier_threshold": _threshold}),
    "page": (PageConfig, {"host": _host, "port": _integer(1, 65535), "token": _token}),
    "club": (ClubConfig, {"broker": _text, "club": _name, "table": _name, "username": _text,
                          "password": _text, "ca_file": _text, "cert_file": _text, "key_file": _text}),
}

assert all({f.name for f in fields(cls)} == set(checks) for cls, checks in _SCHEMA.values())


# -- camera source names (hardware.sources opens them) ---------------------------

Kind = Literal["picamera", "webcam", "video", "folder", "synthetic"]
FORMS = "auto, picamera[:N], webcam:N, synthetic[:GAME[:SEED]], video:PATH, folder:PATH, PATH"


@dataclass(frozen=True, slots=True)
class SourceSpec:
    """A parsed source name."""

    kind: Kind
    number: int = 0
    path: Path | None = None
    game: str = DEFAULT_GAME
    seed: int = 0


def parse_spec(spec: str) -> SourceSpec:
    """Understand a source name, or raise ``CameraUnavailable`` listing the forms allowed.

    A path that is a folder is a folder, any other path a video file (checked when opened).
    """
    text = spec.strip()
    head, _, rest = text.partition(":")
    if head == "picamera" and (rest == "" or rest.isdigit()):
        return SourceSpec("picamera", number=int(rest or 0))
    if head == "webcam" and rest.isdigit():
        return SourceSpec("webcam", number=int(rest))
    device = re.fullmatch(r"/dev/video(\d+)", text)
    if device:
        return SourceSpec("webcam", number=int(device.group(1)))
    if head == "synthetic":
        return _synthetic(spec, rest)
    if head in ("video", "folder") and rest:
        return SourceSpec(head, path=Path(rest).expanduser())  # type: ignore[arg-type]
    if text and head not in ("picamera", "webcam", "auto") and _looks_like_path(text):
        path = Path(text).expanduser()
        return SourceSpec("folder" if path.is_dir() else "video", path=path)
    raise CameraUnavailable(Text("camera_bad_spec", spec=spec, forms=FORMS))


def _looks_like_path(text: str) -> bool:
    # Anything with a separator or a suffix, or that exists; "webcam" alone is a typo, not a file.
    return "/" in text or "." in text or Path(text).exists()


def _synthetic(spec: str, rest: str) -> SourceSpec:
    games = [game.name for game in in_order()]
    parts = rest.split(":") if rest else []
    game = parts[0] if parts else DEFAULT_GAME
    if len(parts) > 2 or game not in games or (len(parts) == 2 and not parts[1].isdigit()):
        raise CameraUnavailable(Text("camera_bad_synthetic", spec=spec, games=", ".join(games)))
    return SourceSpec("synthetic", game=game, seed=int(parts[1]) if len(parts) == 2 else 0)
