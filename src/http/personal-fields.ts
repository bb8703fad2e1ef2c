/**
 * The fields of an answer that carry personal data (addresses, positions,
 * e-mail), named by their path in the answer: `players[].ipAddress` is the
 * `ipAddress` of every entry of `players`, `entries[].details.x` a key of a
 * free-form record. A route names them (`personal`), its answer schema must
 * let them be absent, and the router leaves them out of the answer to an API
 * key without the personal scope.
 */

type SchemaNode = { properties?: Record<string, SchemaNode>; required?: string[]; additionalProperties?: unknown; type?: unknown; items?: SchemaNode };

/** Throws, naming the route, when a path names no field of the answer, or a field the answer requires. */
export function checkPersonalFields(answer: object, paths: readonly string[], where: string): void {
  for (const path of paths) {
    let schema = answer as SchemaNode;
    const steps = path.split('.');
    steps.forEach((step, index) => {
      const isArray = step.endsWith('[]');
      const name = isArray ? step.slice(0, -2) : step;
      const last = index === steps.length - 1;
      if (last && isArray) throw new Error(`${where}: the personal field ${path} must name a field, not a list`);
      if (schema.properties && name in schema.properties) {
        if (last && schema.required?.includes(name))
          throw new Error(`${where}: the personal field ${path} must be optional in the answer: a key without the scope gets it left out`);
        schema = schema.properties[name]!;
      } else if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
        schema = schema.additionalProperties as SchemaNode;
      } else if (schema.additionalProperties === true) {
        schema = {};
      } else {
        throw new Error(`${where}: the answer has no field ${path}`);
      }
      if (isArray) {
        if (schema.type !== 'array' || !schema.items) throw new Error(`${where}: ${name} in the personal field ${path} is not a list`);
        schema = schema.items;
      }
    });
  }
}

/** The answer without the fields at `paths`, copied where it changes (the handler's object, perhaps shared, is left as it is). */
export function withoutFields(answer: unknown, paths: readonly string[]): unknown {
  let result = answer;
  for (const path of paths) result = without(result, path.split('.'));
  return result;
}

function without(value: unknown, steps: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const [step, ...rest] = steps as [string, ...string[]];
  const isArray = step.endsWith('[]');
  const name = isArray ? step.slice(0, -2) : step;
  if (!Object.hasOwn(value, name)) return value;
  const record = value as Record<string, unknown>;
  if (rest.length === 0) {
    const { [name]: _left, ...kept } = record;
    return kept;
  }
  const inner = record[name];
  const replaced = isArray ? (Array.isArray(inner) ? inner.map((item) => without(item, rest)) : inner) : without(inner, rest);
  return { ...record, [name]: replaced };
}
