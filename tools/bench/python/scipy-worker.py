"""The bench's scipy worker: times scipy.sparse operations for a suite running in Node.

One process per suite, driven over stdin/stdout with one JSON object per line each way. Every
request carries an ``id`` that its answer repeats; an answer is ``{"id", "ok": true, ...}`` or
``{"id", "ok": false, "error": "..."}``. Operands travel as raw little-endian array files that
the Node side wrote (a million-entry operand is a few megabytes, which JSON would triple);
results come back the same way, written into a directory the request names.

Requests (``op``):

- ``hello``: the versions of Python, NumPy and SciPy;
- ``load``: ``{name, path, dtype}``: binds ``name`` to the array in ``path``;
- ``define``: ``{name, expr}``: binds ``name`` to the value of the Python expression ``expr``
  (evaluated once, e.g. ``sp.coo_matrix((v, (r, c)), shape=(m, n)).tocsr()``);
- ``time``: ``{expr, batch}``: evaluates ``expr`` ``batch`` times and answers ``ms``, the total
  milliseconds ``time.perf_counter`` measured around those calls;
- ``fetch``: ``{expr, dir}``: evaluates ``expr`` once and writes its result into ``dir``:
  a CSR or CSC matrix as ``indptr``, ``indices`` (sorted within each row or column) and
  ``data``; a COO array of any rank as ``coord0``, ``coord1``, ... (one per dimension) and
  ``data`` in its stored order; a dense array as ``data`` (row-major). Indices are int32,
  values float64.

Expressions see ``np`` (NumPy), ``sp`` (scipy.sparse) and every bound name.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback

import numpy as np
import scipy
import scipy.sparse as sp

DTYPES = {
    'float64': '<f8',
    'float32': '<f4',
    'int32': '<i4',
    'uint32': '<u4',
    'int64': '<i8',
}
INT32_MAX = 2**31 - 1


def write_array(directory: str, field: str, array: np.ndarray, dtype: str) -> dict:
    """Writes `array` as `dtype` into `directory`; answers where and what."""
    if dtype == 'int32' and array.size > 0 and (array.max() > INT32_MAX or array.min() < 0):
        raise ValueError(f'{field} holds indices beyond int32')
    path = os.path.join(directory, f'{field}.bin')
    np.ascontiguousarray(array, dtype=DTYPES[dtype]).tofile(path)
    return {'path': path, 'dtype': dtype, 'length': int(array.size)}


def describe(value: object) -> str:
    if sp.issparse(value):
        return f'{value.format} {"x".join(map(str, value.shape))}, {value.nnz} stored'
    if isinstance(value, np.ndarray):
        return f'array {value.dtype} {value.shape}'
    return type(value).__name__


def fetch(value: object, directory: str) -> dict:
    """The result's kind and shape, with its arrays written into `directory`."""
    if sp.issparse(value):
        kind = value.format
        if kind in ('csr', 'csc'):
            value = value.copy()
            value.sort_indices()
            arrays = {
                'indptr': write_array(directory, 'indptr', value.indptr, 'int32'),
                'indices': write_array(directory, 'indices', value.indices, 'int32'),
                'data': write_array(directory, 'data', value.data, 'float64'),
            }
        elif kind == 'coo':
            arrays = {
                f'coord{d}': write_array(directory, f'coord{d}', coords, 'int32')
                for d, coords in enumerate(value.coords)
            }
            arrays['data'] = write_array(directory, 'data', value.data, 'float64')
        else:
            raise ValueError(f'cannot fetch a {kind} matrix; convert it to csr, csc or coo')
        return {'kind': kind, 'shape': list(value.shape), 'arrays': arrays}
    array = np.asarray(value)
    return {
        'kind': 'dense',
        'shape': list(array.shape),
        'arrays': {'data': write_array(directory, 'data', array.ravel(), 'float64')},
    }


class Worker:
    def __init__(self) -> None:
        self.names: dict[str, object] = {'np': np, 'sp': sp}
        self.compiled: dict[str, object] = {}

    def code(self, expr: str):
        """`expr` compiled once, so a timed call pays no parsing."""
        code = self.compiled.get(expr)
        if code is None:
            code = compile(expr, '<bench expression>', 'eval')
            self.compiled[expr] = code
        return code

    def handle(self, request: dict) -> dict:
        op = request.get('op')
        if op == 'hello':
            return {
                'python': sys.version.split()[0],
                'numpy': np.__version__,
                'scipy': scipy.__version__,
            }
        if op == 'load':
            dtype = request['dtype']
            if dtype not in DTYPES:
                raise ValueError(f'unknown dtype {dtype!r}; expected one of {sorted(DTYPES)}')
            self.names[request['name']] = np.fromfile(request['path'], dtype=DTYPES[dtype])
            return {'describe': describe(self.names[request['name']])}
        if op == 'define':
            self.names[request['name']] = eval(self.code(request['expr']), self.names)
            return {'describe': describe(self.names[request['name']])}
        if op == 'time':
            code = self.code(request['expr'])
            batch = int(request['batch'])
            names = self.names
            start = time.perf_counter()
            for _ in range(batch):
                eval(code, names)
            return {'ms': (time.perf_counter() - start) * 1000}
        if op == 'fetch':
            return fetch(eval(self.code(request['expr']), self.names), request['dir'])
        raise ValueError(f'unknown op {op!r}')


def main() -> None:
    worker = Worker()
    for line in sys.stdin:
        if not line.strip():
            continue
        request_id = None
        try:
            request = json.loads(line)
            request_id = request.get('id')
            answer = {'id': request_id, 'ok': True, **worker.handle(request)}
        except Exception as error:  # every failure is answered; the worker keeps serving
            last = traceback.format_exception_only(type(error), error)[-1].strip()
            answer = {'id': request_id, 'ok': False, 'error': last}
        sys.stdout.write(json.dumps(answer) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
