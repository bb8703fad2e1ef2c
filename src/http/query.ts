import type { Context } from 'koa';
import { badRequest } from '../errors.js';

/** An integer query parameter with its default and bounds; anything else is a 400 naming it. */
export function integerQuery(ctx: Context, name: string, bounds: { default: number; min: number; max: number }): number {
  const raw = ctx.query[name];
  if (raw === undefined || raw === '') return bounds.default;
  if (Array.isArray(raw)) throw badRequest(`${name} must be given once`, 'invalid_field');
  if (!/^-?\d+$/.test(raw)) throw badRequest(`${name} must be an integer`, 'invalid_field');
  const value = Number(raw);
  if (value < bounds.min) throw badRequest(`${name} must be at least ${bounds.min}`, 'invalid_field');
  if (value > bounds.max) throw badRequest(`${name} must be at most ${bounds.max}`, 'invalid_field');
  return value;
}

/** An optional string query parameter. */
export function stringQuery(ctx: Context, name: string, maxLength = 100): string | undefined {
  const raw = ctx.query[name];
  if (raw === undefined || raw === '') return undefined;
  if (Array.isArray(raw)) throw badRequest(`${name} must be given once`, 'invalid_field');
  if (raw.length > maxLength) throw badRequest(`${name} must be at most ${maxLength} characters`, 'invalid_field');
  return raw;
}

export function pagination(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}
