// Writes src/storage/wire.generated.ts, the entity types and zod validators of the web app,
// from the server's committed OpenAPI document (../openapi.json): the schemas reachable from
// `EntityObjects` (every kind a client syncs, under its path segment) and `ManuscriptTree`.
// The Rust types in crates/quire-protocol/src/entity.rs are the source; nothing here is
// written by hand. `node scripts/generate-wire.js` (or `make wire`) writes the file;
// `src/storage/wire.generated.test.ts` fails when the committed file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = import.meta.dirname;
const OPENAPI_PATH = resolve(HERE, '../../openapi.json');
const OUTPUT_PATH = resolve(HERE, '../src/storage/wire.generated.ts');

/** The schema every kind is listed in, and the other roots the web app reads. */
const KINDS_SCHEMA = 'EntityObjects';
const ROOTS = ['ManuscriptTree', 'RowInput'];

const HEADER = `// Generated from openapi.json (crates/quire-protocol/src/entity.rs) by scripts/generate-wire.js:
// do not edit. \`make wire\` (or \`node scripts/generate-wire.js\` in web/) writes it again.
`;

const REF_PREFIX = '#/components/schemas/';

function refName(ref) {
  if (!ref.startsWith(REF_PREFIX)) throw new Error(`Unsupported $ref ${ref}`);
  return ref.slice(REF_PREFIX.length);
}

/** `FolderFields` → `folderFieldsSchema`. */
function schemaConst(name) {
  return `${name.charAt(0).toLowerCase()}${name.slice(1)}Schema`;
}

/** The names of the schemas `schema` refers to, directly or inside it. */
function refsOf(schema, into = new Set()) {
  if (Array.isArray(schema)) {
    for (const item of schema) refsOf(item, into);
  } else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$ref' && typeof value === 'string') into.add(refName(value));
      else refsOf(value, into);
    }
  }
  return into;
}

/** Every schema reachable from `roots`, each after the ones it refers to. */
function ordered(schemas, roots) {
  const done = new Set();
  const order = [];
  const visit = (name, path) => {
    if (done.has(name)) return;
    if (path.includes(name)) throw new Error(`Recursive schema ${[...path, name].join(' → ')}`);
    const schema = schemas[name];
    if (!schema) throw new Error(`Undefined schema ${name}`);
    for (const ref of [...refsOf(schema)].sort()) visit(ref, [...path, name]);
    done.add(name);
    order.push(name);
  };
  for (const root of roots) visit(root, []);
  return order;
}

function isNullType(schema) {
  return schema.type === 'null';
}

/** The zod expression of a property or item schema (objects other than a `$ref` are open). */
function zodOf(schema) {
  if (schema.$ref) return schemaConst(refName(schema.$ref));
  if (schema.oneOf) {
    const options = schema.oneOf.filter((option) => !isNullType(option));
    const inner =
      options.length === 1 ? zodOf(options[0]) : `z.union([${options.map(zodOf).join(', ')}])`;
    return options.length < schema.oneOf.length ? `${inner}.nullable()` : inner;
  }
  if (schema.allOf) return objectOf(schema);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = types.includes('null');
  const kinds = types.filter((type) => type !== 'null');
  if (kinds.length !== 1) throw new Error(`Unsupported type ${JSON.stringify(schema.type)}`);
  let zod;
  if (schema.enum) {
    zod = `z.enum([${schema.enum
      .filter((v) => v !== null)
      .map((v) => `'${v}'`)
      .join(', ')}])`;
  } else {
    switch (kinds[0]) {
      case 'string':
        zod = 'z.string()';
        break;
      case 'integer':
        zod = 'z.number().int()';
        break;
      case 'number':
        zod = 'z.number()';
        break;
      case 'boolean':
        zod = 'z.boolean()';
        break;
      case 'array':
        zod = `z.array(${zodOf(schema.items ?? {})})`;
        break;
      case 'object':
        zod = schema.properties ? objectOf(schema) : 'z.record(z.string(), z.unknown())';
        break;
      default:
        throw new Error(`Unsupported type ${kinds[0]}`);
    }
  }
  return nullable ? `${zod}.nullable()` : zod;
}

