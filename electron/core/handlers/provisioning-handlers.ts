import type { CoreContext } from '../core-context';
import { importProvisioning } from '../provisioning-import';
import type { CoreHandlers } from '../run-handler';

/** A provisioning file's text, imported all or nothing (the same path as `--provision FILE`). */
export function provisioningHandlers(ctx: CoreContext): Pick<CoreHandlers, 'provisioning:import'> {
  return {
    'provisioning:import': ({ text }) => importProvisioning(ctx, text),
  };
}
