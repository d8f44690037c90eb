// What one live message costs an open conversation as it grows (decision 089): a member's page stays
// open while another member sends MESSAGES messages through the real send route, in batches; after each
// batch the page's Chrome metrics (Performance.getMetrics over CDP) say what the batch cost.
//
//   PORT=8814 npm start            (in another shell; a local server, for /dev/fixtures)
//   node tests/bench/chat-live.mjs [baseURL] [messages] [batch]
//
// A script, never a test: it prints a table of script and layout time per message, DOM nodes, list
// items and the JS heap. The viewer's page uses Debian's chromium, as the e2e tests do.
import { randomUUID } from "node:crypto";
import { chromium } from "playwright-core";

/* global fetch, requestAnimationFrame -- Node 20 has fetch; requestAnimationFrame runs in the page. */

const baseURL = process.argv[2] ?? "http://localhost:8814";
const MESSAGES = Number(process.argv[3] ?? 550);
const BATCH = Number(process.argv[4] ?? 50);
const origin = new URL(baseURL).origin;
const ip = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 250) + 1).join(".");

async function member(tag) {
  const username = `perf_${tag}_${Date.now().toString(36)}`.slice(0, 30);
  const form = new URLSearchParams({ intent: "member", displayName: `Perf ${tag}`, username, email: `${username}@example.com`, password: "perf-password" });
  const response = await fetch(`${baseURL}/dev/fixtures`, { method: "POST", body: form, headers: { Origin: origin } });
  if (!response.ok) throw new Error(`member: ${response.status} ${await response.text()}`);
  const { token } = await response.json();
  return { username, token, ip: ip() };
}

const post = (who, path, form) =>
  fetch(`${baseURL}${path}`, { method: "POST", body: new URLSearchParams(form), redirect: "manual", headers: { Origin: origin, Cookie: `session=${who.token}`, "CF-Connecting-IP": who.ip } });

const viewer = await member("viewer");
const sender = await member("sender");
const started = await post(sender, "/messages", { intent: "conversation-start", username: viewer.username, returnTo: `/profile/${viewer.username}` });
const conversationId = started.headers.get("location")?.split("/").pop();
if (!conversationId) throw new Error(`conversation-start: ${started.status}`);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "CF-Connecting-IP": viewer.ip } });
await context.addCookies([{ name: "session", value: viewer.token, url: baseURL }]);
const page = await context.newPage();
await page.goto(`${baseURL}/messages/${conversationId}`);
await page.waitForSelector('html[data-js="ready"][data-live-conversation="open"]');
const cdp = await context.newCDPSession(page);
await cdp.send("Performance.enable");
const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map(({ name, value }) => [name, value]));

console.log("sent  items  script ms/msg  layout ms/msg  nodes  heap MB");
let sent = 0;
while (sent < MESSAGES) {
  await cdp.send("HeapProfiler.collectGarbage");
  const before = await metrics();
  const count = Math.min(BATCH, MESSAGES - sent);
  for (let i = 0; i < count; i++) {
    sent += 1;
    const answer = await post(sender, `/messages/${conversationId}/send`, { intent: "message-send", content: `Live message number ${sent}.`, clientId: randomUUID() });
    if (answer.status !== 200) throw new Error(`send ${sent}: ${answer.status} ${await answer.text()}`);
  }
  const list = page.getByRole("list", { name: "Messages", exact: true });
  await list.getByText(`Live message number ${sent}.`, { exact: true }).waitFor();
  // The last arrival's render and layout are done before the metrics are read.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const after = await metrics();
  await cdp.send("HeapProfiler.collectGarbage");
  // Nodes and heap once collected: removed bubbles' nodes count until then.
  const { JSHeapUsedSize: heap, Nodes: nodes } = await metrics();
  const items = await list.getByRole("listitem").count();
  const per = (name) => (((after[name] - before[name]) * 1000) / count).toFixed(1);
  console.log(`${String(sent).padStart(4)}  ${String(items).padStart(5)}  ${per("ScriptDuration").padStart(13)}  ${per("LayoutDuration").padStart(13)}  ${String(nodes).padStart(5)}  ${(heap / 1e6).toFixed(1).padStart(7)}`);
}
await browser.close();
