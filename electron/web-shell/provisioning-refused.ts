import type { FieldProblem } from '../shared/domain';

/**
 * `--provision FILE` was refused: nothing was applied and nothing is served.
 *
 * Carries every problem by its JSON path (`$.profiles[1].credentials.authSecret: required`), so the
 * command line can print them all at once.
 */
export class ProvisioningRefusedError extends Error {
  constructor(
    readonly file: string,
    message: string,
    readonly problems: readonly FieldProblem[],
  ) {
    super(message);
    this.name = 'ProvisioningRefusedError';
  }

  /** One line for the file, then one per problem. */
  describe(): string {
    const lines = [`The provisioning file ${this.file} was refused; nothing was applied.`];
    if (this.problems.length === 0) lines.push(`  ${this.message}`);
    for (const p of this.problems) lines.push(`  ${p.path}: ${p.message}`);
    return lines.join('\n');
  }
}
