// The shared libs schemas are zod/mini; the few server-only classic ones parse the same way.
import type { ZodMiniType as ZodType } from 'zod/mini';

interface ZodDef {
  type: string;
  shape?: Record<string, ZodType>;
  in?: ZodType;
  innerType?: ZodType;
  options?: ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: Record<string, unknown> } }[];
  catchall?: ZodType;
}

export function defOf(schema: ZodType): ZodDef {
  return (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
}

/** Through transforms, pipes, optionals and defaults to what the schema first reads. */
export function unwrap(schema: ZodType): ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'pipe' && def.in) current = def.in;
    else if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type) && def.innerType)
      current = def.innerType;
    else return current;
  }
}

/** The fields of an object schema (through its wrappers), or undefined when it reads no object. */
export function objectShapeOf(schema: ZodType): Record<string, ZodType> | undefined {
  const def = defOf(unwrap(schema));
  return def.type === 'object' ? def.shape : undefined;
}

/** Whether the object schema refuses unknown keys (z.strictObject). */
export function isStrict(schema: ZodType): boolean {
  const def = defOf(unwrap(schema));
  return def.type === 'object' && def.catchall !== undefined && defOf(def.catchall).type === 'never';
}
