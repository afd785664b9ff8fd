import { useTemplateFormStore } from './template-form-store';

/** Save the draft ~300 ms after the last change, and at once when the page goes away. */
export function startDraftAutosave(delayMs = 300): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void useTemplateFormStore.getState().saveDraftNow();
  };
  const stop = useTemplateFormStore.subscribe((state, previous) => {
    if (state.draft === previous.draft || state.profileId !== previous.profileId) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  });
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', flush);
  return () => {
    flush();
    stop();
    page?.removeEventListener('pagehide', flush);
  };
}