/** The properties of an object schema, as the lines of a zod shape. */
function shapeOf(schema, indent) {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([key, property]) => {
    const zod = zodOf(property);
    const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`;
    return `${indent}${name}: ${required.has(key) ? zod : `${zod}.optional()`},`;
  });
}

/**
 * An object schema as an open zod object: keys it does not name are kept, as the server keeps
 * them. `allOf` parts are joined with `.extend`, each `$ref` part by its own validator.
 */
function objectOf(schema) {
  const parts = schema.allOf ?? [schema];
  let base = null;
  const lines = [];
  for (const part of parts) {
    if (part.$ref) {
      const other = schemaConst(refName(part.$ref));
      base = base === null ? other : `${base}.extend(${other}.shape)`;
    } else if (part.properties) {
      lines.push(...shapeOf(part, '  '));
    }
  }
  if (lines.length === 0) return base ?? 'z.looseObject({})';
  const shape = `{\n${lines.join('\n')}\n}`;
  return base === null ? `z.looseObject(${shape})` : `${base}.extend(${shape})`;
}

function declaration(name, schema) {
  const lines = [];
  if (schema.description) {
    lines.push('/**');
    for (const line of schema.description.split('\n')) lines.push(` * ${line}`.trimEnd());
    lines.push(' */');
  }
  const zod = schema.enum
    ? zodOf(schema)
    : schema.type === 'object' || schema.allOf
      ? objectOf(schema)
      : zodOf(schema);
  const constName = schemaConst(name);
  lines.push(`export const ${constName} = ${zod};`);
  lines.push(`export type ${name} = z.infer<typeof ${constName}>;`);
  return lines.join('\n');
}

/** The text of wire.generated.ts for the OpenAPI document `openapi` (parsed JSON). */
export function generateWire(openapi) {
  const schemas = openapi.components?.schemas ?? {};
  const kindsSchema = schemas[KINDS_SCHEMA];
  if (!kindsSchema?.properties) throw new Error(`openapi.json has no ${KINDS_SCHEMA}`);
  const kinds = Object.entries(kindsSchema.properties).map(([kind, schema]) => [
    kind,
    refName(schema.$ref),
  ]);
  const names = ordered(schemas, [...kinds.map(([, name]) => name), ...ROOTS]);
  const out = [HEADER, "import { z } from 'zod';", ''];
  out.push('/** Every kind a client syncs row by row, by its path segment. */');
  out.push('export const ENTITY_KINDS = [');
  for (const [kind] of kinds) out.push(`  '${kind}',`);
  out.push('] as const;', '');
  out.push('export type EntityKind = (typeof ENTITY_KINDS)[number];', '');
  for (const name of names) out.push(declaration(name, schemas[name]), '');
  out.push("/** Each kind's wire object as the server answers it. */");
  out.push('export const WIRE_SCHEMAS = {');
  for (const [kind, name] of kinds) out.push(`  ${kind}: ${schemaConst(name)},`);
  out.push('} as const;', '');
  out.push('export interface WireObjects {');
  for (const [kind, name] of kinds) out.push(`  ${kind}: ${name};`);
  out.push('}', '');
  return out.join('\n');
}

/** The file as the committed openapi.json makes it. */
export function freshWire() {
  return generateWire(JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')));
}

/** The file as committed. */
export function committedWire() {
  return readFileSync(OUTPUT_PATH, 'utf8');
}

/** Whether the caller asked for the committed file to be written again (`UPDATE_WIRE=1`). */
export function updateRequested() {
  return Boolean(process.env.UPDATE_WIRE);
}

export function writeWire() {
  writeFileSync(OUTPUT_PATH, freshWire());
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeWire();
  console.warn(`wrote ${OUTPUT_PATH}`);
}
