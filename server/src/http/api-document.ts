import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { operationId, securityOf, typedNullables } from '../lib/openapi.ts';

/** The OpenAPI document of the API (`GET /api/openapi.json`), from the routes' own zod schemas. */
export const apiDocument = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: `${config.BRAND_NAME} API`,
          version: '1.0.0',
          description:
            'Showcase, stockist portal and back-office API. Errors are `{ "error": "message" }`. Sign in with `POST /api/auth/login`, then send `Authorization: Bearer <access_token>`.',
          license: { name: 'Proprietary' },
        },
        servers: [{ url: config.PUBLIC_URL }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: (input) => {
        // The document lists the API only: the site's pages, uploads and static files (routes without
        // a schema, or outside /api) are not operations, whatever assembly registers them.
        if (!input.schema || input.schema.hide || !input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
        const out = jsonSchemaTransform(input);
        const schema = out.schema as Record<string, unknown>;
        schema.operationId ??= operationId(String(input.route.method), out.url);
        schema.security ??= securityOf(out.url);
        return out;
      },
      transformObject: (input) => {
        const document = jsonSchemaTransformObject(input);
        typedNullables(document);
        return document;
      },
    });
  },
  { name: 'api-document' },
);
