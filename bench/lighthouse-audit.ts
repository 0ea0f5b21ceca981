// One Lighthouse run (mobile preset, performance + accessibility) of one page in a fresh
// Debian Chromium, and the figures the first-load bench prints from its report.
import { writeFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { chromiumArgs } from '../e2e/playwright.config.ts';

// The same Debian Chromium and flags as the Playwright journeys.
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export type AuditFigures = {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferBytes: number;
  scriptBytes: number;
  requests: number;
  /**
   * Lighthouse's measure of this machine's CPU speed: the simulation multiplies what it
   * observes by 4 whatever the host, so scores taken on slower hosts are lower for the same app.
   */
  benchmarkIndex: number;
  /** The CPU slowdown Lighthouse simulated: 4 (its mobile preset) unless the run was calibrated. */
  cpuSlowdown: number;
  /** Ids of the accessibility audits that failed, so a score under 100 says why. */
  accessibilityFailures: string[];
};

/** The factor Lighthouse's mobile preset multiplies the observed CPU time by, whatever the host. */
export const MOBILE_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown that makes this host, of Lighthouse benchmark index `hostIndex`, play one of
 * index `targetIndex` under the mobile preset, the way Lighthouse's throttling documentation
 * suggests calibrating the CPU multiplier by the benchmark index. Never below the preset's 4.
 */
export const calibratedSlowdown = (hostIndex: number, targetIndex: number) =>
  Math.max(MOBILE_CPU_SLOWDOWN, (MOBILE_CPU_SLOWDOWN * hostIndex) / targetIndex);

type NetworkRequest = { transferSize?: number; resourceType?: string };

/**
 * Audits `url` as a first visit: a new browser profile, so nothing is cached (Lighthouse also
 * clears the HTTP cache before it loads the page). `localStorage` entries, when given, are
 * written on the same origin beforehand: Lighthouse keeps local storage (its default
 * `clearStorageTypes` leaves it alone), which is how a signed-in member's screen is measured.
 * With `reportPath`, the whole report is saved there as JSON for a closer look.
 */
export async function auditPage(
  url: string,
  localStorage: Record<string, string> = {},
  reportPath?: string,
  cpuSlowdown = MOBILE_CPU_SLOWDOWN,
): Promise<AuditFigures> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: chromiumArgs });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (Object.keys(localStorage).length > 0) {
      // The favicon is a same-origin document that loads none of the app's assets.
      await page.goto(new URL('/favicon.svg', url).href);
      // Runs in the page; bench's TypeScript has no DOM types, hence the structural type.
      await page.evaluate((entries) => {
        const store = (
          globalThis as unknown as {
            localStorage: { setItem: (key: string, value: string) => void };
          }
        ).localStorage;
        for (const [key, value] of Object.entries(entries)) store.setItem(key, value);
      }, localStorage);
    }
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Merged into the mobile preset's throttling: only the CPU's factor changes.
        throttling: { cpuSlowdownMultiplier: cpuSlowdown },
      },
      undefined,
      page,
    );
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (reportPath) writeFileSync(reportPath, String(result.report));
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] })
      ?.items ?? []) as NetworkRequest[];
    const sumBytes = (items: NetworkRequest[]) =>
      items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      transferBytes: sumBytes(requests),
      scriptBytes: sumBytes(requests.filter((item) => item.resourceType === 'Script')),
      requests: requests.length,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      cpuSlowdown,
      accessibilityFailures: (lhr.categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
  }
}
