import { Migration } from '@mikro-orm/migrations';
import { runSchema } from './schema-builder';

/*
 * OAuth 2.1 for /mcp (issue 40): what the authorization server (oidc-provider) stores, kept here rather than in a
 * process's memory so that every api process reads the same grants and tokens and a restart keeps them.
 *
 * oauth_records holds each of the provider's models (Client, Grant, Session, Interaction, AuthorizationCode,
 * AccessToken, RefreshToken …) as a JSON payload under (model, id). grant_id is indexed because revoking a grant
 * removes every code and token issued under it in one statement; uid finds a login session; subject (Grants
 * only: the id of the API key the account signed in with, which the tokens act as) lists an account's connected
 * clients. Rows past expires_at are ignored and removed on the next write.
 *
 * oauth_signing_keys holds the private JWKs the provider signs with; the first api process to start writes one,
 * the others (and every restart) read it, so a signature made by one process verifies on all.
 */
export class Migration0033OAuth extends Migration {
  override async up(): Promise<void> {
    const schema = this.getKnex().schema;
    await runSchema(
      this,
      schema
        .createTable('oauth_records', (t) => {
          t.string('model', 40).notNullable();
          t.string('id', 255).notNullable();
          t.text('payload').notNullable();
          t.string('grant_id', 255).nullable();
          t.string('uid', 255).nullable();
          t.string('subject', 40).nullable();
          t.timestamp('expires_at', { useTz: true, precision: 3 }).nullable();
          t.timestamp('consumed_at', { useTz: true, precision: 3 }).nullable();
          t.primary(['model', 'id']);
          t.index(['grant_id']);
          t.index(['uid']);
          t.index(['subject']);
          t.index(['expires_at']);
        })
        .createTable('oauth_signing_keys', (t) => {
          t.string('kid', 64).primary();
          t.text('jwk').notNullable();
          t.timestamp('created_at', { useTz: true, precision: 3 }).notNullable();
        }),
    );
  }
}
