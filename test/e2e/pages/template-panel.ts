import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The archive template panel as a spec sees it: its locators, the way a field's message is read, and
 * the steps the template specs repeat (fill a parameter, discard the draft, record what is sent).
 */

/** Page objects: the locators a person would look for. */
export const ui = (page: Page) => {
  const panel = page.getByTestId('template-panel');
  /** The control of a request path: `name`, `parameters[0].map.min`. */
  const field = (path: string) => panel.locator(`[data-path="${path}"]`);
  return {
    panel,
    field,
    open: page.getByTestId('open-templates'),
    send: panel.getByTestId('template-send'),
    sendReason: panel.getByTestId('send-reason'),
    summary: panel.getByTestId('problem-summary'),
    result: panel.getByTestId('template-result'),
    serverError: panel.getByTestId('template-server-error'),
    parameters: panel.getByTestId('template-parameter'),
    addParameter: panel.getByRole('button', { name: '+ Add parameter' }),
    draftStatus: panel.getByTestId('draft-status'),
    history: panel.getByTestId('template-history'),
    gate: panel.getByTestId('credential-gate'),
    importButton: panel.getByTestId('template-import'),
    importDialog: page.getByTestId('template-import-dialog'),
  };
};

/** The message a field shows, read the way assistive technology reads it: through aria-describedby. */
export async function messageOf(control: Locator): Promise<string> {
  const ids = (await control.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => control.page().locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' | ');
}

export async function expectProblem(control: Locator, message: string | RegExp): Promise<void> {
  await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => messageOf(control)).toMatch(message);
}

/** Every POST the page makes to templates:create, with its body. */
export function recordCreates(page: Page): { bodies: unknown[] } {
  const seen = { bodies: [] as unknown[] };
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/templates:create')
      seen.bodies.push(request.postDataJSON());
  });
  return seen;
}

export interface ParameterInput {
  identifier: string;
  name: string;
  type: 'INTEGER' | 'FLOAT' | 'DOUBLE' | 'STRING';
  map: Partial<Record<'min' | 'max' | 'step' | 'unitName', string>>;
}

/** Fill parameter `index` (adding it when the form does not have it yet). */
export async function fillParameter(page: Page, index: number, p: ParameterInput): Promise<void> {
  const u = ui(page);
  if ((await u.parameters.count()) <= index) await u.addParameter.click();
  await u.field(`parameters[${index}].identifier`).fill(p.identifier);
  await u.field(`parameters[${index}].name`).fill(p.name);
  await u.field(`parameters[${index}].dataType`).selectOption(p.type);
  for (const [key, value] of Object.entries(p.map))
    await u.field(`parameters[${index}].map.${key}`).fill(value);
}

/** Discard the draft (confirmed), back to an empty form; nothing to do when there is none. */
export async function discardDraft(page: Page): Promise<void> {
  const u = ui(page);
  const discard = u.panel.getByTestId('template-discard');
  if (await discard.isDisabled()) return;
  await discard.click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: 'Discard draft', exact: true })
    .click();
  await expect.poll(() => u.field('name').inputValue()).toBe('');
}
