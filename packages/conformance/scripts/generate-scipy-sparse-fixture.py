#!/usr/bin/env python3
"""Generates src/fixtures/scipy-sparse.json: scipy.sparse's results on seeded random cases.

Every case is one operation on random sparse matrices, with scipy's result recorded as the
stored entries (coordinates in row-major order, values) of the canonical CSR matrix scipy
returns (``tocsr()``: duplicates summed, coordinates sorted), or as a dense array for a
matrix-vector product. Operands are coordinate lists (any order) with duplicate coordinates,
explicit zeros, NaN and infinities; shapes include empty ones (a zero extent).

Operations (``op``), each as scipy computes it:

- ``convert``: ``coo_array((v, (i, j))).tocsr()``: duplicates summed, explicit zeros kept;
- ``transpose``: ``A.T.tocsr()`` (explicit zeros kept);
- ``add``, ``subtract``, ``maximum``, ``minimum``, ``multiply``: ``A + B``, ``A - B``,
  ``A.maximum(B)``, ``A.minimum(B)``, ``A.multiply(B)`` (scipy stores no zero result);
  ``multiply`` operands hold no NaN or infinity: scipy evaluates ``NaN * 0`` over the union of
  the patterns, where a product's lattice (MLIR's, TACO's, tilekit's) visits the intersection;
  ``maximum`` and ``minimum`` operands hold no NaN (A only +inf, B only -inf): scipy's kernels use ``std::max``/``std::min``,
  which return the first operand when a comparison with NaN fails (``max(0, NaN)`` is 0,
  ``max(NaN, 0)`` NaN), where ``np.maximum`` and MLIR's ``arith.maximumf`` give NaN either way;
- ``divide``: ``A / D`` with a dense ``D`` (zeros included): scipy multiplies ``A``'s stored
  entries by ``1 / D``, keeping ``A``'s pattern, so a stored zero over ``D == 0`` is NaN;
- ``matmul``: ``A @ B`` (SpGEMM; scipy stores no zero sum);
- ``spmv``: ``A @ x`` with a dense ``x`` (a dense result).

Values are encoded as JSON numbers, or the strings ``"NaN"``, ``"Infinity"``, ``"-Infinity"``.

Usage (any directory; needs scipy and numpy in the running Python, e.g. a virtualenv):

    python3 -m venv /tmp/scipy-venv && /tmp/scipy-venv/bin/pip install scipy numpy
    /tmp/scipy-venv/bin/python packages/conformance/scripts/generate-scipy-sparse-fixture.py

Options: ``--seed N`` (default 34), ``--count N`` cases (default 400), ``--out PATH`` (default:
the fixture beside this script's package). A different seed gives a held-out set.
"""

from __future__ import annotations

import json
import math
import os
import random
import warnings

import numpy as np
import scipy
import scipy.sparse as sp

from fixture_arguments import fixture_arguments

FIXTURE_VERSION = 1
DEFAULT_SEED = 34
DEFAULT_COUNT = 400
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, '..', 'src', 'fixtures', 'scipy-sparse.json')

OPS = ['convert', 'transpose', 'add', 'subtract', 'maximum', 'minimum', 'multiply', 'divide',
       'matmul', 'spmv']


def encode(x: float) -> float | str:
    """A float as JSON holds it: a number, or a string for NaN and the infinities."""
    x = float(x)
    if math.isnan(x):
        return 'NaN'
    if math.isinf(x):
        return 'Infinity' if x > 0 else '-Infinity'
    return 0.0 if x == 0 else x


def random_value(rng: random.Random, special: list[float]) -> float:
    """Exact quarters in [-8, 8], explicit zeros, and values from `special`."""
    r = rng.random()
    if r < 0.15:
        return 0.0
    if special and r < 0.22:
        return rng.choice(special)
    return rng.randint(-32, 32) / 4


