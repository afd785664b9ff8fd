import { z } from 'zod';

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const epochMs = z.number().int();

/** Device (spec 2.2). Free-text fields read a missing or null value as ''. */
export const DeviceSchema = z.object({
  createAt: epochMs,
  updateAt: epochMs,
  deviceKey: z.string().min(1),
  sn: text,
  userKey: text,
  productKey: z.string().nullable(),
  deviceType: text,
  descr: text,
  deviceName: text,
  createProtocol: z.number().int(),
  deviceStatus: z.number().int(),
  createAck: z.boolean(),
  /** Type and content not in the spec: kept as it came, shown raw. */
  extendData: z.unknown().transform((v) => (v === undefined ? null : v)),
  gateway: z.boolean(),
  gatewayKey: z.string().nullable(),
});
export type Device = z.infer<typeof DeviceSchema>;
