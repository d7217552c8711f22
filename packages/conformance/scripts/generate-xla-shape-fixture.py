#!/usr/bin/env python3
"""Generates src/fixtures/xla-shape-parser.json: XLA's own verdicts on seeded shape text.

For every generated string it records what XLA itself does, through jaxlib:

- ``xla::ParseShape`` (``jaxlib._hlo.Shape(text)``): a syntax error, or the shape;
- XLA's layout validator, which ``ParseShape`` runs on the elements of a tuple: the text is
  parsed again as the one-element tuple ``(text\\n)``; a failure there means "invalid";
- ``str()`` of the parsed shape: XLA's canonical print;
- ``ShapeUtil::ByteSizeOf`` of an accepted array shape: the "bytes accessed" of the operand of an
  HLO ``copy`` in XLA's cost analysis on the CPU client (logical elements at ``E(n)`` bits, or
  at the type's byte width; tiles, ``L`` and ``M`` do not count);
- aborts: XLA ``CHECK``-fails (kills the process) on some text (``L(0)``, ``T(-2)``); every
  string runs in a worker process, and a string that kills it is recorded as ``abort``.

Strings come from one generator per class of the grammar (types, dimensions, minor_to_major,
each layout attribute, tuples and buffers, comments and whitespace, numbers at the int limits,
XLA's lenient repairs of malformed attributes, random token mutations of valid strings), with a
fixed seed, so the same jaxlib gives the same file.

Usage (any directory; needs jax and jaxlib in the running Python, e.g. a virtualenv):

    python3 -m venv /tmp/jaxvenv && /tmp/jaxvenv/bin/pip install jax jaxlib
    /tmp/jaxvenv/bin/python packages/conformance/scripts/generate-xla-shape-fixture.py

Options: ``--seed N`` (default 26), ``--count N`` strings (default 6000), ``--out PATH``
(default: the fixture beside this script's package). A different seed gives a held-out set.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

from fixture_arguments import fixture_arguments

FIXTURE_VERSION = 1
DEFAULT_SEED = 26
DEFAULT_COUNT = 6000
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, '..', 'src', 'fixtures', 'xla-shape-parser.json')

# Every element type name XLA's lexer knows (primitive_util's names), and names it does not.
ARRAY_TYPES = [
    'pred', 's1', 's2', 's4', 's8', 's16', 's32', 's64', 'u1', 'u2', 'u4', 'u8', 'u16', 'u32',
    'u64', 'f16', 'bf16', 'f32', 'f64', 'c64', 'c128', 'f8e5m2', 'f8e4m3', 'f8e4m3fn',
    'f8e4m3b11fnuz', 'f8e5m2fnuz', 'f8e4m3fnuz', 'f8e3m4', 'f8e8m0fnu', 'f4e2m1fn', 'f6e2m3fn',
    'f6e3m2fn',
]
UNSIGNED_TYPES = ['u1', 'u2', 'u4', 'u8', 'u16', 'u32', 'u64']
UNKNOWN_TYPES = ['f33', 'bf8', 'u3', 's128', 'f6e2m3', 'f8', 'int32', 'tuple', 'b', 'T', 'i32',
                 'float', 'f4e2m1', 'c32', 'u0']
INT64_MAX = 2**63 - 1
SAFE_MAX = 2**53 - 1
EDGE_NUMBERS = [SAFE_MAX, SAFE_MAX + 1, SAFE_MAX + 2, 2**62, INT64_MAX, INT64_MAX + 1, 2**64,
                10**20, 2**31 - 1, 2**31, 2**32, 2**32 + 1]


# ---------------------------------------------------------------------------------------------
# Text builders
# ---------------------------------------------------------------------------------------------

def pick(rng: random.Random, items):
    return items[rng.randrange(len(items))]


def small_size(rng: random.Random) -> int:
    return pick(rng, [0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 8, 9, 12, 16, 17, 32, 100, 128, 1000])


def dims_text(rng: random.Random, rank: int, dynamic: bool = False) -> tuple[str, list]:
    dims = []
    parts = []
    for _ in range(rank):
        roll = rng.random()
        if dynamic and roll < 0.2:
            parts.append('?')
            dims.append(None)
        elif dynamic and roll < 0.4:
            size = small_size(rng)
            parts.append(f'<={size}')
            dims.append(size)
        else:
            size = small_size(rng)
            parts.append(str(size))
            dims.append(size)
    return '[' + ','.join(parts) + ']', dims


def permutation(rng: random.Random, rank: int) -> list[int]:
    order = list(range(rank))
    if rng.random() < 0.5:
        return list(reversed(order))
    rng.shuffle(order)
    return order


def tile_text(rng: random.Random, rank: int, star: bool = False) -> str:
    length = rng.randint(1, max(1, rank + (1 if rng.random() < 0.2 else 0)))
    entries = [str(pick(rng, [1, 2, 2, 3, 4, 8, 8, 16, 128, 5, 7])) for _ in range(length)]
    if star and length > 1:
        for k in range(length - 1):
            if rng.random() < 0.4:
                entries[k] = '*'
    return '(' + ','.join(entries) + ')'


def tiles_text(rng: random.Random, rank: int, star: bool = False) -> str:
    count = pick(rng, [1, 1, 1, 2, 2, 3])
    return 'T' + ''.join(tile_text(rng, rank, star) for _ in range(count))


def split_configs_text(rng: random.Random, physical_sizes: list) -> str:
    """Valid-looking split configs over physical dimensions (most major first)."""
    rank = len(physical_sizes)
    chosen = rng.sample(range(rank), rng.randint(1, min(2, rank)))
    configs = []
    for dim in chosen:
        size = physical_sizes[dim] or 8
        count = rng.randint(1, 3)
        indices = sorted(set(rng.randint(1, max(1, size - 1)) for _ in range(count)))
        configs.append(f'({dim}:' + ','.join(map(str, indices)) + ')')
    return 'SC' + ''.join(configs)


def layout_text(minor_to_major: list, attributes: list[str]) -> str:
    body = ','.join(map(str, minor_to_major))
    attrs = ''.join(a for a in attributes if a)
    return '{' + body + (':' + attrs if attrs else '') + '}'


def physical_sizes(dims: list, minor_to_major: list) -> list:
    return [dims[d] for d in reversed(minor_to_major)]


def array_text(rng: random.Random, type_name: str | None = None, rank: int | None = None,
               attrs: dict | None = None, dynamic: bool = False) -> str:
    """An array shape with a layout whose attributes (XLA's order D T L # * E S SC P M) are given."""
    type_name = type_name or pick(rng, ARRAY_TYPES)
    rank = rng.randint(0, 4) if rank is None else rank
    dims_part, dims = dims_text(rng, rank, dynamic)
    order = permutation(rng, rank)
    attrs = attrs or {}
    ordered = [attrs.get(key, '') for key in ['D', 'T', 'L', '#', '*', 'E', 'S', 'SC', 'P', 'M']]
    if attrs.get('SC') == 'auto':
        ordered[7] = split_configs_text(rng, physical_sizes(dims, order)) if rank > 0 else ''
    if attrs.get('T') == 'auto':
        ordered[1] = tiles_text(rng, rank) if rank > 0 else 'T(2)'
    return type_name + dims_part + layout_text(order, ordered)


def random_attributes(rng: random.Random, rank: int) -> dict:
    attrs = {}
    if rng.random() < 0.5:
        attrs['T'] = 'auto'
    if rng.random() < 0.25:
        attrs['L'] = f'L({pick(rng, [1, 2, 4, 8, 128, 1024, 3])})'
    if rng.random() < 0.25:
        attrs['E'] = f'E({pick(rng, [0, 1, 2, 4, 8, 16, 3, 64])})'
    if rng.random() < 0.2:
        attrs['S'] = f'S({pick(rng, [0, 1, 2, 5, 127])})'
    if rng.random() < 0.15 and rank > 0:
        attrs['SC'] = 'auto'
    if rng.random() < 0.15:
        attrs['M'] = f'M({pick(rng, [0, 1, 8, 16, 64])})'
    return attrs


def valid_array(rng: random.Random) -> str:
    rank = rng.randint(0, 4)
    return array_text(rng, rank=rank, attrs=random_attributes(rng, rank))


# ---------------------------------------------------------------------------------------------
# One generator per class
# ---------------------------------------------------------------------------------------------

def gen_types(rng):
    roll = rng.random()
    if roll < 0.7:
        name = pick(rng, ARRAY_TYPES)
    elif roll < 0.85:
        name = pick(rng, UNKNOWN_TYPES)
    else:
        name = pick(rng, ['token', 'opaque'])
        return name + pick(rng, ['[]', '[3]', '[]{}', '[]{0}', ''])
    rank = rng.randint(0, 3)
    attrs = random_attributes(rng, rank) if rng.random() < 0.5 else {}
    return array_text(rng, type_name=name, rank=rank, attrs=attrs)


def gen_dimensions(rng):
    rank = rng.randint(0, 5)
    parts = []
    for _ in range(rank):
        parts.append(pick(rng, ['0', '1', '3', '8', '?', '<=4', '<=0', '-1', '', '<=', '<=?',
                                '00', '007', '2', '5', '1000000', '65536']))
    text = pick(rng, ARRAY_TYPES) + '[' + ','.join(parts) + ']'
    if rng.random() < 0.4:
        text += layout_text(permutation(rng, rank), [])
    return text


def gen_minor_to_major(rng):
    rank = rng.randint(0, 4)
    dims_part, _ = dims_text(rng, rank)
    roll = rng.random()
    if roll < 0.4:
        order = permutation(rng, rank)
    elif roll < 0.6:
        order = [rng.randint(0, max(0, rank - 1)) for _ in range(rank)]
    elif roll < 0.8:
        order = permutation(rng, rng.randint(0, 5))
    else:
        order = [rng.randint(-2, rank + 1) for _ in range(rank)]
    body = ','.join(map(str, order))
    colon = pick(rng, ['', '', ':'])
    return pick(rng, ['f32', 's8', 'pred']) + dims_part + '{' + body + colon + '}'


def gen_tiles(rng):
    rank = rng.randint(1, 4)
    roll = rng.random()
    if roll < 0.55:
        tiles = tiles_text(rng, rank, star=rng.random() < 0.4)
    elif roll < 0.8:
        # Zero, negative and empty tiles, and more tiles than usual.
        entries = [pick(rng, ['0', '1', '2', '-1', '-2', '8', '*']) for _ in range(rng.randint(0, 3))]
        if entries and entries[-1] == '*':
            entries[-1] = '4'
        tiles = 'T(' + ','.join(entries) + ')' + pick(rng, ['', '(2)', '(1,1)', '()'])
    else:
        tiles = 'T' + ''.join(tile_text(rng, rank, star=True) for _ in range(rng.randint(3, 6)))
    extra = random_attributes(rng, rank)
    extra['T'] = tiles
    return array_text(rng, rank=rank, attrs=extra)


def gen_trailing_star(rng):
    rank = rng.randint(1, 4)
    head = [pick(rng, ['2', '4', '*', '8']) for _ in range(rng.randint(0, 2))]
    tile = 'T(' + ','.join(head + ['*']) + ')'
    if rng.random() < 0.3:
        tile = 'T(8,128)' + tile[1:]
    return array_text(rng, rank=rank, attrs={'T': tile})


def gen_tail_padding(rng):
    rank = rng.randint(0, 3)
    value = pick(rng, ['1', '2', '3', '8', '1024', '0', '-1', '-8'])
    attrs = {'L': f'L({value})'}
    if rng.random() < 0.5:
        attrs['T'] = 'auto'
    return array_text(rng, rank=rank, attrs=attrs)


def gen_element_size(rng):
    rank = rng.randint(0, 3)
    value = pick(rng, ['0', '1', '2', '3', '4', '6', '8', '16', '32', '64', '100', '-1', '-4'])
    attrs = {'E': f'E({value})'}
    if rng.random() < 0.3:
        attrs['T'] = 'auto'
    type_name = pick(rng, ['s4', 'u4', 's2', 'u1', 'pred', 'f32', 'f4e2m1fn', 'f6e2m3fn', 's8'])
    return array_text(rng, type_name=type_name, rank=rank, attrs=attrs)


def gen_memory_space(rng):
    rank = rng.randint(0, 3)
    value = pick(rng, [0, 1, 2, 3, 5, 7, 64, 126, 127, -1, -5, -127, -128])
    return array_text(rng, rank=rank, attrs={'S': f'S({value})', 'L': pick(rng, ['', 'L(2)'])})


def gen_memory_space_beyond_int8(rng):
    rank = rng.randint(0, 3)
    value = pick(rng, [128, 129, 200, 255, 256, 257, 1000, 65536, -129, -200, -256, -1000])
    return array_text(rng, rank=rank, attrs={'S': f'S({value})'})


def gen_metadata_prefix(rng):
    rank = rng.randint(0, 3)
    value = pick(rng, [0, 1, 4, 8, 16, 100, 4096])
    return array_text(rng, rank=rank, attrs={'M': f'M({value})', 'S': pick(rng, ['', 'S(1)'])})


def gen_negative_metadata(rng):
    rank = rng.randint(0, 3)
    value = pick(rng, [-1, -2, -8, -100])
    return array_text(rng, rank=rank, attrs={'M': f'M({value})'})


def gen_split_configs(rng):
    rank = rng.randint(1, 3)
    dynamic = rng.random() < 0.3
    dims_part, dims = dims_text(rng, rank, dynamic)
    order = permutation(rng, rank)
    sizes = physical_sizes(dims, order)
    configs = []
    for _ in range(pick(rng, [1, 1, 2, 2, 3])):
        dim = rng.randint(0, rank) if rng.random() < 0.15 else rng.randint(0, rank - 1)
        size = sizes[dim] if dim < rank and sizes[dim] is not None else 8
        count = rng.randint(0, 3)
        roll = rng.random()
        if roll < 0.5:
            indices = sorted(set(rng.randint(1, max(1, size - 1)) for _ in range(count)))
        elif roll < 0.75:
            indices = [rng.randint(0, size + 1) for _ in range(count)]
        else:
            indices = [pick(rng, [0, -1, size, size + 1, 1, 2]) for _ in range(count)]
        configs.append(f'({dim}:' + ','.join(map(str, indices)) + ')')
    attrs = ['', tiles_text(rng, rank) if rng.random() < 0.3 else '', '', '', '', '', '',
             'SC' + ''.join(configs), '', '']
    return pick(rng, ['f32', 'bf16', 's8']) + dims_part + layout_text(order, attrs)


def gen_sparse_attributes(rng):
    rank = rng.randint(1, 3)
    attrs = {}
    roll = rng.random()
    if roll < 0.3:
        levels = [pick(rng, ['D', 'C', 'S', 'H', 'D+', 'C~', 'S+~', 'X']) for _ in range(rng.randint(0, rank + 1))]
        attrs['D'] = 'D(' + ','.join(levels) + ')'
    elif roll < 0.5:
        attrs['#'] = f'#({pick(rng, UNSIGNED_TYPES + ["s32", "f32"])})'
    elif roll < 0.7:
        attrs['*'] = f'*({pick(rng, UNSIGNED_TYPES + ["s32", "pred"])})'
    else:
        attrs['P'] = 'P(' + array_text(rng, rank=rng.randint(0, 2)) + ')'
    if rng.random() < 0.4:
        attrs['T'] = 'auto'
    return array_text(rng, rank=rank, attrs=attrs)


def gen_attribute_order(rng):
    rank = rng.randint(1, 3)
    dims_part, _ = dims_text(rng, rank)
    pool = [tiles_text(rng, rank), 'L(2)', 'E(4)', 'S(1)', 'SC(0:1)', 'M(8)', 'D(D)']
    chosen = rng.sample(pool, rng.randint(1, 4))
    if rng.random() < 0.2:
        chosen.append(pick(rng, chosen))
    return 's4' + dims_part + layout_text(permutation(rng, rank), chosen)


def gen_tuples(rng, depth=0):
    roll = rng.random()
    if depth > 2 or roll < 0.35:
        return valid_array(rng) if rng.random() < 0.8 else pick(rng, ['token[]', 'opaque[]', 'f32[]'])
    if roll < 0.5:
        inner = valid_array(rng) if rng.random() < 0.85 else gen_tuples(rng, depth + 1)
        return 'b(' + inner + ')'
    count = pick(rng, [0, 1, 2, 3, 5, 6, 7, 11])
    elements = [gen_tuples(rng, depth + 1) for _ in range(count)]
    sep = pick(rng, [',', ', '])
    return '(' + sep.join(elements) + ')'


def gen_trivia(rng):
    """Whitespace and comments between tokens, where XLA's lexer skips them."""
    tokens = tokenize(valid_array(rng) if rng.random() < 0.85 else gen_tuples(rng))
    out = []
    for token in tokens:
        out.append(token)
        if rng.random() < 0.3:
            out.append(pick(rng, [' ', '  ', '\t', '\n', '/*c*/', '/* x */', ' //c\n', '\r\n']))
    result = ''.join(out)
    if rng.random() < 0.15:
        result += pick(rng, [' // trailing', '/* unterminated', '/**/', ' ', '//'])
    return result


def gen_numbers(rng):
    value = pick(rng, EDGE_NUMBERS)
    places = [
        lambda: f'f32[{value}]',
        lambda: f's8[0,{value}]{{1,0}}',
        lambda: f'f32[8]{{0:T({value})}}',
        lambda: f'f32[8]{{0:L({value})}}',
        lambda: f'f32[8]{{0:E({value})}}',
        lambda: f'f32[8]{{0:M({value})}}',
        lambda: f'f32[{pick(rng, ["3", "100000", "4294967296"])},{pick(rng, ["3", "100000", "4294967296", "2147483648"])},{pick(rng, ["2", "3000", "65536"])}]',
    ]
    return places[rng.randrange(len(places))]()


def gen_beyond_safe_integer(rng):
    """Text XLA accepts whose numbers or element count pass 2^53-1."""
    value = rng.randint(SAFE_MAX + 1, 2**56)
    places = [
        lambda: f'pred[{value}]',
        lambda: f'f32[8]{{0:M({value})}}',
        lambda: f'pred[{2**27 + rng.randint(1, 1000)},{2**27}]{{1,0}}',
        lambda: f's8[{2**20},{2**20},{2**14 + rng.randint(0, 8)}]',
    ]
    return places[rng.randrange(len(places))]()


def gen_lenient_repairs(rng):
    """Malformed attributes XLA's parser repairs instead of rejecting."""
    rank = rng.randint(1, 3)
    head = pick(rng, ['f32', 's8', 'bf16']) + '[' + ','.join(['4'] * rank) + ']'
    order = ','.join(map(str, permutation(rng, rank)))
    form = rng.randrange(5)
    if form == 0:
        # An attribute letter without its value: `{0:L}`.
        attr = pick(rng, ['L', 'E', 'S', 'M', 'SC'])
        return array_text(rng, rank=rank, attrs={attr: attr, 'T': pick(rng, ['', 'auto'])})
    # A value list left open before the layout's `}`: `T(2}`.
    unclosed = pick(rng, [
        'T(2', 'T(2,2', 'T(2)(4', f'{pick(rng, ["L", "E", "S", "M"])}(2', 'SC(0:1', 'SC(0:1,2',
    ])
    return head + '{' + order + ':' + unclosed + '}'


def gen_document_notation(rng):
    """The tiled-layout document's notation: upper-case types, tiles without T."""
    rank = rng.randint(1, 3)
    if rng.random() < 0.5:
        return array_text(rng, type_name=pick(rng, ARRAY_TYPES).upper(), rank=rank)
    text = array_text(rng, type_name=pick(rng, ['f32', 'F32', 's8', 'bf16']), rank=rank,
                      attrs={'T': 'auto', 'L': pick(rng, ['', 'L(2)'])})
    return text.replace(':T(', ':(')


TOKENS = ['f32', 's4', '[', ']', '{', '}', '(', ')', ',', ':', 'T', 'L', 'E', 'S', 'SC', 'M',
          'D', 'P', '#', '*', '<=', '?', '0', '1', '2', '3', '8', '-1', 'b', 'token', 'u8', ' ']


def tokenize(text: str) -> list[str]:
    out = []
    k = 0
    while k < len(text):
        ch = text[k]
        if ch.isalnum() or ch == '_' or (ch == '-' and k + 1 < len(text) and text[k + 1].isdigit()):
            j = k + 1
            while j < len(text) and (text[j].isalnum() or text[j] == '_'):
                j += 1
            out.append(text[k:j])
            k = j
        elif text.startswith('<=', k):
            out.append('<=')
            k += 2
        else:
            out.append(ch)
            k += 1
    return out


def gen_mutations(rng):
    tokens = tokenize(valid_array(rng) if rng.random() < 0.8 else gen_tuples(rng))
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(4)
        k = rng.randrange(len(tokens)) if tokens else 0
        if op == 0 and tokens:
            del tokens[k]
        elif op == 1:
            tokens.insert(k, pick(rng, TOKENS))
        elif op == 2 and tokens:
            tokens[k] = pick(rng, TOKENS)
        elif tokens:
            tokens.insert(k, tokens[k])
    return ''.join(tokens)


# Class name -> (generator, share of the strings).
CLASSES = {
    'types': (gen_types, 8),
    'dimensions': (gen_dimensions, 6),
    'minor-to-major': (gen_minor_to_major, 6),
    'tiles': (gen_tiles, 10),
    'trailing-star': (gen_trailing_star, 2),
    'tail-padding': (gen_tail_padding, 4),
    'element-size': (gen_element_size, 5),
    'memory-space': (gen_memory_space, 4),
    'memory-space-beyond-int8': (gen_memory_space_beyond_int8, 2),
    'metadata-prefix': (gen_metadata_prefix, 3),
    'negative-metadata-prefix': (gen_negative_metadata, 1),
    'split-configs': (gen_split_configs, 10),
    'sparse-attributes': (gen_sparse_attributes, 5),
    'attribute-order': (gen_attribute_order, 4),
    'tuples-buffers': (gen_tuples, 6),
    'trivia': (gen_trivia, 5),
    'numbers': (gen_numbers, 3),
    'beyond-safe-integer': (gen_beyond_safe_integer, 1),
    'lenient-repairs': (gen_lenient_repairs, 2),
    'document-notation': (gen_document_notation, 1),
    'mutations': (gen_mutations, 12),
}


def strip_trivia(text: str) -> str:
    """The text without whitespace and comments (for the feature checks below)."""
    out = []
    k = 0
    while k < len(text):
        if text.startswith('/*', k):
            end = text.find('*/', k + 2)
            k = len(text) if end < 0 else end + 2
        elif text.startswith('//', k):
            while k < len(text) and text[k] not in '\r\n':
                k += 1
        elif text[k] in ' \t\r\n':
            k += 1
        else:
            out.append(text[k])
            k += 1
    return ''.join(out)


def element_counts(canonical: str) -> list[int]:
    """Element count of every array in XLA's canonical print (a bound counts as its size)."""
    counts = []
    for match in re.finditer(r'[a-z0-9]+\[([^\]]*)\]', canonical):
        count = 1
        for dim in filter(None, match.group(1).split(',')):
            count *= int(dim[2:]) if dim.startswith('<=') else (1 if dim == '?' else int(dim))
        counts.append(count)
    return counts


DOCUMENT_TYPE = re.compile(r'(?<![A-Za-z0-9_])(' + '|'.join(t.upper() for t in ARRAY_TYPES) + r')(?=\[)')


def in_xla_notation(text: str) -> str:
    """The tiled-layout document's notation rewritten as XLA's: lower-case types, `T` before tiles."""
    lowered = DOCUMENT_TYPE.sub(lambda m: m.group(1).lower(), text)
    return re.sub(r':(\s*)\(', r':\1T(', lowered)


def without_dim_levels(bare: str) -> str:
    """`D(...)` lists hold level letters (`D(S+~)`) that are not attributes."""
    return re.sub(r'(?<![A-Za-z0-9_])D\([^()]*\)', '', bare)


def deliberate_difference(text: str, verdict: dict, as_xla_notation: dict | None) -> str | None:
    """
    The class of a documented deliberate difference this string shows, if any: generators other
    than that class's own can produce one too (a mutation that drops a ')'), and every case of
    such a class is one an implementation may list as an exclusion.

    `as_xla_notation` is XLA's verdict on `in_xla_notation(text)` when that differs from `text`.
    """
    if verdict['verdict'] != 'accepted':
        if as_xla_notation is None or as_xla_notation['verdict'] != 'accepted':
            return None
        plain = deliberate_difference(in_xla_notation(text), as_xla_notation, None) is None
        return 'document-notation' if plain else None
    bare = without_dim_levels(strip_trivia(text))
    if any(int(n) > SAFE_MAX for n in re.findall(r'\d+', bare)) or any(
            n > SAFE_MAX for n in element_counts(verdict['print'])):
        return 'beyond-safe-integer'
    if bare.count('(') != bare.count(')') or re.search(
            r'(?<![A-Za-z0-9_])(SC|L|E|S|M|T)(?=[^(A-Za-z0-9_]|$)|#(?!\()|\*(?=[^(,)]|$)', bare):
        return 'lenient-repairs'
    if re.search(r'[(,]\*\)', bare):
        return 'trailing-star'
    if re.search(r'M\(-', bare):
        return 'negative-metadata-prefix'
    if any(not -128 <= int(n) <= 127 for n in re.findall(r'(?<![A-Za-z])S\((-?\d+)\)', bare)):
        return 'memory-space-beyond-int8'
    return None


def generate(seed: int, count: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    names = list(CLASSES)
    weights = [CLASSES[n][1] for n in names]
    seen = set()
    out = []
    attempts = 0
    while len(out) < count and attempts < count * 20:
        attempts += 1
        name = rng.choices(names, weights)[0]
        text = CLASSES[name][0](rng)
        if text in seen or len(text) > 400:
            continue
        seen.add(text)
        out.append((name, text))
    return out


# ---------------------------------------------------------------------------------------------
# XLA's verdicts, each string in a worker process that may abort
# ---------------------------------------------------------------------------------------------

WORKER = r'''
import json, sys, os
os.environ.setdefault('JAX_PLATFORMS', 'cpu')
import jaxlib._hlo as hlo
client = None
def byte_size_of(canonical):
    global client
    if client is None:
        import jax
        client = jax.devices('cpu')[0].client
    from jaxlib import _jax
    module = hlo.hlo_module_from_text(
        'HloModule m\n\nENTRY e {\n  p = ' + canonical + ' parameter(0)\n  ROOT c = ' + canonical + ' copy(p)\n}\n')
    return int(_jax.hlo_module_cost_analysis(client, module).get('bytes accessed0{}', 0))
for line in sys.stdin:
    text = json.loads(line)
    try:
        shape = hlo.Shape(text)
    except Exception:
        print(json.dumps({'verdict': 'syntax-error'}), flush=True)
        continue
    canonical = str(shape)
    try:
        hlo.Shape('(' + text + '\n)')
    except Exception:
        print(json.dumps({'verdict': 'invalid', 'print': canonical}), flush=True)
        continue
    result = {'verdict': 'accepted', 'print': canonical}
    if shape.is_array() and not shape.is_dynamic() and not canonical.startswith('b('):
        size = byte_size_of(canonical)
        # The cost analysis reports float32 figures: only those below 2^24 are exact.
        if size < 2 ** 24:
            result['byteSizeOf'] = size
    print(json.dumps(result), flush=True)
'''


def xla_verdicts(texts: list[str]) -> list[dict]:
    results: list[dict] = []
    while len(results) < len(texts):
        worker = subprocess.Popen([sys.executable, '-c', WORKER], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        start = len(results)
        assert worker.stdin is not None and worker.stdout is not None
        for text in texts[start:]:
            worker.stdin.write(json.dumps(text) + '\n')
            worker.stdin.flush()
            line = worker.stdout.readline()
            if not line:
                results.append({'verdict': 'abort'})
                break
            results.append(json.loads(line))
        worker.stdin.close()
        worker.wait()
    return results


def main() -> None:
    args = fixture_arguments(__doc__, DEFAULT_SEED, DEFAULT_COUNT, DEFAULT_OUT)
    import jaxlib
    strings = generate(args.seed, args.count)
    verdicts = xla_verdicts([text for _, text in strings])
    rewritten = {text: in_xla_notation(text) for _, text in strings}
    retry = [text for (_, text), v in zip(strings, verdicts)
             if v['verdict'] != 'accepted' and rewritten[text] != text]
    retried = dict(zip(retry, xla_verdicts([rewritten[text] for text in retry])))
    cases = []
    for (name, text), verdict in zip(strings, verdicts):
        difference = deliberate_difference(text, verdict, retried.get(text))
        case = {'class': difference or name, 'input': text}
        case.update(verdict)
        cases.append(case)
    data = {
        'name': 'xla-shape-parser',
        'version': FIXTURE_VERSION,
        'source': ('XLA itself through jaxlib ' + jaxlib.__version__ + ': xla::ParseShape, its layout '
                   'validator, the canonical print and ShapeUtil::ByteSizeOf, on strings from '
                   'scripts/generate-xla-shape-fixture.py with seed ' + str(args.seed)),
        'jaxlib': jaxlib.__version__,
        'seed': args.seed,
        'cases': cases,
    }
    with open(args.out, 'w', encoding='utf-8') as out:
        out.write('{\n')
        for key in ['name', 'version', 'source', 'jaxlib', 'seed']:
            out.write(f'  {json.dumps(key)}: {json.dumps(data[key])},\n')
        out.write('  "cases": [\n')
        out.write(',\n'.join('    ' + json.dumps(c, ensure_ascii=False) for c in cases))
        out.write('\n  ]\n}\n')
    tally: dict[str, dict[str, int]] = {}
    for case in cases:
        row = tally.setdefault(case['class'], {})
        row[case['verdict']] = row.get(case['verdict'], 0) + 1
    for name, row in tally.items():
        print(f'{name:26} {row}', file=sys.stderr)
    print(f'{len(cases)} strings -> {args.out}', file=sys.stderr)


if __name__ == '__main__':
    main()
