/**
 * Several writes applied all or nothing: when `apply` fails part-way (a full disk), every undo runs,
 * in order, each one's own failure ignored so the others still run, and the first error is thrown.
 * Take the undos (a store's snapshot, the list it held) before `apply` starts.
 */
export async function allOrNothing(
  apply: () => Promise<void>,
  undos: readonly (() => Promise<unknown>)[],
): Promise<void> {
  try {
    await apply();
  } catch (e) {
    for (const undo of undos) await undo().catch(() => undefined);
    throw e;
  }
}
