/** Second factors: one's own (TOTP, recovery codes, passkeys), the login's second step, the passwordless login, and an admin's reset. */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { badRequest, notFound } from '../../errors.js';
import { route, type Route } from '../../http/route.js';
import { requireSameOrigin } from '../../http/same-origin.js';
import type { UserStore } from '../../store/port.js';
import { apiLoginAnswer, clientOf, portalLoginReply } from '../accounts/login-answers.js';
import { loggedInAnswer, portalLoggedInAnswer } from '../accounts/schemas.js';
import type { AccountService } from '../accounts/service.js';
import { passkeyAnswer as passkeyOf } from './answers.js';
import type { SecondFactorLogin, SecondFactorProof } from './login-step.js';
import {
  addPasskeyBody,
  optionsAnswer,
  passkeyAnswer,
  passkeyLoginBody,
  passwordBody,
  recoveryCodesAnswer,
  renamePasskeyBody,
  resetAnswer,
  secondFactorBody,
  statusAnswer,
  ticketBody,
  totpConfirmBody,
  totpStartAnswer,
} from './schemas.js';
import type { FactorService } from './service.js';
import { messageAnswer } from '../common/schemas.js';

const wrongPassword = { 401: 'Not logged in, or the password is wrong (counted like a failed login)', 429: 'Too many failed attempts; see Retry-After' };
const passkeysUnavailable = 'Passkeys are unavailable: the portal is reached by an IP address (set portal.public-url to a name)';

