import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { bad, good, repoRoot, source, specifier, type Fixture } from './boundary-fixtures';

// One ESLint over the repository's own eslint.config.js: each fixture is linted as if it lived at its path.
const eslint = new ESLint({ cwd: repoRoot });

async function lint(fixture: Fixture): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(source(fixture), { filePath: path.join(repoRoot, fixture.file) });
  return result.messages;
}

const describeFixture = (fixture: Fixture) => `${fixture.file} -> ${specifier(fixture)}`;

const boundaryRules = ['import-x/no-restricted-paths', 'no-restricted-imports', 'no-restricted-syntax'];

/** Where a boundary rule's options keep their messages: zones, banned paths and patterns, or the option itself. */
type BoundaryOption = {
  message?: string;
  zones?: BoundaryOption[];
  paths?: BoundaryOption[];
  patterns?: BoundaryOption[];
};

/** The messages the config gives its boundaries (one per path zone, per package ban, per IPC ban). */
async function declaredMessages(): Promise<Set<string>> {
  const messages = new Set<string>();
  for (const file of new Set([...bad, ...good].map((fixture) => fixture.file))) {
    const config = (await eslint.calculateConfigForFile(path.join(repoRoot, file))) as Linter.Config;
    for (const rule of boundaryRules) {
      const entry = config.rules?.[rule];
      const options = (Array.isArray(entry) ? entry.slice(1) : []) as BoundaryOption[];
      for (const option of options) {
        for (const { message } of [
          option,
          ...(option.zones ?? []),
          ...(option.paths ?? []),
          ...(option.patterns ?? []),
        ]) {
          if (message) messages.add(message);
        }
      }
    }
  }
  return messages;
}

describe('lint enforces the boundaries of ARCHITECTURE.md', () => {
  describe('rejects', () => {
    it.each(bad.map((fixture) => [describeFixture(fixture), fixture] as const))(
      '%s',
      async (_name, fixture) => {
        const messages = await lint(fixture);
        expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([[fixture.rule, 2]]);
        // The import itself is line 1; an IPC fixture's offending call is the body's last line.
        expect(messages[0].line).toBe(source(fixture).trimEnd().split('\n').length);
      },
    );
  });

  describe('accepts', () => {
    it.each(good.map((fixture) => [describeFixture(fixture), fixture] as const))(
      '%s',
      async (_name, fixture) => {
        expect(await lint(fixture)).toEqual([]);
      },
    );
  });

  it('has a rejecting fixture for every zone and ban the config declares (none that cannot fail)', async () => {
    const declared = await declaredMessages();
    expect(declared.size).toBeGreaterThan(10);
    const reported = (await Promise.all(bad.map(lint))).flat().map((m) => m.message);
    // A zone's report reads 'Unexpected path "x" imported in restricted zone. <message>'; a ban's ends the same way.
    const neverReported = [...declared].filter((message) => !reported.some((text) => text.endsWith(message)));
    expect(neverReported).toEqual([]);
  });
});
