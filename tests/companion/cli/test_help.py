"""What a newcomer meets first: the version, the bare command, the options' help and defaults,
and a trained model never written over a shipped one by mistake."""

from __future__ import annotations

import argparse
from importlib import metadata
from pathlib import Path

import pytest

from companion.cli.main import main
from companion.cli.parsers import build_parser, version
from companion.cli.vision import SHIPPED, model_out


def commands() -> dict[str, argparse.ArgumentParser]:
    """Every command's parser, by name."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_version_is_the_package_s(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"companion {version()}"
    assert version() == metadata.version("companion")


def test_version_of_a_companion_never_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert version() == "unknown"


def test_bare_command_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: companion") and "replay" in out and "--version" in out


@pytest.mark.parametrize("name", sorted(commands()))
def test_every_option_has_help_showing_its_default(name: str) -> None:
    parser = commands()[name]
    text = parser.format_help()
    for action in parser._actions:
        assert action.help, f"{name} {action.option_strings or action.dest} has no help"
    assert "(default: None)" not in text and "(default: False)" not in text
    for action in parser._actions:
        told = action.default is not None and action.default is not False and action.default != [] \
            and action.default is not argparse.SUPPRESS and action.option_strings
        if told:
            shown = f"(default: {action.default})" in " ".join(text.split())
            assert shown or "default" in (action.help or ""), f"{name} {action.option_strings}"


def test_a_zero_default_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    assert "(default: 0)" in " ".join(commands()["train"].format_help().split())


@pytest.mark.parametrize(("command", "shipped"), [(["train", "--game", "tranquility"], "tranquility.onnx"),
                                                  (["train-finder"], "finder.onnx"),
                                                  (["train-refiner", "--lean"], "refiner-lean.onnx")])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_out_refuses_a_shipped_model(command: list[str], shipped: str, lang: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert (SHIPPED / shipped).is_file()
    assert main([*command, "--out", str(SHIPPED / shipped), "--lang", lang]) == 2
    err = capsys.readouterr().err
    said = "is a shipped model" if lang == "en" else "est un modèle livré"
    assert said in err and "--force" in err and "Traceback" not in err


@pytest.mark.parametrize(("command", "default"), [(["train", "--game", "crew"], "crew.onnx"),
                                                  (["train-finder"], "finder.onnx"),
                                                  (["train-refiner"], "refiner.onnx"),
                                                  (["train-refiner", "--lean"], "refiner-lean.onnx")])
def test_out_defaults_to_the_working_folder(command: list[str], default: str, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    # Refused for its epochs after the place was chosen, before any training.
    assert main([*command, "--epochs", "0"]) == 2
    assert "epochs" in capsys.readouterr().err
    args = build_parser().parse_args(command)
    assert args.out is None and args.force is False
    assert model_out(args.out, default, args.force, "en") == Path(default)
    assert not (tmp_path / default).exists()


def test_force_lets_out_name_a_shipped_model(capsys: pytest.CaptureFixture[str]) -> None:
    path = SHIPPED / "finder.onnx"
    assert model_out(path, "finder.onnx", True, "en") == path
    assert model_out(None, "finder.onnx", False, "en") == Path("finder.onnx")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("share", ["1.5", "-0.1", "nan"])
def test_train_finder_refuses_a_share_of_varied_scenes_out_of_0_to_1(
        share: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train-finder", "--varied", share, "--out", str(tmp_path / "f.onnx")]) == 2
    assert "varied" in capsys.readouterr().err and not (tmp_path / "f.onnx").exists()


@pytest.mark.parametrize("name", sorted(commands()))
def test_every_command_says_what_it_does_at_the_top_of_its_help(name: str) -> None:
    parser = commands()[name]
    assert parser.description and parser.description.endswith(".")
    assert parser.description in " ".join(parser.format_help().split())
