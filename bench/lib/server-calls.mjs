// Per-call phase: the same upstream request made directly with fetch and through the generated
// server's tools/call (HTTP raw, HTTP with the official client, stdio), interleaved, many times.
// In dynamic mode the tool is called through call_tool { name, arguments }.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMALL_BODY, completeExample, exampleResponse } from './server-spec.mjs';
import { assertToolResult, postRpc, stdioRpc } from './server-mcp.mjs';
import { clockTicks, cpuMsOf, endStdioChild, freePort, rssOf, sleep, spawnServer, startUpstream, stopChild } from './server-process.mjs';
import { argumentsFor, chooseTool, directUrl, mcpParamHeaders } from './server-tool.mjs';

const CALL_TIMEOUT_MS = 10_000;
const STATUS_META_KEY = 'openapi-mcp/status';

/**
 * Upstream bodies, each `{ name, body, mismatch }`: the spec's example for the tool's response
 * with missing required properties filled in (examples often lack some, e.g. GitHub's `language`),
 * the same cut down to its required fields, and a tiny body. `mismatch` marks a body that may fail
 * the outputSchema: the tool then answers isError with the data as text (result.gen.ts).
 */
function bodyVariants(specPath, entry) {
  const variants = [];
  const outputSchema = entry.definition.outputSchema;
  const example = exampleResponse(specPath, entry.binding);
  if (example !== undefined) {
    const value = JSON.parse(example);
    const complete = outputSchema === undefined ? value : completeExample(value, outputSchema);
    variants.push({ name: 'spec example', body: JSON.stringify(complete), mismatch: false });
    if (outputSchema !== undefined) {
      variants.push({ name: 'required fields', body: JSON.stringify(completeExample(value, outputSchema, outputSchema, true)), mismatch: false });
    }
  }
  variants.push({ name: 'tiny', body: SMALL_BODY, mismatch: true });
  return variants;
}

/**
 * How the server answered: 'structured' (structuredContent), 'text' (no outputSchema) or
 * 'schema mismatch' (isError with the data as text; accepted only for `mismatch` bodies).
 * Throws for anything else.
 */
function checkResult(message, variant, what) {
  const result = message?.result;
  if (variant.mismatch && result?.isError === true && result._meta?.[STATUS_META_KEY] === 200) return 'schema mismatch';
  assertToolResult(message, what);
  return result.structuredContent === undefined ? 'text' : 'structured';
}

