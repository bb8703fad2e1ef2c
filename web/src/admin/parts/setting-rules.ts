/**
 * The allowed values of each setting, read from the API's own OpenAPI
 * document (the schema of POST /api/admin/settings's body), by dotted path.
 * When the document cannot be read the form still works: the API checks
 * every value and names the field it refuses.
 */
import { api } from '../../api.js';

export interface SettingRule {
  enum?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  integer?: boolean;
  description?: string;
}

interface Schema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  description?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
}

export async function settingRules(): Promise<Record<string, SettingRule>> {
  try {
    const answer = await api.request('get', '/api/openapi.json');
    if (!answer.ok) return {};
    const document = answer.data as { paths?: Record<string, { post?: { requestBody?: { content?: Record<string, { schema?: Schema }> } } }> };
    const body = document.paths?.['/api/admin/settings']?.post?.requestBody?.content?.['application/json']?.schema;
    return body ? rulesOf(body) : {};
  } catch {
    return {};
  }
}

function rulesOf(schema: Schema, prefix = ''): Record<string, SettingRule> {
  const rules: Record<string, SettingRule> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${key}` : key;
    // A setting is `value or null` (null returns it to config.yml's value).
    const value = property.anyOf?.find((option) => option.type !== 'null') ?? property;
    if (value.properties) {
      Object.assign(rules, rulesOf(value, path));
      continue;
    }
    rules[path] = {
      enum: value.enum?.map(String),
      minimum: value.minimum,
      maximum: value.maximum,
      maxLength: value.maxLength,
      integer: value.type === 'integer',
      description: value.description ?? property.description,
    };
  }
  return rules;
}
