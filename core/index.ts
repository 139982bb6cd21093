export * from './schemas';
export * from './options';
export * from './format';
export * from './client';
export * from './fields';
