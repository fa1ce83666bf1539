import { describe, expect, it } from 'vitest';
import { createMockOpenApiDocument } from './admin-document.js';

describe('createMockOpenApiDocument', () => {
  it('gives each caller a document of its own: editing one changes no later one', () => {
    const first = createMockOpenApiDocument() as { paths: Record<string, { servers?: { url: string }[]; post?: { responses: Record<string, { description: string }> } }> };
    const before = JSON.stringify(createMockOpenApiDocument());
    for (const item of Object.values(first.paths)) {
      if (item.servers) item.servers[0]!.url = 'https://elsewhere.example';
      const responses = item.post?.responses;
      if (responses) for (const response of Object.values(responses)) response.description = 'changed';
    }
    expect(JSON.stringify(createMockOpenApiDocument())).toBe(before);
  });
});
