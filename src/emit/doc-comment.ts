/**
 * Doc comments from spec text (descriptions, summaries): the text is sanitized so it can never end
 * the comment or hide characters in the generated code.
 */
import type { JsonSchema } from '../model/json-schema.js';
import { isSchemaObject } from '../model/json-schema.js';

/** A `/** … *\/` comment from a schema's description and `deprecated`, or '' (see {@link docComment}). */
export function schemaDoc(schema: JsonSchema, indent: string): string {
  if (!isSchemaObject(schema)) return '';
  const description = schema.description;
  const deprecated = schema.deprecated === true;
  if (typeof description !== 'string') return deprecated ? docComment(['', '@deprecated'], indent) : '';
  return deprecated ? docComment([description, '@deprecated'], indent) : docLine(description, indent);
}

/** `docComment([text], indent)` without the list: one paragraph, most often clean. */
export function docLine(text: string, indent: string): string {
  if (NEEDS_CLEANING.test(text)) return docComment([text], indent);
  const line = text.trim();
  return line === '' ? '' : `${indent}/** ${line} */\n`;
}

/** C0/C1 controls, line/paragraph separators, bidi controls and other invisible format characters. */
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
/** Anything `docComment` rewrites: line breaks, the characters above, a comment end. */
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|\*\//;

/**
 * A doc comment holding spec text: control characters removed, `*\/` broken up so the text can
 * never close the comment. Empty lines are dropped at the ends.
 */
export function docComment(paragraphs: readonly string[], indent: string): string {
  // Fast paths, same result: paragraphs with nothing to replace (most texts) are the lines as they are.
  const clean = paragraphs.every((p) => !NEEDS_CLEANING.test(p));
  if (clean && paragraphs.length === 1) {
    const line = paragraphs[0]!.trim();
    return line === '' ? '' : `${indent}/** ${line} */\n`;
  }
  const lines = clean
    ? paragraphs.map((l) => l.trimEnd())
    : paragraphs
        .join('\n')
        .replace(/\r\n?/g, '\n')
        .replace(CONTROL_CHARACTERS, ' ')
        .replace(/\*\//g, '*\\/')
        .split('\n')
        .map((l) => l.trimEnd());
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  if (lines.length === 0) return '';
  if (lines.length === 1) return `${indent}/** ${lines[0]!.trim()} */\n`;
  return `${indent}/**\n${lines.map((l) => (l === '' ? `${indent} *` : `${indent} * ${l}`)).join('\n')}\n${indent} */\n`;
}
