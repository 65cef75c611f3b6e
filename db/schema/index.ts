// The one barrel in the project: drizzle-kit and the drizzle client need the whole schema in one module.
export * from './enums.ts';
export * from './catalogue.ts';
export * from './awards.ts';
export * from './editions.ts';
export * from './users.ts';
export * from './reader.ts';
export * from './operations.ts';
export * from './search.ts';
export * from './seed.ts';
export * from './editorial.ts';
export * from './analytics.ts';
export * from './chat.ts';
export * from './imports.ts';
export * from './runtime.ts';
export * from './newsletter.ts';
