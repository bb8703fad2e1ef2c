/**
 * The few pages the provider draws itself (the logout's question, its end,
 * an error shown to the person rather than sent to a client), in place of
 * oidc-provider's samples, which load a font from Google: plain HTML, text
 * escaped, nothing from outside, readable on a phone.
 */
import type { KoaContextWithOIDC } from 'oidc-provider';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(ctx: KoaContextWithOIDC, title: string, body: string): void {
  ctx.type = 'html';
  ctx.body = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function logoutSource(ctx: KoaContextWithOIDC, form: string): void {
  const client = ctx.oidc.client?.clientName ?? ctx.oidc.client?.clientId;
  page(
    ctx,
    'Sign out?',
    `<p>${client ? `${escapeHtml(client)} asks to sign you out of this server's sign-in.` : "Sign out of this server's sign-in?"}</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
  );
}

export function postLogoutSuccessSource(ctx: KoaContextWithOIDC): void {
  page(ctx, 'Signed out', "<p>You are signed out of this server's sign-in. Your portal session is not changed.</p>");
}

export function renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }): void {
  page(
    ctx,
    'Sign-in failed',
    `<p><strong>${escapeHtml(out.error)}</strong></p><p>${escapeHtml(out.error_description ?? '')}</p><p>Go back to the site you came from and try again.</p>`,
  );
}
