// Lab Web Vitals in headless Chromium (Debian's): LCP and CLS of a page load, median of runs,
// each in a fresh context (cold browser cache; the server is warm).
/* global window, document -- the callbacks of page.evaluate run in the browser */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const OBSERVE = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function labVitals(url, { runs = 5, viewport = { width: 1280, height: 900 } } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'pc-bench-chromium-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
  });
  const lcp = [];
  const cls = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.addInitScript(OBSERVE);
      await page.goto(url, { waitUntil: 'networkidle' });
      // Scroll through the page as a reader would: late content must not move what is above it.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await page.waitForTimeout(500);
      const vitals = await page.evaluate(() => window.__vitals);
      lcp.push(vitals.lcp);
      cls.push(vitals.cls);
      await context.close();
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return { lcpMs: median(lcp), cls: median(cls), runs };
}

// Event Timing: the longest interaction since the last reset (INP of a page with few
// interactions is its worst one). Entries below 16 ms, the API's floor, are not reported.
const OBSERVE_INTERACTIONS = `
  window.__worst = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__worst = Math.max(window.__worst, e.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

/**
 * Lab interaction latency (INP as Chromium measures it) of the product page's offer filters and
 * chart range buttons: each `actions` entry is done once per cold load, its worst interaction
 * kept; the median over runs. 0 means every interaction stayed under 16 ms.
 */
export async function labInteractions(url, actions, { runs = 5, viewport = { width: 1280, height: 900 } } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'pc-bench-chromium-'));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: FLAGS,
  });
  const worst = Object.fromEntries(Object.keys(actions).map((name) => [name, []]));
  try {
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.addInitScript(OBSERVE_INTERACTIONS);
      await page.goto(url, { waitUntil: 'networkidle' });
      for (const [name, act] of Object.entries(actions)) {
        await page.evaluate(() => {
          window.__worst = 0;
        });
        await act(page);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        worst[name].push(await page.evaluate(() => window.__worst));
      }
      await context.close();
    }
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return Object.fromEntries(Object.entries(worst).map(([name, values]) => [name, median(values)]));
}
