export * from './messages.ts';
export * from './patterns.ts';
export * from './money.ts';
export * from './format.ts';
export * from './fields.ts';
export * from './envelope.ts';
export * from './auth.ts';
export * from './market.ts';
