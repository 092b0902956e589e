import { z } from 'zod';
import { AppError, buildOpenApiDocument, createRegistry, pagingSchema, pageEnvelope, parseInput, emailSchema } from '../src';

describe('paging', () => {
  const paging = pagingSchema();

  it('defaults to page 0 and size 20 when nothing is given', () => {
    expect(paging.parse({})).toEqual({ page: 0, size: 20 });
  });

  it('clamps size into 1..100 instead of rejecting it', () => {
    expect(paging.parse({ size: '500' }).size).toBe(100);
    expect(paging.parse({ size: '0' }).size).toBe(1);
    expect(paging.parse({ size: '-3' }).size).toBe(1);
  });

  it('treats a negative or non-numeric page as page 0', () => {
    expect(paging.parse({ page: '-1' }).page).toBe(0);
    expect(paging.parse({ page: 'abc' }).page).toBe(0);
    expect(paging.parse({ page: '3' }).page).toBe(3);
  });

  it('honours a smaller maximum (scheduled broadcasts clamp to 50)', () => {
    expect(pagingSchema({ maxSize: 50 }).parse({ size: '80' }).size).toBe(50);
  });

  it('is documentable as query parameters (integers with their defaults and bounds)', () => {
    const registry = createRegistry();
    registry.registerPath({ method: 'get', path: '/things', request: { query: paging }, responses: { 200: { description: 'ok' } } });
    const doc = buildOpenApiDocument(registry, { title: 't', version: '1' }) as { paths: Record<string, { get: { parameters: unknown[] } }> };
    expect(doc.paths['/things']!.get.parameters).toEqual([
      expect.objectContaining({ name: 'page', in: 'query', schema: expect.objectContaining({ type: 'integer', minimum: 0, default: 0 }) }),
      expect.objectContaining({ name: 'size', in: 'query', schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 20 }) }),
    ]);
  });

  it('wraps items in the { items, page, size, total } envelope', () => {
    expect(pageEnvelope(['a'], { page: 2, size: 1 }, 7)).toEqual({ items: ['a'], page: 2, size: 1, total: 7 });
  });
});

describe('parseInput', () => {
  const schema = z.object({ email: emailSchema, age: z.number().int().min(0) });

  it('returns parsed data with normalized email', () => {
    expect(parseInput(schema, { email: '  Foo@Example.COM ', age: 3 })).toEqual({ email: 'foo@example.com', age: 3 });
  });

  it('raises 400 VALIDATION_FAILED with one detail per bad field', () => {
    try {
      parseInput(schema, { email: 'nope', age: -1 });
      throw new Error('expected a validation error');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const e = err as AppError;
      expect(e.httpStatus).toBe(400);
      expect(e.code).toBe('VALIDATION_FAILED');
      expect(e.details?.map((d) => d.field).sort()).toEqual(['age', 'email']);
    }
  });
});
