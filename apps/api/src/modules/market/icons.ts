import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findMarketPair, MARKET_PAIRS, type MarketPair } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';

// The coins' icons come from the `cryptocurrency-icons` package (CC0, colour SVGs), read once at
// start; a coin the package lacks gets the package's generic coin. Public: an <img> sends no
// bearer token, and the icons are the same for everyone.

const iconFolder = join(
  dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/package.json')),
  'svg',
  'color',
);

/** The SVG file the package has for `base`, or its generic coin. */
export function iconFile(base: string, folder = iconFolder): string {
  const own = join(folder, `${base}.svg`);
  return existsSync(own) ? own : join(folder, 'generic.svg');
}

export const iconPath = (prefix: string, pair: MarketPair) =>
  `${prefix}/market/icons/${pair.base}.svg`;

const iconParams = z.object({ file: z.string().describe('The coin and .svg, e.g. btc.svg') });

export async function marketIconRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const icons = new Map(MARKET_PAIRS.map((pair) => [pair.base, readFileSync(iconFile(pair.base))]));

  routes.get('/market/icons/:file', {
    schema: {
      tags: ['market'],
      summary: "A market pair's coin icon (SVG), e.g. btc.svg",
      params: iconParams,
      produces: ['image/svg+xml'],
    },
    handler: async (request, reply) => {
      const base = /^([a-z]+)\.svg$/.exec(request.params.file)?.[1] ?? '';
      const icon = findMarketPair(`${base}-usdt`) ? icons.get(base) : undefined;
      if (!icon) throw new AppError('NOT_FOUND', 'No such icon');
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/svg+xml')
        .send(icon);
    },
  });
}
