import { API_RESPONSES, type ApiEndpoint } from '@bozor/shared';
import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.ts';

type Operations = Record<string, { responses?: Record<string, unknown> }>;
type OpenApi = { paths: Record<string, Operations> };

const SUCCESS = ['200', '201'] as const;

/**
 * The OpenAPI document of an app that declares each endpoint of the table with the table's
 * schema as its answer, made by the same swagger plugin and zod transform as the API's own, so
 * both documents spell a schema the same way and differ only where the schemas do.
 */
async function documentOf(statuses: Map<ApiEndpoint, string>): Promise<OpenApi> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'API_RESPONSES', version: '0' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(
    async (api) => {
      for (const [endpoint, status] of statuses) {
        const [method, url] = endpoint.split(' ') as [string, string];
        api.route({
          method,
          url,
          schema: { response: { [status]: API_RESPONSES[endpoint] } },
          handler: async () => ({}),
        });
      }
    },
    { prefix: '/api' },
  );
  await app.ready();
  const document = app.swagger() as unknown as OpenApi;
  await app.close();
  return document;
}

function operationOf(document: OpenApi, endpoint: ApiEndpoint) {
  const [method, url] = endpoint.split(' ') as [string, string];
  const path = `/api${url.replace(/:(\w+)/g, '{$1}')}`;
  return document.paths[path]?.[method.toLowerCase()];
}

describe("@bozor/shared's API_RESPONSES", () => {
  const ctx = useTestApp();

  it('names the success answer of every endpoint exactly as the API declares it', async () => {
    const served = (await ctx.app.inject({ url: '/api/docs/json' })).json() as OpenApi;
    const endpoints = Object.keys(API_RESPONSES) as ApiEndpoint[];
    const statuses = new Map<ApiEndpoint, string>();
    for (const endpoint of endpoints) {
      const responses = operationOf(served, endpoint)?.responses ?? {};
      const status = SUCCESS.find((s) => s in responses);
      expect(status, `${endpoint}: no such route with a 200 or 201 answer`).toBeDefined();
      statuses.set(endpoint, status!);
    }
    const table = await documentOf(statuses);
    for (const [endpoint, status] of statuses) {
      expect
        .soft(operationOf(served, endpoint)?.responses?.[status], endpoint)
        .toEqual(operationOf(table, endpoint)?.responses?.[status]);
    }
  });
});
