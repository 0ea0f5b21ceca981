// The first-load targets (decision 0037) and how a median compares with them. A figure says
// something about the app only next to the speed of the host it was taken on: Lighthouse
// multiplies the CPU time it observes by 4 whatever the host, so the targets hold for a host
// whose benchmark index is at most MAX_BENCHMARK_INDEX (an inexpensive phone's, roughly).
import type { AuditFigures } from './lighthouse-audit.ts';

export const MAX_BENCHMARK_INDEX = 1_500;

export type PageTargets = {
  minPerformance?: number;
  maxTbtMs?: number;
  maxTransferBytes?: number;
};

export const FIRST_LOAD_TARGETS = {
  signIn: { minPerformance: 95, maxTbtMs: 200, maxTransferBytes: 180 * 1024 },
  dashboard: { minPerformance: 90, maxTbtMs: 400 },
} satisfies Record<string, PageTargets>;

const verdict = (met: boolean) => (met ? 'PASS' : 'BELOW');

/**
 * One line: each target with the median's figure and PASS or BELOW, then whether the host was
 * slow enough for the targets to apply (a faster host flatters the app).
 */
export function describeTargets(
  targets: PageTargets,
  median: AuditFigures,
  playedIndex?: number,
): string {
  const parts: string[] = [];
  if (targets.minPerformance !== undefined)
    parts.push(
      `performance ${median.performance} ≥ ${targets.minPerformance} ${verdict(median.performance >= targets.minPerformance)}`,
    );
  if (targets.maxTbtMs !== undefined)
    parts.push(
      `TBT ${Math.round(median.tbtMs)} ms ≤ ${targets.maxTbtMs} ms ${verdict(median.tbtMs <= targets.maxTbtMs)}`,
    );
  if (targets.maxTransferBytes !== undefined)
    parts.push(
      `transfer ${(median.transferBytes / 1024).toFixed(1)} KB ≤ ${targets.maxTransferBytes / 1024} KB ${verdict(median.transferBytes <= targets.maxTransferBytes)}`,
    );
  if (playedIndex !== undefined && playedIndex <= MAX_BENCHMARK_INDEX) {
    parts.push(
      `host of index ${median.benchmarkIndex} playing one of ${playedIndex} (CPU ×${median.cpuSlowdown.toFixed(1)}) ≤ ${MAX_BENCHMARK_INDEX}`,
    );
    return parts.join(' | ');
  }
  const slowEnough = median.benchmarkIndex <= MAX_BENCHMARK_INDEX;
  parts.push(
    `host benchmark index ${median.benchmarkIndex} ${slowEnough ? '≤' : '>'} ${MAX_BENCHMARK_INDEX}${slowEnough ? '' : ' (a faster host than the targets assume: not comparable)'}`,
  );
  return parts.join(' | ');
}