/** `ownOrigins`: this server's origins besides the request's Host, for the portal's routes (http/same-origin.ts). */
export function factorsRoutes(factors: FactorService, login: SecondFactorLogin, accounts: AccountService, users: UserStore, ownOrigins: () => string[]): Route[] {
  return [
    route({
      method: 'GET',
      path: '/api/auth/factors',
      access: 'login',
      summary: "The caller's second factors: the authenticator app, recovery codes left, passkeys",
      answer: statusAnswer,
      handle: async (request) => {
        const user = request.user();
        const status = await factors.status(user);
        const heldAtSetUp = (await factors.mustSetUp(user)) && (await accounts.isOperatorNow(user.gameUsername).catch(() => false));
        return { success: true as const, ...status, passkeys: status.passkeys.map(passkeyOf), heldAtSetUp };
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/factors/totp',
      access: 'login',
      summary: 'Start setting up an authenticator app: a new secret, on only once its first code is confirmed',
      answer: totpStartAnswer,
      errors: { 409: 'An authenticator app is already set up (totp_already_set_up)' },
      handle: async (request) => ({ success: true as const, ...(await factors.startTotp(request.user())) }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/factors/totp/confirm',
      access: 'login',
      summary: 'Confirm the app with its code: TOTP is on, and ten recovery codes are answered (this once)',
      body: totpConfirmBody,
      answer: recoveryCodesAnswer,
      errors: { 400: 'The code is not right (invalid_code)', 409: 'No set-up under way, or the app is already set up' },
      errorFields: { invalid_code: 'code' },
      handle: async (request) => ({ success: true as const, recoveryCodes: await factors.confirmTotp(request.user(), request.body.code, request.actor()) }),
    }),
    route({
      // POST: a DELETE's body is not read (bodies are for POST), and the password must come with it.
      method: 'POST',
      path: '/api/auth/factors/totp/remove',
      access: 'login',
      summary: 'Remove the authenticator app and its recovery codes (the password is asked again)',
      body: passwordBody,
      answer: messageAnswer,
      errors: { ...wrongPassword, 404: 'No authenticator app is set up' },
      errorFields: { invalid_credentials: 'password' },
      handle: async (request) => {
        await accounts.confirmPassword(request.user(), request.body.password, request.address);
        await factors.removeTotp(request.user(), request.actor());
        return { success: true as const, message: 'The authenticator app was removed' };
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/factors/recovery-codes',
      access: 'login',
      summary: 'Ten new recovery codes in place of the old ones (the password is asked again)',
      body: passwordBody,
      answer: recoveryCodesAnswer,
      errors: { ...wrongPassword, 409: 'No authenticator app is set up' },
      errorFields: { invalid_credentials: 'password' },
      handle: async (request) => {
        await accounts.confirmPassword(request.user(), request.body.password, request.address);
        return { success: true as const, recoveryCodes: await factors.newRecoveryCodes(request.user(), request.actor()) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/factors/passkeys/options',
      access: 'login',
      summary: "Options to register a passkey (for @simplewebauthn/browser's startRegistration), valid 5 minutes",
      answer: optionsAnswer,
      errors: { 409: passkeysUnavailable },
      handle: async (request) => ({ success: true as const, options: await factors.passkeyRegistrationOptions(request.user()) }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/factors/passkeys',
      access: 'login',
      summary: "Register a passkey with the browser's answer to the options",
      body: addPasskeyBody,
      answer: passkeyAnswer,
      status: 201,
      errors: {
        400: 'The answer does not verify (invalid_passkey)',
        409: 'No registration under way for this answer, the passkey is registered already, or passkeys are unavailable',
      },
      handle: async (request) => {
        const passkey = await factors.addPasskey(request.user(), request.body.name.trim(), request.body.response as unknown as RegistrationResponseJSON, request.actor());
        return { success: true as const, passkey: passkeyOf(passkey) };
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/factors/passkeys/:id',
      access: 'login',
      summary: 'Rename one of your passkeys',
      body: renamePasskeyBody,
      answer: passkeyAnswer,
      errors: { 404: 'No such passkey on your account' },
      handle: async (request) => ({
        success: true as const,
        passkey: passkeyOf(await factors.renamePasskey(request.user(), request.params.id!, request.body.name.trim(), request.actor())),
      }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/factors/passkeys/:id/remove',
      access: 'login',
      summary: 'Remove one of your passkeys (the password is asked again)',
      body: passwordBody,
      answer: messageAnswer,
      errors: { ...wrongPassword, 404: 'No such passkey on your account' },
      errorFields: { invalid_credentials: 'password' },
      handle: async (request) => {
        await accounts.confirmPassword(request.user(), request.body.password, request.address);
        await factors.removePasskey(request.user(), request.params.id!, request.actor());
        return { success: true as const, message: 'The passkey was removed' };
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/login/second-factor',
      access: 'public',
      summary: "Complete a login with the ticket and a second factor: an app's code, a recovery code, or a passkey's answer",
      body: secondFactorBody,
      answer: loggedInAnswer,
      errors: {
        400: 'Not exactly one of code, recoveryCode, passkey',
        401: 'The ticket expired or was used (invalid_ticket: log in again), or the factor is wrong (invalid_second_factor: counted like a failed login)',
        429: 'Too many failed attempts; see Retry-After',
      },
      errorFields: { invalid_second_factor: 'code' },
      handle: async (request) => apiLoginAnswer(await login.complete(request.body.ticket, proofOf(request.body), clientOf(request), 'api')),
    }),
    route({
      method: 'POST',
      path: '/api/auth/session/second-factor',
      access: 'public',
      summary: "The portal's second step: the login completed with the ticket and a second factor, and the session's refresh cookie set",
      description:
        "The ticket of POST /api/auth/session, and the same factors as POST /api/auth/login/second-factor; the answer and the cookies are those of POST /api/auth/session. Only from Gatehouse's own page (403 otherwise).",
      body: secondFactorBody,
      answer: portalLoggedInAnswer,
      errors: {
        400: 'Not exactly one of code, recoveryCode, passkey',
        401: 'The ticket expired or was used (invalid_ticket: log in again), or the factor is wrong (invalid_second_factor: counted like a failed login)',
        403: "Sent from another site's page (cross_site_request)",
        429: 'Too many failed attempts; see Retry-After',
      },
      errorFields: { invalid_second_factor: 'code' },
      handle: async (request) => {
        requireSameOrigin(request.header, ownOrigins());
        return portalLoginReply(await login.complete(request.body.ticket, proofOf(request.body), clientOf(request), 'portal'), request);
      },
    }),
    route({
      method: 'POST',
      path: '/api/auth/login/second-factor/options',
      access: 'public',
      summary: "Options of a passkey's answer for the ticket's account (for startAuthentication)",
      body: ticketBody,
      answer: optionsAnswer,
      errors: { 401: 'The ticket expired or was used (invalid_ticket)', 409: 'The account has no passkey, or passkeys are unavailable' },
      handle: async ({ body }) => ({ success: true as const, options: await login.passkeyOptions(body.ticket) }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/passkey/options',
      access: 'public',
      summary: 'Options of a login with a passkey alone, no name or password (for startAuthentication), valid 5 minutes',
      answer: optionsAnswer,
      errors: { 409: passkeysUnavailable },
      handle: async () => ({ success: true as const, options: await login.passwordlessOptions() }),
    }),
    route({
      method: 'POST',
      path: '/api/auth/passkey/login',
      access: 'public',
      summary: "Log in with a passkey's answer to those options: the same answer as POST /api/auth/login's",
      body: passkeyLoginBody,
      answer: loggedInAnswer,
      errors: { 400: 'The answer is malformed', 401: 'The passkey is not registered here, the answer does not verify, or it answers no login under way' },
      handle: async (request) => apiLoginAnswer(await login.passwordless(request.body.response as unknown as AuthenticationResponseJSON, clientOf(request), 'api')),
    }),
    route({
      method: 'POST',
      path: '/api/auth/session/passkey',
      access: 'public',
      summary: "The portal's login with a passkey alone: the answer and the refresh cookie of POST /api/auth/session",
      body: passkeyLoginBody,
      answer: portalLoggedInAnswer,
      errors: {
        400: 'The answer is malformed',
        401: 'The passkey is not registered here, the answer does not verify, or it answers no login under way',
        403: "Sent from another site's page (cross_site_request)",
      },
      handle: async (request) => {
        requireSameOrigin(request.header, ownOrigins());
        return portalLoginReply(await login.passwordless(request.body.response as unknown as AuthenticationResponseJSON, clientOf(request), 'portal'), request);
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/admin/users/:username/factors',
      access: 'admin',
      scope: 'users:write',
      summary: "Reset a web account's second factors (app, recovery codes, passkeys): its owner logs in with the password alone, then sets up again",
      answer: resetAnswer,
      errors: { 404: 'No such web account' },
      handle: async (request) => {
        const user = await users.findByUsername(request.params.username!);
        if (!user) throw notFound(`No web account is called ${request.params.username}`, 'user_not_found');
        const removed = await factors.reset(user, request.actor());
        return { success: true as const, message: `The second factors of ${user.username} were reset`, removed };
      },
    }),
  ];
}

function proofOf(body: { code?: string; recoveryCode?: string; passkey?: unknown }): SecondFactorProof {
  const given = [body.code, body.recoveryCode, body.passkey].filter((value) => value !== undefined).length;
  if (given !== 1) throw badRequest('Send exactly one of code, recoveryCode and passkey with the ticket', 'invalid_request');
  if (body.code !== undefined) return { code: body.code };
  if (body.recoveryCode !== undefined) return { recoveryCode: body.recoveryCode };
  return { passkey: body.passkey as AuthenticationResponseJSON };
}
