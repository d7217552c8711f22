/**
 * The API report: every name each published entry point exports, with its kind and signature
 * (members of classes and interfaces included), as the TypeScript checker sees them. One file per
 * package in `tools/checks/api/`; `npm run api:update` rewrites them, and
 * `test/api-report.test.ts` fails `npm test` when the sources and the files disagree, so a change
 * to a public surface is a visible change in review (and needs a changeset).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Where the checked-in reports live. */
export const API_DIR = fileURLToPath(new URL('../api', import.meta.url));

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly exports?: Record<string, string | Record<string, string>>;
}

/** Published packages and their TypeScript entry points, by export subpath. */
function entryPoints(): { name: string; subpath: string; file: string }[] {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    workspaces: string[];
  };
  const dirs = root.workspaces
    .filter((glob) => glob.endsWith('/*'))
    .flatMap((glob) => {
      const parent = join(repoRoot, glob.slice(0, -2));
      return existsSync(parent)
        ? (ts.sys.getDirectories(parent) ?? []).map((d) => join(parent, d))
        : [];
    });
  return dirs.flatMap((dir) => {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) return [];
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    if (manifest.private) return [];
    return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
      const source = typeof target === 'string' ? target : target['@tilekit/source'];
      return source?.endsWith('.ts') && !subpath.includes('*')
        ? [{ name: manifest.name, subpath, file: join(dir, source) }]
        : [];
    });
  });
}

const FORMAT =
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseFullyQualifiedType |
  ts.TypeFormatFlags.WriteArrowStyleSignature;

const LITERAL_MEMBER = /^(?:"(?:[^"\\]|\\.)*"|-?\d[\w.]*|undefined|null)$/;

/**
 * A type as text. A union written only of string or number literals is printed in sorted order
 * (`undefined` and `null` last): the checker lists such members in the order it first met each
 * literal anywhere in the program, so an unrelated file could otherwise reorder a report whose
 * API has not changed. Unions naming other types are printed as the checker writes them.
 */
function typeToText(
  checker: ts.TypeChecker,
  type: ts.Type,
  decl: ts.Declaration | undefined,
  flags: ts.TypeFormatFlags,
): string {
  const text = checker.typeToString(type, decl, flags);
  if (!type.isUnion()) return text;
  const members = text.split(' | ');
  if (members.length < 2 || !members.every((m) => LITERAL_MEMBER.test(m))) return text;
  const absent = (m: string) => m === 'undefined' || m === 'null';
  return [...members.filter((m) => !absent(m)).sort(), ...members.filter(absent).sort()].join(
    ' | ',
  );
}

/** The lines describing one exported symbol. */
function describe(checker: ts.TypeChecker, exported: ts.Symbol): string[] {
  const symbol =
    exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const name = exported.getName();
  const decl = symbol.declarations?.[0];
  const typeText = (type: ts.Type) => typeToText(checker, type, decl, FORMAT);
  const members = (type: ts.Type) =>
    checker
      .getPropertiesOfType(type)
      .filter((p) => !p.getName().startsWith('__'))
      .map((p) => {
        const optional = p.flags & ts.SymbolFlags.Optional ? '?' : '';
        const t = decl ? checker.getTypeOfSymbolAtLocation(p, decl) : checker.getTypeOfSymbol(p);
        return `    ${p.getName()}${optional}: ${typeText(t)}`;
      })
      .sort();
  const flags = symbol.flags;
  if (flags & ts.SymbolFlags.Class) {
    const instance = checker.getDeclaredTypeOfSymbol(symbol);
    const statics = checker.getTypeOfSymbol(symbol);
    const constructors = statics
      .getConstructSignatures()
      .map((s) => `    new${checker.signatureToString(s, decl, FORMAT)}`);
    const base = instance.getBaseTypes?.()?.map(typeText).join(', ');
    return [
      `class ${name}${base ? ` extends ${base}` : ''}`,
      ...constructors,
      ...members(instance),
    ];
  }
  if (flags & ts.SymbolFlags.Interface) {
    return [`interface ${name}`, ...members(checker.getDeclaredTypeOfSymbol(symbol))];
  }
  if (flags & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    return [
      `type ${name} = ${typeToText(checker, type, decl, FORMAT | ts.TypeFormatFlags.InTypeAlias)}`,
    ];
  }
  if (flags & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbol(symbol);
    return type
      .getCallSignatures()
      .map((s) => `function ${name}${checker.signatureToString(s, decl, FORMAT)}`);
  }
  if (flags & ts.SymbolFlags.Enum) return [`enum ${name}`];
  if (flags & ts.SymbolFlags.Variable) {
    return [`const ${name}: ${typeText(checker.getTypeOfSymbol(symbol))}`];
  }
  return [`${ts.SymbolFlags[flags] ?? 'symbol'} ${name}`];
}

/** Each published package's report text, by package name. */
export function apiReports(): Map<string, string> {
  const entries = entryPoints();
  const program = ts.createProgram(
    entries.map((e) => e.file),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      customConditions: ['@tilekit/source'],
      strict: true,
      exactOptionalPropertyTypes: true,
      skipLibCheck: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      resolveJsonModule: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
    },
  );
  const checker = program.getTypeChecker();
  const reports = new Map<string, string[]>();
  for (const entry of entries) {
    const source = program.getSourceFile(entry.file);
    const module = source && checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`no module symbol for ${entry.file}`);
    const lines = checker
      .getExportsOfModule(module)
      .sort((a, b) => (a.getName() < b.getName() ? -1 : a.getName() > b.getName() ? 1 : 0))
      .flatMap((symbol) => describe(checker, symbol));
    const text = reports.get(entry.name) ?? [];
    text.push(
      `## ${entry.name}${entry.subpath === '.' ? '' : entry.subpath.slice(1)}`,
      '',
      ...lines,
      '',
    );
    reports.set(entry.name, text);
  }
  return new Map(
    [...reports].map(([name, lines]) => [
      name,
      [
        `# API report of ${name}`,
        '',
        'Generated by `npm run api:update` (tools/checks/scripts/api-report.ts); do not edit.',
        '',
        ...lines,
      ]
        .join('\n')
        // The checker names types it cannot print by name as import("<absolute path>"): keep
        // reports independent of where the repository is checked out.
        .replaceAll(`import("${repoRoot}`, 'import("'),
    ]),
  );
}

/** The report file of package `name`. */
export const reportFile = (name: string): string =>
  join(API_DIR, `${name.replace('@tilekit/', '')}.api.md`);

if (process.argv.includes('--write')) {
  mkdirSync(API_DIR, { recursive: true });
  for (const [name, text] of apiReports()) writeFileSync(reportFile(name), text);
}
