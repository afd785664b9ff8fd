const PREFIX = 'catalog.productKey.';

/** localStorage when the runtime has one (not in Node tests, not when storage is blocked). */
function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/**
 * The product key a Project-credential operator last opened, per profile.
 *
 * Kept in the renderer's local storage: it is not a secret and not worth a round trip to the core.
 */
export const rememberedProductKey = {
  get(profileId: string): string | null {
    return storage()?.getItem(PREFIX + profileId) ?? null;
  },
  set(profileId: string, productKey: string | null): void {
    const s = storage();
    if (!s) return;
    if (productKey) s.setItem(PREFIX + profileId, productKey);
    else s.removeItem(PREFIX + profileId);
  },
};
