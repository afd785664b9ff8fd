import { z } from 'zod';
import { ArchiveTemplateShapeSchema } from '../domain';

/** One archive template this app created, kept locally per profile (the platform cannot list them). */
export const TemplateHistoryEntrySchema = z.object({
  profileId: z.string(),
  projectKey: z.string(),
  templateId: z.number().int(),
  templateName: z.string(),
  /** Epoch milliseconds. */
  createdAt: z.number(),
  /** The request as it was sent. */
  template: ArchiveTemplateShapeSchema,
});
export type TemplateHistoryEntry = z.infer<typeof TemplateHistoryEntrySchema>;
