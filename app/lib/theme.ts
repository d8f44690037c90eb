export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = "light";
/** Cookie the server reads for first paint, mirrored to localStorage under the spec's key. */
export const THEME_COOKIE = "theme";
export const THEME_STORAGE_KEY = "theme";

export function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark";
}

export function themeCookieValue(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function readThemeCookie(cookieHeader: string | null): Theme {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === THEME_COOKIE && isTheme(value)) return value;
  }
  return DEFAULT_THEME;
}
