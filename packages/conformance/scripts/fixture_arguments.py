"""The command line every fixture generator in this folder takes: ``--seed``, ``--count``, ``--out``.

The generators run as ``python3 packages/conformance/scripts/<generator>.py`` from any folder;
Python puts the script's own folder first on ``sys.path``, so ``import fixture_arguments`` finds
this module beside them.
"""

from __future__ import annotations

import argparse


def fixture_arguments(doc: str, seed: int, count: int, out: str) -> argparse.Namespace:
    """Parses the command line: the generator's seed, its number of cases, the file it writes.

    ``doc`` is the generator's module docstring (its first line describes the command);
    ``seed``, ``count`` and ``out`` are the defaults, the ones the committed fixture was made with.
    """
    parser = argparse.ArgumentParser(description=doc.split('\n')[0])
    parser.add_argument('--seed', type=int, default=seed)
    parser.add_argument('--count', type=int, default=count)
    parser.add_argument('--out', default=out)
    return parser.parse_args()
