import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';

/**
 * Project credentials may list a product's devices but cannot list products: the operator names the
 * product. The key is remembered per profile.
 */
export function ProductKeyPicker({
  current,
  onChoose,
}: {
  current: string | null;
  onChoose(key: string): void;
}) {
  const [value, setValue] = useState(current ?? '');
  const { t } = useTranslation('catalog');
  const [error, setError] = useState<'required' | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError('required');
      return;
    }
    setError(undefined);
    onChoose(value.trim());
  };
  return (
    <form className="product-key-picker" onSubmit={submit} noValidate data-testid="product-key-picker">
      <TextField
        label="productKey"
        value={value}
        onChange={setValue}
        error={error && t('productKey.required')}
        placeholder={t('productKey.placeholder')}
        hint={t('productKey.hint')}
      />
      <Button type="submit" variant="primary">
        {t('productKey.submit')}
      </Button>
    </form>
  );
}
