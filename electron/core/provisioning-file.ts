import { createHash } from 'node:crypto';
import { lstat, open, readFile, realpath, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from './atomic-write';
import { CoreError } from './core-error';
import { CREDENTIAL_FIELDS, type CredentialType } from '../shared/domain';
import type { ProvisioningSummary } from '../shared/provisioning';
import { AfterImportSchema, VAULT_MARKER, type AfterImport } from '../shared/provisioning';
import type { KeyValueStore, NoticeInput, NoticeSink } from './ports';

/**
 * The largest provisioning file read from disk (`--provision FILE`, the standing file): 1 MB, as the
 * API takes (`provisioning:import`'s text is at most 1,000,000 characters, never more bytes than that).
 */
export const MAX_PROVISIONING_FILE_BYTES = 1_000_000;

/** Which standing provisioning file was applied last, by content hash. */
const APPLIED_KEY = 'provisioning-applied';

export interface ProvisioningFileResult {
  summary: ProvisioningSummary;
  /** What was done to the file afterwards. */
  file: 'secrets-stripped' | 'deleted' | 'unchanged';
}

export interface ProvisioningFileDeps {
  importProvisioning(text: string): Promise<ProvisioningSummary>;
  notify: NoticeSink;
}

/**
 * Import a provisioning file, then leave no secret in it.
 *
 * A symbolic link is followed: the file it points at is the one rewritten (the link stays) or, for
 * `delete-file`, removed with the link, so no secret stays behind the link. The rewritten file keeps
 * its permissions and, where allowed, its owner. A file over MAX_PROVISIONING_FILE_BYTES is refused
 * before it is read.
 *
 * The import is all or nothing and happens first: a refused file, or one whose import fails part-way,
 * is left exactly as it was. After a successful import the file is rewritten with each secret replaced
 * by VAULT_MARKER (atomically: written beside, flushed, renamed over, so a power cut leaves the old
 * file or the new one), or removed, as its `afterImport` (or the caller's `after`) says. Importing the
 * rewritten file again changes nothing: the marker keeps the stored secret.
 */
export async function applyProvisioningFile(
  file: string,
  deps: ProvisioningFileDeps,
  options: { after?: AfterImport } = {},
): Promise<ProvisioningFileResult> {
  const text = await readProvisioningFile(file);
  const summary = await deps.importProvisioning(text);
  const data = JSON.parse(text) as Record<string, unknown>;
  const declared = AfterImportSchema.safeParse(data.afterImport);
  const after = options.after ?? (declared.success ? declared.data : 'strip-secrets');
  try {
    // The file that holds the bytes: a link is followed to it (the link itself holds no secret).
    const target = await realpath(file);
    if (after === 'delete-file') {
      await unlink(target);
      if (target !== path.resolve(file) && (await lstat(file).catch(() => undefined))?.isSymbolicLink())
        await unlink(file);
      return { summary, file: 'deleted' };
    }
    const stripped = stripSecrets(data);
    if (!stripped.changed) return { summary, file: 'unchanged' };
    await writeAtomically(target, `${JSON.stringify(stripped.data, null, 2)}\n`);
    return { summary, file: 'secrets-stripped' };
  } catch (error) {
    const technical = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    deps.notify({
      level: 'error',
      source: 'provisioning',
      message:
        `${path.basename(file)} was applied, but its secrets could not be ${after === 'delete-file' ? 'removed with the file' : 'removed from it'}` +
        ` (${technical}). Delete the file or its secrets by hand.`,
      code: after === 'delete-file' ? 'notice.provisioning.notDeleted' : 'notice.provisioning.notStripped',
      params: { file: path.basename(file), technical },
    });
    return { summary, file: 'unchanged' };
  }
}

/**
 * A standing provisioning file (one an integrator copies onto many PCs, at a fixed path): applied
 * once per content, recorded by its SHA-256 so it is not applied again at every start.
 *
 * Returns undefined when there is no file or it was applied already.
 */
export async function applyStandingProvisioning(
  file: string,
  deps: ProvisioningFileDeps & { store: KeyValueStore; now: () => number },
): Promise<ProvisioningFileResult | undefined> {
  let text: string;
  try {
    text = await readProvisioningFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const record = (await deps.store.get(APPLIED_KEY)) as { hashes?: string[] } | undefined;
  const applied = new Set(record?.hashes ?? []);
  if (applied.has(sha256(text))) return undefined;
  const result = await applyProvisioningFile(file, deps);
  // The file as it is now (stripped) is the same set-up: record both, so neither is applied again.
  const now = await readFile(file, 'utf8').catch(() => undefined);
  const hashes = [sha256(text), ...(now === undefined ? [] : [sha256(now)])];
  await deps.store.set(APPLIED_KEY, {
    hashes: [...new Set([...hashes, ...applied])].slice(0, 20),
    file,
    appliedAt: deps.now(),
  });
  return result;
}

/**
 * Where an integrator puts the standing provisioning file, per operating system.
 *
 * Machine-wide and writable by administrators only (the app strips secrets from it, so the app's
 * account must be allowed to write it): Linux /etc/control-room-wall/provisioning.json, Windows
 * %ProgramData%\\Control Room Wall\\provisioning.json, macOS /Library/Application Support/Control Room
 * Wall/provisioning.json. WALL_PROVISIONING_FILE overrides it.
 */
export function standingProvisioningPath(
  platform: NodeJS.Platform = process.platform,
  env: Record<string, string | undefined> = process.env,
): string {
  if (env.WALL_PROVISIONING_FILE) return env.WALL_PROVISIONING_FILE;
  if (platform === 'win32')
    return path.win32.join(env.ProgramData ?? 'C:\\ProgramData', 'Control Room Wall', 'provisioning.json');
  if (platform === 'darwin') return '/Library/Application Support/Control Room Wall/provisioning.json';
  return '/etc/control-room-wall/provisioning.json';
}

/** The file's JSON with every profile secret, the admin PIN and the room's password replaced by the vault marker. */
function stripSecrets(data: Record<string, unknown>): {
  data: Record<string, unknown>;
  changed: boolean;
} {
  let changed = false;
  const profiles = Array.isArray(data.profiles)
    ? data.profiles.map((p: unknown) => {
        if (p === null || typeof p !== 'object') return p;
        const profile = p as Record<string, unknown>;
        const creds = profile.credentials as Record<string, unknown> | undefined;
        const type = creds?.type;
        if (!creds || typeof type !== 'string' || !(type in CREDENTIAL_FIELDS)) return p;
        const next = { ...creds };
        for (const name of CREDENTIAL_FIELDS[type as CredentialType].secrets)
          if (typeof next[name] === 'string' && next[name] !== VAULT_MARKER) {
            next[name] = VAULT_MARKER;
            changed = true;
          }
        return { ...profile, credentials: next };
      })
    : data.profiles;
  let kiosk = data.kiosk;
  if (kiosk !== null && typeof kiosk === 'object') {
    const k = kiosk as Record<string, unknown>;
    if (typeof k.adminPin === 'string' && k.adminPin !== VAULT_MARKER) {
      kiosk = { ...k, adminPin: VAULT_MARKER };
      changed = true;
    }
  }
  let room = data.room;
  if (room !== null && typeof room === 'object') {
    const r = room as Record<string, unknown>;
    if (typeof r.password === 'string' && r.password !== VAULT_MARKER) {
      room = { ...r, password: VAULT_MARKER };
      changed = true;
    }
  }
  return {
    data: {
      ...data,
      ...(data.profiles !== undefined && { profiles }),
      ...(data.kiosk !== undefined && { kiosk }),
      ...(data.room !== undefined && { room }),
    },
    changed,
  };
}

/**
 * A provisioning file's text, refused (CoreError 'invalid-input', naming the file and the limit)
 * when it is over MAX_PROVISIONING_FILE_BYTES: its size is checked before it is read, and no more
 * than the limit is read even if it grows meanwhile. Errors of the file system (ENOENT, EACCES)
 * pass through as they are.
 */
export async function readProvisioningFile(file: string): Promise<string> {
  const max = MAX_PROVISIONING_FILE_BYTES;
  const tooLarge = (size: string) =>
    new CoreError(
      'invalid-input',
      `The provisioning file ${file} is ${size}; at most 1 MB (${max.toLocaleString('en')} bytes) is read. ` +
        'Split it, or remove what it does not need.',
      [
        {
          path: '$',
          message: `${size}: over the limit of 1 MB (${max.toLocaleString('en')} bytes)`,
          code: 'problem.fileTooLarge',
          params: { max },
        },
      ],
      { code: 'provisioning.tooLarge', params: { file, max } },
    );
  const handle = await open(file, 'r');
  try {
    const info = await handle.stat();
    if (!info.isFile())
      throw new CoreError(
        'invalid-input',
        `The provisioning file ${file} is not a regular file.`,
        [{ path: '$', message: 'not a regular file', code: 'problem.notAFile' }],
        { code: 'provisioning.notAFile', params: { file } },
      );
    // A second hard link would keep the secrets: the stripped file replaces one name only.
    if (info.nlink > 1)
      throw new CoreError(
        'invalid-input',
        `The provisioning file ${file} has other hard links: its secrets could not be removed from them. Give a file with one name.`,
        [{ path: '$', message: 'has other hard links', code: 'problem.hardLinked' }],
        { code: 'provisioning.hardLinked', params: { file } },
      );
    if (info.size > MAX_PROVISIONING_FILE_BYTES) throw tooLarge(`${info.size.toLocaleString('en')} bytes`);
    const buffer = Buffer.alloc(MAX_PROVISIONING_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_PROVISIONING_FILE_BYTES) throw tooLarge('larger than that');
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Beside the file under a hidden name (an integrator's folder shows no stray file while it is
 * written), with the file's own permissions and owner: rewriting it must not change who may read it.
 */
const writeAtomically = async (file: string, text: string): Promise<void> => {
  const info = await stat(file);
  await writeFileAtomically(file, text, {
    mode: info.mode & 0o777,
    owner: { uid: info.uid, gid: info.gid },
    tempPath: path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`),
  });
};

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The notice of a provisioning file refused at start-up (`--provision FILE`, the standing file):
 * the English message names every problem (and the log keeps it); the code names the file and how
 * many problems the check found, or only the file when it could not be read or applied.
 */
export function provisioningRefusedNotice(file: string, error: unknown, standing = false): NoticeInput {
  const message = error instanceof Error ? error.message : String(error);
  const problems = error instanceof CoreError ? (error.details?.length ?? 0) : 0;
  return {
    level: 'error',
    source: 'provisioning',
    message: `${standing ? 'The standing provisioning file was refused' : file}: ${message}`,
    ...(problems > 0
      ? { code: 'notice.provisioning.refused', params: { file, count: problems } }
      : { code: 'notice.provisioning.notApplied', params: { file } }),
  };
}
