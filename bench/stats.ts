// Timing helpers: warm-up, many iterations, medians and spread. Machines
// here are shared and noisy (docs/performance.md › How to measure), so figures are medians with the
// 10th–90th percentile range, never single runs.

export interface Sample {
  n: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  /**
   * Median CPU time (user + system, every thread of the process) of the same
   * runs, when known. On a machine shared with other work, wall time also
   * counts the waits for a core; CPU time does not.
   */
  cpu?: number;
}

export function summarize(values: number[], cpu?: number[]): Sample {
  if (values.length === 0) throw new Error('no samples');
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number) => {
    const i = (v.length - 1) * q;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return v[lo]! + (v[hi]! - v[lo]!) * (i - lo);
  };
  const out: Sample = { n: v.length, median: at(0.5), p10: at(0.1), p90: at(0.9), min: v[0]!, max: v[v.length - 1]! };
  if (cpu && cpu.length) out.cpu = summarize(cpu).median;
  return out;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Times `fn` once, in milliseconds. */
export function timeOnce(fn: () => unknown): number {
  const t = nowMs();
  fn();
  return nowMs() - t;
}

export interface MeasureOptions {
  warmup?: number;
  /** Stop after this many iterations … */
  iterations?: number;
  /** … or once this much time is spent (and at least minIterations ran). */
  budgetMs?: number;
  minIterations?: number;
}

/** Warm-up runs, then timed runs; each run is timed on its own. */
export function measure(fn: () => unknown, opts: MeasureOptions = {}): Sample {
  const { warmup = 3, iterations = 50, budgetMs = Infinity, minIterations = 5 } = opts;
  for (let i = 0; i < warmup; i++) fn();
  const times: number[] = [];
  const cpu: number[] = [];
  const start = nowMs();
  while (times.length < iterations) {
    const c = cpuMs();
    times.push(timeOnce(fn));
    cpu.push(cpuMs() - c);
    if (times.length >= minIterations && nowMs() - start > budgetMs) break;
  }
  return summarize(times, cpu);
}

export function fmtMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** `1.23 ms (p10–p90 1.10–1.50 ms, cpu 1.20 ms, n=200)` */
export function fmtSample(s: Sample): string {
  const cpu = s.cpu === undefined ? '' : `, cpu ${fmtMs(s.cpu)}`;
  return `${fmtMs(s.median)} (p10–p90 ${fmtMs(s.p10)}–${fmtMs(s.p90)}${cpu}, n=${s.n})`;
}

export function fmtBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024).toFixed(1)} KB`;
}
