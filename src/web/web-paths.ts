/** The paths the web app answers (its pages and assets); everything else is the JSON API's. */
export function isWebPath(path: string): boolean {
  return path === '/' || path === '/app' || path.startsWith('/app/') || path.startsWith('/assets/');
}
