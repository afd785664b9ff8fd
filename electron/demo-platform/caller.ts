import type { DemoProject, DemoUser } from './demo-data';

/** Who is calling, once their credentials have been checked. */
export type Caller =
  | { type: 'user'; user: DemoUser }
  | { type: 'product'; productKey: string }
  | { type: 'device'; deviceKey: string }
  | { type: 'project'; project: DemoProject };
