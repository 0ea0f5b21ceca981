/** Where every test's manual clock starts: Monday 2026-03-02 09:00 UTC. */
export const TEST_START = new Date('2026-03-02T09:00:00.000Z');
