import { z } from 'zod';
import { LayoutSchema, type Layout } from '../../../electron/shared/layout';
import { api } from '../../lib/bridge';
import type { WallCell } from './layout-edit';

/** The ui key (kept by the core with the data folder) under which the wall remembers how it was left. */
export const WALL_VIEW_KEY = 'wall.view';
/** Where an earlier version remembered the layout, per page origin (the browser shell's port). */
const LEGACY_KEY = 'wall.currentLayout';
/** Where a window opened for one view (`?view=<layoutId>`) remembers how it was left, apart from the main one. */
const WINDOW_VIEW_KEY_PREFIX = 'wall.window.';
/** Changes are written this long after the last one, so a burst of edits is one write. */
export const VIEW_DEBOUNCE_MS = 250;

/** An unsaved edit the wall did not show as it opened (a locked kiosk), kept to be opened again. */
export interface KeptEdit {
  draft: Layout;
  /** When it was set aside (epoch ms). */
  keptAt: number;
}

/** How the operator left the wall: which layout, its unsaved edits, the tile in focus, the stats shown. */
export interface WallView {
  layoutId: string | null;
  /** The layout as shown, when it differs from the saved one (or was never saved). */
  draft: Layout | null;
  /** Whether the draft's layout was saved when the draft was written (else it is a new one). */
  draftOfSaved: boolean;
  selected: WallCell | null;
  statsShown: Record<string, boolean>;
  /** This window was opened for this view (`?view=`): it opens on it whatever else is remembered. */
  pinned?: boolean;
  /** Unsaved edits set aside (kept-edits.ts), oldest first. */
  kept?: KeptEdit[];
}

const LAYOUT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * The view this window was opened for: `?view=<layoutId>` in its address (the desktop app's window on
 * another display, or a browser window the browser shell opened), or null for the main window.
 */
export function windowView(search: string = globalThis.location?.search ?? ''): string | null {
  const id = new URLSearchParams(search).get('view');
  return id && LAYOUT_ID.test(id) ? id : null;
}

/** Where a further screen of the control room (`?screen=<name>`) remembers how it was left. */
const SCREEN_VIEW_KEY_PREFIX = 'wall.screen.';

/** The screen (`?screen=<name>`, a room screen's window other than the main one) of this window, or null. */
function windowScreen(search: string = globalThis.location?.search ?? ''): string | null {
  const name = new URLSearchParams(search).get('screen');
  return name && LAYOUT_ID.test(name) ? name : null;
}

/**
 * The ui key this window remembers its view under: its own for a view window and for a further screen
 * of the room (two windows sharing one key would overwrite each other's wall), the main one's else.
 */
export function viewKey(view: string | null = windowView(), screen: string | null = windowScreen()): string {
  if (view) return `${WINDOW_VIEW_KEY_PREFIX}${view}`;
  return screen ? `${SCREEN_VIEW_KEY_PREFIX}${screen}` : WALL_VIEW_KEY;
}

/** The address of a window for `layoutId`: this page's, with `?view=` (and nothing else of its query). */
export function windowViewUrl(layoutId: string, href: string = globalThis.location?.href ?? ''): string {
  const url = new URL(href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('view', layoutId);
  return url.toString();
}

const CellSchema = z.object({ column: z.number().int().min(1), row: z.number().int().min(1) });
const ViewSchema = z.object({
  layoutId: z.string().nullable(),
  draft: z.unknown(),
  draftOfSaved: z.boolean().catch(false),
  selected: CellSchema.nullable().catch(null),
  statsShown: z.record(z.string(), z.boolean()).catch({}),
  kept: z
    .array(z.object({ draft: z.unknown(), keptAt: z.number() }))
    .optional()
    .catch(undefined),
});

/** The kept edits that still read as layouts (one that does not is dropped rather than shown broken). */
function keptOf(kept: readonly { draft: unknown; keptAt: number }[] | undefined): KeptEdit[] {
  return (kept ?? []).flatMap(({ draft, keptAt }) => {
    const layout = LayoutSchema.safeParse(draft);
    return layout.success ? [{ draft: layout.data, keptAt }] : [];
  });
}

function takeLegacy(): string | null {
  try {
    const id = globalThis.localStorage?.getItem(LEGACY_KEY) ?? null;
    if (id !== null) globalThis.localStorage?.removeItem(LEGACY_KEY);
    return id;
  } catch {
    return null;
  }
}

/**
 * The view remembered last, or null. A layout id an earlier version left in this page's
 * localStorage is taken over once (and removed there): it was the operator's latest choice.
 * A draft that no longer reads as a layout is dropped rather than shown broken.
 */
export async function recallView(): Promise<WallView | null> {
  const pinned = windowView();
  const fresh = (layoutId: string | null): WallView => ({
    layoutId,
    draft: null,
    draftOfSaved: false,
    selected: null,
    statsShown: {},
    ...(pinned && { pinned: true }),
  });
  // A view window never takes over the main window's legacy memory (nor removes it).
  const legacy = pinned ? null : takeLegacy();
  if (legacy) return fresh(legacy);
  const result = await api.ui.get({ key: viewKey(pinned) });
  if (!result.ok || result.value.value == null) return pinned ? fresh(pinned) : null;
  const view = ViewSchema.safeParse(result.value.value);
  if (!view.success) return pinned ? fresh(pinned) : null;
  const draft = view.data.draft == null ? null : LayoutSchema.safeParse(view.data.draft);
  // The window's own view, with what it remembered of it (a layout switched to inside it is not kept).
  if (pinned && view.data.layoutId !== pinned) return fresh(pinned);
  return {
    ...(pinned && { pinned: true }),
    layoutId: view.data.layoutId,
    draft: draft?.success ? draft.data : null,
    draftOfSaved: view.data.draftOfSaved,
    selected: view.data.selected,
    statsShown: view.data.statsShown,
    kept: keptOf(view.data.kept),
  };
}

/**
 * Writes the view through ui:set, the newest only, a moment after the last change; `flush` writes
 * at once (page hidden or closing). `onPending` tells whether something is still to be written;
 * `kept` the unsaved edits set aside, written with every view (so a later view does not lose them).
 */
export function createViewMemory(
  onPending: (pending: boolean) => void,
  kept: () => readonly KeptEdit[] = () => [],
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let next: WallView | null = null;
  let writing: Promise<void> | null = null;
  // Read once: the window's key (a view window never writes over the main window's memory).
  const key = viewKey();

  const write = async (): Promise<void> => {
    timer = null;
    if (writing) await writing;
    const view = next;
    if (!view) return;
    next = null;
    const { pinned: _pinned, ...rest } = view;
    const aside = kept();
    const value = aside.length ? { ...rest, kept: aside } : rest;
    writing = api.ui.set({ key, value }).then((result) => {
      writing = null;
      if (!result.ok)
        console.warn(`[wall] the wall's state could not be remembered: ${result.error.message}`);
    });
    await writing;
    if (!next && !timer) onPending(false);
  };

  return {
    remember(view: WallView): void {
      next = view;
      onPending(true);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void write(), VIEW_DEBOUNCE_MS);
    },
    async flush(): Promise<void> {
      if (timer) {
        clearTimeout(timer);
        await write();
      } else if (writing) await writing;
    },
  };
}
