import type { FieldId } from './field-ids';

/** What one field shows: its problem (if it may show now) and a hint. */
export interface FieldMessages {
  error?: string;
  hint?: string;
}

export type FieldMessagesOf = (id: FieldId, path: string) => FieldMessages;
