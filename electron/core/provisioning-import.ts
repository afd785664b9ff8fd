import type { ProvisioningSummary } from '../shared/provisioning';
import { allOrNothing } from './all-or-nothing';
import { CoreError, summarizeProblems } from './core-error';
import type { CoreContext } from './core-context';
import { checkProvisioning } from './provisioning-check';
import { beginImport, endImport } from './provisioning-journal';

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
  const [saved, savedLayouts, savedTours, tier, pinSet] = await Promise.all([
    vault.list(),
    layouts.list(),
    tours.list(),
    vault.tier(),
    ctx.kiosk.pin.isSet(),
  ]);
  const check = checkProvisioning(input, {
    profileIds: saved.map((p) => p.id),
    savedProfiles: saved,
    pinSet,
    layoutIds: savedLayouts.map((l) => l.id),
    savedLayouts,
    tier,
  });
  if (!check.ok) {
    const n = check.problems.length;
    throw new CoreError(
      'invalid-input',
      `The provisioning file was refused and nothing was applied (${n} problem${n === 1 ? '' : 's'}): ` +
        summarizeProblems(check.problems),
      check.problems,
    );
  }
  const { plan } = check;
  const undoProfiles = await vault.snapshot();
  const settingsBefore = structuredClone(await settings.get());
  const undoPin = await ctx.kiosk.pin.snapshot();
  const store = ctx.ports.store;
  await beginImport(store, new Date(ctx.clock.now())).catch((e: unknown) => {
    throw new CoreError(
      'storage',
      `The provisioning file was not applied: its journal could not be written (${(e as Error).message}).`,
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
    }));
    if (plan.adminPin !== undefined) await ctx.kiosk.pin.set(plan.adminPin);
    // Last: until the journal is gone, the next start would undo all of the above.
    await endImport(store);
  }, [
    undo(undoProfiles),
    undo(() => layouts.restore(savedLayouts)),
    undo(() => tours.restore(savedTours)),
    undo(() => settings.update(() => settingsBefore)),
    undo(undoPin),
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
  };
}
