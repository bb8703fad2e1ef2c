/**
 * The Gatehouse API as TypeScript types, generated from docs/openapi.json by
 * openapi-typescript (`npm run openapi`). Do not edit: regenerate.
 */
export interface paths {
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The audit log of admin changes, newest first (query: page, limit 1-500)
         * @description Personal data: an API key sees `entries[].ipAddress`, `entries[].details.x`, `entries[].details.y`, `entries[].details.z` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getAdminAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cache/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every cache Gatehouse keeps: size, limit, hits, misses, hit rate, evictions, time to live */
        get: operations["getCacheStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cache/invalidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Empty one cache (by name) or, without a name, all of them; on a network, on every server */
        post: operations["postCacheInvalidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The live settings */
        get: operations["getAdminSettings"];
        put?: never;
        /** Change some settings (all or nothing); null for a key returns it to its value in config.yml */
        post: operations["postAdminSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/overrides/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Give a setting back to config.yml: the change made through the API is dropped, and config.yml's value holds again, in game too
         * @description key: the dotted path of one setting (difficulty, chat.enabled). Recorded, sent to the other servers and applied as a POST of null for the key is; updated is empty when the key was not overridden.
         */
        delete: operations["deleteAdminSettingsOverridesByKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/kinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The kinds of event a webhook may be subscribed to, each with what it says and the scope a key needs to read it on the stream */
        get: operations["getAdminWebhooksKinds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log, newest first: each message to each webhook (the chat webhook’s too), its state, tries, last answer and when */
        get: operations["getAdminWebhooksDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/deliveries/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery again (delivered, failed or pending): due now, with the same webhook-id */
        post: operations["postAdminWebhooksDeliveriesByIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook subscriptions (never their secrets) */
        get: operations["getAdminWebhooks"];
        put?: never;
        /** Subscribe a URL to kinds of event; the signing secret is in this answer only */
        post: operations["postAdminWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook subscription */
        get: operations["getAdminWebhooksById"];
        put?: never;
        post?: never;
        /** Remove a webhook subscription (its pending deliveries are given up) */
        delete: operations["deleteAdminWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/chat/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test message to the chat webhook */
        post: operations["postAdminChatTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's sessions going on now (every login is one), last used first
         * @description Each login (the API's and the portal's) is a session until it ends: its token and, for the portal, its refresh cookie stop working at once on every server of a network. `current` marks the session of the token that asked.
         *
         *     Personal data: an API key sees `sessions[].address`, `sessions[].lastAddress` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getAuthSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Ends one of the caller's sessions: its tokens and its refresh cookie are refused from the next request */
        delete: operations["deleteAuthSessionsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sessions/end-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends every session of the caller's but the one asking */
        post: operations["postAuthSessionsEndOthers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The portal's login: a short token, and a refresh cookie that keeps the session across tabs and reloads
         * @description Answers a token valid sessions.portal-token-lifetime-seconds (15 minutes) and sets `gatehouse_refresh`, a refresh token in a cookie that is HttpOnly, SameSite=Strict and sent only to /api/auth/session and its refresh, with `gatehouse_signed_in=1` for the page (Secure too when the page is on HTTPS). An account with a second factor is answered its step instead (secondFactor, no token, no cookie), completed with POST /api/auth/session/second-factor. Only from Gatehouse's own page: a request another origin's page made is refused (403). API clients use POST /api/auth/login.
         */
        post: operations["postAuthSession"];
        /**
         * Logs out: ends the session of the token, and removes the refresh cookie when it is that session's
         * @description The portal's log-out, and an API client's: the token is refused from then on. Sent with the portal's cookie, from Gatehouse's own page only (403 otherwise).
         */
        delete: operations["deleteAuthSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a web account with a code from /register in game */
        post: operations["postAuthRegister"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Log in and receive a JWT (or, with a second factor, a ticket to send it with)
         * @description The token is valid 24 hours (accounts.token-lifetime-seconds) and names its session (`sid`), which GET /api/auth/sessions lists and DELETE /api/auth/session ends. The portal logs in with POST /api/auth/session instead.
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The portal's session goes on: a new token for its refresh cookie, and the cookie's next refresh token
         * @description Takes the `gatehouse_refresh` cookie (no body) and rotates it: each refresh token works once. One used again after its rotation ends the whole session (someone holds a copy), except within sessions.refresh-reuse-leeway-seconds (two tabs loading at once), which gets a token and no new cookie. A refusal removes the cookies. Only from Gatehouse's own page (403 otherwise).
         */
        post: operations["postAuthSessionRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The logged-in user */
        get: operations["getAuthMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/verify-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a registration code (200 with valid:false when it is not valid) */
        post: operations["postAuthVerifyCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Changes the caller's password, given the current one; the account's other sessions end */
        post: operations["postAuthPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sets a new password with a code from /resetpassword in game; every session of the account ends
         * @description The code is used once and expires after sessions.reset-code-lifetime-seconds (30 minutes). Failed codes count with the registration codes' (accounts.code-check-max-failures per address, then 429).
         */
        post: operations["postAuthPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's second factors: the authenticator app, recovery codes left, passkeys */
        get: operations["getAuthFactors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start setting up an authenticator app: a new secret, on only once its first code is confirmed */
        post: operations["postAuthFactorsTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the app with its code: TOTP is on, and ten recovery codes are answered (this once) */
        post: operations["postAuthFactorsTotpConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/totp/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove the authenticator app and its recovery codes (the password is asked again) */
        post: operations["postAuthFactorsTotpRemove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ten new recovery codes in place of the old ones (the password is asked again) */
        post: operations["postAuthFactorsRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options to register a passkey (for @simplewebauthn/browser's startRegistration), valid 5 minutes */
        post: operations["postAuthFactorsPasskeysOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a passkey with the browser's answer to the options */
        post: operations["postAuthFactorsPasskeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rename one of your passkeys */
        post: operations["postAuthFactorsPasskeysById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/factors/passkeys/{id}/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove one of your passkeys (the password is asked again) */
        post: operations["postAuthFactorsPasskeysByIdRemove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a login with the ticket and a second factor: an app's code, a recovery code, or a passkey's answer */
        post: operations["postAuthLoginSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The portal's second step: the login completed with the ticket and a second factor, and the session's refresh cookie set
         * @description The ticket of POST /api/auth/session, and the same factors as POST /api/auth/login/second-factor; the answer and the cookies are those of POST /api/auth/session. Only from Gatehouse's own page (403 otherwise).
         */
        post: operations["postAuthSessionSecondFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login/second-factor/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options of a passkey's answer for the ticket's account (for startAuthentication) */
        post: operations["postAuthLoginSecondFactorOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options of a login with a passkey alone, no name or password (for startAuthentication), valid 5 minutes */
        post: operations["postAuthPasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkey/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in with a passkey's answer to those options: the same answer as POST /api/auth/login's */
        post: operations["postAuthPasskeyLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The portal's login with a passkey alone: the answer and the refresh cookie of POST /api/auth/session */
        post: operations["postAuthSessionPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{username}/factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Reset a web account's second factors (app, recovery codes, passkeys): its owner logs in with the password alone, then sets up again */
        delete: operations["deleteAdminUsersByUsernameFactors"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oidc/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sites that may sign players in with this server (OpenID Connect clients), never their secrets, and the issuer */
        get: operations["getAdminOidcClients"];
        put?: never;
        /** Register a client; a confidential client’s secret is in this answer only */
        post: operations["postAdminOidcClients"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/oidc/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One client */
        get: operations["getAdminOidcClientsById"];
        put?: never;
        post?: never;
        /** Remove a client: from its next request on, the provider refuses it and the tokens it holds */
        delete: operations["deleteAdminOidcClientsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/oidc/sign-in/{uid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sign-in waiting for the logged-in player: the site asking and the scopes it asks for (the portal’s consent page) */
        get: operations["getOidcSignInByUid"];
        put?: never;
        /** The player’s answer to a sign-in: allowed, the site gets their identity with the scopes asked; refused, access_denied */
        post: operations["postOidcSignInByUid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/keys/scopes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every scope a key may hold, with the operations it opens */
        get: operations["getAdminKeysScopes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * API keys, newest first (never their secrets): prefix, scopes, who made each and when, last use and from where
         * @description Personal data: an API key sees `keys[].lastUsedFrom` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getAdminKeys"];
        put?: never;
        /** Make an API key; its secret is in this answer only */
        post: operations["postAdminKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One API key (never its secret)
         * @description Personal data: an API key sees `key.lastUsedFrom` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getAdminKeysById"];
        put?: never;
        post?: never;
        /**
         * Revoke an API key: from the next request on, on every server of a network, it gets 401
         * @description Personal data: an API key sees `key.lastUsedFrom` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        delete: operations["deleteAdminKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give an API key a new secret (shown in this answer only), keeping its name, scopes, expiry and rate; the old secret stops working at once. Rotated by another key, it lives only while that key does
         * @description Personal data: an API key sees `key.lastUsedFrom` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postAdminKeysByIdRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forward-auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A reverse proxy's question: may the person see this page of a proxied site? 200 with their player in headers, 401 or 302 to the login, or 403
         * @description Asked by nginx (auth_request), Traefik (ForwardAuth) or Caddy (forward_auth) for each request to a site of forward-auth.hosts, with X-Forwarded-Host, X-Forwarded-Proto and X-Forwarded-Uri naming the page and the browser's Cookie. The person is known by the site's own cookie, gatehouse_forward, which names their portal session and works while that session does. 200 names them in X-Gatehouse-User, X-Gatehouse-Player and X-Gatehouse-Player-UUID (absent for someone not signed in on a page for anyone). The rules of forward-auth say who may see which paths (docs/sign-in.md).
         */
        get: operations["getForwardAuth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forward-auth/ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Signs the caller's portal session in on a proxied site: the site's callback address with a ticket good once within a minute
         * @description The portal's /forward-auth page asks it after the login (second factor included), then opens the address: the site's callback path (forward-auth.callback-path, passed by the proxy to /api/forward-auth/callback) sets the site's cookie and goes back to returnTo. returnTo must be on one of forward-auth.hosts.
         */
        post: operations["postForwardAuthTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/forward-auth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A proxied site's callback (its forward-auth.callback-path, passed on by the proxy): takes the ticket, sets the site's cookie and goes back to the page (302)
         * @description The cookie, gatehouse_forward (HttpOnly, SameSite=Lax, Secure on https), names the portal session that asked for the ticket and only this site: it stops working when that session ends (a logout, a password change, ended from the sessions page).
         */
        get: operations["getForwardAuthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the API is up and the game connected */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connection log, newest first (query: page, limit 1-500, username)
         * @description Personal data: an API key sees `connections[].ipAddress` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getAdminConnections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Web accounts, a page at a time (query: page, limit 1-100, search)
         * @description Personal data: an API key sees `users[].email` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getAdminUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Announcements and direct messages, newest first (query: page, limit 1-500) */
        get: operations["getAdminMessages"];
        put?: never;
        /** Make an announcement: broadcast, posted to the webhook, shown on join until it expires (without expiresAt: until it is removed) */
        post: operations["postAdminMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/messages/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a chat message to an online player */
        post: operations["postAdminMessagesSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/messages/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an announcement: no player who joins from now on is shown it, on any server of a network; it leaves the list */
        delete: operations["deleteAdminMessagesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/restart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pending restart, or null */
        get: operations["getAdminRestart"];
        put?: never;
        /** Schedule a restart with a boss-bar countdown (replaces a pending one) */
        post: operations["postAdminRestart"];
        /** Cancel the pending restart */
        delete: operations["deleteAdminRestart"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/teleport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Teleport a player to another player
         * @description Personal data: an API key sees `location` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postTeleport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/teleport-player": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Teleport a player to another player
         * @description Personal data: an API key sees `location` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postAdminTeleportPlayer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/teleport-coordinates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Teleport a player to coordinates in a world
         * @description Personal data: an API key sees `location` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postAdminTeleportCoordinates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/teleports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recorded teleports, newest first (query: page, limit 1-500)
         * @description Personal data: an API key sees `teleports[].from`, `teleports[].to` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getAdminTeleports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Bans, warnings and kicks, newest first, a page at a time: of one player (username), of one kind, bans in force, or bans with an appeal of a status
         * @description Personal data: an API key sees `records[].address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getModerationRecords"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/bans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ban a player (username) or an address, with a reason and an optional end (expiresAt); it replaces a ban of the same target still in force, holds on every server of a network, and removes whoever it bans who is online
         * @description Personal data: an API key sees `record.address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postModerationBans"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/records/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One ban, warning or kick, with a ban’s lifting and its appeal
         * @description Personal data: an API key sees `record.address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getModerationRecordsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/bans/{id}/lift": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift a ban in force, on every server of a network
         * @description Personal data: an API key sees `record.address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postModerationBansByIdLift"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/kicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Kick an online player (on whichever server of a network they are), showing them the reason; recorded on their record
         * @description Personal data: an API key sees `record.address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postModerationKicks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/warnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Warn a player: recorded on their record, and told in game when they are online
         * @description Personal data: an API key sees `record.address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postModerationWarnings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/bans/{id}/appeal/answer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a ban’s pending appeal: accept (the ban is lifted) or reject, with words the player reads
         * @description Personal data: an API key sees `record.address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        post: operations["postModerationBansByIdAppealAnswer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/game-bans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This server's game's own bans, made on its console or by other plugins: read back, never overwritten by Gatehouse (lift them where they were made, or ban the target through Gatehouse, which replaces one)
         * @description Personal data: an API key sees `bans[].address` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getModerationGameBans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's own player's record: warnings, kicks and bans with their reasons, ends and appeals (a banned player can log in to read it) */
        get: operations["getModerationMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/moderation/me/bans/{id}/appeal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Appeal one of your own bans in force, once, with a text an admin answers */
        post: operations["postModerationMeBansByIdAppeal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/economy/symbol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The currency symbol and name */
        get: operations["getEconomySymbol"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/economy/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A player's balance: the caller's own, or (admins) anyone's */
        get: operations["getEconomyBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/economy/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A player's transactions, newest first: the caller's own, or (admins) anyone's */
        get: operations["getEconomyHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/economy/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send money to another player (header Idempotency-Key: a retry moves nothing) */
        post: operations["postEconomyTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/economy/adjust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add to or take from a player's balance, with a reason (an ADMIN transaction; Idempotency-Key) */
        post: operations["postAdminEconomyAdjust"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/economy/transactions/{id}/reverse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a transaction once (both sides of a transfer): ADMIN transactions of the opposite amounts (Idempotency-Key) */
        post: operations["postAdminEconomyTransactionsByIdReverse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/economy/market-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every catalogue item with its buy and sell price now, stock and trend */
        get: operations["getEconomyMarketPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalogue with prices and stock now; by category, searched, paginated */
        get: operations["getShopItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop/purchase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Buy from the shop: charged at the price along the curve now (a PURCHASE transaction), delivered in game (Idempotency-Key) */
        post: operations["postShopPurchase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop/weekly": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This ISO week's offers: discounted items, each with a per-player limit and what the caller may still buy */
        get: operations["getShopWeekly"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The catalogue items of the resources category with market data */
        get: operations["getShopResources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop/resources/available": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The resources for sale now (in stock), each with how many the caller can afford */
        get: operations["getShopResourcesAvailable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/shop/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A player's deliveries, newest first: the caller's own, or (admins) anyone's */
        get: operations["getShopDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/shop/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every pending delivery, oldest first, with its player */
        get: operations["getAdminShopDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/player/inventory/sell": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sell from your inventory in game: one item ({item, quantity}), a list ({items}) or everything the market buys ({all: true}); only what was taken is paid (SALE transactions; Idempotency-Key) */
        post: operations["postPlayerInventorySell"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/shop/reload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read shop.yml again; a file with a mistake changes nothing and the answer says where */
        post: operations["postAdminShopReload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every job with its description, how many players work it, and whether the caller does */
        get: operations["getJobs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jobs/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job's payout table and level curve, and the caller's level, experience, earnings today and what is left of the daily cap */
        get: operations["getJobsDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jobs/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join a job; work in game pays from then on */
        post: operations["postJobsJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/jobs/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave a job; its experience is kept for a later rejoin */
        post: operations["postJobsLeave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/leaderboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is on top by balance, by a job's experience (job=<id>) or by time played, with the caller's own rank even off the page */
        get: operations["getLeaderboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whitelist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the whitelist is on, and its players with their linked web accounts, a page at a time */
        get: operations["getWhitelist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whitelist/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a player on the whitelist (200 with changed: false when already on it) */
        post: operations["postWhitelistAdd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whitelist/remove": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take a player off the whitelist */
        post: operations["postWhitelistRemove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/whitelist/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a player is on the whitelist (without username: the caller's own player) */
        get: operations["getWhitelistCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/players": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is online (on every server of a network, or the one named by server): name, world, game mode, ping, server, whether they have a web account (operators, the service token and keys with personal:read also see address and position)
         * @description Personal data: an API key sees `players[].ipAddress`, `players[].location` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getPlayers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/player/inventory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A player's inventory: the caller's own, or (admins) anyone's; the player must be online */
        get: operations["getPlayerInventory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/player/maps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The worlds a player can be in (environment, spawn point), where the player is now, and where last seen in each
         * @description Personal data: an API key sees `current`, `worlds[].lastSeen` only if it also holds personal:read; without it they are left out. A login token (an operator's, or a player's own) and the service token see them.
         */
        get: operations["getPlayerMaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/server/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the server is: name, game version and software, players online (on the network, or one server), worlds, economy, uptime */
        get: operations["getServerInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/server/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the server is doing: ticks per second, memory, players (on the network or one server) and the day peak, API requests and latency over 5 minutes, store sizes */
        get: operations["getServerStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/metrics/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every server's players online, ticks per second, memory and requests, sampled each minute, in buckets for charts (query: from, to, resolution 1m|5m|15m|1h|1d; default the last 24 hours) */
        get: operations["getAdminMetricsHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (text format): players, ticks, requests by route and status, latency, economy. For the service token or metrics.allowed-addresses */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The backup archives with their size and contents, the backup being taken, the schedule and retention */
        get: operations["getAdminBackups"];
        put?: never;
        /** Back up now: starts a backup of the data and the world, and answers at once (GET shows its progress, then the archive) */
        post: operations["postAdminBackups"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/backups/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a backup archive (a zip: every account, e-mail and address of the store, and the world)
         * @description Personal data as a whole: an API key needs personal:read beside backups:admin, or is refused (403 scope_missing). A login token (an operator's) and the service token may.
         */
        get: operations["getAdminBackupsByName"];
        put?: never;
        post?: never;
        /** Delete a backup archive (retention deletes old ones by itself) */
        delete: operations["deleteAdminBackupsByName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This API described in OpenAPI 3.1, generated from the routes it serves (operation ids, tags, security schemes, the scope each operation needs) */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the reference page (text/html) */
        get: operations["getDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/start.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the reference page (text/javascript) */
        get: operations["getDocsStartJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/swagger-ui-bundle.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the reference page (text/javascript) */
        get: operations["getDocsSwaggerUiBundleJs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/swagger-ui.css": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the reference page (text/css) */
        get: operations["getDocsSwaggerUiCss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A live stream of events (server-sent events), each as the caller may see it
         * @description An addition to the API description: a `text/event-stream` that stays open. An operator and the service token get every event; an API key the kinds its scopes read (each kind names its scope), personal fields only with personal:read; a player the events about them (their balance, purchases, deliveries, sales, pay, messages). On a network every server’s events, each tagged with its `server`. Reconnect with `Last-Event-ID` to get what was missed (kept events.keep-hours; a `gap` event says when some is older). A reader that falls behind by more than events.buffer-kib is cut off and reconnects. See docs/events.md.
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            /** @enum {boolean} */
            success: false;
            /** @description A sentence for people; names the offending field where there is one. */
            error: string;
            /** @description A stable identifier for programs, e.g. invalid_field, token_expired. */
            code: string;
            /** @description The request field the error is about, as a dotted path (`email`, `notifications.discord`), so a form shows the error there: with every invalid_field (`query`/`body` for the whole), and with a refusal over one field of the request whatever its code (a transfer's insufficient_funds: `amount`; its player_not_found: `to`). Absent when the error is about no one field. */
            field?: string;
            /** @description POST /api/player/inventory/sell only: each item that cannot be sold, and why. */
            refused?: {
                item: string;
                reason: string;
            }[];
            /** @description With code scope_missing: the scope the API key lacks. */
            scope?: string;
        };
        /** @description A player joined the game server. Scope: players:read. */
        PlayerJoinedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "player.joined";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                player: {
                    name: string;
                    uuid: string;
                };
                /** @description Personal: only with personal:read (an API key), an operator or the service token. */
                ipAddress?: string;
            };
        };
        /** @description A player left the game server. Scope: players:read. */
        PlayerLeftEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "player.left";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                player: {
                    name: string;
                    uuid: string;
                };
                /** @description Personal: only with personal:read (an API key), an operator or the service token. */
                ipAddress?: string;
            };
        };
        /** @description A balance changed: one event per account a movement touched (a transfer is two, each side's own). Scope: economy:read. */
        MoneyMovedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "money.moved";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                transactionId: number;
                player: {
                    name: string;
                    uuid: string;
                };
                /** @enum {string} */
                type: "PURCHASE" | "SALE" | "TRANSFER" | "ADMIN" | "REWARD";
                /** @description Negative for money spent. */
                amount: number;
                /** @description The balance after it. */
                balance: number;
                description: string;
                counterparty?: {
                    name: string;
                    uuid: string;
                };
            };
        };
        /** @description A player bought from the shop (the items are delivered after). Scope: shop:read. */
        PurchaseMadeEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "purchase.made";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                player: {
                    name: string;
                    uuid: string;
                };
                item: string;
                quantity: number;
                /** @description What was paid (a purchase) or earned (a sale), in all. */
                price: number;
                /** @description The ledger record of the money. */
                transactionId: number;
            };
        };
        /** @description Items of a purchase reached the player in game (all of them, or some when the inventory was full). Scope: shop:read. */
        PurchaseDeliveredEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "purchase.delivered";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                deliveryId: number;
                player: {
                    name: string;
                    uuid: string;
                };
                item: string;
                /** @description Bought. */
                quantity: number;
                /** @description Given so far. */
                given: number;
                /** @description Given this time. */
                givenNow: number;
                /** @enum {string} */
                state: "pending" | "delivered";
            };
        };
        /** @description A player sold items to the market. Scope: shop:read. */
        SaleMadeEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "sale.made";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                player: {
                    name: string;
                    uuid: string;
                };
                item: string;
                quantity: number;
                /** @description What was paid (a purchase) or earned (a sale), in all. */
                price: number;
                /** @description The ledger record of the money. */
                transactionId: number;
            };
        };
        /** @description A jobs payout: every player paid for the work counted since the last one (one event a payout; a player's own stream shows only their line). Scope: jobs:read. */
        JobsPayoutEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "jobs.payout";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                payouts: {
                    player: {
                        name: string;
                        uuid: string;
                    };
                    amount: number;
                    description: string;
                }[];
            };
        };
        /** @description A restart of the server was scheduled. Scope: server:read. */
        RestartScheduledEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "restart.scheduled";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** Format: date-time */
                restartAt: string;
                reason: string;
                requestedBy: string;
                /** @description The countdown when it was scheduled. */
                delaySeconds: number;
            };
        };
        /** @description The pending restart was cancelled. Scope: server:read. */
        RestartCancelledEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "restart.cancelled";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** Format: date-time */
                restartAt: string;
                reason: string;
                requestedBy: string;
                /** @description The countdown when it was scheduled. */
                delaySeconds: number;
            };
        };
        /** @description The countdown ended: the server restarts now. Scope: server:read. */
        RestartStartedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "restart.started";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** Format: date-time */
                restartAt: string;
                reason: string;
                requestedBy: string;
                /** @description The countdown when it was scheduled. */
                delaySeconds: number;
            };
        };
        /** @description Live settings were changed through the API (GET /api/admin/settings has their values). Scope: settings:read. */
        SettingsChangedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "settings.changed";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The dotted names of the settings changed. */
                keys: string[];
            };
        };
        /** @description A player was put on or taken off the whitelist. Scope: whitelist:read. */
        WhitelistChangedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "whitelist.changed";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                player: string;
                /** @enum {string} */
                action: "added" | "removed";
                by: string;
            };
        };
        /** @description An API key was used from an address other than the one it was last used from. Scope: keys:read. */
        KeyNewAddressEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "key.new_address";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                keyId: string;
                name: string;
                /** @description Personal: only with personal:read. */
                address?: string;
                /** @description Personal: only with personal:read. null: its first use. */
                previousAddress?: string | null;
            };
        };
        /** @description An admin's message: an announcement to everyone, or a direct message (a player's own stream shows announcements and their own messages). Scope: messages:read. */
        MessageSentEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "message.sent";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                messageId: number;
                /** @enum {string} */
                type: "ANNOUNCEMENT" | "DIRECT";
                content: string;
                recipient?: string;
                sentBy: string;
                /** Format: date-time */
                expiresAt: string | null;
            };
        };
        /** @description A player or an address was banned (on every server of a network). Scope: moderation:read. */
        ModerationBannedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moderation.banned";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The record (GET /api/moderation/records/{id}). */
                recordId: number;
                /** @enum {string} */
                kind: "ban" | "warning" | "kick";
                player: {
                    name: string;
                    uuid: string;
                } | null;
                /** @description Personal: the banned address, only with personal:read (an API key), an operator or the service token. */
                address?: string;
                reason: string;
                /** @description Who did it; not in the player’s own stream (their record in the portal does not name them either). */
                by?: string;
                /** Format: date-time */
                expiresAt: string | null;
                lifted: {
                    /** Format: date-time */
                    at: string;
                    reason: string;
                } | null;
                appeal: {
                    text: string;
                    /** @enum {string} */
                    status: "pending" | "accepted" | "rejected";
                    answer: string | null;
                    answeredBy: string | null;
                } | null;
            };
        };
        /** @description A ban was lifted (by an admin, or by an accepted appeal). Scope: moderation:read. */
        ModerationLiftedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moderation.lifted";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The record (GET /api/moderation/records/{id}). */
                recordId: number;
                /** @enum {string} */
                kind: "ban" | "warning" | "kick";
                player: {
                    name: string;
                    uuid: string;
                } | null;
                /** @description Personal: the banned address, only with personal:read (an API key), an operator or the service token. */
                address?: string;
                reason: string;
                /** @description Who did it; not in the player’s own stream (their record in the portal does not name them either). */
                by?: string;
                /** Format: date-time */
                expiresAt: string | null;
                lifted: {
                    /** Format: date-time */
                    at: string;
                    reason: string;
                } | null;
                appeal: {
                    text: string;
                    /** @enum {string} */
                    status: "pending" | "accepted" | "rejected";
                    answer: string | null;
                    answeredBy: string | null;
                } | null;
            };
        };
        /** @description A player was kicked from the game. Scope: moderation:read. */
        ModerationKickedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moderation.kicked";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The record (GET /api/moderation/records/{id}). */
                recordId: number;
                /** @enum {string} */
                kind: "ban" | "warning" | "kick";
                player: {
                    name: string;
                    uuid: string;
                } | null;
                /** @description Personal: the banned address, only with personal:read (an API key), an operator or the service token. */
                address?: string;
                reason: string;
                /** @description Who did it; not in the player’s own stream (their record in the portal does not name them either). */
                by?: string;
                /** Format: date-time */
                expiresAt: string | null;
                lifted: {
                    /** Format: date-time */
                    at: string;
                    reason: string;
                } | null;
                appeal: {
                    text: string;
                    /** @enum {string} */
                    status: "pending" | "accepted" | "rejected";
                    answer: string | null;
                    answeredBy: string | null;
                } | null;
            };
        };
        /** @description A player was warned. Scope: moderation:read. */
        ModerationWarnedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moderation.warned";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The record (GET /api/moderation/records/{id}). */
                recordId: number;
                /** @enum {string} */
                kind: "ban" | "warning" | "kick";
                player: {
                    name: string;
                    uuid: string;
                } | null;
                /** @description Personal: the banned address, only with personal:read (an API key), an operator or the service token. */
                address?: string;
                reason: string;
                /** @description Who did it; not in the player’s own stream (their record in the portal does not name them either). */
                by?: string;
                /** Format: date-time */
                expiresAt: string | null;
                lifted: {
                    /** Format: date-time */
                    at: string;
                    reason: string;
                } | null;
                appeal: {
                    text: string;
                    /** @enum {string} */
                    status: "pending" | "accepted" | "rejected";
                    answer: string | null;
                    answeredBy: string | null;
                } | null;
            };
        };
        /** @description A banned player appealed their ban. Scope: moderation:read. */
        ModerationAppealedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moderation.appealed";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The record (GET /api/moderation/records/{id}). */
                recordId: number;
                /** @enum {string} */
                kind: "ban" | "warning" | "kick";
                player: {
                    name: string;
                    uuid: string;
                } | null;
                /** @description Personal: the banned address, only with personal:read (an API key), an operator or the service token. */
                address?: string;
                reason: string;
                /** @description Who did it; not in the player’s own stream (their record in the portal does not name them either). */
                by?: string;
                /** Format: date-time */
                expiresAt: string | null;
                lifted: {
                    /** Format: date-time */
                    at: string;
                    reason: string;
                } | null;
                appeal: {
                    text: string;
                    /** @enum {string} */
                    status: "pending" | "accepted" | "rejected";
                    answer: string | null;
                    answeredBy: string | null;
                } | null;
            };
        };
        /** @description An appeal was accepted or rejected. Scope: moderation:read. */
        ModerationAppealAnsweredEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "moderation.appeal_answered";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The record (GET /api/moderation/records/{id}). */
                recordId: number;
                /** @enum {string} */
                kind: "ban" | "warning" | "kick";
                player: {
                    name: string;
                    uuid: string;
                } | null;
                /** @description Personal: the banned address, only with personal:read (an API key), an operator or the service token. */
                address?: string;
                reason: string;
                /** @description Who did it; not in the player’s own stream (their record in the portal does not name them either). */
                by?: string;
                /** Format: date-time */
                expiresAt: string | null;
                lifted: {
                    /** Format: date-time */
                    at: string;
                    reason: string;
                } | null;
                appeal: {
                    text: string;
                    /** @enum {string} */
                    status: "pending" | "accepted" | "rejected";
                    answer: string | null;
                    answeredBy: string | null;
                } | null;
            };
        };
        /** @description A backup archive was written whole (GET /api/admin/backups lists it). Scope: backups:read. */
        BackupTakenEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "backup.taken";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                /** @description The archive's file name. */
                name: string;
                /**
                 * @description Why it was taken.
                 * @enum {string}
                 */
                reason: "manual" | "scheduled" | "before restart" | "command line";
                requestedBy: string | null;
                bytes: number;
                tookMs: number;
                /** @description Archives retention deleted after it. */
                deleted: string[];
            };
        };
        /** @description A backup could not be taken (nothing partial is kept; the world is saved again as before). Scope: backups:read. */
        BackupFailedEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "backup.failed";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                name: string;
                /**
                 * @description Why it was taken.
                 * @enum {string}
                 */
                reason: "manual" | "scheduled" | "before restart" | "command line";
                requestedBy: string | null;
                error: string;
            };
        };
        /** @description Gatehouse started on data restored from an archive (npm run restore), told once at that start. Scope: backups:read. */
        BackupRestoredEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "backup.restored";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                archive: string;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                restoredAt: string;
            };
        };
        /** @description How the server is doing, every events.status-seconds (15 s). Scope: server:read. */
        ServerStatusEvent: {
            /**
             * @description Increasing; send the last one seen as Last-Event-ID to get what was missed.
             * @example 1024
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "server.status";
            /** Format: date-time */
            timestamp: string;
            /** @description The server.id of the server it happened on (every server of a network streams every server’s events). */
            server: string;
            data: {
                players: {
                    /** @description This server's players; null while the game is away. */
                    online: number | null;
                    max: number;
                };
                /** @description null where the game cannot tell. */
                ticks: {
                    oneMinute: number;
                    millisecondsPerTick: number | null;
                } | null;
                memory: {
                    gatehouse: {
                        rssBytes: number;
                        heapUsedBytes: number;
                    };
                    game: {
                        usedBytes: number;
                        maxBytes: number;
                    } | null;
                };
            };
        };
        /** @description Sent first on a reconnection when events after Last-Event-ID are no longer kept: some were missed. No id (it does not move the reader’s place). */
        GapEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "gap";
            data: {
                /** @description The Last-Event-ID sent. */
                lastEventId: string;
                /** @description The oldest event still kept: the events sent next start there (events.keep-hours). */
                oldest: string;
                /**
                 * @description expired: older than the log keeps; unknown: an id this log never gave.
                 * @enum {string}
                 */
                reason: "expired" | "unknown";
            };
        };
        /** @description Sent last when the server ends the stream (it is stopping, or the credentials no longer allow it). No id. */
        ClosingEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "closing";
            data: {
                reason: string;
            };
        };
        Event: components["schemas"]["PlayerJoinedEvent"] | components["schemas"]["PlayerLeftEvent"] | components["schemas"]["MoneyMovedEvent"] | components["schemas"]["PurchaseMadeEvent"] | components["schemas"]["PurchaseDeliveredEvent"] | components["schemas"]["SaleMadeEvent"] | components["schemas"]["JobsPayoutEvent"] | components["schemas"]["RestartScheduledEvent"] | components["schemas"]["RestartCancelledEvent"] | components["schemas"]["RestartStartedEvent"] | components["schemas"]["SettingsChangedEvent"] | components["schemas"]["WhitelistChangedEvent"] | components["schemas"]["KeyNewAddressEvent"] | components["schemas"]["MessageSentEvent"] | components["schemas"]["ModerationBannedEvent"] | components["schemas"]["ModerationLiftedEvent"] | components["schemas"]["ModerationKickedEvent"] | components["schemas"]["ModerationWarnedEvent"] | components["schemas"]["ModerationAppealedEvent"] | components["schemas"]["ModerationAppealAnsweredEvent"] | components["schemas"]["BackupTakenEvent"] | components["schemas"]["BackupFailedEvent"] | components["schemas"]["BackupRestoredEvent"] | components["schemas"]["ServerStatusEvent"] | components["schemas"]["GapEvent"] | components["schemas"]["ClosingEvent"];
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAdminAudit: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        entries: ({
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            timestamp: string;
                            /** @description Web username, `service` for the token account, or `key:<name>` for an API key. */
                            actor: string;
                            /** @description The API key that acted (names need not be unique: the id tells keys apart); null when a person or the service token acted. */
                            actorKey: {
                                /**
                                 * @description Null in entries written before the id was recorded.
                                 * @example key_3f2a9c0d1e4b5a67
                                 */
                                id: string | null;
                                name: string;
                            } | null;
                            /** @description Where the change came from. Left out for an API key without personal:read. */
                            ipAddress?: string;
                            /** @example settings.update */
                            action: string;
                            /** @description What changed; the coordinates of a teleport (x, y, z) are left out for an API key without personal:read. */
                            details: {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope audit:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCacheStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        caches: {
                            name: string;
                            description: string;
                            size: number;
                            limit: number;
                            hits: number;
                            misses: number;
                            /** @description hits / (hits + misses); 0 before any lookup. */
                            hitRate: number;
                            evictions: number;
                            /** @description How long an entry lives at most; null: until evicted or replaced. */
                            ttlSeconds: number | null;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope server:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCacheInvalidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cache?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        invalidated: {
                            name: string;
                            entries: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope server:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No cache of that name */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        settings: {
                            serverName: string;
                            maxPlayers: number;
                            /** @enum {string} */
                            difficulty: "peaceful" | "easy" | "normal" | "hard";
                            /** @enum {string} */
                            gameMode: "survival" | "creative" | "adventure" | "spectator";
                            pvpEnabled: boolean;
                            whitelist: {
                                enabled: boolean;
                                autoApprove: boolean;
                            };
                            notifications: {
                                /** @description Minutes. */
                                unregisteredInterval: number;
                                enabled: boolean;
                            };
                            chat: {
                                enabled: boolean;
                                webhookUrl: string | "" | unknown;
                            };
                            economy: {
                                currencySymbol: string;
                                startingBalance: number;
                            };
                        };
                        /** @description Dotted paths of the keys changed through the API (e.g. chat.enabled). Each overrides its value in config.yml, across restarts, until it is given back (DELETE /api/admin/settings/overrides/{key}, or null for it in a POST). */
                        overridden: string[];
                        /** @description Every setting as it is without the changes made through the API: config.yml's value, or the game server's own for the settings a Paper or vanilla server keeps and Gatehouse reads. A key listed in overridden goes back to this value when it is given back. */
                        defaults: {
                            serverName: string;
                            maxPlayers: number;
                            /** @enum {string} */
                            difficulty: "peaceful" | "easy" | "normal" | "hard";
                            /** @enum {string} */
                            gameMode: "survival" | "creative" | "adventure" | "spectator";
                            pvpEnabled: boolean;
                            whitelist: {
                                enabled: boolean;
                                autoApprove: boolean;
                            };
                            notifications: {
                                /** @description Minutes. */
                                unregisteredInterval: number;
                                enabled: boolean;
                            };
                            chat: {
                                enabled: boolean;
                                webhookUrl: string | "" | unknown;
                            };
                            economy: {
                                currencySymbol: string;
                                startingBalance: number;
                            };
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope settings:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    serverName?: string | null;
                    maxPlayers?: number | null;
                    difficulty?: ("peaceful" | "easy" | "normal" | "hard") | null;
                    gameMode?: ("survival" | "creative" | "adventure" | "spectator") | null;
                    pvpEnabled?: boolean | null;
                    whitelist?: {
                        enabled?: boolean | null;
                        autoApprove?: boolean | null;
                    };
                    notifications?: {
                        unregisteredInterval?: number | null;
                        enabled?: boolean | null;
                    };
                    chat?: {
                        enabled?: boolean | null;
                        webhookUrl?: (string | "" | unknown) | null;
                    };
                    economy?: {
                        currencySymbol?: string | null;
                        startingBalance?: number | null;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description Dotted paths of the keys supplied (those set to null too), e.g. chat.enabled. */
                        updated: string[];
                        /** @description Those the game applied at once. */
                        appliedInGame: string[];
                    };
                };
            };
            /** @description An unknown key, a wrong type, a value out of range, or a webhook URL at a private address; nothing changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope settings:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store cannot record the change (storage_failed): made on no server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminSettingsOverridesByKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description The key, when it was overridden; empty otherwise (nothing changed). */
                        updated: string[];
                        /** @description The key, when the game applied its value at once. */
                        appliedInGame: string[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope settings:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No setting has that key (a group such as chat is not one) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The store cannot record the change (storage_failed): made on no server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminWebhooksKinds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        kinds: {
                            /** @example player.joined */
                            type: string;
                            summary: string;
                            /** @example players:read */
                            scope: string;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope webhooks:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminWebhooksDeliveries: {
        parameters: {
            query?: {
                subscription?: string;
                state?: "pending" | "delivered" | "failed";
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        deliveries: {
                            id: number;
                            /** @description The webhook-id header: the same on every try and every resend. */
                            messageId: string;
                            /** @description The subscription, or chat for the chat webhook. */
                            subscription: string;
                            /** @description The kind of event, or chat. */
                            type: string;
                            server: string;
                            /** @enum {string} */
                            state: "pending" | "delivered" | "failed";
                            attempts: number;
                            /** @description The HTTP status the webhook answered last; null when it did not answer (or was not tried). */
                            lastStatus: number | null;
                            lastError: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastAttemptAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            nextAttemptAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            deliveredAt: string | null;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope webhooks:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminWebhooksDeliveriesByIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        delivery: {
                            id: number;
                            /** @description The webhook-id header: the same on every try and every resend. */
                            messageId: string;
                            /** @description The subscription, or chat for the chat webhook. */
                            subscription: string;
                            /** @description The kind of event, or chat. */
                            type: string;
                            server: string;
                            /** @enum {string} */
                            state: "pending" | "delivered" | "failed";
                            attempts: number;
                            /** @description The HTTP status the webhook answered last; null when it did not answer (or was not tried). */
                            lastStatus: number | null;
                            lastError: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastAttemptAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            nextAttemptAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            deliveredAt: string | null;
                        };
                    };
                };
            };
            /** @description id is not a delivery id (a whole number; field id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope webhooks:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such delivery, or its subscription was removed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        webhooks: {
                            /** @example wh_3f2a9c0d1e4b5a67 */
                            id: string;
                            url: string;
                            types: string[];
                            description: string;
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope webhooks:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string | "" | unknown;
                    /** @description The kinds of event to send (see the Event schemas), or ["*"] for every kind. */
                    types: string[];
                    description?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        webhook: {
                            /** @example wh_3f2a9c0d1e4b5a67 */
                            id: string;
                            url: string;
                            types: string[];
                            description: string;
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                        };
                        /** @description The signing secret (whsec_...), in this answer only: verify each delivery with it (Standard Webhooks). */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input, a kind of event that does not exist, or a URL at a private address (chat.allow-private-addresses is off) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope webhooks:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        webhook: {
                            /** @example wh_3f2a9c0d1e4b5a67 */
                            id: string;
                            url: string;
                            types: string[];
                            description: string;
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope webhooks:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such subscription */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope webhooks:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such subscription */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminChatTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description No webhook URL is configured */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope settings:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The webhook refused the message, could not be reached or did not answer within 5 s */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuthSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        sessions: {
                            /** @example ses_3f9a1c0e5b7d4a2f8e6c1b0a9d8f7e6c */
                            id: string;
                            /** @description Whether this is the session of the token that asked. */
                            current: boolean;
                            /**
                             * @description api: POST /api/auth/login, ending with its token; portal: the portal, renewed with its refresh cookie.
                             * @enum {string}
                             */
                            kind: "api" | "portal";
                            /**
                             * @description A few words from the User-Agent (the client's own words, not evidence).
                             * @example Firefox 128 on Windows
                             */
                            device: string;
                            /** @description The User-Agent itself (at most 256 characters). */
                            userAgent: string;
                            /** @description Where the login came from. */
                            address?: string;
                            /** @description Where its last use came from. */
                            lastAddress?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            startedAt: string;
                            /**
                             * Format: date-time
                             * @description Written at most once a minute per server, and at once from a new address.
                             */
                            lastUsedAt: string;
                            /**
                             * Format: date-time
                             * @description When it ends by itself: with its token (api), or after sessions.idle-days without use (portal).
                             */
                            expiresAt: string;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAuthSessionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No session of the caller has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthSessionsEndOthers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description How many sessions this ended. */
                        ended: number;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description HS256 JWT for the page to keep in memory, valid sessions.portal-token-lifetime-seconds (15 minutes); send as Authorization: Bearer <token>. */
                        token: string;
                        username: string;
                        gameUsername: string;
                        /** @description Operator status on the game server now. */
                        isAdmin: boolean;
                        /**
                         * Format: date-time
                         * @description When the token expires: the page gets a new one with its refresh cookie (POST /api/auth/session/refresh).
                         */
                        expiresAt: string;
                    } | {
                        /** @enum {boolean} */
                        success: true;
                        secondFactor: {
                            /** @enum {boolean} */
                            required: true;
                            /** @description The account's factors: totp (an authenticator app's code) and recovery-code with it, passkey. */
                            methods: ("totp" | "recovery-code" | "passkey")[];
                            /** @description Single use, valid 5 minutes: send it with the factor to POST /api/auth/login/second-factor (wrong codes do not spend it). */
                            ticket: string;
                        };
                    };
                };
            };
            /** @description Missing username or password */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent from another site's page (cross_site_request) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent from another site's page (cross_site_request) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthRegister: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example steve_builds */
                    username: string;
                    /** @example correct horse */
                    password: string;
                    /**
                     * Format: email
                     * @example steve@example.com
                     */
                    email: string;
                    /** @example K7QW2MXP */
                    code: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input, or an invalid or expired code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Username taken, or the player already has an account */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed code checks; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description HS256 JWT, valid 24 hours; send as Authorization: Bearer <token>. */
                        token: string;
                        username: string;
                        gameUsername: string;
                        /** @description Operator status on the game server at login. */
                        isAdmin: boolean;
                    } | {
                        /** @enum {boolean} */
                        success: true;
                        secondFactor: {
                            /** @enum {boolean} */
                            required: true;
                            /** @description The account's factors: totp (an authenticator app's code) and recovery-code with it, passkey. */
                            methods: ("totp" | "recovery-code" | "passkey")[];
                            /** @description Single use, valid 5 minutes: send it with the factor to POST /api/auth/login/second-factor (wrong codes do not spend it). */
                            ticket: string;
                        };
                    };
                };
            };
            /** @description Missing username or password */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthSessionRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description HS256 JWT for the page to keep in memory, valid sessions.portal-token-lifetime-seconds (15 minutes); send as Authorization: Bearer <token>. */
                        token: string;
                        username: string;
                        gameUsername: string;
                        /** @description Operator status on the game server now. */
                        isAdmin: boolean;
                        /**
                         * Format: date-time
                         * @description When the token expires: the page gets a new one with its refresh cookie (POST /api/auth/session/refresh).
                         */
                        expiresAt: string;
                    };
                };
            };
            /** @description No cookie (no_session), not a refresh token of this Gatehouse (invalid_session), or a session that has ended (session_ended) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent from another site's page (cross_site_request) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuthMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        username: string;
                        gameUsername: string;
                        email: string;
                        /** @description Operator status on the game server now. */
                        isAdmin: boolean;
                        isWhitelisted: boolean;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T18:04:05.123Z
                         */
                        createdAt: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthVerifyCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        valid: boolean;
                        /** @description Only when valid. */
                        gameUsername?: string;
                    };
                };
            };
            /** @description Missing code */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed code checks; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    /** @example correct horse */
                    newPassword: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description How many of the account's other sessions the change ended. */
                        endedSessions: number;
                    };
                };
            };
            /** @description A wrong current password (wrong_password, counted as a failed login), or an invalid new one */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service token has no password */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example K7QW2MXP */
                    code: string;
                    /** @example correct horse */
                    newPassword: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description The web account whose password it set. */
                        username: string;
                    };
                };
            };
            /** @description An invalid or expired code (invalid_code), or an invalid new password */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed code checks; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuthFactors: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        totp: {
                            enabled: boolean;
                            /** @description Unused recovery codes. */
                            recoveryCodesLeft: number;
                        };
                        passkeys: {
                            /** @description The credential id (base64url). */
                            id: string;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description Whether the authenticator said the passkey is backed up (synced between devices). */
                            synced: boolean;
                        }[];
                        /** @description accounts.require-second-factor-for-admins. */
                        requiredForAdmins: boolean;
                        /** @description True for an operator without a second factor while the owner requires one: every admin route answers 403 second_factor_required. */
                        heldAtSetUp: boolean;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Base32, for an app that takes the key typed in. */
                        secret: string;
                        /** @description The otpauth:// address a QR code carries. */
                        uri: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An authenticator app is already set up (totp_already_set_up) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsTotpConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example 123456 */
                    code: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Ten codes, each usable once in place of an app code; shown this once and kept only hashed. */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description The code is not right (invalid_code) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No set-up under way, or the app is already set up */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsTotpRemove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not logged in, or the password is wrong (counted like a failed login) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No authenticator app is set up */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Ten codes, each usable once in place of an app code; shown this once and kept only hashed. */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not logged in, or the password is wrong (counted like a failed login) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No authenticator app is set up */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsPasskeysOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description WebAuthn options as JSON: give them to @simplewebauthn/browser's startRegistration or startAuthentication. */
                        options: unknown;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Passkeys are unavailable: the portal is reached by an IP address (set portal.public-url to a name) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Phone */
                    name: string;
                    /** @description navigator.credentials.create()'s answer as JSON (startRegistration of @simplewebauthn/browser). */
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            attestationObject: string;
                            authenticatorData?: string;
                            transports?: string[];
                            publicKeyAlgorithm?: number;
                            publicKey?: string;
                        };
                        /** @description The extensions the browser ran, if any (an object). */
                        clientExtensionResults?: unknown;
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        passkey: {
                            /** @description The credential id (base64url). */
                            id: string;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description Whether the authenticator said the passkey is backed up (synced between devices). */
                            synced: boolean;
                        };
                    };
                };
            };
            /** @description The answer does not verify (invalid_passkey) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No registration under way for this answer, the passkey is registered already, or passkeys are unavailable */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsPasskeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example Phone */
                    name: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        passkey: {
                            /** @description The credential id (base64url). */
                            id: string;
                            name: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description Whether the authenticator said the passkey is backed up (synced between devices). */
                            synced: boolean;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such passkey on your account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthFactorsPasskeysByIdRemove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not logged in, or the password is wrong (counted like a failed login) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such passkey on your account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthLoginSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description From the login answer. */
                    ticket: string;
                    /** @description The authenticator app's code now. */
                    code?: string;
                    /** @example 123456 */
                    recoveryCode?: string;
                    /** @description navigator.credentials.get()'s answer as JSON (startAuthentication of @simplewebauthn/browser). */
                    passkey?: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                        /** @description The extensions the browser ran, if any (an object). */
                        clientExtensionResults?: unknown;
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description HS256 JWT, valid 24 hours; send as Authorization: Bearer <token>. */
                        token: string;
                        username: string;
                        gameUsername: string;
                        /** @description Operator status on the game server at login. */
                        isAdmin: boolean;
                    };
                };
            };
            /** @description Not exactly one of code, recoveryCode, passkey */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The ticket expired or was used (invalid_ticket: log in again), or the factor is wrong (invalid_second_factor: counted like a failed login) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthSessionSecondFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description From the login answer. */
                    ticket: string;
                    /** @description The authenticator app's code now. */
                    code?: string;
                    /** @example 123456 */
                    recoveryCode?: string;
                    /** @description navigator.credentials.get()'s answer as JSON (startAuthentication of @simplewebauthn/browser). */
                    passkey?: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                        /** @description The extensions the browser ran, if any (an object). */
                        clientExtensionResults?: unknown;
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description HS256 JWT for the page to keep in memory, valid sessions.portal-token-lifetime-seconds (15 minutes); send as Authorization: Bearer <token>. */
                        token: string;
                        username: string;
                        gameUsername: string;
                        /** @description Operator status on the game server now. */
                        isAdmin: boolean;
                        /**
                         * Format: date-time
                         * @description When the token expires: the page gets a new one with its refresh cookie (POST /api/auth/session/refresh).
                         */
                        expiresAt: string;
                    };
                };
            };
            /** @description Not exactly one of code, recoveryCode, passkey */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The ticket expired or was used (invalid_ticket: log in again), or the factor is wrong (invalid_second_factor: counted like a failed login) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent from another site's page (cross_site_request) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many failed attempts; see Retry-After */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthLoginSecondFactorOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ticket: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description WebAuthn options as JSON: give them to @simplewebauthn/browser's startRegistration or startAuthentication. */
                        options: unknown;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The ticket expired or was used (invalid_ticket) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The account has no passkey, or passkeys are unavailable */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthPasskeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description WebAuthn options as JSON: give them to @simplewebauthn/browser's startRegistration or startAuthentication. */
                        options: unknown;
                    };
                };
            };
            /** @description Passkeys are unavailable: the portal is reached by an IP address (set portal.public-url to a name) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthPasskeyLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description navigator.credentials.get()'s answer as JSON (startAuthentication of @simplewebauthn/browser). */
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                        /** @description The extensions the browser ran, if any (an object). */
                        clientExtensionResults?: unknown;
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description HS256 JWT, valid 24 hours; send as Authorization: Bearer <token>. */
                        token: string;
                        username: string;
                        gameUsername: string;
                        /** @description Operator status on the game server at login. */
                        isAdmin: boolean;
                    };
                };
            };
            /** @description The answer is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The passkey is not registered here, the answer does not verify, or it answers no login under way */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthSessionPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description navigator.credentials.get()'s answer as JSON (startAuthentication of @simplewebauthn/browser). */
                    response: {
                        id: string;
                        rawId: string;
                        /** @enum {string} */
                        type: "public-key";
                        response: {
                            clientDataJSON: string;
                            authenticatorData: string;
                            signature: string;
                            userHandle?: string;
                        };
                        /** @description The extensions the browser ran, if any (an object). */
                        clientExtensionResults?: unknown;
                        /** @enum {string} */
                        authenticatorAttachment?: "platform" | "cross-platform";
                    };
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description HS256 JWT for the page to keep in memory, valid sessions.portal-token-lifetime-seconds (15 minutes); send as Authorization: Bearer <token>. */
                        token: string;
                        username: string;
                        gameUsername: string;
                        /** @description Operator status on the game server now. */
                        isAdmin: boolean;
                        /**
                         * Format: date-time
                         * @description When the token expires: the page gets a new one with its refresh cookie (POST /api/auth/session/refresh).
                         */
                        expiresAt: string;
                    };
                };
            };
            /** @description The answer is malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The passkey is not registered here, the answer does not verify, or it answers no login under way */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent from another site's page (cross_site_request) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminUsersByUsernameFactors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        removed: {
                            totp: boolean;
                            recoveryCodes: number;
                            passkeys: number;
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope users:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such web account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminOidcClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        clients: {
                            /**
                             * @description The client_id.
                             * @example gh_q3Vd2kX9aPz1mN0b
                             */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "confidential" | "public";
                            redirectUris: string[];
                            postLogoutRedirectUris: string[];
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                        }[];
                        /** @description The provider's issuer (discovery at <issuer>/.well-known/openid-configuration). */
                        issuer: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope oidc:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminOidcClients: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Shown to players on the consent page. */
                    name: string;
                    /**
                     * @description confidential: a server that keeps a secret (client_secret_basic); public: a browser or phone app, with no secret (PKCE is required of every client).
                     * @enum {string}
                     */
                    type: "confidential" | "public";
                    /** @description https, or http on localhost or 127.0.0.1; matched exactly. */
                    redirectUris: string[];
                    postLogoutRedirectUris?: string[];
                    /** @description The scopes it may ask for (openid always): profile, minecraft (name and UUID), operator, whitelist, email, offline_access. */
                    scopes: ("openid" | "profile" | "minecraft" | "operator" | "whitelist" | "email" | "offline_access")[];
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        client: {
                            /**
                             * @description The client_id.
                             * @example gh_q3Vd2kX9aPz1mN0b
                             */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "confidential" | "public";
                            redirectUris: string[];
                            postLogoutRedirectUris: string[];
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                        };
                        /** @description The client_secret of a confidential client, in this answer only; null for a public client. */
                        secret: string | null;
                    };
                };
            };
            /** @description Invalid input: a redirect URI not https (nor http on localhost), with a fragment, or not a URL; a scope not known */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope oidc:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminOidcClientsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        client: {
                            /**
                             * @description The client_id.
                             * @example gh_q3Vd2kX9aPz1mN0b
                             */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "confidential" | "public";
                            redirectUris: string[];
                            postLogoutRedirectUris: string[];
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope oidc:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such client */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminOidcClientsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        client: {
                            /**
                             * @description The client_id.
                             * @example gh_q3Vd2kX9aPz1mN0b
                             */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "confidential" | "public";
                            redirectUris: string[];
                            postLogoutRedirectUris: string[];
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope oidc:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such client */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOidcSignInByUid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        uid: string;
                        client: {
                            id: string;
                            name: string;
                        };
                        /** @description What the site asks for (and may have). */
                        scopes: string[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The sign-in is over or unknown, or its site is no longer registered */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOidcSignInByUid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description true: sign in to the site as this account; false: refuse (the site is told access_denied). */
                    allow: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Where the browser goes next to finish the sign-in. */
                        returnTo: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The sign-in is over or unknown, or its site is no longer registered */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminKeysScopes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        scopes: {
                            scope: string;
                            description: string;
                            operations: string[];
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope keys:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminKeys: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                revoked?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        keys: {
                            /** @example key_3f2a9c0d1e4b5a67 */
                            id: string;
                            name: string;
                            /**
                             * @description The secret's first characters, to tell keys apart; never the secret.
                             * @example ghk_Xq3vB9
                             */
                            prefix: string;
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description A token bucket: up to `requests` at once, `requests` more every `windowSeconds`. */
                            rateLimit: {
                                /** @description Requests allowed at once (the bucket), refilled evenly over the window. */
                                requests: number;
                                windowSeconds: number;
                            } | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description The address of its last use. Left out for an API key without personal:read. */
                            lastUsedFrom?: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            rotatedAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            revokedAt: string | null;
                            /**
                             * @description Whether requests with it are answered now: active; suspended while the operator it acts for (who made or last rotated it, or a key above it) is not an operator, or cannot be asked; expired; revoked (also when a key it was made or rotated by is revoked or expired).
                             * @enum {string}
                             */
                            status: "active" | "suspended" | "expired" | "revoked";
                            /** @description Why it is suspended, or revoked with a key above it, e.g. "Chief made it and is not an operator now"; null otherwise. */
                            statusReason: string | null;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope keys:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: string[];
                    /**
                     * Format: date-time
                     * @example 2026-11-21T18:04:05.123Z
                     */
                    expiresAt?: string | null;
                    /** @description A token bucket: up to `requests` at once, `requests` more every `windowSeconds`. */
                    rateLimit?: {
                        /** @description Requests allowed at once (the bucket), refilled evenly over the window. */
                        requests: number;
                        windowSeconds: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        key: {
                            /** @example key_3f2a9c0d1e4b5a67 */
                            id: string;
                            name: string;
                            /**
                             * @description The secret's first characters, to tell keys apart; never the secret.
                             * @example ghk_Xq3vB9
                             */
                            prefix: string;
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description A token bucket: up to `requests` at once, `requests` more every `windowSeconds`. */
                            rateLimit: {
                                /** @description Requests allowed at once (the bucket), refilled evenly over the window. */
                                requests: number;
                                windowSeconds: number;
                            } | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description The address of its last use. Left out for an API key without personal:read. */
                            lastUsedFrom?: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            rotatedAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            revokedAt: string | null;
                            /**
                             * @description Whether requests with it are answered now: active; suspended while the operator it acts for (who made or last rotated it, or a key above it) is not an operator, or cannot be asked; expired; revoked (also when a key it was made or rotated by is revoked or expired).
                             * @enum {string}
                             */
                            status: "active" | "suspended" | "expired" | "revoked";
                            /** @description Why it is suspended, or revoked with a key above it, e.g. "Chief made it and is not an operator now"; null otherwise. */
                            statusReason: string | null;
                        };
                        /** @description The key itself: shown this once, stored only as a hash. Send it as `Authorization: Bearer <secret>`. */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input, a scope this API does not have, or an expiry in the past */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Admin privileges required, or a key granting a scope it lacks, or one asking for a longer life or a looser rate than its own */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminKeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        key: {
                            /** @example key_3f2a9c0d1e4b5a67 */
                            id: string;
                            name: string;
                            /**
                             * @description The secret's first characters, to tell keys apart; never the secret.
                             * @example ghk_Xq3vB9
                             */
                            prefix: string;
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description A token bucket: up to `requests` at once, `requests` more every `windowSeconds`. */
                            rateLimit: {
                                /** @description Requests allowed at once (the bucket), refilled evenly over the window. */
                                requests: number;
                                windowSeconds: number;
                            } | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description The address of its last use. Left out for an API key without personal:read. */
                            lastUsedFrom?: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            rotatedAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            revokedAt: string | null;
                            /**
                             * @description Whether requests with it are answered now: active; suspended while the operator it acts for (who made or last rotated it, or a key above it) is not an operator, or cannot be asked; expired; revoked (also when a key it was made or rotated by is revoked or expired).
                             * @enum {string}
                             */
                            status: "active" | "suspended" | "expired" | "revoked";
                            /** @description Why it is suspended, or revoked with a key above it, e.g. "Chief made it and is not an operator now"; null otherwise. */
                            statusReason: string | null;
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope keys:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminKeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        key: {
                            /** @example key_3f2a9c0d1e4b5a67 */
                            id: string;
                            name: string;
                            /**
                             * @description The secret's first characters, to tell keys apart; never the secret.
                             * @example ghk_Xq3vB9
                             */
                            prefix: string;
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description A token bucket: up to `requests` at once, `requests` more every `windowSeconds`. */
                            rateLimit: {
                                /** @description Requests allowed at once (the bucket), refilled evenly over the window. */
                                requests: number;
                                windowSeconds: number;
                            } | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description The address of its last use. Left out for an API key without personal:read. */
                            lastUsedFrom?: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            rotatedAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            revokedAt: string | null;
                            /**
                             * @description Whether requests with it are answered now: active; suspended while the operator it acts for (who made or last rotated it, or a key above it) is not an operator, or cannot be asked; expired; revoked (also when a key it was made or rotated by is revoked or expired).
                             * @enum {string}
                             */
                            status: "active" | "suspended" | "expired" | "revoked";
                            /** @description Why it is suspended, or revoked with a key above it, e.g. "Chief made it and is not an operator now"; null otherwise. */
                            statusReason: string | null;
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Admin privileges required, or a key revoking one it could not have made (scopes it lacks: scope_missing; a longer life or a looser rate: key_limit_exceeded) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminKeysByIdRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        key: {
                            /** @example key_3f2a9c0d1e4b5a67 */
                            id: string;
                            name: string;
                            /**
                             * @description The secret's first characters, to tell keys apart; never the secret.
                             * @example ghk_Xq3vB9
                             */
                            prefix: string;
                            scopes: string[];
                            createdBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description A token bucket: up to `requests` at once, `requests` more every `windowSeconds`. */
                            rateLimit: {
                                /** @description Requests allowed at once (the bucket), refilled evenly over the window. */
                                requests: number;
                                windowSeconds: number;
                            } | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastUsedAt: string | null;
                            /** @description The address of its last use. Left out for an API key without personal:read. */
                            lastUsedFrom?: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            rotatedAt: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            revokedAt: string | null;
                            /**
                             * @description Whether requests with it are answered now: active; suspended while the operator it acts for (who made or last rotated it, or a key above it) is not an operator, or cannot be asked; expired; revoked (also when a key it was made or rotated by is revoked or expired).
                             * @enum {string}
                             */
                            status: "active" | "suspended" | "expired" | "revoked";
                            /** @description Why it is suspended, or revoked with a key above it, e.g. "Chief made it and is not an operator now"; null otherwise. */
                            statusReason: string | null;
                        };
                        /** @description The key itself: shown this once, stored only as a hash. Send it as `Authorization: Bearer <secret>`. */
                        secret: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Admin privileges required, or a key rotating one it could not have made (scopes it lacks: scope_missing; a longer life or a looser rate: key_limit_exceeded) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such key */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The key is revoked or expired */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getForwardAuth: {
        parameters: {
            query?: {
                mode?: "status" | "redirect";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The web account, also in X-Gatehouse-User; null on a page for anyone seen by someone not signed in. */
                        user: string | null;
                        /** @description The account's player name, also in X-Gatehouse-Player. */
                        player: string | null;
                        /** @description The player's UUID, also in X-Gatehouse-Player-UUID. */
                        uuid: string | null;
                    };
                };
            };
            /** @description mode=redirect: must log in first; Location is the login, which comes back to the page */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The proxy named no site (forwarded_host_missing), no page (forwarded_uri_missing) or a path no site serves (invalid_forwarded_uri) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Must log in first (login_required); X-Gatehouse-Login is the login's address, which comes back to the page */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The site is not listed (host_not_listed), or the page needs an operator (admin_required, second_factor_required) or a player on the whitelist (whitelist_required) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available to say whether the person is an operator or on the whitelist */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postForwardAuthTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The page of a proxied site to come back to (the `rd` of the portal page the login sent the person to). */
                    returnTo: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The site's callback path with a ticket, good once within a minute: open it in the browser. */
                        redirect: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description returnTo is not an http(s) address on one of forward-auth.hosts (return_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getForwardAuthCallback: {
        parameters: {
            query: {
                ticket: string;
                rd: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description The ticket has expired, was used already or is not one of ours (invalid_ticket) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The session that asked for the ticket has ended (session_ended) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description rd is not on this site (return_not_allowed) or the site is not listed (host_not_listed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @description Seconds since start. */
                        uptime: number;
                        game: {
                            connected: boolean;
                            adapter: string;
                            /** @description Why the game cannot be reached, where the adapter knows (a refused RCON password). */
                            problem?: string;
                        };
                        /** @description The store in use, e.g. json. */
                        storage: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T18:04:05.123Z
                         */
                        timestamp: string;
                    };
                };
            };
        };
    };
    getAdminConnections: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        connections: {
                            id: number;
                            username: string;
                            /** @enum {string} */
                            action: "LOGIN" | "LOGOUT";
                            /** @description Left out for an API key without personal:read. */
                            ipAddress?: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            timestamp: string;
                            success: boolean;
                            /** @description Why a login was refused; only when success is false. */
                            reason?: string;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope players:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminUsers: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        users: {
                            id: number;
                            username: string;
                            /** @description Left out for an API key without personal:read. */
                            email?: string;
                            gameUsername: string;
                            isAdmin: boolean;
                            isWhitelisted: boolean;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            lastLogin: string | null;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope users:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminMessages: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        messages: {
                            id: number;
                            /** @enum {string} */
                            type: "ANNOUNCEMENT" | "DIRECT";
                            content: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description Only on DIRECT messages. */
                            recipient?: string;
                            sentBy: string;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope messages:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminMessages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                    /**
                     * Format: date-time
                     * @example 2026-12-01T18:00:00.000Z
                     */
                    expiresAt?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        announcement: {
                            id: number;
                            /** @enum {string} */
                            type: "ANNOUNCEMENT" | "DIRECT";
                            content: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description Only on DIRECT messages. */
                            recipient?: string;
                            sentBy: string;
                        };
                    };
                };
            };
            /** @description expiresAt not in the future, or invalid content */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope messages:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminMessagesSend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    message: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Missing username or message */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope messages:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is not online */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot send messages */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminMessagesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        announcement: {
                            id: number;
                            /** @enum {string} */
                            type: "ANNOUNCEMENT" | "DIRECT";
                            content: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            expiresAt: string | null;
                            /** @description Only on DIRECT messages. */
                            recipient?: string;
                            sentBy: string;
                        };
                    };
                };
            };
            /** @description id is not a message id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope messages:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No announcement has the id (a direct message, or one removed already) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminRestart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        restart: {
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            restartAt: string;
                            reason: string;
                            requestedBy: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            requestedAt: string;
                            delaySeconds: number;
                            secondsRemaining: number;
                        } | null;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope server:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminRestart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Seconds until the restart. */
                    delay: number;
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T18:04:05.123Z
                         */
                        restartAt: string;
                    };
                };
            };
            /** @description delay missing or out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope server:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot restart */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminRestart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope server:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No restart is scheduled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postTeleport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    player: string;
                    target: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description Where the player now is. Left out for an API key without personal:read. */
                        location?: {
                            world: string;
                            x: number;
                            y: number;
                            z: number;
                        };
                    };
                };
            };
            /** @description A missing or invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope players:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player or the target is not online */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot teleport */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminTeleportPlayer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    player: string;
                    targetPlayer: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description Where the player now is. Left out for an API key without personal:read. */
                        location?: {
                            world: string;
                            x: number;
                            y: number;
                            z: number;
                        };
                    };
                };
            };
            /** @description A missing or invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope players:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player or the target is not online */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot teleport */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminTeleportCoordinates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    player: string;
                    world: string;
                    x: number;
                    y: number;
                    z: number;
                    /** @default 0 */
                    yaw?: number;
                    /** @default 0 */
                    pitch?: number;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description Where the player now is. Left out for an API key without personal:read. */
                        location?: {
                            world: string;
                            x: number;
                            y: number;
                            z: number;
                            yaw: number;
                            pitch: number;
                        };
                    };
                };
            };
            /** @description A missing or invalid field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope players:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is not online, or the world does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot teleport */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminTeleports: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        teleports: {
                            id: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            timestamp: string;
                            requestedBy: string;
                            player: string;
                            /** @description Left out for an API key without personal:read. */
                            from?: {
                                world: string;
                                x: number;
                                y: number;
                                z: number;
                            };
                            /** @description Left out for an API key without personal:read. */
                            to?: {
                                world: string;
                                x: number;
                                y: number;
                                z: number;
                                yaw?: number;
                                pitch?: number;
                            };
                            /** @description The player teleported to, for player-to-player teleports. */
                            target?: string;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope players:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModerationRecords: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                kind?: "ban" | "warning" | "kick";
                username?: string;
                inForce?: boolean;
                appeal?: "pending" | "accepted" | "rejected";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        records: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description The address a ban is of (null for the rest). Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who did it: a web username, service, or key:<name>. */
                            by: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /**
                             * Format: date-time
                             * @description When a ban ends; null for a ban without an end, and for warnings and kicks.
                             */
                            expiresAt: string | null;
                            /** @description A ban neither lifted nor ended (false for warnings and kicks). */
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                by: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /** @description The web account that appealed. */
                                by: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                answeredBy: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope moderation:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player was never seen in game and has no web account (player_not_found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModerationBans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username?: string;
                    /** @description An IPv4 or IPv6 address; give username or address, not both. */
                    address?: string;
                    reason: string;
                    /**
                     * Format: date-time
                     * @example 2026-12-01T18:00:00.000Z
                     */
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        record: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description The address a ban is of (null for the rest). Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who did it: a web username, service, or key:<name>. */
                            by: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /**
                             * Format: date-time
                             * @description When a ban ends; null for a ban without an end, and for warnings and kicks.
                             */
                            expiresAt: string | null;
                            /** @description A ban neither lifted nor ended (false for warnings and kicks). */
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                by: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /** @description The web account that appealed. */
                                by: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                answeredBy: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Neither or both of username and address, an address that is not one, an end already past, a reason too long or with formatting codes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is an operator, and the caller an API key that acts with no operator’s standing (operator_protected) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player was never seen in game and has no web account (player_not_found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModerationRecordsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        record: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description The address a ban is of (null for the rest). Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who did it: a web username, service, or key:<name>. */
                            by: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /**
                             * Format: date-time
                             * @description When a ban ends; null for a ban without an end, and for warnings and kicks.
                             */
                            expiresAt: string | null;
                            /** @description A ban neither lifted nor ended (false for warnings and kicks). */
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                by: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /** @description The web account that appealed. */
                                by: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                answeredBy: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description id is not a record id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope moderation:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No record has the id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModerationBansByIdLift: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        record: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description The address a ban is of (null for the rest). Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who did it: a web username, service, or key:<name>. */
                            by: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /**
                             * Format: date-time
                             * @description When a ban ends; null for a ban without an end, and for warnings and kicks.
                             */
                            expiresAt: string | null;
                            /** @description A ban neither lifted nor ended (false for warnings and kicks). */
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                by: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /** @description The web account that appealed. */
                                by: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                answeredBy: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description id is not a record id, or the reason is not plain text */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope moderation:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No ban has the id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The ban is no longer in force (lifted, or ended) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModerationKicks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        record: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description The address a ban is of (null for the rest). Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who did it: a web username, service, or key:<name>. */
                            by: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /**
                             * Format: date-time
                             * @description When a ban ends; null for a ban without an end, and for warnings and kicks.
                             */
                            expiresAt: string | null;
                            /** @description A ban neither lifted nor ended (false for warnings and kicks). */
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                by: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /** @description The web account that appealed. */
                                by: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                answeredBy: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is an operator, and the caller an API key that acts with no operator’s standing (operator_protected) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player was never seen in game and has no web account (player_not_found), or the player is not online (player_not_online) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot kick players */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModerationWarnings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        record: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description The address a ban is of (null for the rest). Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who did it: a web username, service, or key:<name>. */
                            by: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /**
                             * Format: date-time
                             * @description When a ban ends; null for a ban without an end, and for warnings and kicks.
                             */
                            expiresAt: string | null;
                            /** @description A ban neither lifted nor ended (false for warnings and kicks). */
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                by: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /** @description The web account that appealed. */
                                by: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                answeredBy: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is an operator, and the caller an API key that acts with no operator’s standing (operator_protected) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player was never seen in game and has no web account (player_not_found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModerationBansByIdAppealAnswer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accept: boolean;
                    answer: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        record: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description The address a ban is of (null for the rest). Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who did it: a web username, service, or key:<name>. */
                            by: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /**
                             * Format: date-time
                             * @description When a ban ends; null for a ban without an end, and for warnings and kicks.
                             */
                            expiresAt: string | null;
                            /** @description A ban neither lifted nor ended (false for warnings and kicks). */
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                by: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /** @description The web account that appealed. */
                                by: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                answeredBy: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description id is not a record id, or the answer is not plain text */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope moderation:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No ban has the id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The ban has no appeal, or it was answered already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModerationGameBans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The server.id whose game holds these bans. */
                        server: string;
                        bans: {
                            player: {
                                name: string;
                                /** @description Empty where the player was never seen in game. */
                                uuid: string;
                            } | null;
                            /** @description Left out for an API key without personal:read. */
                            address?: string | null;
                            reason: string;
                            /** @description Who made it, as the game records it: Server (its console), an operator, a plugin. */
                            source: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            created: string | null;
                            /** Format: date-time */
                            expires: string | null;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope moderation:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot tell its bans */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModerationMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        player: string;
                        /** @description A ban of the player is in force: until it ends or is lifted they cannot join the game, move money, buy or sell. */
                        banned: boolean;
                        records: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            reason: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /** Format: date-time */
                            expiresAt: string | null;
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModerationMeBansByIdAppeal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        record: {
                            id: number;
                            /** @enum {string} */
                            kind: "ban" | "warning" | "kick";
                            reason: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            at: string;
                            /** Format: date-time */
                            expiresAt: string | null;
                            inForce: boolean;
                            lifted: {
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                reason: string;
                            } | null;
                            appeal: {
                                text: string;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                at: string;
                                /** @enum {string} */
                                status: "pending" | "accepted" | "rejected";
                                answer: string | null;
                                /**
                                 * Format: date-time
                                 * @example 2026-11-21T18:04:05.123Z
                                 */
                                answeredAt: string | null;
                            } | null;
                        };
                    };
                };
            };
            /** @description id is not a record id, or the text is not plain text */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description You have no ban of this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The ban is no longer in force, or it was appealed already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEconomySymbol: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        symbol: string;
                        name: string;
                    };
                };
            };
        };
    };
    getEconomyBalance: {
        parameters: {
            query?: {
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        username: string;
                        balance: number;
                        symbol: string;
                        /** @example $1,234.50 */
                        formatted: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A non-admin asking for another player's balance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such player */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEconomyHistory: {
        parameters: {
            query?: {
                username?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        username: string;
                        transactions: {
                            id: number;
                            /** @enum {string} */
                            type: "PURCHASE" | "SALE" | "TRANSFER" | "ADMIN" | "REWARD";
                            /** @description Negative for money spent. */
                            amount: number;
                            /** @description The balance after this transaction. */
                            balance: number;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            timestamp: string;
                            /** @description The other player of a transfer. */
                            counterparty?: string;
                            item?: string;
                            quantity?: number;
                            /** @description The transaction this one undoes. */
                            reverses?: number;
                            /** @description The admin behind an ADMIN transaction. */
                            actor?: string;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A non-admin asking for another player's history */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such player */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postEconomyTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    to: string;
                    amount: number;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        transaction: {
                            id: number;
                            /** @enum {string} */
                            type: "PURCHASE" | "SALE" | "TRANSFER" | "ADMIN" | "REWARD";
                            /** @description Negative for money spent. */
                            amount: number;
                            /** @description The balance after this transaction. */
                            balance: number;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            timestamp: string;
                            /** @description The other player of a transfer. */
                            counterparty?: string;
                            item?: string;
                            quantity?: number;
                            /** @description The transaction this one undoes. */
                            reverses?: number;
                            /** @description The admin behind an ADMIN transaction. */
                            actor?: string;
                        };
                        balance: number;
                        symbol: string;
                        /** @example $1,234.50 */
                        formatted: string;
                    };
                };
            };
            /** @description Insufficient funds, an amount not above 0 or with more than two decimals, or yourself */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service account has no money; the caller is banned (banned: no money moves while a ban is in force) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such recipient */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminEconomyAdjust: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    /** @description Added to the balance; negative to take money away. Not 0. */
                    amount: number;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        transaction: {
                            id: number;
                            /** @enum {string} */
                            type: "PURCHASE" | "SALE" | "TRANSFER" | "ADMIN" | "REWARD";
                            /** @description Negative for money spent. */
                            amount: number;
                            /** @description The balance after this transaction. */
                            balance: number;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            timestamp: string;
                            /** @description The other player of a transfer. */
                            counterparty?: string;
                            item?: string;
                            quantity?: number;
                            /** @description The transaction this one undoes. */
                            reverses?: number;
                            /** @description The admin behind an ADMIN transaction. */
                            actor?: string;
                        };
                        balance: number;
                        symbol: string;
                        /** @example $1,234.50 */
                        formatted: string;
                    };
                };
            };
            /** @description Insufficient funds for a negative amount, an amount of 0 or with more than two decimals */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope economy:admin (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such player */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminEconomyTransactionsByIdReverse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        transactions: {
                            id: number;
                            /** @enum {string} */
                            type: "PURCHASE" | "SALE" | "TRANSFER" | "ADMIN" | "REWARD";
                            /** @description Negative for money spent. */
                            amount: number;
                            /** @description The balance after this transaction. */
                            balance: number;
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            timestamp: string;
                            /** @description The other player of a transfer. */
                            counterparty?: string;
                            item?: string;
                            quantity?: number;
                            /** @description The transaction this one undoes. */
                            reverses?: number;
                            /** @description The admin behind an ADMIN transaction. */
                            actor?: string;
                        }[];
                    };
                };
            };
            /** @description A reversal cannot be reversed, or a balance would go below zero */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope economy:admin (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such transaction */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Already reversed, or the Idempotency-Key was used with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEconomyMarketPrices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description By item id (the Minecraft id without namespace, e.g. diamond). */
                        prices: {
                            [key: string]: {
                                /**
                                 * @description The name the shop, the market and the inventory give the item.
                                 * @example Iron Ingot
                                 */
                                name: string;
                                /** @description What the next unit costs now. */
                                buyPrice: number;
                                /** @description What the market pays for one now; always below buyPrice. */
                                sellPrice: number;
                                stock: number;
                                /**
                                 * @description From the buy price over the last hour: VOLATILE (moved 10% or more and came back halfway), RISING or FALLING (2% or more), else STABLE.
                                 * @enum {string}
                                 */
                                trend: "RISING" | "FALLING" | "STABLE" | "VOLATILE";
                                /** @description For sale now (sold by the shop, and in stock). */
                                canBuy: boolean;
                                /** @description The market buys it. */
                                canSell: boolean;
                                /** @description The buy price over the last hour, oldest first, for a sparkline: the price the hour began at (at its start), the first, lowest, highest and last price of each five minutes since (trades and drift), and the price now. The samples `trend` reads. */
                                recent: {
                                    /**
                                     * Format: date-time
                                     * @example 2026-11-21T18:04:05.123Z
                                     */
                                    at: string;
                                    buyPrice: number;
                                }[];
                            };
                        };
                        /**
                         * Format: date-time
                         * @description The last trade or drift of any item.
                         */
                        lastUpdated: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope economy:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getShopItems: {
        parameters: {
            query?: {
                category?: string;
                search?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @example diamond */
                            item: string;
                            /**
                             * @description shop.yml's name for it, else made from the id (iron_ingot: Iron Ingot); the same in every answer.
                             * @example Diamond
                             */
                            name: string;
                            /** @example resources */
                            category: string;
                            /** @description What the next unit costs now. */
                            buyPrice: number;
                            /** @description What the market pays for one now. */
                            sellPrice: number;
                            stock: number;
                            /** @description The stock prices are set around; stock drifts back to it. */
                            targetStock: number;
                            /**
                             * @description From the buy price over the last hour: VOLATILE (moved 10% or more and came back halfway), RISING or FALLING (2% or more), else STABLE.
                             * @enum {string}
                             */
                            trend: "RISING" | "FALLING" | "STABLE" | "VOLATILE";
                            canBuy: boolean;
                            canSell: boolean;
                        }[];
                        /** @description Every category of the catalogue. */
                        categories: string[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope shop:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postShopPurchase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example diamond */
                    item: string;
                    /** @description At most shop.yml market.max-quantity (2,304 by default). */
                    quantity: number;
                    /** @description Buy it as this week's offer (GET /api/shop/weekly): at its discount, within its limit. */
                    weekly?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        purchase: {
                            transactionId: number;
                            item: string;
                            name: string;
                            quantity: number;
                            /** @description What was taken from the balance. */
                            charged: number;
                            weekly: boolean;
                        };
                        balance: number;
                        symbol: string;
                        /** @example $1,234.50 */
                        formatted: string;
                        delivery: {
                            id: number;
                            item: string;
                            name: string;
                            quantity: number;
                            /** @description In the inventory so far. */
                            given: number;
                            remaining: number;
                            /**
                             * @description pending until the game confirms everything was given.
                             * @enum {string}
                             */
                            state: "pending" | "delivered";
                            /** @description The PURCHASE transaction that paid for it. */
                            transactionId: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            updatedAt: string;
                            /** @description Admins listing every delivery only. */
                            username?: string;
                        };
                    };
                };
            };
            /** @description Unknown item, not for sale, a quantity above the stock or market.max-quantity, insufficient funds, not this week's offer, or past its limit */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service account cannot buy; the caller is banned (banned: no purchase while a ban is in force) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getShopWeekly: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @example 2026-W48 */
                        week: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T18:04:05.123Z
                         */
                        endsAt: string;
                        /** @description The most any of this week's offers gives now (see each offer's discountPercent). */
                        discountPercent: number;
                        offers: {
                            item: string;
                            name: string;
                            category: string;
                            /** @description The next unit at the offer price. */
                            price: number;
                            regularPrice: number;
                            /** @description What price gives off regularPrice, in whole percent rounded down: shop.yml's weekly.discount-percent, or less where the price stops above what selling the unit back pays. */
                            discountPercent: number;
                            stock: number;
                            /** @description Units one player may buy this week. */
                            limit: number;
                            /** @description What the caller bought of it this week. */
                            bought: number;
                            /** @description What the caller may still buy (also within the stock). */
                            remaining: number;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope shop:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getShopResources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: {
                            /** @example diamond */
                            item: string;
                            /**
                             * @description shop.yml's name for it, else made from the id (iron_ingot: Iron Ingot); the same in every answer.
                             * @example Diamond
                             */
                            name: string;
                            /** @example resources */
                            category: string;
                            /** @description What the next unit costs now. */
                            buyPrice: number;
                            /** @description What the market pays for one now. */
                            sellPrice: number;
                            stock: number;
                            /** @description The stock prices are set around; stock drifts back to it. */
                            targetStock: number;
                            /**
                             * @description From the buy price over the last hour: VOLATILE (moved 10% or more and came back halfway), RISING or FALLING (2% or more), else STABLE.
                             * @enum {string}
                             */
                            trend: "RISING" | "FALLING" | "STABLE" | "VOLATILE";
                            canBuy: boolean;
                            canSell: boolean;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope shop:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getShopResourcesAvailable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        balance: number;
                        items: {
                            /** @example diamond */
                            item: string;
                            /**
                             * @description shop.yml's name for it, else made from the id (iron_ingot: Iron Ingot); the same in every answer.
                             * @example Diamond
                             */
                            name: string;
                            /** @example resources */
                            category: string;
                            /** @description What the next unit costs now. */
                            buyPrice: number;
                            /** @description What the market pays for one now. */
                            sellPrice: number;
                            stock: number;
                            /** @description The stock prices are set around; stock drifts back to it. */
                            targetStock: number;
                            /**
                             * @description From the buy price over the last hour: VOLATILE (moved 10% or more and came back halfway), RISING or FALLING (2% or more), else STABLE.
                             * @enum {string}
                             */
                            trend: "RISING" | "FALLING" | "STABLE" | "VOLATILE";
                            canBuy: boolean;
                            canSell: boolean;
                            /** @description How many the caller can buy now: with their balance, along the price curve, within the stock. */
                            affordable: number;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service account has no balance */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getShopDeliveries: {
        parameters: {
            query?: {
                username?: string;
                state?: "pending" | "delivered";
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        username: string;
                        deliveries: {
                            id: number;
                            item: string;
                            name: string;
                            quantity: number;
                            /** @description In the inventory so far. */
                            given: number;
                            remaining: number;
                            /**
                             * @description pending until the game confirms everything was given.
                             * @enum {string}
                             */
                            state: "pending" | "delivered";
                            /** @description The PURCHASE transaction that paid for it. */
                            transactionId: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            updatedAt: string;
                            /** @description Admins listing every delivery only. */
                            username?: string;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A non-admin asking for another player's deliveries */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such player */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminShopDeliveries: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        deliveries: {
                            id: number;
                            item: string;
                            name: string;
                            quantity: number;
                            /** @description In the inventory so far. */
                            given: number;
                            remaining: number;
                            /**
                             * @description pending until the game confirms everything was given.
                             * @enum {string}
                             */
                            state: "pending" | "delivered";
                            /** @description The PURCHASE transaction that paid for it. */
                            transactionId: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            updatedAt: string;
                            /** @description Admins listing every delivery only. */
                            username?: string;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope shop:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPlayerInventorySell: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example diamond */
                    item?: string;
                    /** @description With item: how many; without, all the player has. */
                    quantity?: number;
                    items?: {
                        /** @example diamond */
                        item: string;
                        quantity?: number;
                    }[];
                    /** @description true: everything in the inventory the market buys. */
                    all?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        sold: {
                            item: string;
                            name: string;
                            quantity: number;
                            income: number;
                            transactionId: number;
                        }[];
                        /** @description What was asked (or held) and not sold, and why. */
                        refused: {
                            item: string;
                            reason: string;
                        }[];
                        total: number;
                        balance: number;
                        symbol: string;
                        formatted: string;
                        /** @description Today's income from sales against shop.yml selling.daily-income-cap; null without a cap. */
                        dailyCap: {
                            limit: number;
                            earned: number;
                            remaining: number;
                        } | null;
                    };
                };
            };
            /** @description Not exactly one of item, items or all; items the market does not buy, or a quantity above what is held (listed in refused); nothing to sell; the daily income cap reached */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service account has no inventory; the caller is banned (banned: no sale while a ban is in force) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is not online */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was used with another request, or (on a network) the sale was finished and paid by another server meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot change inventories */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Economy system not available (economy.provider none, or Vault not offered by the server) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminShopReload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        items: number;
                        added: string[];
                        removed: string[];
                    };
                };
            };
            /** @description shop.yml has a mistake (named in the message); nothing changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope shop:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        jobs: {
                            /** @example miner */
                            id: string;
                            /** @example Miner */
                            name: string;
                            description: string;
                            /** @description How many players work this job now. */
                            workers: number;
                            /** @description Whether the caller works this job. */
                            joined: boolean;
                        }[];
                        /** @description How many jobs one player may work at once. */
                        maxPerPlayer: number;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope jobs:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJobsDetails: {
        parameters: {
            query: {
                job: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: {
                            id: string;
                            name: string;
                            description: string;
                            workers: number;
                            /** @description The most one player earns from this job in a UTC day; null: no cap. */
                            dailyCap: number | null;
                        };
                        pays: {
                            blockBroken: {
                                /** @example stone */
                                id: string;
                                /** @description At level 1. */
                                money: number;
                                experience: number;
                            }[];
                            entityKilled: {
                                /** @example stone */
                                id: string;
                                /** @description At level 1. */
                                money: number;
                                experience: number;
                            }[];
                        };
                        levels: {
                            level: number;
                            /** @description The total experience at which the level starts. */
                            experience: number;
                            /** @description What pay at this level is multiplied by. */
                            multiplier: number;
                        }[];
                        /** @description The caller's standing; null for the service account. */
                        you: {
                            joined: boolean;
                            level: number;
                            experience: number;
                            /** @description The total experience of the next level; null at the last. */
                            nextLevelAt: number | null;
                            multiplier: number;
                            /** @description Earned from this job today (UTC). */
                            earnedToday: number;
                            /** @description What is left of the daily cap; null: no cap. */
                            capLeft: number | null;
                            /**
                             * Format: date-time
                             * @description When the caller may join again after leaving; null when they may now.
                             */
                            cooldownUntil: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such job */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postJobsJoin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example miner */
                    job: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        job: string;
                        /** @description The jobs the caller works now. */
                        jobs: string[];
                        /** @description The experience in this job; leaving keeps it for a later rejoin. */
                        experience: number;
                    };
                };
            };
            /** @description No such job, or the caller works it already */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service account has no player */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller works as many jobs as one may (jobs.max-per-player), or left this job too recently (the answer says when the wait ends; Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postJobsLeave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @example miner */
                    job: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        job: string;
                        /** @description The jobs the caller works now. */
                        jobs: string[];
                        /** @description The experience in this job; leaving keeps it for a later rejoin. */
                        experience: number;
                    };
                };
            };
            /** @description No such job, or the caller does not work it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service account has no player */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLeaderboard: {
        parameters: {
            query: {
                type: "balance" | "jobs" | "playtime";
                job?: string;
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @enum {string} */
                        type: "balance" | "jobs" | "playtime";
                        job: string | null;
                        /** @enum {string} */
                        unit: "money" | "experience" | "seconds";
                        entries: {
                            /** @description Equal values share a rank; the next rank skips (1, 2, 2, 4). */
                            rank: number;
                            player: string;
                            /** @description Money for balance, experience for jobs, seconds for playtime. */
                            value: number;
                            /** @description Jobs boards: the player's level in the job. */
                            level?: number;
                        }[];
                        you: {
                            /** @description Equal values share a rank; the next rank skips (1, 2, 2, 4). */
                            rank: number;
                            player: string;
                            /** @description Money for balance, experience for jobs, seconds for playtime. */
                            value: number;
                            /** @description Jobs boards: the player's level in the job. */
                            level?: number;
                        } | null;
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                        /**
                         * Format: date-time
                         * @example 2026-11-21T18:04:05.123Z
                         */
                        updatedAt: string;
                    };
                };
            };
            /** @description type jobs without a job, or a job with another type */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope players:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such job */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description type balance with no economy (economy.provider none) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWhitelist: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        enabled: boolean;
                        entries: {
                            name: string;
                            uuid: string;
                            /** @description The web account linked to the player, if any. */
                            account: string | null;
                        }[];
                        pagination: {
                            page: number;
                            limit: number;
                            total: number;
                            /** @description At least 1: an empty list is one empty page. */
                            pages: number;
                        };
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope whitelist:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game has no whitelist */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWhitelistAdd: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        changed: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope whitelist:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game has no whitelist */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available (game_unavailable), or on a network the database cannot record the change (storage_failed): made on no server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWhitelistRemove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        changed: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope whitelist:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is not on the whitelist (on a network: nothing changed on any server) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Body over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game has no whitelist */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available (game_unavailable), or on a network the database cannot record the change (storage_failed): made on no server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWhitelistCheck: {
        parameters: {
            query?: {
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        username: string;
                        whitelisted: boolean;
                        enabled: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope whitelist:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game has no whitelist */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlayers: {
        parameters: {
            query?: {
                server?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        players: {
                            name: string;
                            uuid: string;
                            world: string;
                            /** @enum {string} */
                            gameMode: "survival" | "creative" | "adventure" | "spectator";
                            /** @description Milliseconds. */
                            ping: number;
                            /** @description Whether the player has a web account. */
                            hasAccount: boolean;
                            /** @description The server.id of the server the player is on (a network of servers shares one database). */
                            server: string;
                            /** @description Operators, the service token, and API keys holding personal:read only. */
                            ipAddress?: string;
                            /** @description Operators, the service token, and API keys holding personal:read only. */
                            location?: {
                                x: number;
                                y: number;
                                z: number;
                                yaw: number;
                                pitch: number;
                            };
                        }[];
                        count: number;
                        max: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key without the scope players:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlayerInventory: {
        parameters: {
            query?: {
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        username: string;
                        items: {
                            /** @description 0-8 hotbar, 9-35 main, 36-39 armour (feet to head), 40 off hand. */
                            slot: number;
                            /** @example diamond */
                            item: string;
                            /**
                             * @description As the shop and the market name it.
                             * @example Diamond
                             */
                            name: string;
                            count: number;
                            /** @description What the market pays for one now; null when it does not buy it. */
                            sellPrice: number | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A non-admin asking for another player's inventory */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The player is not online (or unknown) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot read inventories */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlayerMaps: {
        parameters: {
            query?: {
                username?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        username: string;
                        online: boolean;
                        /** @description Where the player is now; null when offline. Left out for an API key without personal:read. */
                        current?: {
                            world: string;
                            x: number;
                            y: number;
                            z: number;
                        } | null;
                        worlds: {
                            name: string;
                            /** @enum {string} */
                            environment: "normal" | "nether" | "end";
                            /** @description Null where the game cannot tell (a vanilla server over RCON). */
                            spawn: {
                                x: number;
                                y: number;
                                z: number;
                            } | null;
                            /** @description Where the player was last seen in this world. Left out for an API key without personal:read. */
                            lastSeen?: {
                                x: number;
                                y: number;
                                z: number;
                                /** Format: date-time */
                                at: string;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A non-admin asking for another player's maps */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such player */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game cannot list its worlds */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server is not available */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getServerInfo: {
        parameters: {
            query?: {
                server?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description The server name as plain text, colour codes removed. */
                        name: string;
                        /** @description The server name as the server list shows it, with its `&` colour codes as configured (e.g. `&aMy &lserver`). */
                        motd: string;
                        /** @description This server's server.id. */
                        server: string;
                        game: {
                            connected: boolean;
                            software: string | null;
                            version: string | null;
                        };
                        gatehouse: {
                            version: string;
                        };
                        players: {
                            /** @description On the whole network, or the server named by `server`. */
                            online: number | null;
                            /** @description Players online on each server of the network (this one alone off a network). */
                            byServer: {
                                [key: string]: number;
                            };
                            max: number;
                        };
                        worlds: string[];
                        economy: {
                            /** @enum {string|null} */
                            provider: "builtin" | "vault" | null;
                            currency: string;
                        };
                        /** @description Seconds since Gatehouse started. */
                        uptime: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getServerStats: {
        parameters: {
            query?: {
                server?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Ticks per second over 1, 5 and 15 minutes (20 is full speed); null where the game cannot tell. */
                        ticks: {
                            oneMinute: number;
                            fiveMinutes: number;
                            fifteenMinutes: number;
                            millisecondsPerTick: number | null;
                        } | null;
                        memory: {
                            gatehouse: {
                                rssBytes: number;
                                heapUsedBytes: number;
                            };
                            game: {
                                usedBytes: number;
                                maxBytes: number;
                            } | null;
                        };
                        players: {
                            /** @description On the whole network, or the server named by `server`. */
                            online: number | null;
                            /** @description Players online on each server of the network (this one alone off a network). */
                            byServer: {
                                [key: string]: number;
                            };
                            peakToday: number;
                            max: number;
                        };
                        requests: {
                            seconds: number;
                            total: number;
                            byStatusClass: {
                                [key: string]: number;
                            };
                            p50Ms: number | null;
                            p99Ms: number | null;
                        };
                        store: {
                            kind: string;
                            counts: {
                                [key: string]: number;
                            };
                        };
                        economy: {
                            accounts: number;
                            money: number;
                        } | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope server:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminMetricsHistory: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                resolution?: "1m" | "5m" | "15m" | "1h" | "1d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T18:04:05.123Z
                         */
                        from: string;
                        /**
                         * Format: date-time
                         * @example 2026-11-21T18:04:05.123Z
                         */
                        to: string;
                        /** @enum {string} */
                        resolution: "1m" | "5m" | "15m" | "1h" | "1d";
                        /** @description Every server with samples in the range, by server.id (on a network, every server of it). */
                        servers: {
                            /** @description The server's server.id. */
                            server: string;
                            /** @description Each bucket's start (a multiple of the resolution since the epoch: a day starts at 00:00 UTC), oldest first; buckets without a sample are left out. */
                            at: string[];
                            /** @description How many one-minute samples each bucket holds. */
                            samples: number[];
                            /** @description The most players online at once on this server; null when the game was away for the whole bucket. */
                            playersOnline: (number | null)[];
                            /** @description The average of the one-minute ticks per second; null where the game cannot tell. */
                            ticksPerSecond: (number | null)[];
                            /** @description The average of the game's used memory; null where the game does not report it (the embedded server is Gatehouse's own process). */
                            memoryUsedBytes: (number | null)[];
                            /** @description The largest of the game's maximum memory; null as above. */
                            memoryMaxBytes: (number | null)[];
                            /** @description The average of Gatehouse's resident memory. */
                            gatehouseRssBytes: number[];
                            /** @description API requests answered in each bucket (the sum). */
                            requests: number[];
                        }[];
                    };
                };
            };
            /** @description Invalid input: a date that is not one, from not before to (code invalid_range), or more than 10080 points a series (code too_many_points) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope server:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Neither the service token nor an address in metrics.allowed-addresses */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        /** @description Where archives are written, on the machine Gatehouse runs on. */
                        directory: string;
                        schedule: {
                            /** @example daily at 04:00 */
                            description: string;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            next: string | null;
                        };
                        retention: {
                            daily: number;
                            weekly: number;
                        };
                        /** @description A backup is taken before each restart scheduled through the API. */
                        beforeRestart: boolean;
                        /** @description The backup being taken. */
                        running: {
                            /**
                             * @description The archive it is writing (listed only once complete).
                             * @example gatehouse-main-2026-11-23-040000Z.zip
                             */
                            name: string;
                            /**
                             * @description Why it was taken.
                             * @enum {string}
                             */
                            reason: "manual" | "scheduled" | "before restart" | "command line";
                            requestedBy: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            startedAt: string;
                            /** @enum {string} */
                            step: "pausing world saving" | "copying the worlds" | "copying the data" | "finishing";
                            /** @description Files copied so far. */
                            files: number;
                            /** @description Bytes copied so far (before compression). */
                            bytes: number;
                        } | null;
                        /** @description The last backup that failed, until one succeeds. */
                        lastFailure: {
                            name: string;
                            /**
                             * @description Why it was taken.
                             * @enum {string}
                             */
                            reason: "manual" | "scheduled" | "before restart" | "command line";
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            startedAt: string;
                            error: string;
                        } | null;
                        /** @description Newest first; only complete archives. */
                        backups: {
                            /** @example gatehouse-main-2026-11-23-040000Z.zip */
                            name: string;
                            /** @description The archive’s size. */
                            bytes: number;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            createdAt: string;
                            /**
                             * @description Why it was taken.
                             * @enum {string|null}
                             */
                            reason: "manual" | "scheduled" | "before restart" | "command line" | null;
                            requestedBy: string | null;
                            /** @description The Gatehouse that made it; a restore refuses one newer than itself. */
                            gatehouseVersion: string | null;
                            /**
                             * @description On postgresql the database is not in it (pg_dump).
                             * @enum {string|null}
                             */
                            storage: "json" | "postgresql" | null;
                            /** @description What the store held at the backup’s point; null on PostgreSQL. */
                            counts: {
                                users: number;
                                ledgerEntries: number;
                                apiKeys: number;
                            } | null;
                            /** @description The worlds in it. */
                            worlds: string[];
                            /** @description Why no world is in it, when none is. */
                            worldsMissing: string | null;
                            /** @description Files in it. */
                            files: number;
                            /** @description Why it cannot be read (then the other fields are null or empty); null for a good one. */
                            damaged: string | null;
                        }[];
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope backups:read (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                        /** @description The backup being taken. */
                        backup: {
                            /**
                             * @description The archive it is writing (listed only once complete).
                             * @example gatehouse-main-2026-11-23-040000Z.zip
                             */
                            name: string;
                            /**
                             * @description Why it was taken.
                             * @enum {string}
                             */
                            reason: "manual" | "scheduled" | "before restart" | "command line";
                            requestedBy: string | null;
                            /**
                             * Format: date-time
                             * @example 2026-11-21T18:04:05.123Z
                             */
                            startedAt: string;
                            /** @enum {string} */
                            step: "pausing world saving" | "copying the worlds" | "copying the data" | "finishing";
                            /** @description Files copied so far. */
                            files: number;
                            /** @description Bytes copied so far (before compression). */
                            bytes: number;
                        };
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope backups:write (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A backup is being taken already (code backup_running) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminBackupsByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": unknown;
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope backups:admin (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No archive of that name (code backup_not_found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminBackupsByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or admin privileges required, or an API key without the scope backups:admin (code scope_missing) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No archive of that name (code backup_not_found) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The API key is over its rate limit; see Retry-After and RateLimit */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The game server cannot be asked whether the caller is an operator now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getDocsStartJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getDocsSwaggerUiBundleJs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getDocsSwaggerUiCss: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/css": string;
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                types?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description An unknown kind in types, or a Last-Event-ID that is not an event id (code invalid_last_event_id) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid token, or an API key unknown, revoked or expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Token expired, or an API key (this endpoint acts as the caller's own player: code key_not_allowed) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many streams open for this caller or from this address (code too_many_streams; see Retry-After), or an API key over its rate */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
