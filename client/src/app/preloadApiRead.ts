/**
 * Starts a page's first API read (a GET under /api) as its route is entered, beside the page's code
 * rather than after the page has loaded and rendered: the browser keeps the answer for the app's own
 * fetch of the same URL, as it does for the session question index.html preloads. On a phone that is
 * one round trip less before the page can show its data. Once per URL and page load (a landing page's
 * reads may already be preloaded, vite-plugins/firstPagePreload.ts): a later visit asks through the
 * app's cache as usual.
 */
export function preloadApiRead(path: `/api/${string}`): void {
  const links = document.head.querySelectorAll('link[rel="preload"]');
  if ([...links].some((link) => link.getAttribute('href') === path)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'fetch');
  // As the app's fetch asks (credentials: 'include'), so the browser hands it this answer.
  link.crossOrigin = 'use-credentials';
  link.href = path;
  document.head.appendChild(link);
}
