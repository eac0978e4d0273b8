// Start-up phase: from spawning `node dist/main.js --http --port P --tools-mode M` to the first
// successful tools/list answer, polled the way a 2026-07-28 client asks, and the server's RSS.
// Each start is a fresh process.
import { assertToolResult, postRpc } from './server-mcp.mjs';
import { freePort, rssOf, sleep, spawnServer, stopChild } from './server-process.mjs';

const POLL_MS = 2;
const START_TIMEOUT_MS = 30_000;
const READY_LINE = 'MCP over Streamable HTTP';

function sinceMs(start) {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Polls tools/list until it answers with a tool list; resolves the first page's result.
 * Throws when the server exits or `deadline` (hrtime ns) passes.
 */
async function firstToolsList(url, child, stderr, deadline) {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${stderr().trim().split('\n').at(-1) ?? ''}`);
    }
    try {
      const { status, message } = await postRpc(url, 'tools/list', {});
      if (status === 200 && Array.isArray(message.result?.tools)) return message.result;
      throw new Error(`tools/list answered ${status}: ${JSON.stringify(message).slice(0, 200)}`);
    } catch (error) {
      // Not listening yet: fetch fails with ECONNREFUSED (a TypeError). Anything else is real.
      if (!(error instanceof TypeError)) throw error;
    }
    if (process.hrtime.bigint() > deadline) throw new Error(`no tools/list answer within ${START_TIMEOUT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

/** A task every API has a tool for; dynamic mode's first search_tools (the search index loads for it). */
const SEARCH_QUERY = 'get one item by its id';

/** Dynamic mode: spawn → first search_tools answer, then → first describe_tools answer (the tool schemas load). */
async function firstDynamicCalls(url, start) {
  const call = async (name, args) => {
    const { status, message } = await postRpc(url, 'tools/call', { name, arguments: args });
    if (status !== 200) throw new Error(`${name} answered ${status}`);
    return assertToolResult(message, name).structuredContent;
  };
  const found = await call('search_tools', { query: SEARCH_QUERY, limit: 1 });
  const firstSearchMs = sinceMs(start);
  const name = found?.tools?.[0]?.name;
  if (typeof name !== 'string') throw new Error(`search_tools found nothing for ${JSON.stringify(SEARCH_QUERY)}`);
  const described = await call('describe_tools', { names: [name] });
  if (described?.tools?.[0]?.name !== name) throw new Error(`describe_tools did not describe ${name}`);
  return { firstSearchMs, firstDescribeMs: sinceMs(start) };
}

/**
 * One start in `mode`: `{ listenMs, firstListMs, allPagesMs, firstSearchMs, firstDescribeMs, tools,
 * pages, clientConnectMs, clientListMs, rssFirstMb, rssLoadedMb, peakMb }`. `listenMs` is when the
 * server logged that it listens; the search/describe times are dynamic mode's; the client times
 * (official @modelcontextprotocol/client, after the raw list) are undefined without `clientLib`.
 * RSS: at the first tools/list answer, once everything is loaded (static: after all pages;
 * dynamic: after the first describe_tools) and the peak (VmHWM) at the end.
 */
async function oneStart(dir, mode, tracker, clientLib) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const start = process.hrtime.bigint();
  const { child, stderr } = spawnServer(dir, ['--http', '--port', String(port), '--tools-mode', mode], tracker);
  let listenMs;
  child.stderr.on('data', () => {
    if (listenMs === undefined && stderr().includes(READY_LINE)) listenMs = sinceMs(start);
  });
  try {
    const deadline = start + BigInt(START_TIMEOUT_MS) * 1_000_000n;
    let page = await firstToolsList(url, child, stderr, deadline);
    const firstListMs = sinceMs(start);
    const rssFirstMb = rssOf(child.pid)?.rssMb;
    let tools = page.tools.length;
    let pages = 1;
    while (typeof page.nextCursor === 'string') {
      const { status, message } = await postRpc(url, 'tools/list', { cursor: page.nextCursor });
      if (status !== 200 || !Array.isArray(message.result?.tools)) throw new Error(`tools/list page ${pages + 1} answered ${status}`);
      page = message.result;
      tools += page.tools.length;
      pages += 1;
    }
    const allPagesMs = sinceMs(start);
    const dynamic = mode === 'dynamic' ? await firstDynamicCalls(url, start) : {};
    const rssLoadedMb = rssOf(child.pid)?.rssMb;
    let clientConnectMs;
    let clientListMs;
    if (clientLib !== undefined) {
      const client = new clientLib.Client({ name: 'openapi-mcp-bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
      let t = process.hrtime.bigint();
      await client.connect(new clientLib.StreamableHTTPClientTransport(new URL(url)));
      clientConnectMs = sinceMs(t);
      t = process.hrtime.bigint();
      const listed = await client.listTools();
      clientListMs = sinceMs(t);
      if (listed.tools.length !== tools) throw new Error(`the client listed ${listed.tools.length} tools, raw pages ${tools}`);
      await client.close();
    }
    const peakMb = rssOf(child.pid)?.peakMb;
    return { listenMs, firstListMs, allPagesMs, ...dynamic, tools, pages, clientConnectMs, clientListMs, rssFirstMb, rssLoadedMb, peakMb };
  } finally {
    await stopChild(child);
  }
}

/**
 * `options.starts` measured starts in `mode` after one warm-up start (file cache). Returns
 * `{ mode, status, reason, tools, pages, samples: [{ listenMs, firstListMs, ... }], warmups }`.
 */
export async function runStartupPhase({ dir, mode, options, tracker, clientLib, log }) {
  const result = { mode, status: 'ok', reason: undefined, tools: undefined, pages: undefined, samples: [], warmups: [] };
  for (let i = 0; i < 1 + options.starts; i++) {
    const warm = i === 0;
    let run;
    try {
      run = await oneStart(dir, mode, tracker, clientLib);
    } catch (error) {
      result.status = result.samples.length === 0 ? 'unavailable' : 'failed';
      result.reason = error instanceof Error ? error.message : String(error);
      log(`${mode} start ${warm ? 'warm-up' : i}: ${result.reason}`);
      return result;
    }
    result.tools = run.tools;
    result.pages = run.pages;
    (warm ? result.warmups : result.samples).push(run);
    const mb = (value) => (value === undefined ? '?' : value.toFixed(0));
    log(
      `${mode} start ${warm ? 'warm-up' : `${i}/${options.starts}`}: listening ${run.listenMs?.toFixed(0) ?? '?'} ms, ` +
        `tools/list ${run.firstListMs.toFixed(0)} ms, all ${run.pages} pages ${run.allPagesMs.toFixed(0)} ms` +
        (run.firstSearchMs === undefined ? '' : `, search_tools ${run.firstSearchMs.toFixed(0)} ms, describe_tools ${run.firstDescribeMs.toFixed(0)} ms`) +
        `; RSS ${mb(run.rssFirstMb)} → ${mb(run.rssLoadedMb)} MB, peak ${mb(run.peakMb)} MB` +
        (run.clientConnectMs === undefined ? '' : `; client connect ${run.clientConnectMs.toFixed(1)} ms, listTools ${run.clientListMs.toFixed(1)} ms`),
    );
  }
  return result;
}
