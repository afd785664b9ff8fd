import { z } from 'zod';
import { ErrorParamsSchema } from '../domain';
import { CipherTierSchema } from '../profile';

/**
 * Something the user should know that did not come from one call: a store that was corrupt and
 * kept aside, weak secret storage, a provisioning file that was refused at start-up.
 */
export const NoticeSchema = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  /** Which part spoke: 'settings', 'layouts', 'profiles', 'vault', 'provisioning', ... */
  source: z.string(),
  message: z.string(),
  /** Epoch milliseconds. */
  at: z.number(),
  /** Where a corrupt file was kept, so a person can recover it. */
  keptAt: z.string().optional(),
  /** What it says as a stable code, for the renderer to word (as AppError.code); `message` stays English. */
  code: z.string().optional(),
  /** The code's parameters: names, numbers, paths; never a secret. */
  params: ErrorParamsSchema.optional(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  shell: z.enum(['electron', 'web']),
  /** process.platform of the machine that holds the core (win32, darwin, linux). */
  platform: z.string(),
  storageTier: CipherTierSchema,
  /** Where and how secrets are kept, in words: "OS keychain (gnome-libsecret)", "key file … (0600)". */
  storageDescription: z.string(),
  /** The same as a code (`errors:vault.where.*`) with parameters, when the cipher has one. */
  storageCode: z.string().max(100).optional(),
  storageParams: ErrorParamsSchema.optional(),
  /** Whether the embedded demo platform can be started from this shell. */
  demoAvailable: z.boolean(),
  /** Notices raised before the renderer could listen (most recent last). */
  notices: z.array(NoticeSchema),
  /**
   * The operator's languages as the OS orders them (Electron's app.getPreferredSystemLanguages()), for
   * the 'auto' language; absent where the shell cannot ask the OS (the browser shell: the renderer
   * reads navigator.languages).
   */
  systemLanguages: z.array(z.string().max(35)).max(20).optional(),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

/** A diagnostics report as plain text, ready to paste into a ticket. */
export const DiagnosticsSchema = z.object({
  text: z.string(),
  /** Epoch milliseconds. */
  generatedAt: z.number(),
});
export type Diagnostics = z.infer<typeof DiagnosticsSchema>;
