import { CoreError } from '../core-error';
import type { CoreContext } from '../core-context';
import type { CoreHandlers } from '../run-handler';

/** The platform's catalog: products of the user, devices of a product. */
export function catalogHandlers(ctx: CoreContext): Pick<CoreHandlers, 'products:list' | 'devices:list'> {
  const { clients } = ctx;
  return {
    'products:list': async (input) => {
      const { client } = await clients.for(input?.profileId);
      return client.listProducts({ page: input?.page, pageSize: input?.pageSize });
    },

    'devices:list': async (input) => {
      const { profile, client } = await clients.for(input.profileId);
      const productKey =
        input.productKey ?? (profile.credentialType === 'product' ? profile.keys.productKey : undefined);
      if (!productKey)
        throw new CoreError(
          'invalid-input',
          'Choose a product: listing devices needs its product key.',
          [{ path: 'productKey', message: 'required', code: 'input.required' }],
          { code: 'catalog.productRequired' },
        );
      return client.listDevices(productKey, {
        keyword: input.keyword,
        page: input.page,
        pageSize: input.pageSize,
      });
    },
  };
}
