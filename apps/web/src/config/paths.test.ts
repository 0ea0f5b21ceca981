import { NOTIFICATION_LINKS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('has a route for every screen an API notification may link to', () => {
    const routes: string[] = Object.values(paths);
    for (const link of Object.values(NOTIFICATION_LINKS)) expect(routes).toContain(link);
  });
});
