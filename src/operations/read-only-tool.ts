/** Annotations of a tool that only reads our own store: safe to retry, changes nothing. */
export const readOnlyTool = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
