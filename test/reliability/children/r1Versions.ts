// The versions R1's writer saves: version k differs from k-1 in its text and
// in its length (so a torn or mixed write cannot look like a complete one).
export const R1_MARK = 'r1 version ';

export function r1Directive(k: number): string {
  // 1 KB … ~96 KB: long enough that a write spans several syscalls and fsyncs.
  const pad = 1024 + ((k * 7919) % 96_000);
  return `${R1_MARK}${k} ` + String.fromCharCode(97 + (k % 26)).repeat(pad);
}

export function r1Payload(base: Record<string, unknown>, k: number): Record<string, unknown> {
  return { ...base, directive: r1Directive(k) };
}

/** The version a directive names, or null. */
export function r1VersionOf(directive: unknown): number | null {
  if (typeof directive !== 'string' || !directive.startsWith(R1_MARK)) return null;
  const n = Number(directive.slice(R1_MARK.length).split(' ')[0]);
  return Number.isInteger(n) ? n : null;
}
