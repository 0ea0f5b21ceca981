export * from './members.ts';
export * from './ledger.ts';
export * from './platform.ts';
export * from './packages.ts';
export * from './operators.ts';
export * from './money-flows.ts';
