export * from './schemas';
export * from './options';
export * from './format';
