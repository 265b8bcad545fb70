"""GTKWave translate filters for wormsim waves: encoded fields shown as words.

A filter file maps each value (as GTKWave displays it: hex) to a name; the
save file names the file on a "^<n> path" line before the traces it applies
to, with the translate flag (0x2000) in the trace's "@" flags.
"""
import os

FILTERS = {
    # flit_type: bit 0 head, bit 1 tail (core/flit.h)
    "flit_type": {0: "body", 1: "head", 2: "tail", 3: "head+tail"},
    # worm header kind (WormHeader::kind)
    "flit_worm_kind": {0: "unicast", 1: "list", 2: "range", 3: "line"},
}
TRANSLATED = 0x2000


def filter_path(save, field):
    return os.path.splitext(os.path.abspath(save))[0] + f".{field}.txt"


def write_filter_files(save):
    """Writes one filter file per field next to the save file."""
    for field, names in FILTERS.items():
        with open(filter_path(save, field), "w") as f:
            for value, name in sorted(names.items()):
                f.write(f"{value:x} {name}\n")


def translated(save, field):
    """The "@flags" line (hex display, translated) and the "^1 file" line
    that put field's filter on the trace that follows."""
    return f"@{0x22 | TRANSLATED:x}\n^1 {filter_path(save, field)}\n"
