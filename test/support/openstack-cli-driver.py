"""Runs `openstack` commands one after another in this one interpreter.

Each stdin line is a JSON list of arguments; each answer is one stdout line of
JSON: the command's exit code and what it wrote. It is the CLI's own entry
point (what /usr/bin/openstack calls), so the commands behave as they do
alone; only the interpreter's start-up and the CLI's imports (about 1.5 s of
CPU per command) are paid once per test file instead of once per command.
"""
import contextlib
import io
import json
import sys

from openstackclient.shell import main

for line in sys.stdin:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(json.loads(line))
        except SystemExit as exit:
            code = exit.code if isinstance(exit.code, int) else 1
    sys.__stdout__.write(json.dumps({"code": code or 0, "stdout": out.getvalue(), "stderr": err.getvalue()}) + "\n")
    sys.__stdout__.flush()
