"""DLC errors as Python exceptions.

A DLC diagnostic (spec §14) reads `E1001 BroadcastMismatch: <why>;
suggestion: <what to do>` at the offending op's location; Diagnostic splits
it into its parts. DlcError carries every diagnostic of the failed step and
exposes the first error's code, location and suggestion; a DLC warning of a
step that goes on is a DlcWarning (Python's warnings module)."""
import re
from dataclasses import dataclass
from typing import Optional

# An importer's message starts with the JSON path ("uops[3]: E1006 ...").
_DLC_MESSAGE = re.compile(
    r"^(?:[\w\[\].]+: )?(?P<code>[EW]\d{4}) (?P<kind>\w+): (?P<why>.*?)"
    r"(?:; suggestion: (?P<suggestion>.*))?$", re.S)
# "<file>:<line>:<col>: error: <message>" (the Frontend importer's lines).
_LOCATED_LINE = re.compile(
    r"^(?P<location>.*?:\d+:\d+): (?P<severity>error|warning|note): "
    r"(?P<message>.*)$", re.S)


@dataclass
class Diagnostic:
    severity: str  # "error", "warning", "note" or "remark"
    location: str  # "file:line:col" when known
    message: str   # the whole text
    code: Optional[str] = None        # "E1001" for a DLC diagnostic
    kind: Optional[str] = None        # "BroadcastMismatch"
    why: Optional[str] = None
    suggestion: Optional[str] = None

    @classmethod
    def parse(cls, severity, location, message):
        match = _DLC_MESSAGE.match(message)
        if not match:
            return cls(severity, location, message)
        return cls(severity, location, message, match["code"], match["kind"],
                   match["why"], match["suggestion"])

    @classmethod
    def from_line(cls, line):
        """A diagnostic from one `file:line:col: error: message` line."""
        match = _LOCATED_LINE.match(line)
        if not match:
            return cls.parse("error", "", line)
        return cls.parse(match["severity"], match["location"], match["message"])

    def __str__(self):
        where = self.location + ": " if self.location else ""
        return "%s%s: %s" % (where, self.severity, self.message)


def check_type(value, types, what):
    """`value` when it is one of `types` (a tuple); TypeError naming `what`
    otherwise: a wrong argument type is a mistake of the calling code,
    raised as Python's own functions do, not a DLC step that failed."""
    if not isinstance(value, types):
        names = [t.__name__ for t in types]
        wanted = names[0] if len(names) == 1 else "%s or %s" % (
            ", ".join(names[:-1]), names[-1])
        raise TypeError("%s must be %s, not %s"
                        % (what, wanted, type(value).__name__))
    return value


class DlcError(Exception):
    """A DLC step failed. `diagnostics` lists what it reported; `code`,
    `location` and `suggestion` are those of the first error."""

    def __init__(self, what, diagnostics=()):
        self.diagnostics = list(diagnostics)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        first = errors[0] if errors else (
            self.diagnostics[0] if self.diagnostics else None)
        self.code = first.code if first else None
        self.location = first.location if first else None
        self.suggestion = first.suggestion if first else None
        lines = [what] + ["  " + str(d) for d in self.diagnostics]
        super().__init__("\n".join(lines))


class DlcWarning(UserWarning):
    """A DLC warning (W1405, W1602, W2101, ...) of a step that went on:
    issued with Python's warnings module as the context collects it (see
    Context.take_diagnostics). `diagnostic` is the Diagnostic."""

    def __init__(self, diagnostic):
        self.diagnostic = diagnostic
        super().__init__(str(diagnostic))
