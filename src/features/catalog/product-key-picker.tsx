import { useState, type FormEvent } from 'react';
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
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError('Enter the key of a product of this project.');
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
        error={error}
        placeholder="pk…"
        hint="The product whose devices to list. Remembered for this profile."
      />
      <Button type="submit" variant="primary">
        List devices
      </Button>
    </form>
  );
}
