"""Runs the example through the Automation API, as an inline program: the language host runs in
this Python process, so no pulumi-language-python is needed, only the `pulumi` CLI on PATH and the
plugin `pulumi-resource-cloudplatform` where the engine finds it (PATH).

    python automation.py up|preview|destroy [setting=value ...]

The stack (CLOUDPLATFORM_EXAMPLE_STACK, default `dev`) lives in a work directory
(CLOUDPLATFORM_EXAMPLE_WORK_DIR, default `.automation` here) with a local file backend under it and
a passphrase secrets provider (PULUMI_CONFIG_PASSPHRASE). CLOUDPLATFORM_API_URL and
CLOUDPLATFORM_TOKEN become the stack's `cloudplatform:apiUrl` and `cloudplatform:token` (a
secret); each `setting=value` is a setting of the program (`region=us-ord`). Prints one JSON
object: the change summary and, after `up`, the outputs, secrets masked as "[secret]".
"""

import json
import os
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List

import pulumi.automation as auto

import stack

PROJECT = "cloudplatform-python"


def _open_stack(program: Callable[[], None], settings: Dict[str, str]) -> auto.Stack:
    here = Path(__file__).resolve().parent
    work_dir = Path(os.environ.get("CLOUDPLATFORM_EXAMPLE_WORK_DIR") or here / ".automation")
    backend = work_dir / "backend"
    backend.mkdir(parents=True, exist_ok=True)
    project = auto.ProjectSettings(
        name=PROJECT, runtime="python", backend=auto.ProjectBackend(url=backend.as_uri())
    )
    selected = auto.create_or_select_stack(
        stack_name=os.environ.get("CLOUDPLATFORM_EXAMPLE_STACK") or "dev",
        project_name=PROJECT,
        program=program,
        opts=auto.LocalWorkspaceOptions(
            work_dir=str(work_dir), project_settings=project, secrets_provider="passphrase"
        ),
    )
    config = {
        "cloudplatform:apiUrl": auto.ConfigValue(os.environ["CLOUDPLATFORM_API_URL"]),
        "cloudplatform:token": auto.ConfigValue(os.environ["CLOUDPLATFORM_TOKEN"], secret=True),
    }
    for name, value in settings.items():
        config[f"{PROJECT}:{name}"] = auto.ConfigValue(value)
    selected.set_all_config(config)
    return selected


def _counts(summary: Any) -> Dict[str, int]:
    return {getattr(op, "value", str(op)): count for op, count in (summary or {}).items()}


def run(command: str, program: Callable[[], None], settings: Dict[str, str]) -> Dict[str, Any]:
    """Runs `command` (up, preview or destroy) on the stack of `program`; its summary and outputs."""
    selected = _open_stack(program, settings)
    progress = sys.stderr.write
    if command == "up":
        up = selected.up(on_output=progress)
        outputs = {
            name: "[secret]" if out.secret else out.value for name, out in up.outputs.items()
        }
        return {"changes": _counts(up.summary.resource_changes), "outputs": outputs}
    if command == "preview":
        return {"changes": _counts(selected.preview(on_output=progress).change_summary)}
    if command == "destroy":
        return {"changes": _counts(selected.destroy(on_output=progress).summary.resource_changes)}
    raise ValueError(f"unknown command {command!r} (up, preview or destroy)")


def main(program: Callable[[], None], args: List[str]) -> int:
    """The command line: `<command> [setting=value ...]`; 1 with the engine's message on failure."""
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    settings = dict(arg.split("=", 1) for arg in args[1:])
    try:
        result = run(args[0], program, settings)
    except auto.CommandError as err:
        print(f"{args[0]} failed: {err}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(stack.program, sys.argv[1:]))
