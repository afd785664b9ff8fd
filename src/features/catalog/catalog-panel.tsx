import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { EmptyState } from '../../components/empty-state';
import { catalogRefusals } from './catalog-mode';
import { useCatalogStore } from './catalog-store';
import { DevicesView } from './devices-view';
import { ProductKeyPicker } from './product-key-picker';
import { ProductList } from './product-list';
import { SingleDevice } from './single-device';

/**
 * The catalog as the active credential type allows it: products then devices (User), the own
 * product's devices (Product), a product key then devices (Project), or the one device (Device).
 * What the type cannot do is said, never offered. `onEditLegend` opens where status codes are named
 * (the shell's Settings), for the lists' "Add a legend"; `onEditProfile` opens the profiles, for
 * "Edit profile" beside an error that is the profile's fault (a 401, a platform out of reach).
 */
export function CatalogPanel({
  onEditLegend,
  onEditProfile,
}: {
  onEditLegend(): void;
  onEditProfile(): void;
}) {
  const links = { onEditLegend, onEditProfile };
  const { t } = useTranslation(['catalog', 'common']);
  const { profile, mode, productKey, chooseProduct } = useCatalogStore(
    useShallow((s) => ({
      profile: s.profile,
      mode: s.mode,
      productKey: s.devices.productKey,
      chooseProduct: s.chooseProduct,
    })),
  );

  if (!profile || !mode)
    return <EmptyState title={t('panel.noProfileTitle')}>{t('panel.noProfileBody')}</EmptyState>;

  const refusals = catalogRefusals(profile.credentialType);
  return (
    <div className="catalog" data-testid="catalog" data-mode={mode}>
      {refusals.length > 0 && (
        <div className="callout callout-info" data-testid="catalog-refusal">
          <p className="callout-title">
            {t('panel.refusalTitle', { type: t(`common:credentialType.${profile.credentialType}`) })}
          </p>
          {refusals.map((r) => (
            <p key={r}>{r}</p>
          ))}
        </div>
      )}
      {mode === 'products' && (productKey ? <DevicesView {...links} /> : <ProductList {...links} />)}
      {mode === 'own-product' && <DevicesView {...links} />}
      {mode === 'ask-product' && (
        <>
          <ProductKeyPicker key={profile.id} current={productKey} onChoose={chooseProduct} />
          {productKey && <DevicesView {...links} />}
        </>
      )}
      {mode === 'single-device' && <SingleDevice deviceKey={profile.keys.deviceKey ?? ''} />}
    </div>
  );
}
