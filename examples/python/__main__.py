"""The entry point `pulumi up` runs (with the pulumi-language-python host)."""

import stack

stack.program()
