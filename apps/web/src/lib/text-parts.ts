/**
 * A language's texts come in two parts: those of the sign-in route, loaded first, and the rest,
 * loaded on the way to any other route (i18n.ts, loadAllTexts) — the whole Russian file alone was
 * a fifth of what /login may load (ARCHITECTURE §9). Each name is a top-level key of
 * locales/<lang>.json; vite.config.ts (textParts) cuts the files by this list at build time.
 */
export const LOGIN_TEXT_KEYS: readonly string[] = ['a11y', 'auth', 'common', 'lang', 'pages', 'passkeys', 'sso', 'twoFactor'];

export const TEXT_PARTS = ['login', 'rest'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];
