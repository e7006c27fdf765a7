"""The command line entry point."""

from homegame.cli import main


def test_version(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["--version"]) == 0
    assert "homegame" in capsys.readouterr().out
