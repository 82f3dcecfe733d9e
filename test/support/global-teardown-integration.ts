import { dropDemoTemplate } from './demo-template';

export default async function globalTeardown(): Promise<void> {
  await globalThis.integrationDevServer?.stop();
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (template) await dropDemoTemplate(template);
  await globalThis.integrationTemplateDatabase?.drop();
}
