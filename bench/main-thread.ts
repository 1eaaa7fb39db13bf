/**
 * `npx tsx bench/main-thread.ts --base-url <url> [--base-url <url> …] [--path /en/…] [--runs N] [--rounds N]`: what
 * the browser's main thread does while a page loads, summed from a Chromium trace, so that two builds can be compared
 * by cause where Lighthouse's score and TBT only move with the machine's load (docs/decisions/019).
 *
 * Each load: a new browser context (cold cache), a 412×823 mobile viewport at 1.75 device pixels, 4× CPU throttling
 * (Lighthouse's mobile CPU multiplier), navigation until `load` plus 800 ms. Printed per base URL and path: the median
 * over all loads of the main thread's events in milliseconds (tasks in total, HTML parsing with the scripts it runs,
 * style recalculation, layout, paint, pre-paint, layerization, compositor commit, script function calls) and the
 * number of tasks over 50 ms. Rounds alternate the base URLs (`--rounds`, default 3, with `--runs` loads each, default
 * 3), so both builds see the same moments of a shared machine's load. The servers must already run.
 *
 * @throws when a page cannot be loaded.
 */
import puppeteer, { type Browser } from 'puppeteer-core';

const args = process.argv.slice(2);
const values = (name: string): string[] =>
  args.flatMap((a, i) => {
    const value = args[i + 1];
    return a === name && value ? [value] : [];
  });
const BASES = values('--base-url');
const PATHS = values('--path').length ? values('--path') : ['/en/Ladders-access/'];
const RUNS = Number(values('--runs')[0] ?? 3);
const ROUNDS = Number(values('--rounds')[0] ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Trace event names summed, by the label printed. */
const EVENTS: Record<string, string> = {
  RunTask: 'tasks',
  ParseHTML: 'parse',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'prepaint',
  Layerize: 'layerize',
  Commit: 'commit',
  FunctionCall: 'script',
};

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Main-thread sums (ms) of one load, and its count of tasks over 50 ms. */
async function load(browser: Browser, url: string): Promise<Record<string, number>> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await new Promise((r) => setTimeout(r, 800));
    const trace = await page.tracing.stop();
    if (!trace) throw new Error(`no trace of ${url}`);
    const events = (JSON.parse(Buffer.from(trace).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    // The renderer's main thread: the CrRendererMain thread with the most events.
    const count = new Map<string, number>();
    for (const e of events) count.set(`${e.pid}:${e.tid}`, (count.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
    const main = events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`)
      .sort((a, b) => (count.get(b) ?? 0) - (count.get(a) ?? 0))[0];
    const sums: Record<string, number> = Object.fromEntries(
      [...Object.values(EVENTS), 'long tasks'].map((k) => [k, 0]),
    );
    for (const e of events) {
      const label = EVENTS[e.name];
      if (`${e.pid}:${e.tid}` !== main || e.ph !== 'X' || !e.dur || !label) continue;
      sums[label] = (sums[label] ?? 0) + e.dur / 1000;
      if (e.name === 'RunTask' && e.dur > 50_000) sums['long tasks'] = (sums['long tasks'] ?? 0) + 1;
    }
    return sums;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

if (!BASES.length) throw new Error('--base-url is required (once per build to compare)');
const browser = await puppeteer.launch({
  executablePath: CHROME_PATH,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
});
try {
  const results = new Map<string, Record<string, number>[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of PATHS) {
      for (const base of BASES) {
        for (let run = 0; run < RUNS; run++) {
          const key = `${base}${path}`;
          results.set(key, [...(results.get(key) ?? []), await load(browser, key)]);
        }
      }
    }
  }
  console.log(`Main thread while loading (ms, medians of ${ROUNDS * RUNS} loads, 4× CPU throttling)`);
  for (const [key, loads] of results) {
    const labels = [...Object.values(EVENTS), 'long tasks'];
    console.log(`${key}\n  ${labels.map((l) => `${l} ${Math.round(median(loads.map((s) => s[l] ?? 0)))}`).join('  ')}`);
  }
} finally {
  await browser.close();
}
