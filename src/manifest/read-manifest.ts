/**
 * The structure of a tool manifest (format 1; docs/manifest.md, schemas/tool-manifest.schema.json):
 *
 * ```yaml
 * toolManifest: 1
 * info: { title: Notes, version: 1.0.0, description: … }
 * jsonSchemaDialect: https://json-schema.org/draft/2020-12/schema   # optional default for inline schemas
 * tools:
 *   - name: add_note
 *     title: Add a note                       # optional
 *     description: Stores a note.
 *     input: { $ref: schemas/note.json }       # or an inline schema; root type object
 *     output: { type: object, … }             # optional
 *     annotations: { readOnlyHint: false }    # optional: the four MCP hints
 *     icons: [{ src: https://…/note.png, mimeType: image/png, sizes: [48x48], theme: light }]
 * $defs: { Note: { … } }                      # optional shared schemas ('#/$defs/Note')
 * ```
 *
 * Every problem is an error diagnostic pointing at the field (`x-…` extension fields are allowed
 * everywhere); the schemas themselves are checked later, by the normalizer and map-manifest.ts.
 */
import { childPointer, type DiagnosticBag, type SourceLocation } from '../diagnostics.js';
import type { LoadedSpec } from '../load/loaded-spec.js';
import type { ApiInfo } from '../model/api-model.js';
import type { Icon, ToolAnnotations } from '../model/tool-model.js';
import { describeValue } from '../normalize/schema-keywords.js';
import { DEFAULT_DIALECT, dialectOf, SUPPORTED_DIALECTS_TEXT, type Dialect } from './dialect.js';

export interface ManifestTool {
  name: string;
  title?: string;
  description: string;
  /** Where the tool's `input`/`output` schema is (the node itself, not yet following a `$ref`). */
  input: SourceLocation;
  output?: SourceLocation;
  /** The hints only; the title comes from `title`. */
  annotations?: Omit<ToolAnnotations, 'title'>;
  icons?: Icon[];
  at: SourceLocation;
}

export interface Manifest {
  info: ApiInfo;
  /** The dialect of schemas written in the manifest itself (`jsonSchemaDialect`, default 2020-12). */
  dialect: Dialect;
  tools: ManifestTool[];
}

const ROOT_FIELDS = new Set(['toolManifest', '$schema', 'info', 'jsonSchemaDialect', 'tools', '$defs']);
const INFO_FIELDS = new Set(['title', 'version', 'description']);
const TOOL_FIELDS = new Set(['name', 'title', 'description', 'input', 'output', 'annotations', 'icons']);
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const ICON_FIELDS = new Set(['src', 'mimeType', 'sizes', 'theme']);

export const MANIFEST_ERROR = 'manifest-invalid';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads the root document of a loaded manifest; problems go to `diagnostics` as errors. */
export function readManifest(spec: LoadedSpec, diagnostics: DiagnosticBag): Manifest {
  const file = spec.root.url;
  const at = (pointer: string): SourceLocation => ({ file, pointer });
  const fail = (pointer: string, message: string): void => diagnostics.error(MANIFEST_ERROR, message, at(pointer));
  const doc = spec.root.document as Obj;
  unknownFields(doc, '', ROOT_FIELDS, 'a manifest has toolManifest, info, jsonSchemaDialect, tools and $defs', fail);

  const info: ApiInfo = { title: 'API', version: '0.0.0' };
  if (!isObj(doc.info)) fail('', '"info" is required: an object with "title" and "version"');
  else {
    unknownFields(doc.info, '/info', INFO_FIELDS, 'info has title, version and description', fail);
    for (const field of ['title', 'version'] as const) {
      const value = doc.info[field];
      if (typeof value === 'string' && value.trim() !== '') info[field] = value;
      else fail(value === undefined ? '/info' : `/info/${field}`, stringRequired(`info.${field}`, value));
    }
    if (doc.info.description !== undefined) {
      if (typeof doc.info.description === 'string') info.description = doc.info.description;
      else fail('/info/description', 'info.description must be a string');
    }
  }

  let dialect = DEFAULT_DIALECT;
  if (doc.jsonSchemaDialect !== undefined) {
    const named = typeof doc.jsonSchemaDialect === 'string' ? dialectOf(doc.jsonSchemaDialect) : undefined;
    if (named === undefined) fail('/jsonSchemaDialect', `unsupported jsonSchemaDialect ${JSON.stringify(doc.jsonSchemaDialect)}; use ${SUPPORTED_DIALECTS_TEXT}`);
    else dialect = named;
  }
  if (doc.$defs !== undefined && !isObj(doc.$defs)) fail('/$defs', '"$defs" must be an object of schemas');

  const tools: ManifestTool[] = [];
  if (!Array.isArray(doc.tools)) fail(doc.tools === undefined ? '' : '/tools', '"tools" is required: an array of tools');
  else if (doc.tools.length === 0) diagnostics.warn('no-tools', 'the manifest lists no tools, so the server has none', at('/tools'));
  else doc.tools.forEach((node, i) => {
    const tool = readTool(node, `/tools/${i}`, at, fail);
    if (tool !== undefined) tools.push(tool);
  });
  return { info, dialect, tools };
}

