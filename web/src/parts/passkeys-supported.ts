/** Whether this browser can make and use passkeys (WebAuthn), without fetching the module that does (./passkey.ts). */
export const passkeysSupported = (): boolean => typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.create === 'function';
