import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The needles of the canary tests: canary secrets (recognisable strings the platform refuses) and,
 * once a run registers them, the demo platform's real secrets; and the search for them in text and
 * in the bytes of files.
 */

export const CANARY = {
  firstRun: 'CANARY-firstrun-authSecret-7f3a91',
  user: 'CANARY-user-authSecret-7f3a91',
  product: 'CANARY-product-querySecret-7f3a91',
  device: 'CANARY-device-queryToken-7f3a91',
  project: 'CANARY-project-projectAuthSecret-7f3a91',
  userRotated: 'CANARY-user-authSecret-rotated-7f3a91',
  productRotated: 'CANARY-product-querySecret-rotated-7f3a91',
  deviceRotated: 'CANARY-device-queryToken-rotated-7f3a91',
  projectRotated: 'CANARY-project-projectAuthSecret-rotated-7f3a91',
  echoed: 'CANARY-echoed-authSecret-7f3a91',
  echoedHeader: 'CANARY-echoed-querySecret-7f3a91',
  unreachable: 'CANARY-unreachable-queryToken-7f3a91',
  invalidSave: 'CANARY-invalid-save-authSecret-7f3a91',
  wrongField: 'CANARY-wrong-field-secret-7f3a91',
  provisioned: 'CANARY-provisioned-authSecret-7f3a91',
  refusedFile: 'CANARY-refused-file-authSecret-7f3a91',
  malformedFile: 'CANARY-malformed-file-authSecret-7f3a91',
  down: 'CANARY-down-projectAuthSecret-7f3a91',
  broker: 'CANARY-broker-password-7f3a91',
} as const;

/** Everything that must never be found: the canaries and, once the demo runs, its real secrets. */
export const needles = new Map<string, string>(Object.entries(CANARY).map(([k, v]) => [`canary.${k}`, v]));

export type Leak = string;

/** Which needles a text holds, as `where: needle-name`. */
export function scanText(where: string, text: string | undefined | null, found: Leak[]): void {
  if (!text) return;
  for (const [name, value] of needles) if (text.includes(value)) found.push(`${where}: ${name}`);
}

/**
 * The byte forms a secret may take in a file: UTF-8, UTF-16, hex, and base64 / base64url at each of
 * the three alignments it can have inside a longer encoded text.
 */
function fileForms(secret: string): { form: string; bytes: Buffer }[] {
  const raw = Buffer.from(secret, 'utf8');
  const forms = [
    { form: 'utf8', bytes: raw },
    { form: 'utf16le', bytes: Buffer.from(secret, 'utf16le') },
    { form: 'hex', bytes: Buffer.from(raw.toString('hex')) },
  ];
  for (let offset = 0; offset < 3; offset++) {
    const b64 = Buffer.concat([Buffer.alloc(offset, 0x20), raw]).toString('base64');
    // The first group mixes in the bytes before the secret, the last one the bytes after it.
    const core = b64.slice(offset === 0 ? 0 : 4, b64.length - 4);
    const url = core.replace(/\+/g, '-').replace(/\//g, '_');
    forms.push({ form: `base64@${offset}`, bytes: Buffer.from(core) });
    if (url !== core) forms.push({ form: `base64url@${offset}`, bytes: Buffer.from(url) });
  }
  return forms;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? listFiles(full) : Promise.resolve(e.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

/** Grep the bytes of every file under dir for every needle in every form. */
export async function scanFiles(dir: string, found: Leak[]): Promise<number> {
  const files = await listFiles(dir);
  for (const file of files) {
    // A store's temp file can be renamed over its target between the listing and the read (the
    // shell still writes while the page lives): its bytes are then in the target, which is read too.
    const bytes = await readFile(file).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT' && file.endsWith('.tmp')) return Buffer.alloc(0);
      throw e;
    });
    for (const [name, value] of needles)
      for (const { form, bytes: needle } of fileForms(value))
        if (bytes.includes(needle)) found.push(`file ${path.relative(dir, file)} (${form}): ${name}`);
  }
  return files.length;
}
