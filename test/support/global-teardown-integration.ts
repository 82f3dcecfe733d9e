export default async function globalTeardown(): Promise<void> {
  await globalThis.integrationDevServer?.stop();
  await globalThis.integrationTemplateDatabase?.drop();
}
