import { createContext, useContext, useEffect, useId, useRef } from 'react';

/** A settings section as the Settings dialog sees it when asked to close. */
export interface UnsavedSection {
  /** Its Save button's words ("Save playback settings"). */
  label: string;
  /** Its name in the list of unsaved ones ("Playback settings"); else taken from the label. */
  name?: string;
  dirty: boolean;
  canSave: boolean;
  saving: boolean;
  failed: boolean;
  save(): void;
}

/**
 * The sections of an open Settings dialog that hold edits not yet saved, so closing it can ask
 * instead of losing them. Each section reports itself on every render; listeners hear only when
 * what they may show changed (not the save function's new identity).
 */
export class UnsavedSections {
  private readonly sections = new Map<string, UnsavedSection>();
  private readonly listeners = new Set<() => void>();
  private snapshot: readonly UnsavedSection[] = [];

  put(key: string, section: UnsavedSection): void {
    const was = this.sections.get(key);
    this.sections.set(key, section);
    const same =
      was &&
      was.label === section.label &&
      was.name === section.name &&
      was.dirty === section.dirty &&
      was.canSave === section.canSave &&
      was.saving === section.saving &&
      was.failed === section.failed;
    if (!same) this.changed();
  }

  drop(key: string): void {
    if (this.sections.delete(key)) this.changed();
  }

  /** The sections with edits not saved (or a save under way), in the order they reported. */
  unsaved = (): readonly UnsavedSection[] => this.snapshot;

  /** The section as it is now (its latest save function). */
  current(label: string): UnsavedSection | undefined {
    return [...this.sections.values()].find((s) => s.label === label);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.snapshot = [...this.sections.values()].filter((s) => s.dirty || s.saving);
    for (const l of this.listeners) l();
  }
}

export const UnsavedSectionsContext = createContext<UnsavedSections | null>(null);

/** Report this section's edits to the Settings dialog around it (if any). */
export function useReportUnsaved(section: UnsavedSection): void {
  const registry = useContext(UnsavedSectionsContext);
  const key = useId();
  const latest = useRef(section);
  useEffect(() => {
    latest.current = section;
    registry?.put(key, { ...section, save: () => latest.current.save() });
  });
  useEffect(() => () => registry?.drop(key), [registry, key]);
}
