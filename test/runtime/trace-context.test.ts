import { describe, expect, it } from 'vitest';
import { applyTraceContext, traceContextOf } from '../../templates/runtime/trace-context.gen.js';

const PARENT = '00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01';

describe('traceContextOf (W3C Trace Context from a request _meta)', () => {
  const cases: Array<[string, unknown, unknown]> = [
    ['traceparent and tracestate', { traceparent: PARENT, tracestate: 'rojo=00f067aa0ba902b7, congo=t61rcWkgMzE' }, { traceparent: PARENT, tracestate: 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE' }],
    ['traceparent alone', { traceparent: PARENT }, { traceparent: PARENT }],
    ['a future version may carry more fields', { traceparent: `cc${PARENT.slice(2)}-what-the-future-will-be-like` }, { traceparent: `cc${PARENT.slice(2)}-what-the-future-will-be-like` }],
    ['no _meta', undefined, undefined],
    ['tracestate without traceparent is ignored', { tracestate: 'a=b' }, undefined],
    ['upper-case hex', { traceparent: PARENT.toUpperCase() }, undefined],
    ['version ff', { traceparent: `ff${PARENT.slice(2)}` }, undefined],
    ['all-zero trace-id', { traceparent: '00-00000000000000000000000000000000-00f067aa0ba902b7-01' }, undefined],
    ['all-zero parent-id', { traceparent: '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01' }, undefined],
    ['version 00 with extra fields', { traceparent: `${PARENT}-extra` }, undefined],
    ['a header injection attempt', { traceparent: `${PARENT}\r\nx-evil: 1` }, undefined],
    ['a bad tracestate is dropped, the traceparent kept', { traceparent: PARENT, tracestate: 'no equals sign' }, { traceparent: PARENT }],
    ['a tracestate over 512 characters is dropped', { traceparent: PARENT, tracestate: `a=${'x'.repeat(600)}` }, { traceparent: PARENT }],
    ['not strings', { traceparent: 1, tracestate: {} }, undefined],
  ];
  for (const [name, meta, want] of cases) it(name, () => expect(traceContextOf(meta)).toEqual(want));

  it('sets the headers, unless the request already has a traceparent', () => {
    const headers = new Headers();
    applyTraceContext(headers, { traceparent: PARENT, tracestate: 'a=b' });
    expect([...headers]).toEqual([['traceparent', PARENT], ['tracestate', 'a=b']]);
    const own = new Headers({ traceparent: 'own' });
    applyTraceContext(own, { traceparent: PARENT });
    expect(own.get('traceparent')).toBe('own');
  });
});
