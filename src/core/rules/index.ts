/** Every validation rule of the product, for callers that want them from one place. */
export * from './result.ts';
export * from './numeric.ts';
export * from './colour.ts';
export * from './lighting.ts';
export * from './perf.ts';
export * from './settings.ts';
export * from './key-search.ts';
export * from './dks.ts';
export * from './tap.ts';
export * from './shortcut.ts';
export * from './macro.ts';
export * from './advanced-list.ts';
