import type { Notice } from '../shared/contract';
import type { Layout } from '../shared/layout';
import type { Settings } from '../shared/settings';
import type { VaultProfile } from './credential-vault';
import { formatLocalTime } from '../shared/local-time';
import { redactor } from './redact';

export interface DiagnosticsInput {
  app: { name: string; version: string; shell: string; platform: string };
  runtime: Record<string, string | undefined>;
  storage: { tier: string; description: string };
  settings: Settings;
  profiles: readonly VaultProfile[];
  layouts: readonly Layout[];
  notices: readonly Notice[];
  logTail: string | undefined;
  now: number;
}

/**
 * The diagnostics report: what an integrator pastes into a ticket.
 *
 * Profiles appear by id, type, origin and placement only: never a key, never a secret. The whole text
 * passes the redactor on the way out, so a secret that slipped into a notice or a log line still
 * leaves as [redacted].
 */
export function diagnosticsReport(d: DiagnosticsInput): string {
  const lines: string[] = [];
  const section = (title: string) => lines.push('', `## ${title}`);
  lines.push(`# ${d.app.name} diagnostics`, `Generated ${formatLocalTime(d.now)}`);
  section('Versions');
  lines.push(`app ${d.app.version} (${d.app.shell} shell) on ${d.app.platform}`);
  for (const [name, version] of Object.entries(d.runtime)) if (version) lines.push(`${name} ${version}`);
  section('Secret storage');
  lines.push(`${d.storage.tier}: ${d.storage.description}`);
  section('Settings');
  lines.push(JSON.stringify(d.settings, null, 2));
  section(`Profiles (${d.profiles.length})`);
  for (const p of d.profiles) {
    const configured = Object.entries(p.secrets)
      .map(([name, s]) => `${name} ${s.configured ? 'set' : 'missing'}`)
      .join(', ');
    lines.push(
      `- ${p.id}: ${p.credentialType} at ${originOnly(p.baseUrl)}, ${p.placement}, ${p.storageTier} storage (${configured})`,
    );
  }
  section(`Layouts (${d.layouts.length})`);
  for (const l of d.layouts)
    lines.push(
      `- ${l.id}: ${l.grid.columns}×${l.grid.rows}, ${l.tiles.length} tiles, profile ${l.profileId}`,
    );
  section(`Recent notices (${d.notices.length})`);
  for (const n of d.notices) lines.push(`- ${formatLocalTime(n.at)} ${n.level} [${n.source}] ${n.message}`);
  section('Log (most recent last)');
  lines.push(d.logTail?.trimEnd() || '(this shell writes no log file)');
  return redactor.redact(lines.join('\n')) + '\n';
}

/** scheme://host:port of a base URL: its path may name a tenant, and nothing more is needed here. */
function originOnly(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return '(not a URL)';
  }
}
