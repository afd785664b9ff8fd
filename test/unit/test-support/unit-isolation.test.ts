import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedUnitFiles, REAL_TIME, realTimeUnitFiles } from '../../support/unit-isolation';

/** Spelled apart, so this file's own text does not isolate it. */
const VI = 'vi';
const REDACTOR = ['red', 'actor'].join('');

/** A small tree with a stateful module, and unit files of each kind that reach it or not. */
const TREE: Record<string, string> = {
  'src/lib/bridge.ts': 'let started = null;\nexport const bridge = () => started;\n',
  'src/lib/pure.ts': 'export const twice = (n: number) => n * 2;\n',
  'src/features/uses-bridge.ts': "import { bridge } from '../lib/bridge';\nexport const b = bridge;\n",
  'test/unit/pure.test.ts': "import { twice } from '../../src/lib/pure';\n",
  'test/unit/deep/through.test.ts': "import { b } from '../../../src/features/uses-bridge';\n",
  'test/unit/deep/dynamic.test.ts': "const m = await import('../../../src/features/uses-bridge.js');\n",
  'test/unit/mocks.test.ts': `${VI}.mock('electron', () => ({}));\nimport { twice } from '../../src/lib/pure';\n`,
  'test/unit/stubs.test.ts': `${VI}.stubGlobal('fetch', () => undefined);\n`,
  'test/unit/redacts.test.ts': `import { ${REDACTOR} } from '../../src/lib/pure';\n`,
  'test/unit/not-a-test.ts': "import { b } from '../../src/features/uses-bridge';\n",
};

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'unit-isolation-'));
  for (const [file, text] of Object.entries(TREE)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('isolatedUnitFiles', () => {
  it('isolates a file that reaches a stateful module through any import, or mocks, stubs or redacts', () => {
    expect(isolatedUnitFiles(root)).toEqual([
      'test/unit/deep/dynamic.test.ts',
      'test/unit/deep/through.test.ts',
      'test/unit/mocks.test.ts',
      'test/unit/redacts.test.ts',
      'test/unit/stubs.test.ts',
    ]);
  });

  it('isolates every unit file of this repository that mocks a module', () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    const isolated = isolatedUnitFiles(repo);
    expect(isolated).toContain('test/unit/main/app/window.test.ts');
    expect(isolated).toContain('test/unit/src/features/wall/wall-store-save.test.ts');
    expect(isolated).not.toContain('test/unit/test-support/unit-isolation.test.ts');
  });
});

describe('realTimeUnitFiles', () => {
  it("names this repository's real-time files, and refuses a list that names a file that is gone", () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    expect(realTimeUnitFiles(repo)).toEqual(REAL_TIME);
    expect(() => realTimeUnitFiles(root)).toThrow(/REAL_TIME names files that do not exist: test\/unit\//);
  });
});
