/** Peak resident set size of this process so far, in bytes (getrusage maxrss is in kilobytes on Linux). */
export function peakRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

export function formatBytes(n: number): string {
  if (n >= 1 << 30) return `${(n / (1 << 30)).toFixed(2)} GB`;
  if (n >= 1 << 20) return `${(n / (1 << 20)).toFixed(1)} MB`;
  if (n >= 1 << 10) return `${(n / (1 << 10)).toFixed(1)} kB`;
  return `${n} B`;
}
