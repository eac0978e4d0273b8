import { describe, expect, it } from 'vitest';
import { annotationsFor } from '../../src/map/annotations.js';

describe('annotationsFor', () => {
  const cases = [
    { method: 'get', want: { title: 'T', readOnlyHint: true, openWorldHint: true } },
    { method: 'head', want: { title: 'T', readOnlyHint: true, openWorldHint: true } },
    { method: 'options', want: { title: 'T', readOnlyHint: true, openWorldHint: true } },
    { method: 'post', want: { title: 'T', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } },
    { method: 'patch', want: { title: 'T', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } },
    { method: 'put', want: { title: 'T', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } },
    { method: 'delete', want: { title: 'T', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true } },
  ] as const;
  for (const c of cases) it(c.method, () => expect(annotationsFor(c.method, 'T')).toEqual(c.want));
  it('omits the title when there is no summary', () => expect(annotationsFor('get', undefined)).toEqual({ readOnlyHint: true, openWorldHint: true }));
});
