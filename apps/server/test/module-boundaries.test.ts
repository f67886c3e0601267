import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../../..');
const SRC = resolve(import.meta.dirname, '../src');
const RULE = 'import-x/no-restricted-paths';

/** The repository's own lint config, only the boundary rule, without type information (fast). */
function boundaryLint(): ESLint {
  return new ESLint({
    cwd: REPO,
    overrideConfig: [{ languageOptions: { parserOptions: { projectService: false } } }],
    ruleFilter: ({ ruleId }) => ruleId === RULE,
  });
}

async function boundaryErrors(eslint: ESLint, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(SRC, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'parse'}: ${message.message}`);
}

describe('module boundaries (lint)', () => {
  const eslint = boundaryLint();

  it("refuses another module's repository and internals", async () => {
    const errors = await boundaryErrors(
      eslint,
      'modules/commerce/bills/probe.ts',
      "import { findOrder } from '../orders/repository.js';\nexport const probe = findOrder;\n",
    );
    expect(errors).toEqual([expect.stringContaining(`${RULE}: Unexpected path "../orders/repository.js"`)]);
    const fromJobs = await boundaryErrors(
      eslint,
      'jobs/probe.ts',
      "import { runQueueItem } from '../modules/platform/queue/runner.js';\nexport const probe = runQueueItem;\n",
    );
    expect(fromJobs).toEqual([expect.stringContaining(RULE)]);
  });

  it("allows a module's index.ts and the module's own files", async () => {
    expect(
      await boundaryErrors(
        eslint,
        'modules/commerce/bills/probe.ts',
        "import { findCompanyAdmins } from '../orders/index.js';\nexport const probe = findCompanyAdmins;\n",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        eslint,
        'modules/commerce/orders/probe.ts',
        "import { findOrder } from './repository.js';\nexport const probe = findOrder;\n",
      ),
    ).toEqual([]);
  });

  it('keeps seed/ to itself', async () => {
    const errors = await boundaryErrors(
      eslint,
      'modules/commerce/orders/probe.ts',
      "import { makeIccid } from '../../../seed/iccid.js';\nexport const probe = makeIccid;\n",
    );
    expect(errors).toEqual([expect.stringContaining(`${RULE}: Unexpected path "../../../seed/iccid.js"`)]);
    expect(
      await boundaryErrors(
        eslint,
        'seed/probe.ts',
        "import { makeIccid } from './iccid.js';\nexport const probe = makeIccid;\n",
      ),
    ).toEqual([]);
  });
});

function sourceFiles(at: string): string[] {
  return readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const path = join(at, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The folder a file belongs to in the graph: a module folder, a module group's own files, jobs/ or auth/. */
function folderOf(file: string): string | null {
  const parts = relative(SRC, file).split(sep);
  if (parts[0] === 'modules') return parts.slice(0, parts.length > 3 ? 3 : 2).join('/');
  if (parts[0] === 'jobs' || parts[0] === 'auth') return parts[0];
  return null;
}

/** Folder → the folders its files import (relative imports, type-only ones included). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const specifiers = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(file);
    if (!from) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(specifiers)) {
      const specifier = match[1] ?? match[2] ?? '';
      const to = folderOf(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      if (!to || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** One import cycle between folders, as a path back to its start, or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node];
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('module folders', () => {
  it('import each other without cycles (modules/*/*, jobs/, auth/)', () => {
    const graph = folderGraph();
    expect(graph.get('modules/commerce/bills')).toContain('modules/commerce/orders');
    expect(findCycle(graph)).toBeNull();
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});
