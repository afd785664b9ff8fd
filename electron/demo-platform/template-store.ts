import type { ArchiveTemplateResult, ArchiveTemplateSaveDto } from '../shared/domain';
import { DemoHttpError } from './media-backend';

export interface StoredTemplate extends ArchiveTemplateResult {
  template: ArchiveTemplateSaveDto;
  createAt: number;
}

/** Names compare trimmed and case-blind, as a person reading a list would. */
const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The archive templates created while the platform runs, per project, in memory.
 *
 * Ids count up across projects from 1, as a database sequence would.
 */
export class TemplateStore {
  private nextId = 1;
  private readonly byProject = new Map<string, StoredTemplate[]>();

  list(projectKey: string): readonly StoredTemplate[] {
    return this.byProject.get(projectKey) ?? [];
  }

  /** Store a validated template; a name already used in the project is a 409. */
  add(projectKey: string, template: ArchiveTemplateSaveDto, now: number): ArchiveTemplateResult {
    const list = this.byProject.get(projectKey) ?? [];
    if (list.some((t) => nameKey(t.templateName) === nameKey(template.name))) {
      throw new DemoHttpError(
        409,
        'DUPLICATE_NAME',
        `A template named "${template.name.trim()}" already exists in this project.`,
        [{ path: 'name', message: 'a template with this name already exists in the project' }],
      );
    }
    const stored: StoredTemplate = {
      projectKey,
      templateId: this.nextId++,
      templateName: template.name,
      template,
      createAt: now,
    };
    list.push(stored);
    this.byProject.set(projectKey, list);
    return {
      projectKey: stored.projectKey,
      templateId: stored.templateId,
      templateName: stored.templateName,
    };
  }
}