def random_operand(rng: random.Random, shape: tuple[int, int], special: list[float]) -> dict:
    """A coordinate list in random order with duplicates, explicit zeros and specials."""
    rows, cols = shape
    count = 0 if rows * cols == 0 else rng.randint(0, max(1, rows * cols * 3 // 4))
    coordinates = [[rng.randrange(rows), rng.randrange(cols)] for _ in range(count)]
    # Repeat a few coordinates: scipy's tocsr sums them.
    for _ in range(rng.randint(0, 3) if count else 0):
        coordinates.append(list(rng.choice(coordinates)))
    rng.shuffle(coordinates)
    values = [random_value(rng, special) for _ in coordinates]
    return {'coordinates': coordinates, 'values': values}


def to_scipy(operand: dict, shape: tuple[int, int]) -> sp.csr_array:
    coordinates = operand['coordinates']
    i = np.array([c[0] for c in coordinates], dtype=np.int64)
    j = np.array([c[1] for c in coordinates], dtype=np.int64)
    v = np.array(operand['values'], dtype=np.float64)
    return sp.coo_array((v, (i, j)), shape=shape).tocsr()


def stored_entries(matrix) -> dict:
    """The stored entries of scipy's canonical CSR form, in row-major order."""
    csr = sp.csr_array(matrix)
    csr.sum_duplicates()
    coordinates = []
    for row in range(csr.shape[0]):
        for k in range(csr.indptr[row], csr.indptr[row + 1]):
            coordinates.append([row, int(csr.indices[k])])
    return {'shape': list(csr.shape), 'coordinates': coordinates,
            'values': [encode(x) for x in csr.data]}


def encoded(operand: dict) -> dict:
    return {'coordinates': operand['coordinates'],
            'values': [encode(x) for x in operand['values']]}


def make_case(rng: random.Random, index: int) -> dict:
    op = OPS[index % len(OPS)]
    dim = lambda: rng.choice([0, 1, 2, 3, 4, 5, 6]) if rng.random() < 0.1 else rng.randint(1, 6)
    m, n, k = dim(), dim(), dim()
    special = [] if op == 'multiply' else [math.nan, math.inf, -math.inf]
    case: dict = {'id': f'{op}/{index // len(OPS)}', 'op': op}
    if op in ('convert', 'transpose'):
        a = random_operand(rng, (m, n), special)
        A = to_scipy(a, (m, n))
        result = A if op == 'convert' else A.T.tocsr()
        case.update(shape=[m, n], A=encoded(a), result=stored_entries(result))
    elif op in ('add', 'subtract', 'maximum', 'minimum', 'multiply'):
        if op in ('maximum', 'minimum'):
            # One infinity per operand: its repeats then never sum to NaN (inf - inf).
            a = random_operand(rng, (m, n), [math.inf])
            b = random_operand(rng, (m, n), [-math.inf])
        else:
            a = random_operand(rng, (m, n), special)
            b = random_operand(rng, (m, n), special)
        A, B = to_scipy(a, (m, n)), to_scipy(b, (m, n))
        result = {'add': lambda: A + B, 'subtract': lambda: A - B,
                  'maximum': lambda: A.maximum(B), 'minimum': lambda: A.minimum(B),
                  'multiply': lambda: A.multiply(B)}[op]()
        case.update(shape=[m, n], A=encoded(a), B=encoded(b), result=stored_entries(result))
    elif op == 'divide':
        a = random_operand(rng, (m, n), special)
        d = [[rng.choice([0.0, 0.0, 1.0, -2.0, 0.5, 4.0, -0.25]) for _ in range(n)] for _ in range(m)]
        A = to_scipy(a, (m, n))
        result = A / np.array(d, dtype=np.float64).reshape(m, n)
        case.update(shape=[m, n], A=encoded(a), D=[x for row in d for x in row],
                    result=stored_entries(result))
    elif op == 'matmul':
        a = random_operand(rng, (m, k), special)
        b = random_operand(rng, (k, n), special)
        result = to_scipy(a, (m, k)) @ to_scipy(b, (k, n))
        case.update(shape=[m, k, n], A=encoded(a), B=encoded(b), result=stored_entries(result))
    else:
        a = random_operand(rng, (m, n), special)
        x = [rng.randint(-8, 8) / 4 for _ in range(n)]
        y = to_scipy(a, (m, n)) @ np.array(x, dtype=np.float64)
        case.update(shape=[m, n], A=encoded(a), x=x, result={'dense': [encode(v) for v in y]})
    return case


def main() -> None:
    args = fixture_arguments(__doc__, DEFAULT_SEED, DEFAULT_COUNT, DEFAULT_OUT)
    rng = random.Random(args.seed)
    warnings.simplefilter('ignore', RuntimeWarning)  # 0 / 0 and inf - inf are the point
    cases = [make_case(rng, index) for index in range(args.count)]
    data = {
        'name': 'scipy-sparse',
        'version': FIXTURE_VERSION,
        'source': (f'scipy.sparse {scipy.__version__} (numpy {np.__version__}), '
                   'scripts/generate-scipy-sparse-fixture.py'),
        'scipy': scipy.__version__,
        'seed': args.seed,
        'cases': cases,
    }
    with open(args.out, 'w', encoding='utf-8') as out:
        json.dump(data, out, separators=(',', ':'))
        out.write('\n')
    print(f'wrote {len(cases)} cases to {args.out}')


if __name__ == '__main__':
    main()
