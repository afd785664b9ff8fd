import { z } from 'zod';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** Product (spec 2.3). extendData is a string that may hold JSON; an object is re-encoded. */
export const ProductSchema = z.object({
  createAt: z.number().int(),
  updateAt: z.number().int(),
  productKey: z.string().min(1),
  userKey: text,
  productName: text,
  descr: text,
  productStatus: z.number().int(),
  productIndustry: text,
  productCategory: text,
  extendData: z
    .unknown()
    .transform((v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v))),
});
export type Product = z.infer<typeof ProductSchema>;

export type ParsedExtendData =
  { kind: 'json'; value: unknown; pretty: string } | { kind: 'raw'; text: string };

/** Show parsed JSON pretty-printed when it parses, the raw text when it does not. */
export function parseExtendData(text: string): ParsedExtendData {
  if (text.trim() === '') return { kind: 'raw', text };
  try {
    const value: unknown = JSON.parse(text);
    return { kind: 'json', value, pretty: JSON.stringify(value, null, 2) };
  } catch {
    return { kind: 'raw', text };
  }
}
