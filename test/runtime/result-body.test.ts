import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_TEXT_BYTES, STATUS_META_KEY } from '../../templates/runtime/result.gen.js';
import { describeResultCases, PLAIN, PNG, useResultUpstream, type ResultCase } from './result-kit.js';

// toToolResult on what is not JSON: images and audio, text in its charset, binary summaries, and the text and body limits.

const resultFor = useResultUpstream();

const cases: ResultCase[] = [
  {
    name: 'an image becomes image content (base64)',
    given: { answer: { headers: { 'content-type': 'image/png' }, body: PNG } },
    want: { content: [{ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'audio becomes audio content (base64)',
    given: { answer: { headers: { 'content-type': 'audio/wav' }, body: Buffer.from('RIFF0000WAVE') } },
    want: { content: [{ type: 'audio', data: Buffer.from('RIFF0000WAVE').toString('base64'), mimeType: 'audio/wav' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'an image larger than the body limit is summarized',
    given: { answer: { headers: { 'content-type': 'image/png' }, body: Buffer.alloc(64) }, options: { maxBodyBytes: 16 } },
    want: { content: [{ type: 'text', text: 'more than 64 bytes of image/png' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'text in its declared charset',
    given: { answer: { headers: { 'content-type': 'text/plain; charset=iso-8859-1' }, body: Buffer.from('café', 'latin1') } },
    want: { content: [{ type: 'text', text: 'café' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'XML is text',
    given: { answer: { headers: { 'content-type': 'application/atom+xml' }, body: '<feed/>' } },
    want: { content: [{ type: 'text', text: '<feed/>' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'binary with a Content-Length is summarized without being read',
    given: { answer: { headers: { 'content-type': 'application/pdf', 'content-length': '2048' }, body: Buffer.alloc(2048, 1) } },
    want: { content: [{ type: 'text', text: '2048 bytes of application/pdf' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'chunked binary is counted',
    given: { answer: { headers: { 'content-type': 'application/octet-stream' }, body: [Buffer.alloc(1000), Buffer.alloc(500)] } },
    want: { content: [{ type: 'text', text: '1500 bytes of application/octet-stream' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'no Content-Type: bytes with NUL are binary',
    given: { answer: { body: Buffer.from([0, 1, 2, 3]) } },
    want: { content: [{ type: 'text', text: '4 bytes of an unknown type' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'no Content-Type: UTF-8 is text',
    given: { answer: { body: 'plain words ✓' } },
    want: { content: [{ type: 'text', text: 'plain words ✓' }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'text over the limit is cut with a marker saying how much',
    given: { answer: { headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(300) }, options: { maxTextBytes: 100 } },
    want: { content: [{ type: 'text', text: `${'x'.repeat(100)}\n\n[… truncated: 200 of 300 bytes cut]` }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'the cut falls on a character boundary',
    given: { answer: { headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'é'.repeat(60) }, options: { maxTextBytes: 101 } },
    want: { content: [{ type: 'text', text: `${'é'.repeat(50)}\n\n[… truncated: 20 of 120 bytes cut]` }], _meta: { [STATUS_META_KEY]: 200 } },
  },
  {
    name: 'a long text body is only counted past the body limit',
    given: { answer: { headers: { 'content-type': 'text/plain' }, body: ['y'.repeat(50), 'y'.repeat(50)] }, options: { maxTextBytes: 10, maxBodyBytes: 60 } },
    want: { content: [{ type: 'text', text: `${'y'.repeat(10)}\n\n[truncated: only the first 10 bytes of more than 100 are shown]` }], _meta: { [STATUS_META_KEY]: 200 } },
  },
];

describeResultCases(resultFor, cases, () => {
  it('the default text limit is documented as 100 000 bytes', () => {
    expect(DEFAULT_MAX_TEXT_BYTES).toBe(100_000);
  });
});

describe('binary content that carries a credential (issue 12, finding 8)', () => {
  it('is summed up instead of passed on as base64', async () => {
    const secret = 'SECRET-in-the-image-0042';
    const redact = (t: string): string => t.split(secret).join('[REDACTED]');
    const result = await resultFor({ headers: { 'content-type': 'image/png' }, body: Buffer.concat([PNG, Buffer.from(secret)]) }, PLAIN, { redact });
    expect(result.content).toEqual([{ type: 'text', text: `HTTP 200 OK: ${PNG.length + secret.length} bytes of image/png, withheld: it contains a credential sent with the request.` }]);
    const clean = await resultFor({ headers: { 'content-type': 'image/png' }, body: PNG }, PLAIN, { redact });
    expect(clean.content).toEqual([{ type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' }]);
  });
});
