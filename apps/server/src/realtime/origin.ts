/** The port of the web app's Vite dev server (apps/web/vite.config.ts), which proxies /api/ws. */
export const DEV_SERVER_PORT = '5173';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Which browser origins may open the websocket (issue 29.4): the origin of PUBLIC_URL. When
 * PUBLIC_URL is a loopback address (Lotwise on one's own machine) the other loopback names of
 * the same port count too (`npm start` prints 127.0.0.1, the default PUBLIC_URL says
 * localhost), and so does the dev server's port on them (`npm run dev`). A page of any other
 * origin is refused even though the browser would send the user's cookie with it.
 */
export function allowedOrigins(publicUrl: string): Set<string> {
  const url = new URL(publicUrl);
  const allowed = new Set([url.origin]);
  if (LOOPBACK.has(url.hostname)) {
    for (const host of LOOPBACK)
      for (const port of [url.port, DEV_SERVER_PORT])
        allowed.add(`${url.protocol}//${host}${port ? `:${port}` : ''}`);
  }
  return allowed;
}

/**
 * A browser always names the page's origin when it opens a websocket; a request without an
 * Origin header comes from a program, not from a page another site controls, and is let through
 * (it still needs the session cookie).
 */
export function originAllowed(origin: string | undefined, allowed: Set<string>): boolean {
  if (origin === undefined) return true;
  try {
    return allowed.has(new URL(origin).origin);
  } catch {
    return false;
  }
}
