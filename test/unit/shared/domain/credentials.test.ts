import { describe, expect, it } from 'vitest';
import {
  canPerform,
  credentialParams,
  OPERATION_MATRIX,
  operationsOf,
  refusalMessage,
} from '../../../../electron/shared/domain';

describe('credential matrix (spec part 5)', () => {
  it('lets each type do exactly what the spec table says', () => {
    expect(operationsOf('user')).toEqual(['streamStart', 'listDevices', 'listProducts', 'createTemplate']);
    expect(operationsOf('product')).toEqual(['streamStart', 'listDevices']);
    expect(operationsOf('device')).toEqual(['streamStart']);
    expect(operationsOf('project')).toEqual(['streamStart', 'listDevices', 'createTemplate']);
    expect(canPerform('product', 'listProducts')).toBe(false);
    expect(OPERATION_MATRIX.createTemplate).toEqual(['user', 'project']);
  });

  it('explains a refusal by naming the types that can', () => {
    expect(refusalMessage('device', 'createTemplate')).toBe(
      'Device credentials cannot add an archive template; only User or Project credentials can.',
    );
    expect(refusalMessage('product', 'listProducts')).toContain('only User credentials can');
  });

  it('lists the parameters of a credential set in the spec order', () => {
    expect(
      credentialParams({ type: 'project', projectKey: 'p', projectAuthKey: 'k', projectAuthSecret: 's' }),
    ).toEqual([
      ['projectKey', 'p'],
      ['projectAuthKey', 'k'],
      ['projectAuthSecret', 's'],
    ]);
  });
});
