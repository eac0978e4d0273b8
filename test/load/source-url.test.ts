import { describe, expect, it } from 'vitest';
import { displayName, isHttpUrl, relativeUrl, toSourceUrl } from '../../src/load/source-url.js';

describe('toSourceUrl', () => {
  it.each([
    { name: 'relative path', given: { input: 'specs/api.yaml', cwd: '/work' }, want: 'file:///work/specs/api.yaml' },
    { name: 'dot segments', given: { input: '../api.yaml', cwd: '/work/x' }, want: 'file:///work/api.yaml' },
    { name: 'absolute path', given: { input: '/srv/api.json', cwd: '/work' }, want: 'file:///srv/api.json' },
    { name: 'special characters', given: { input: 'my api#1.yaml', cwd: '/work' }, want: 'file:///work/my%20api%231.yaml' },
    { name: 'http URL', given: { input: 'http://example.com/a/../api.yaml', cwd: '/work' }, want: 'http://example.com/api.yaml' },
    { name: 'https URL', given: { input: 'HTTPS://Example.com/api.yaml', cwd: '/work' }, want: 'https://example.com/api.yaml' },
    { name: 'file URL', given: { input: 'file:///srv/api.yaml', cwd: '/work' }, want: 'file:///srv/api.yaml' },
  ])('$name', ({ given, want }) => {
    expect(toSourceUrl(given.input, given.cwd)).toBe(want);
  });
});

describe('displayName', () => {
  it.each([
    { name: 'below cwd', given: { url: 'file:///work/specs/api.yaml', cwd: '/work' }, want: 'specs/api.yaml' },
    { name: 'beside cwd', given: { url: 'file:///work/api.yaml', cwd: '/work/sub' }, want: '../api.yaml' },
    { name: 'cwd itself', given: { url: 'file:///work', cwd: '/work' }, want: '.' },
    { name: 'decoded', given: { url: 'file:///work/my%20api.yaml', cwd: '/work' }, want: 'my api.yaml' },
    { name: 'remote', given: { url: 'https://example.com/api.yaml', cwd: '/work' }, want: 'https://example.com/api.yaml' },
  ])('$name', ({ given, want }) => {
    expect(displayName(given.url, given.cwd)).toBe(want);
  });
});

describe('relativeUrl', () => {
  it.each([
    { name: 'itself', given: { base: 'file:///a/b/root.yaml', url: 'file:///a/b/root.yaml' }, want: 'root.yaml' },
    { name: 'sub folder', given: { base: 'file:///a/b/root.yaml', url: 'file:///a/b/c/x.yaml' }, want: 'c/x.yaml' },
    { name: 'up', given: { base: 'file:///a/b/root.yaml', url: 'file:///a/c/x.yaml' }, want: '../c/x.yaml' },
    { name: 'same host', given: { base: 'https://h.com/v1/api.json', url: 'https://h.com/v1/s/x.json?v=2' }, want: 's/x.json?v=2' },
    { name: 'other host', given: { base: 'https://h.com/api.json', url: 'https://g.com/x.json' }, want: 'https://g.com/x.json' },
    { name: 'other scheme', given: { base: 'file:///a/api.json', url: 'https://h.com/x.json' }, want: 'https://h.com/x.json' },
  ])('$name', ({ given, want }) => {
    expect(relativeUrl(given.base, given.url)).toBe(want);
  });
});

describe('isHttpUrl', () => {
  it.each([
    { given: 'http://x', want: true },
    { given: 'HTTPS://x', want: true },
    { given: 'file:///x', want: false },
    { given: 'httpfoo', want: false },
  ])('$given', ({ given, want }) => {
    expect(isHttpUrl(given)).toBe(want);
  });
});