/** Polls tools/list until the server answers; resolves the first page's tools. */
async function waitForHttp(url, child, stderr) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HTTP server exited: ${stderr().trim().split('\n').at(-1) ?? ''}`);
    try {
      const { status, message } = await postRpc(url, 'tools/list', {});
      if (status === 200) return message.result?.tools ?? [];
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
    }
    if (Date.now() > deadline) throw new Error('HTTP server did not answer within 30 s');
    await sleep(10);
  }
}

/**
 * The request paths to time, each `{ key, label, upstream, pid, run(variant) }`: `upstream` when
 * the path reaches the upstream, `pid` of the server process that does the work (for its CPU
 * time). `run` throws on a wrong answer and returns how the tool answered. `params` and
 * `toolDefinition` are the tools/call request and the listed tool it calls (call_tool in dynamic mode).
 */
function requestPaths({ params, toolDefinition, target, mcpUrl, headers, httpPid, stdio, client }) {
  const paths = [
    {
      key: 'direct',
      label: 'direct fetch to the upstream',
      upstream: true,
      async run() {
        const response = await fetch(target, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`direct fetch answered ${response.status}`);
        JSON.parse(text);
      },
    },
    {
      key: 'http',
      label: 'tools/call over HTTP (raw 2026-07-28)',
      upstream: true,
      pid: httpPid,
      async run(variant) {
        const { status, message } = await postRpc(mcpUrl, 'tools/call', params, { headers, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
        if (status !== 200) throw new Error(`tools/call over HTTP answered ${status}: ${JSON.stringify(message).slice(0, 300)}`);
        return checkResult(message, variant, 'tools/call over HTTP');
      },
    },
    {
      key: 'discover',
      label: 'server/discover over HTTP (MCP layer only)',
      upstream: false,
      pid: httpPid,
      async run() {
        const { status, message } = await postRpc(mcpUrl, 'server/discover', {}, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
        if (status !== 200 || message.result === undefined) throw new Error(`server/discover answered ${status}`);
      },
    },
  ];
  if (stdio !== undefined) {
    paths.push({
      key: 'stdio',
      label: 'tools/call over stdio (raw 2026-07-28)',
      upstream: true,
      pid: stdio.pid,
      async run(variant) {
        return checkResult(await stdio.rpc.request('tools/call', params), variant, 'tools/call over stdio');
      },
    });
  }
  if (client !== undefined) {
    paths.push({
      key: 'client',
      label: 'tools/call over HTTP (official client)',
      upstream: true,
      async run(variant) {
        const result = await client.callTool(params, { toolDefinition, timeout: CALL_TIMEOUT_MS });
        return checkResult({ result }, variant, 'tools/call through the official client');
      },
    });
  }
  return paths;
}

/** Each upstream path once, checking that the upstream saw exactly the direct request's method and URL. */
async function checkPaths(paths, variant, upstream, method, want) {
  let answer;
  for (const p of paths) {
    const kind = await p.run(variant);
    if (p.key === 'http') answer = kind;
    if (!p.upstream) continue;
    const last = await (await fetch(`${upstream.base}/__bench__/last`)).json();
    if (last.method !== method || last.url !== want) throw new Error(`${p.label}: the upstream got ${last.method} ${last.url}, want ${method} ${want}`);
  }
  return answer;
}

/**
 * The measured rounds: every path once per round, interleaved and the order rotated every round
 * so that drift and ordering hit every path alike. Then, per path with a server process, the same
 * number of calls alone, reading that process's CPU time before and after (Linux /proc).
 */
async function measure(paths, variant, options) {
  for (let i = 0; i < options.callWarmup; i++) for (const p of paths) await p.run(variant);
  const series = Object.fromEntries(paths.map((p) => [p.key, { label: p.label, samples: [], cpuMsPerCall: undefined }]));
  for (let i = 0; i < options.calls; i++) {
    for (let j = 0; j < paths.length; j++) {
      const p = paths[(i + j) % paths.length];
      const start = process.hrtime.bigint();
      await p.run(variant);
      series[p.key].samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const ticks = clockTicks();
  for (const p of paths) {
    if (p.pid === undefined) continue;
    const before = cpuMsOf(p.pid, ticks);
    for (let i = 0; i < options.calls; i++) await p.run(variant);
    const after = cpuMsOf(p.pid, ticks);
    if (before !== undefined && after !== undefined) series[p.key].cpuMsPerCall = (after - before) / options.calls;
  }
  return series;
}

/** Starts the HTTP server, the stdio server and the official client in `mode`; `stops` gets their stoppers. */
async function startServers({ dir, mode, upstream, options, tracker, clientLib, stops }) {
  const port = await freePort();
  const mcpUrl = `http://127.0.0.1:${port}/mcp`;
  // With --cpu-prof the servers write a .cpuprofile when they exit: give them time.
  const nodeArgs = options.cpuProf === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.cpuProf)];
  const graceMs = options.cpuProf === undefined ? 2_000 : 30_000;
  const modeArgs = ['--tools-mode', mode, '--base-url', upstream.base];
  const http = spawnServer(dir, ['--http', '--port', String(port), ...modeArgs], tracker, { nodeArgs });
  stops.push(() => stopChild(http.child, graceMs));
  const listed = await waitForHttp(mcpUrl, http.child, http.stderr);
  let stdio;
  if (options.stdio) {
    const server = spawnServer(dir, modeArgs, tracker, { stdio: true, nodeArgs });
    stops.push(() => endStdioChild(server.child, graceMs));
    stdio = { rpc: stdioRpc(server.child, CALL_TIMEOUT_MS), pid: server.child.pid };
  }
  let client;
  let clientConnectMs;
  if (clientLib !== undefined) {
    client = new clientLib.Client({ name: 'openapi-mcp-bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    const t = process.hrtime.bigint();
    await client.connect(new clientLib.StreamableHTTPClientTransport(new URL(mcpUrl)));
    clientConnectMs = Number(process.hrtime.bigint() - t) / 1e6;
    stops.push(() => client.close());
  }
  return { mcpUrl, httpPid: http.child.pid, stdio, client, clientConnectMs, listed };
}

/**
 * Runs the phase in `mode`. Returns `{ mode, tool, arguments, target, clientConnectMs, rss,
 * variants: [{ name, bytes, answer, series: { [key]: { label, samples: [ms], cpuMsPerCall } } }] }`
 * (`rss`: the HTTP server's `{ rssMb, peakMb }` after all calls); throws (after stopping what it
 * started) on a wrong answer.
 */
export async function runCallPhase({ dir, mode, specPath, options, tracker, clientLib, log }) {
  const { tools } = await import(pathToFileURL(path.join(dir, 'dist', 'tools', 'index.gen.js')).href);
  const entry = chooseTool(tools, options.tool);
  const args = argumentsFor(entry.definition);
  const dynamic = mode === 'dynamic';
  const headers = dynamic ? {} : mcpParamHeaders(entry.definition, args);
  const params = dynamic ? { name: 'call_tool', arguments: { name: entry.definition.name, arguments: args } } : { name: entry.definition.name, arguments: args };
  const upstream = await startUpstream(tracker, 3600);
  const stops = [() => upstream.stop()];
  try {
    const target = directUrl(upstream.base, entry.binding, args);
    const servers = await startServers({ dir, mode, upstream, options, tracker, clientLib, stops });
    const toolDefinition = dynamic ? servers.listed.find((tool) => tool.name === 'call_tool') : entry.definition;
    if (toolDefinition === undefined) throw new Error('the dynamic tools/list has no call_tool');
    const paths = requestPaths({ params, toolDefinition, target, headers, ...servers });
    const url = new URL(target);
    const want = `${url.pathname}${url.search}`;
    const variants = [];
    for (const variant of bodyVariants(specPath, entry)) {
      const put = await fetch(`${upstream.base}/__bench__/body`, { method: 'PUT', body: variant.body });
      if (put.status !== 204) throw new Error(`upstream refused the body (${put.status})`);
      const answer = await checkPaths(paths, variant, upstream, entry.binding.method, want);
      const series = await measure(paths, variant, options);
      const bytes = Buffer.byteLength(variant.body);
      variants.push({ name: variant.name, bytes, answer, series });
      log(`${mode} calls, ${variant.name} body (${bytes} bytes, ${answer} result): ${paths.map((p) => p.key).join(', ')} x ${options.calls} done`);
    }
    const rss = rssOf(servers.httpPid);
    return { mode, tool: entry.definition.name, arguments: args, target: want, clientConnectMs: servers.clientConnectMs, rss, variants };
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
  }
}
