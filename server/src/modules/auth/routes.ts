import { API_ERRORS, forgotPasswordRequest, messageResponse, resetPasswordRequest, errorBody, user } from '@atelier/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { AuthService } from './service.ts';

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface AuthDeps {
  auth: AuthService;
  config: Config;
}

export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, services) => {
  const { auth, config } = services;
  const perIp = {
    max: config.LOGIN_MAX_PER_IP,
    timeWindow: config.LOGIN_WINDOW_MINUTES * 60_000,
  };

  // Everything below needs a signed-in user (admin or retailer).
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.get(
      '/me',
      {
        config: { access: 'signed-in' },
        schema: { tags: ['auth'], summary: 'The signed-in account (its role and language)', response: { 200: user, 401: errorBody } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { email, role } = request.session!.user;
        const { company } = request.session!;
        return { email, role, ...(company ? { company } : {}) };
      },
    );

    scope.post(
      '/logout',
      {
        config: { access: 'signed-in' },
        schema: { tags: ['auth'], summary: 'Sign out: this session’s token stops working', response: { 204: z.null(), 401: errorBody } },
      },
      async (request, reply) => {
        await auth.logout(request.session!.tokenId);
        return reply.code(204).send(null);
      },
    );
  });

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Mail a single-use reset link when the address has an account (the answer never says)',
        body: forgotPasswordRequest,
        response: { 202: messageResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      await auth.requestPasswordReset(request.body.email, request.body.lang ?? 'fr');
      return reply.code(202).send({ message: API_ERRORS.resetLinkSent });
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a single-use link token',
        body: resetPasswordRequest,
        response: { 200: messageResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { message: API_ERRORS.passwordUpdated };
    },
  );
};
