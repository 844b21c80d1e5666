import {
  API_ERRORS,
  factorCodes,
  addedPasskey,
  SECURITY_MESSAGES,
  errorBody,
  loginOrMfa,
  loginRequest,
  loginResponse,
  messageResponse,
  mfaRequest,
  passwordChangeRequest,
  passkeyAddRequest,
  passkeyRenameRequest,
  passkeyVerifyRequest,
  reauthRequest,
  recoveryCodes,
  securityOverview,
  totpConfirmRequest,
  totpSetup,
  webauthnOptions,
} from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { AuthService } from '../auth/service.ts';
import type { SecurityService } from './service.ts';
import { idParam } from '../../lib/params.ts';

const idParams = idParam('Not found.');
const userAgent = (headers: Record<string, unknown>) => (typeof headers['user-agent'] === 'string' ? headers['user-agent'] : null);

/** What this area's routes use, handed to them by name (never the whole set of services). */
export interface SecurityDeps {
  auth: AuthService;
  config: Config;
  security: SecurityService;
}

/** Signing in (`/api/auth/login`: a password, then the second step when the account has one), passkeys, re-authentication, the password change. */
export const signInStepRoutes: FastifyPluginAsyncZod<SecurityDeps> = async (app, services) => {
  const { security, config } = services;
  const perIp = { max: config.LOGIN_MAX_PER_IP, timeWindow: config.LOGIN_WINDOW_MINUTES * 60_000 };
  const tags = ['auth'];

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags: ['auth'],
        summary: 'Sign in; returns a bearer token, or the second step (mfa_token) for an account with a second factor',
        body: loginRequest,
        response: { 200: loginOrMfa, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const result = await security.login(
        request.body.email,
        request.body.password,
        typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
      );
      reply.header('cache-control', 'no-store');
      return result;
    },
  );

  // Changing the password needs a signed-in user who proved it recently.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.put(
      '/password',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['auth'],
          summary: 'Change the password; other sessions are signed out',
          body: passwordChangeRequest,
          response: { 200: messageResponse, 400: errorBody, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => {
        security.requireRecent(request.session!);
        await services.auth.changePassword(request.session!, request.body.current_password, request.body.password);
        return { message: API_ERRORS.passwordUpdated };
      },
    );
  });

  app.post(
    '/mfa',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags,
        summary: 'The second step: the mfa_token of a password sign-in and a code (authenticator app or recovery code)',
        body: mfaRequest,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return security.completeMfa(request.body.mfa_token, request.body.code, { userAgent: userAgent(request.headers) });
    },
  );
};

/** `/api/auth`: signing in with a passkey, and proving it again before a sensitive change. */
export const passkeySignInRoutes: FastifyPluginAsyncZod<SecurityDeps> = async (app, services) => {
  const { security, config } = services;
  const perIp = { max: config.LOGIN_MAX_PER_IP, timeWindow: config.LOGIN_WINDOW_MINUTES * 60_000 };
  const tags = ['auth'];

  app.post(
    '/passkey/options',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags,
        summary: 'Begin a passkey sign-in (discoverable credentials; single-use challenge, 5 minutes)',
        response: { 200: webauthnOptions, 409: errorBody, 429: errorBody },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return security.passkeyLoginOptions();
    },
  );

  app.post(
    '/passkey/verify',
    {
      config: { access: 'public', rateLimit: perIp },
      schema: {
        tags,
        summary: 'Finish a passkey sign-in: a full sign-in, no second step',
        body: passkeyVerifyRequest,
        response: { 200: loginResponse, 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return security.passkeyLogin(request.body.response, { userAgent: userAgent(request.headers) });
    },
  );

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/reauth',
      {
        config: { access: 'signed-in', rateLimit: perIp },
        schema: {
          tags,
          summary: 'Confirm it is still you (password, and a code when the account has an app; or a passkey) before a sensitive change',
          body: reauthRequest,
          response: { 200: messageResponse, 400: errorBody, 401: errorBody, 429: errorBody },
        },
      },
      async (request) => {
        await security.reauth(request.session!, request.body);
        return { message: SECURITY_MESSAGES.reauthDone };
      },
    );
  });
};

/** The account's own answers (its factors, codes and sessions) are never kept by a cache. */
async function privateNoStore(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'private, no-store');
}
const ACCOUNT_TAGS = ['account security'];
/** What a change to the account's factors may answer: the recovery codes of a first factor, or why not. */
const sensitive = { 200: factorCodes, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** `/api/account/…`: the signed-in person's own factors and sessions, never anyone else's. */
export const accountSecurityRoutes: FastifyPluginAsyncZod<SecurityDeps> = async (plain, services) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { security } = services;
  const tags = ACCOUNT_TAGS;
  app.addHook('onSend', privateNoStore);

  app.get(
    '/security',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Passkeys, authenticator app, recovery codes left and signed-in sessions', response: { 200: securityOverview, 401: errorBody } },
    },
    async (request) => security.overview(request.session!),
  );
  app.post(
    '/passkeys/options',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Begin adding a passkey (needs a recent sign-in)',
        response: { 200: webauthnOptions, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => security.passkeyAddOptions(request.session!),
  );
  app.post(
    '/passkeys',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Add a passkey; the first factor of an account comes with its recovery codes, given once',
        body: passkeyAddRequest,
        response: { ...sensitive, 201: addedPasskey },
      },
    },
    async (request, reply) => reply.code(201).send(await security.passkeyAdd(request.session!, request.body.response, request.body.name)),
  );
  app.patch(
    '/passkeys/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Rename a passkey',
        params: idParams,
        body: passkeyRenameRequest,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await security.passkeyRename(request.session!, request.params.id, request.body.name);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/passkeys/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Remove a passkey (needs a recent sign-in)',
        params: idParams,
        response: { 204: z.null(), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await security.passkeyRemove(request.session!, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

/** `/api/account`: the authenticator app, recovery codes and sessions (the overview and passkeys above). */
export const accountFactorRoutes: FastifyPluginAsyncZod<SecurityDeps> = async (plain, services) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { security } = services;
  const tags = ACCOUNT_TAGS;
  app.addHook('onSend', privateNoStore);

  app.post(
    '/totp',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Begin setting up an authenticator app: its secret, as text and as a QR code (needs a recent sign-in)',
        response: { 200: totpSetup, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => security.totpSetup(request.session!),
  );
  app.post(
    '/totp/confirm',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Confirm the app with its first code; the first factor comes with recovery codes, given once',
        body: totpConfirmRequest,
        response: sensitive,
      },
    },
    async (request) => security.totpConfirm(request.session!, request.body.code),
  );
  app.delete(
    '/totp',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Remove the authenticator app (needs a recent sign-in)',
        response: { 204: z.null(), 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      await security.totpRemove(request.session!);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/recovery-codes',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Make 10 new recovery codes; the old ones stop working (needs a recent sign-in)',
        response: { 200: recoveryCodes, 401: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      recoveryCodes: await security.renewRecoveryCodes(request.session!),
    }),
  );
  app.delete(
    '/sessions/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Sign out one of your sessions', params: idParams, response: { 204: z.null(), 401: errorBody, 404: errorBody } },
    },
    async (request, reply) => {
      await services.auth.signOutSession(request.session!, request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/sessions',
    { config: { access: 'signed-in' }, schema: { tags, summary: 'Sign out every session but this one', response: { 200: messageResponse, 401: errorBody } } },
    async (request) => {
      await services.auth.signOutOthers(request.session!);
      return { message: SECURITY_MESSAGES.signedOutOthers };
    },
  );
};
