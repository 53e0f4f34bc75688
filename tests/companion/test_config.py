"""The configuration file: look-up order, the shipped defaults, and a clear message for every bad
key or value, naming its key path and what is allowed, in English and French."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from companion.config import (
    ButtonsConfig,
    CameraConfig,
    Config,
    PageConfig,
    PinsConfig,
    SignalsConfig,
    ThresholdsConfig,
    candidates,
    default_file,
    find_config,
    load_config,
    parse_config,
    read_config,
)
from companion.errors import ConfigError

SECTIONS: dict[str, Any] = {"camera": CameraConfig, "pins": PinsConfig, "buttons": ButtonsConfig,
                            "signals": SignalsConfig, "thresholds": ThresholdsConfig, "page": PageConfig}


def write(tmp_path: Path, text: str, name: str = "companion.toml") -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_file_says_exactly_the_defaults() -> None:
    config = read_config(default_file())
    assert config == Config(path=default_file())
    # Every key of every section is written out (and so documented) in the shipped file.
    text = default_file().read_text(encoding="utf-8")
    for section, cls in SECTIONS.items():
        assert f"[{section}]" in text
        for name in (f.name for f in fields(cls)):
            assert f"\n{name} = " in text, f"{section}.{name} missing from the default file"


def test_the_deck_is_a_name_or_a_path_or_none() -> None:
    assert parse_config({"camera": {"deck": " home "}}).camera.deck == "home"
    assert parse_config({"camera": {"deck": "~/cards/home.deck"}}).camera.deck == "~/cards/home.deck"
    assert parse_config({"camera": {"deck": False}}).camera.deck is None
    assert Config().camera.deck is None


def test_a_file_changes_only_what_it_names(tmp_path: Path) -> None:
    path = write(tmp_path, """
[camera]
source = "webcam:1"
size = [1280, 720]
lores = [640, 360]
fps = 30
corners = [[10, 20], [1200, 20.5], [1200, 700], [10, 700]]
finder = "network"

[pins]
green = false
rgb = [13, 19, 26]
tonal_buzzer = 12

[buttons]
hold_time = 2
bounce_time = false

[signals]
output = "console"

[thresholds]
stable_time = 0.5
classifier_threshold = 0.8

