// npm run reseal-member-files -w apps/api: moves the member files and verification details sealed
// under MEMBER_FILES_PREVIOUS_KEYS to MEMBER_FILES_KEY (docs/configuration.md, decision 0055).
// Ctrl+C stops it after the batch in progress; run it again to go on.
import { MEMBER_FILES_STORE } from './reseal-stores.ts';
import { runResealScript } from './run-reseal.ts';

await runResealScript(MEMBER_FILES_STORE);