function readTool(node: unknown, pointer: string, at: (p: string) => SourceLocation, fail: (p: string, m: string) => void): ManifestTool | undefined {
  if (!isObj(node)) {
    fail(pointer, 'a tool must be an object with name, description and input');
    return undefined;
  }
  if (typeof node.name !== 'string' || node.name === '') {
    fail(node.name === undefined ? pointer : `${pointer}/name`, stringRequired('"name"', node.name));
    return undefined;
  }
  const name = node.name;
  const who = `tool ${JSON.stringify(name)}`;
  unknownFields(node, pointer, TOOL_FIELDS, 'a tool has name, title, description, input, output, annotations and icons', fail, who);
  let ok = true;
  const problem = (p: string, m: string): void => {
    ok = false;
    fail(p, `${who}: ${m}`);
  };
  if (node.title !== undefined && typeof node.title !== 'string') problem(`${pointer}/title`, '"title" must be a string');
  if (typeof node.description !== 'string' || node.description.trim() === '') {
    problem(node.description === undefined ? pointer : `${pointer}/description`, stringRequired('"description"', node.description));
  }
  for (const field of ['input', 'output'] as const) {
    const value = node[field];
    if (value === undefined ? field === 'input' : !isObj(value)) {
      problem(value === undefined ? pointer : `${pointer}/${field}`, `"${field}" ${field === 'input' ? 'is required' : 'must be'}: a JSON Schema object (inline or {"$ref": "file.json"})`);
    }
  }
  const annotations = readAnnotations(node.annotations, `${pointer}/annotations`, problem);
  const icons = readIcons(node.icons, `${pointer}/icons`, problem);
  if (!ok) return undefined;
  const tool: ManifestTool = { name, description: node.description as string, input: at(`${pointer}/input`), at: at(pointer) };
  if (typeof node.title === 'string') tool.title = node.title;
  if (node.output !== undefined) tool.output = at(`${pointer}/output`);
  if (annotations !== undefined) tool.annotations = annotations;
  if (icons !== undefined) tool.icons = icons;
  return tool;
}

function readAnnotations(value: unknown, pointer: string, problem: (p: string, m: string) => void): ManifestTool['annotations'] {
  if (value === undefined) return undefined;
  if (!isObj(value)) {
    problem(pointer, '"annotations" must be an object of hints');
    return undefined;
  }
  const out: NonNullable<ManifestTool['annotations']> = {};
  for (const key of Object.keys(value)) {
    if (key.startsWith('x-')) continue;
    if (!(HINTS as readonly string[]).includes(key)) {
      problem(`${pointer}/${key}`, `unknown annotation "${key}"; the hints are ${HINTS.join(', ')} (the title comes from the tool's "title")`);
      continue;
    }
    const hint = value[key];
    if (typeof hint !== 'boolean') problem(`${pointer}/${key}`, `annotations.${key} must be true or false`);
    else out[key as (typeof HINTS)[number]] = hint;
  }
  // MCP's order, whatever the manifest's.
  const ordered: NonNullable<ManifestTool['annotations']> = {};
  for (const hint of HINTS) if (out[hint] !== undefined) ordered[hint] = out[hint];
  return ordered;
}

/** MCP basic §icons: clients MUST reject anything but https: and data: URIs, so the generator does too. */
function readIcons(value: unknown, pointer: string, problem: (p: string, m: string) => void): Icon[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    problem(pointer, '"icons" must be an array of {src, mimeType?, sizes?, theme?}');
    return undefined;
  }
  const icons: Icon[] = [];
  value.forEach((node, i) => {
    const at = `${pointer}/${i}`;
    if (!isObj(node)) return problem(at, `icons[${i}] must be an object with "src"`);
    for (const key of Object.keys(node)) if (!ICON_FIELDS.has(key) && !key.startsWith('x-')) problem(`${at}/${key}`, `unknown icon field "${key}"; an icon has src, mimeType, sizes and theme`);
    if (typeof node.src !== 'string' || !/^(https:\/\/[^\s]+|data:image\/[a-z0-9.+-]+(;[^,\s]*)?,[^\s]*)$/i.test(node.src)) {
      return problem(node.src === undefined ? at : `${at}/src`, `icons[${i}].src must be an https: URL or a data:image/… URI`);
    }
    const icon: Icon = { src: node.src };
    if (node.mimeType !== undefined) {
      if (typeof node.mimeType === 'string' && /^image\/[a-z0-9.+-]+$/i.test(node.mimeType)) icon.mimeType = node.mimeType;
      else problem(`${at}/mimeType`, `icons[${i}].mimeType must be an image media type such as "image/png"`);
    }
    if (node.sizes !== undefined) {
      if (Array.isArray(node.sizes) && node.sizes.every((s) => typeof s === 'string' && /^(\d+x\d+|any)$/.test(s))) icon.sizes = node.sizes as string[];
      else problem(`${at}/sizes`, `icons[${i}].sizes must be an array of "WxH" or "any"`);
    }
    if (node.theme !== undefined) {
      if (node.theme === 'light' || node.theme === 'dark') icon.theme = node.theme;
      else problem(`${at}/theme`, `icons[${i}].theme must be "light" or "dark"`);
    }
    icons.push(icon);
  });
  return icons;
}

/** Missing or empty: "is required"; given as something else: what it is, and the YAML fix for a number. */
function stringRequired(field: string, value: unknown): string {
  if (value === undefined || typeof value === 'string') return `${field} is required (a non-empty string)`;
  const quote = typeof value === 'number' || typeof value === 'boolean' ? ' (in YAML, put it in quotes)' : '';
  return `${field} must be a non-empty string, not ${describeValue(value)}${quote}`;
}

function unknownFields(node: Obj, pointer: string, known: ReadonlySet<string>, hint: string, fail: (p: string, m: string) => void, who?: string): void {
  for (const key of Object.keys(node)) {
    if (known.has(key) || key.startsWith('x-')) continue;
    fail(childPointer(pointer, key), `${who !== undefined ? `${who}: ` : ''}unknown field "${key}"; ${hint}`);
  }
}
