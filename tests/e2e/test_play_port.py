"""`scripts/play.sh` and `scripts/serve.py` when the port is taken (no browser needed).

Without a port they serve on 8000 or, when it is taken, on the next free port and say so;
a port that is asked for and taken is one `error:` line and exit status 1 (play.sh says it
before building anything).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import urllib.request
from contextlib import contextmanager

import pytest
import serve
from e2e_helpers import ROOT

PLAY = ROOT / "scripts" / "play.sh"
SERVE = ROOT / "scripts" / "serve.py"


@contextmanager
def taken(port: int = 0):
    """Hold ``port`` (0: any free one) with a listening socket; yields the port number.
    If someone else already holds ``port``, it is just as taken: yield it anyway."""
    holder = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        try:
            holder.bind(("127.0.0.1", port))
            holder.listen(1)
        except OSError:
            if port == 0:
                raise
        yield port or holder.getsockname()[1]
    finally:
        holder.close()


def one_error_line(proc) -> str:
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_serve_on_a_taken_port_is_one_line_and_status_1(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>", encoding="utf-8")
    with taken() as port:
        proc = subprocess.run([sys.executable, str(SERVE), str(port), "--dir", str(tmp_path)],
                              capture_output=True, text=True, timeout=60)
    line = one_error_line(proc)
    assert f"port {port} is already in use" in line
    assert f"scripts/play.sh {port + 1}" in line


def test_play_sh_suggests_a_port_that_is_free_when_the_next_one_is_taken_too(tmp_path):
    """The suggestion is tried, not guessed: with PORT and PORT + 1 both taken, play.sh
    names another port, and a server can listen on it."""
    with taken() as port, taken(port + 1) as next_port:
        proc = subprocess.run(["bash", str(PLAY), str(port)], capture_output=True, text=True,
                              timeout=120)
        line = one_error_line(proc)
        suggested = int(re.search(r"scripts/play\.sh (\d+) is free", line)[1])
        assert suggested not in (port, next_port)
        serve.bind_free_port("127.0.0.1", suggested)  # raises PortError if it is taken


def test_serve_without_a_port_moves_off_a_taken_8000_and_says_so(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>", encoding="utf-8")
    with taken(serve.DEFAULT_PORT):
        proc = subprocess.Popen([sys.executable, str(SERVE), "--dir", str(tmp_path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            note = proc.stdout.readline()
            address = proc.stdout.readline()
            assert re.fullmatch(r"port 8000 is in use, so serving on port \d+ instead\n", note)
            url = re.search(r"http://127\.0\.0\.1:(\d+)/", address)
            assert url and int(url[1]) != serve.DEFAULT_PORT, address
            with urllib.request.urlopen(url[0], timeout=10) as response:
                assert response.status == 200 and b"<title>x</title>" in response.read()
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def test_check_reports_a_free_port_as_free():
    with taken() as port:
        pass  # released: free again
    proc = subprocess.run([sys.executable, str(SERVE), "--check", str(port)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_serve_refuses_what_is_not_a_port(port):
    proc = subprocess.run([sys.executable, str(SERVE), port], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 2 and "a port is a number from 1 to 65535" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_play_sh_with_a_taken_port_says_so_in_one_line_before_building(tmp_path):
    env = dict(os.environ, PATH=os.environ["PATH"])
    with taken() as port:
        proc = subprocess.run(["bash", str(PLAY), str(port)], capture_output=True, text=True,
                              timeout=120, env=env)
    line = one_error_line(proc)
    assert f"port {port} is already in use" in line
    assert "building" not in proc.stdout and "npm" not in proc.stdout
