/** The API's paths: `/api` itself, anything under it, and its query strings (the global prefix, app.factory.ts). */
const API_PATH = /^\/api(\/|\?|$)/;

/** Whether a request's URL is the API's rather than a page of the client app. */
export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}