[page]
host = "192.168.1.20"
port = 8000
token = "s3cret-token_42"
""")
    config = read_config(path)
    assert config.path == path
    assert config.camera == CameraConfig("webcam:1", (1280, 720), (640, 360), 30.0,
                                         ((10.0, 20.0), (1200.0, 20.5), (1200.0, 700.0), (10.0, 700.0)),
                                         "network")
    assert config.pins == PinsConfig(green=None, rgb=(13, 19, 26), tonal_buzzer=12)
    assert config.pins.used() == {"red": 27, "buzzer": 22, "tonal_buzzer": 12, "discard": 5, "undo": 6,
                                  "rgb.red": 13, "rgb.green": 19, "rgb.blue": 26}
    assert config.buttons == ButtonsConfig(2.0, None)
    assert config.signals.output == "console"
    assert config.thresholds == ThresholdsConfig(0.5, 0.8)
    assert config.page == PageConfig("192.168.1.20", 8000, "s3cret-token_42")


# (key path, bad value as TOML, what the message says is allowed)
BAD_VALUES = [
    ("camera.source", '""', "a camera source name"),
    ("camera.source", "3", "a camera source name"),
    ("camera.source", '"webcam"', "picamera[:N], webcam:N"),
    ("camera.source", '"synthetic:chess"', "picamera[:N], webcam:N"),
    ("camera.size", "[1920]", "[width, height] in pixels"),
    ("camera.size", "[1920, 0]", "[width, height] in pixels"),
    ("camera.size", '"1920x1080"', "[width, height] in pixels"),
    ("camera.size", "[1920.5, 1080]", "[width, height] in pixels"),
    ("camera.lores", "[1280, 720, 3]", "[width, height] in pixels"),
    ("camera.fps", "0", "a number from 1 to 120"),
    ("camera.fps", "true", "a number from 1 to 120"),
    ("camera.fps", '"15"', "a number from 1 to 120"),
    ("camera.corners", "[[0, 0], [1, 0], [1, 1]]", "four [x, y] points"),
    ("camera.corners", "[[0, 0], [1, 0], [1, 1], [0, -1]]", "four [x, y] points"),
    ("camera.corners", "true", "four [x, y] points"),
    ("camera.finder", '"yolo"', 'one of "contours", "both", "network"'),
    ("camera.finder", "false", 'one of "contours", "both", "network"'),
    ("camera.deck", "true", "the name of an enrolled deck"),
    ("camera.deck", '""', "the name of an enrolled deck"),
    ("camera.deck", "3", "the name of an enrolled deck"),
    ("pins.green", "28", "a BCM GPIO number from 0 to 27, or false"),
    ("pins.red", "-1", "a BCM GPIO number from 0 to 27, or false"),
    ("pins.buzzer", "true", "a BCM GPIO number from 0 to 27, or false"),
    ("pins.buzzer", '"GPIO22"', "a BCM GPIO number from 0 to 27, or false"),
    ("pins.tonal_buzzer", "12.0", "a BCM GPIO number from 0 to 27, or false"),
    ("pins.discard", "40", "a BCM GPIO number from 0 to 27, or false"),
    ("pins.undo", "[6]", "a BCM GPIO number from 0 to 27, or false"),
    ("pins.rgb", "[13, 19]", "three BCM GPIO numbers [red, green, blue]"),
    ("pins.rgb", "[13, 19, 99]", "three BCM GPIO numbers [red, green, blue]"),
    ("pins.rgb", "true", "three BCM GPIO numbers [red, green, blue]"),
    ("buttons.hold_time", "0.1", "a number from 0.2 to 10"),
    ("buttons.hold_time", "11", "a number from 0.2 to 10"),
    ("buttons.bounce_time", "2", "a number from 0 to 1, or false"),
    ("buttons.bounce_time", "true", "a number from 0 to 1, or false"),
    ("signals.output", '"leds"', 'one of "auto", "gpio", "console", "none"'),
    ("signals.output", "false", 'one of "auto", "gpio", "console", "none"'),
    ("thresholds.stable_time", "0", "a number from 0.1 to 30"),
    ("thresholds.stable_time", "nan", "a number from 0.1 to 30"),
    ("thresholds.classifier_threshold", "1.0", "a number between 0 and 1 (both excluded)"),
    ("thresholds.classifier_threshold", "0", "a number between 0 and 1 (both excluded)"),
    ("thresholds.classifier_threshold", "true", "a number between 0 and 1 (both excluded)"),
    ("page.host", '"my host"', "a host name or an IP address"),
    ("page.host", "8080", "a host name or an IP address"),
    ("page.port", "0", "a whole number from 1 to 65535"),
    ("page.port", "65536", "a whole number from 1 to 65535"),
    ("page.port", "80.5", "a whole number from 1 to 65535"),
    ("page.port", '"8080"', "a whole number from 1 to 65535"),
    ("page.token", '"short"', "8 to 128 letters, digits, - or _"),
    ("page.token", '"has spaces in it"', "8 to 128 letters, digits, - or _"),
    ("page.token", "12345678", "8 to 128 letters, digits, - or _"),
]


@pytest.mark.parametrize(("key", "value", "allowed"), BAD_VALUES)
def test_every_bad_value_names_its_key_and_what_is_allowed(tmp_path: Path, key: str, value: str,
                                                           allowed: str) -> None:
    section, name = key.split(".")
    path = write(tmp_path, f"[{section}]\n{name} = {value}\n")
    with pytest.raises(ConfigError) as caught:
        read_config(path)
    text = caught.value.text
    assert text.en.startswith(f"{path}: bad value for {key}: ")
    assert "(allowed: " in text.en and allowed in text.en.split("(allowed: ", 1)[1]
    assert text.fr.startswith(f"{path} : valeur incorrecte pour {key} : ")
    assert "(permis : " in text.fr


def test_every_key_of_every_section_has_a_bad_value_tested() -> None:
    tested = {key for key, _, _ in BAD_VALUES}
    every = {f"{section}.{f.name}" for section, cls in SECTIONS.items() for f in fields(cls)}
    assert tested == every


@pytest.mark.parametrize("section", SECTIONS)
def test_an_unknown_key_in_any_section_names_the_known_ones(section: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config({section: {"colour": 1}})
    known = ", ".join(f.name for f in fields(SECTIONS[section]))
    assert caught.value.text.en == f"unknown key {section}.colour (known: {known})"
    assert caught.value.text.fr == f"clé {section}.colour inconnue (connues : {known})"


def test_an_unknown_section_names_the_known_ones(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        read_config(write(tmp_path, "[leds]\ngreen = 17\n"))
    assert caught.value.text.en.endswith(
        "unknown section [leds] (known: camera, pins, buttons, signals, thresholds, page, club)")


def test_a_key_outside_any_section(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"pins must be a section \[pins\] of settings"):
        read_config(write(tmp_path, "pins = 17\n"))


@pytest.mark.parametrize(("text", "message"), [
    ("[pins]\ngreen = 5\n", "pins.discard = 5 is already pins.green: a pin drives one thing"),
    ("[pins]\nrgb = [13, 27, 26]\n", "pins.rgb.green = 27 is already pins.red"),
    ("[pins]\ntonal_buzzer = 22\n", "pins.tonal_buzzer = 22 is already pins.buzzer"),
    ("[camera]\nsize = [640, 480]\n",
     "camera.lores [1280, 720] must be no larger than camera.size [640, 480]"),
])
def test_what_no_single_key_shows(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ConfigError) as caught:
        read_config(write(tmp_path, text))
    assert message in caught.value.text.en


def test_a_pin_freed_by_false_may_be_used_again(tmp_path: Path) -> None:
    config = read_config(write(tmp_path, "[pins]\nbuzzer = false\ntonal_buzzer = 22\n"))
    assert (config.pins.buzzer, config.pins.tonal_buzzer) == (None, 22)


def test_not_toml_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "[page]\nport = 8080\nport = \n")
    with pytest.raises(ConfigError) as caught:
        read_config(path)
    assert caught.value.text.en.startswith(f"configuration file {path} is not valid TOML: ")
    assert "line 3" in caught.value.text.en
    assert "n'est pas du TOML valide" in caught.value.text.fr


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[page]\ntoken = "caf\xe9caf\xe9"\n')
    with pytest.raises(ConfigError, match=r"cannot read configuration file .*latin1\.toml"):
        read_config(path)
    with pytest.raises(ConfigError, match="cannot read configuration file"):
        read_config(tmp_path)  # a folder


def test_look_up_order(tmp_path: Path) -> None:
    home = tmp_path / "home"
    system = write(tmp_path, "[page]\nport = 1001\n", "etc/companion.toml")
    assert load_config(env={}, home=home, system=system).page.port == 1001
    write(home, "[page]\nport = 1002\n", ".config/companion/companion.toml")
    assert load_config(env={}, home=home, system=system).page.port == 1002
    env_file = write(tmp_path, "[page]\nport = 1003\n", "env.toml")
    assert load_config(env={"COMPANION_CONFIG": str(env_file)}, home=home, system=system).page.port == 1003
    given = write(tmp_path, "[page]\nport = 1004\n", "given.toml")
    config = load_config(given, env={"COMPANION_CONFIG": str(env_file)}, home=home, system=system)
    assert (config.page.port, config.path) == (1004, given)
    # The first file found is the whole configuration: nothing is merged from the others.
    assert config.pins == PinsConfig()


def test_with_no_file_the_defaults(tmp_path: Path) -> None:
    assert load_config(env={}, home=tmp_path, system=tmp_path / "none.toml") == Config()
    assert find_config(env={}, home=tmp_path, system=tmp_path / "none.toml") is None


def test_a_file_named_but_missing_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path / "typo.toml", env={}, home=tmp_path)
    assert caught.value.text.en == f"configuration file {tmp_path / 'typo.toml'} does not exist"
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(env={"COMPANION_CONFIG": str(tmp_path / "gone.toml")}, home=tmp_path)


def test_config_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_config({"page": {"port": -1}})


def test_a_file_nested_thousands_deep_or_too_big_is_refused_by_name(tmp_path: Path) -> None:
    nested = write(tmp_path, "[page]\ntoken = " + "[" * 5000 + "]" * 5000 + "\n", "nested.toml")
    with pytest.raises(ConfigError) as caught:
        read_config(nested)
    assert caught.value.text.en == f"configuration file {nested} is not valid TOML: nested too deeply"
    assert caught.value.text.fr.endswith("imbriqué trop profondément")
    big = write(tmp_path, "# " + "x" * 300_000 + "\n", "big.toml")
    with pytest.raises(ConfigError, match=r"big\.toml is not valid TOML: a file larger than 262144 bytes"):
        read_config(big)


def test_a_directory_the_user_cannot_enter_is_said_not_raised(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``Path.is_file`` raises for EACCES: the look-up names the file and the reason."""
    home = tmp_path / "home"
    locked = home / ".config/companion/companion.toml"

    def is_file(self: Path) -> bool:
        if self == locked:
            raise PermissionError(13, "Permission denied", str(self))
        return False

    monkeypatch.setattr(Path, "is_file", is_file)
    with pytest.raises(ConfigError) as caught:
        load_config(env={}, home=home, system=tmp_path / "none.toml")
    assert caught.value.text.en == f"cannot read configuration file {locked}: permission denied"
    assert caught.value.text.fr.endswith(": permission refusée")


def test_the_users_file_follows_xdg_config_home(tmp_path: Path) -> None:
    home, conf = tmp_path / "home", tmp_path / "conf"
    paths = [path for path, _ in candidates(env={"XDG_CONFIG_HOME": str(conf)}, home=home)]
    assert paths[0] == conf / "companion" / "companion.toml"
    write(conf, "[page]\nport = 1003\n", "companion/companion.toml")
    assert find_config(env={"XDG_CONFIG_HOME": str(conf)}, home=home, system=tmp_path / "none") == \
        conf / "companion" / "companion.toml"
    unset = next(path for path, _ in candidates(env={}, home=home))
    assert unset == home / ".config/companion/companion.toml"
