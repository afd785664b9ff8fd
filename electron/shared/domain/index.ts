export * from './credentials';
export * from './device';
export * from './errors';
export * from './page';
export * from './product';
export * from './stream';
export * from './template';
export * from './zod-issue';
