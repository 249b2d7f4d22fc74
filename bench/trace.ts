import type { Browser, BrowserContext } from 'playwright-core';
import { watchFirstRow } from '../test/support/first-row.js';
import { openColdPage } from './page-load.js';

/** One row of a cold load's waterfall, in ms since navigation started. */
interface Step {
  at: number;
  end?: number;
  what: string;
}

const CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading', 'toplevel'].join(',');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, which the machine's load inflates far less than `dur`. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown>; [key: string]: unknown };
}

/**
 * `npm run bench trace`: one cold load (cache disabled) with Chromium's
 * tracing on, printed as a waterfall: each request's start and end, script
 * compile and evaluation, long tasks on the main thread, and the first row.
 * What the figures of (a) do not say: where the time between them goes.
 */
export async function traceLoad(browser: Browser, url: string, firstRow: string, login: (context: BrowserContext) => Promise<void>, print = true): Promise<TraceSummary> {
  const { context, page, cdp } = await openColdPage(browser, login);
  try {
    let rowAt = 0;
    await watchFirstRow(page, firstRow, () => (rowAt = performance.now()));
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (event) => {
      events.push(...(event.value as unknown as TraceEvent[]));
    });
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator(firstRow).first().waitFor({ timeout: 60_000 });
    const seenAt = performance.now();
    await cdp.send('Tracing.end');
    await done;
    return printWaterfall(events, Math.round(rowAt - start), Math.round(seenAt - start), print);
  } finally {
    await context.close();
  }
}

/** A load's milestones, in ms since the page's request; `mainCpuMs`: the renderer's main thread's CPU time until the first row. */
export interface TraceSummary {
  pageEnd: number;
  scriptsEnd: number;
  listStart: number;
  listEnd: number;
  row: number;
  mainCpuMs: number;
  evaluateCpuMs: number;
}

function printWaterfall(events: TraceEvent[], rowMs: number, seenMs: number, print: boolean): TraceSummary {
  const navigation = events.find((event) => event.name === 'ResourceSendRequest');
  if (!navigation) throw new Error('no request in the trace');
  const zero = navigation.ts;
  const ms = (ts: number) => Math.round((ts - zero) / 1000);
  const steps: Step[] = [];
  const requests = new Map<string, Step>();
  for (const event of events) {
    const data = event.args?.data ?? {};
    if (event.name === 'ResourceSendRequest') {
      const step = { at: ms(event.ts), what: `request ${String(data.url).replace(/^https?:\/\/[^/]+/, '')}` };
      requests.set(String(data.requestId), step);
      steps.push(step);
    } else if (event.name === 'ResourceReceiveResponse') {
      const step = requests.get(String(data.requestId));
      if (step) step.what += ` (first byte ${ms(event.ts)})`;
    } else if (event.name === 'ResourceFinish') {
      const step = requests.get(String(data.requestId));
      if (step) {
        step.end = ms(event.ts);
        step.what += ` ${Math.round(Number(data.encodedDataLength ?? 0) / 1024)} KiB`;
      }
    }
  }
  // The renderer's main thread: the thread of the first EvaluateScript.
  const main = events.find((event) => event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule');
  const onMain = events.filter((event) => main && event.tid === main.tid && event.pid === main.pid && event.ph === 'X' && event.dur !== undefined);
  const sums = new Map<string, number>();
  for (const event of onMain) {
    if (['v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'v8.parseOnBackground', 'V8.GCScavenger', 'V8.GC_MARK_COMPACTOR', 'RunMicrotasks', 'TimerFire', 'EventDispatch', 'v8.produceModuleCache', 'v8.compileLazy'].includes(event.name)) {
      sums.set(event.name, (sums.get(event.name) ?? 0) + event.dur! / 1000);
    }
    if (event.name === 'RunTask' && event.dur! >= 20_000) steps.push({ at: ms(event.ts), end: ms(event.ts + event.dur!), what: `main thread task ${Math.round(event.dur! / 1000)} ms` });
    if ((event.name === 'v8.compileModule' || event.name === 'v8.evaluateModule' || event.name === 'v8.compile') && event.dur! >= 3000) {
      const file = String(event.args?.fileName ?? event.args?.data?.url ?? '').replace(/^.*\//, '');
      steps.push({ at: ms(event.ts), end: ms(event.ts + event.dur!), what: `  ${event.name} ${file} ${Math.round(event.dur! / 1000)} ms` });
    }
  }
  const requestSteps = [...requests.values()];
  const endOf = (test: (what: string) => boolean, pick: (step: Step) => number | undefined) => Math.max(-1, ...requestSteps.filter((step) => test(step.what)).map((step) => pick(step) ?? -1));
  const rowTs = zero + rowMs * 1000;
  const summary: TraceSummary = {
    pageEnd: endOf((what) => !what.includes('/assets/') && !what.includes('/api/'), (step) => step.end),
    scriptsEnd: endOf((what) => what.includes('/assets/'), (step) => step.end),
    listStart: endOf((what) => what.includes('/api/'), (step) => step.at),
    listEnd: endOf((what) => what.includes('/api/'), (step) => step.end),
    row: rowMs,
    mainCpuMs: Math.round(onMain.filter((event) => event.name === 'RunTask' && event.ts < rowTs).reduce((sum, event) => sum + (event.tdur ?? 0), 0) / 1000),
    evaluateCpuMs: Math.round(onMain.filter((event) => event.name === 'v8.evaluateModule').reduce((sum, event) => sum + (event.tdur ?? 0), 0) / 1000),
  };
  if (!print) return summary;
  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) console.log(`${String(step.at).padStart(6)} ${step.end !== undefined ? `→ ${String(step.end).padStart(5)}` : '        '}  ${step.what}`);
  console.log(`first row in the DOM at ${rowMs} ms after goto (seen by the wait at ${seenMs} ms)`);
  console.log('main thread totals (ms): ' + [...sums].sort((a, b) => b[1] - a[1]).map(([name, total]) => `${name} ${total.toFixed(0)}`).join(', '));
  console.log(`main thread CPU before the first row: ${summary.mainCpuMs} ms, of which module evaluation ${summary.evaluateCpuMs} ms`);
  return summary;
}

/** Medians of each milestone over the runs. */
export function printSummaries(summaries: TraceSummary[]): void {
  const keys = Object.keys(summaries[0]) as (keyof TraceSummary)[];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`medians of ${summaries.length} loads (ms): ` + keys.map((key) => `${key} ${median(summaries.map((summary) => summary[key]))}`).join(', '));
}
