import {
  ProvisionedSettingsSchema,
  type ProvisionedSettings,
  type ProvisioningSummary,
} from '../shared/provisioning';
import { allOrNothing } from './all-or-nothing';
import { CoreError, summarizeProblems } from './core-error';
import type { CoreContext } from './core-context';
import { checkProvisioning } from './provisioning-check';
import { beginImport, endImport } from './provisioning-journal';

/**
 * The file's settings section, read from the file the check has passed (so it is well-formed): the
 * check's plan does not carry it.
 */
function fileSettings(input: string | unknown): ProvisionedSettings | undefined {
  const data: unknown = typeof input === 'string' ? JSON.parse(input) : input;
  const section = (data as { settings?: unknown } | null)?.settings;
  return section === undefined ? undefined : ProvisionedSettingsSchema.parse(section);
}

/**
 * A provisioning file applied all or nothing.
 *
 * The whole file is checked first; then profiles, layouts, tours and settings are written, and a failure
 * part-way (a full disk) puts back what was already written, so nothing is applied. A crash part-way
 * is undone at the next start from the journal written before the first document
 * (provisioning-journal.ts): the old state, never profiles without their layouts.
 */
export async function importProvisioning(
  ctx: CoreContext,
  input: string | unknown,
): Promise<ProvisioningSummary> {
  const { vault, layouts, settings, tours } = ctx;
  const [saved, savedLayouts, savedTours, tier, pinSet, roomConfig, roomPassword] = await Promise.all([
    vault.list(),
    layouts.list(),
    tours.list(),
    vault.tier(),
    ctx.kiosk.pin.isSet(),
    ctx.roomConfig.config(),
    ctx.roomConfig.passwordBinding(),
  ]);
  const check = checkProvisioning(input, {
    profileIds: saved.map((p) => p.id),
    savedProfiles: saved,
    pinSet,
    layoutIds: savedLayouts.map((l) => l.id),
    savedLayouts,
    tier,
    room: { config: roomConfig, password: roomPassword },
  });
  if (!check.ok) {
    const n = check.problems.length;
    throw new CoreError(
      'invalid-input',
      `The provisioning file was refused and nothing was applied (${n} problem${n === 1 ? '' : 's'}): ` +
        summarizeProblems(check.problems),
      check.problems,
      { code: 'provisioning.refused', params: { count: n } },
    );
  }
  const { plan } = check;
  const provisioned = fileSettings(input);
  const undoProfiles = await vault.snapshot();
  const settingsBefore = structuredClone(await settings.get());
  const undoPin = await ctx.kiosk.pin.snapshot();
  const undoRoom = await ctx.roomConfig.snapshot();
  const store = ctx.ports.store;
  await beginImport(store, new Date(ctx.clock.now())).catch((e: unknown) => {
    const technical = (e as Error).message;
    throw new CoreError(
      'storage',
      `The provisioning file was not applied: its journal could not be written (${technical}).`,
      undefined,
      { code: 'provisioning.journalFailed', params: { technical } },
    );
  });
  // Each undo that fails is noted: the journal then stays, and the next start finishes the undo.
  let undone = true;
  const undo = (step: () => Promise<unknown>) => () =>
    step().catch((e: unknown) => {
      undone = false;
      throw e;
    });
  await allOrNothing(async () => {
    await vault.saveMany(plan.profiles);
    if (plan.layouts.length) await layouts.saveMany(plan.layouts);
    if (plan.tours.length) await tours.saveMany(plan.tours);
    await settings.update((s) => ({
      ...s,
      selectedProfileId: plan.selectedProfileId ?? s.selectedProfileId,
      kiosk: plan.kiosk ? { ...s.kiosk, ...plan.kiosk } : s.kiosk,
      ...(provisioned?.language !== undefined && { language: provisioned.language }),
    }));
    if (plan.adminPin !== undefined) await ctx.kiosk.pin.set(plan.adminPin);
    if (plan.room)
      await ctx.roomConfig.apply(
        plan.room.config,
        plan.room.password,
        'The provisioning file was not applied',
      );
    // Last: until the journal is gone, the next start would undo all of the above.
    await endImport(store);
  }, [
    undo(undoProfiles),
    undo(() => layouts.restore(savedLayouts)),
    undo(() => tours.restore(savedTours)),
    undo(() => settings.update(() => settingsBefore)),
    undo(undoPin),
    undo(() => (plan.room ? undoRoom() : Promise.resolve())),
  ]).catch(async (e: unknown) => {
    if (undone) await endImport(store).catch(() => undefined);
    throw e;
  });
  for (const p of plan.profiles) ctx.clients.forget(p.id!);
  await ctx.announce.profiles();
  await ctx.announce.layouts();
  if (plan.tours.length) await ctx.announce.tours();
  await ctx.announce.settings();
  // The lock and the admin PIN may have changed: the screens' kiosk status with them.
  if (plan.kiosk || plan.adminPin !== undefined) await ctx.announce.kiosk();
  const after = await settings.get();
  ctx.log.info(
    `provisioning imported: ${plan.profiles.length} profile(s), ${plan.layouts.length} layout(s), ` +
      `${plan.tours.length} tour(s)`,
  );
  return {
    profiles: plan.profiles.map((p) => p.id!),
    layouts: plan.layouts.map((l) => l.id),
    tours: plan.tours.map((t) => t.id),
    selectedProfileId: after.selectedProfileId,
    kiosk: plan.kiosk,
    // Only for a file with a settings section, as the room's below.
    ...(provisioned && { settings: provisioned }),
    // Only for a file with a room section: a summary of any other file is as it always was.
    ...(plan.room && {
      room: {
        enabled: plan.room.config.enabled,
        pcName: plan.room.config.pcName,
        screens: plan.room.config.screens.map((s) => s.name),
        hostedBroker: plan.room.config.hostedBroker.enabled,
      },
    }),
  };
}
