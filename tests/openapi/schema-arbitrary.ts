import fc from 'fast-check';

/** A JSON Schema (2020-12) as the OpenAPI document carries it. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

/** Any UTF-16 code unit, lone surrogates and NUL included. */
export const anyText = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
});

/** Strings a server meets from people and attackers: SQL, paths, markup, huge numbers, odd dates. */
export const nastyText = fc.constantFrom(
  '',
  ' ',
  "' or 1=1 --",
  '"; drop table es.events; --',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '9'.repeat(40),
  '-1',
  '1e400',
  'NaN',
  '2026-02-30',
  '2026-11-25T10:00:00Z',
  'EP-0001',
  'ep-0001',
  '\ud800',
  'true',
  'null',
  '[]',
  '{}',
  'x'.repeat(5000),
);

const text = (schema: JsonSchema) => {
  if (schema.format === 'email') return fc.constantFrom('jane@example.com', 'JANE@Example.COM', 'a@b.co');
  if (schema.format === 'date') return fc.constantFrom('2026-11-01', '2027-01-31');
  if (schema.pattern) return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), nastyText);
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  return fc.oneof(
    fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength }),
    fc.constantFrom('2026-11-01', 'EP-0001', 'Titleist', 'Driver'),
  );
};

/** Values the schema accepts (mostly: refinements zod adds beyond JSON Schema may still refuse them). */
export function valid(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valid(choice, depth + 1)));
  if (schema.allOf?.[0]) return valid(schema.allOf[0], depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => valid({ ...schema, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return text(schema);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(valid(schema.items ?? {}, depth + 1), {
            minLength: schema.minItems ?? 0,
            maxLength: Math.min(schema.maxItems ?? 3, 3),
          });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(properties).map(([key, property]) => [key, valid(property, depth + 1)] as const);
      return fc.record(Object.fromEntries(entries), {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    default:
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value the schema accepts with one field replaced, removed or of the wrong type; or anything at all. */
export function invalid(schema: JsonSchema): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(fc.jsonValue({ maxDepth: 2 }), anyText, nastyText, fc.constantFrom(-1, 1e20, 0.5, null, true));
  const mutated = valid(schema).chain((value): fc.Arbitrary<unknown> => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return wrong;
    const keys = [...Object.keys(value), 'unexpected', '__proto__'];
    return fc.tuple(fc.constantFrom(...keys), wrong, fc.boolean()).map(([key, replacement, remove]) => {
      const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
      if (remove) delete copy[key];
      else copy[key] = replacement;
      return copy;
    });
  });
  return fc.oneof(mutated, wrong);
}
