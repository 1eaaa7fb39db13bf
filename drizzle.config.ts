// drizzle-kit reads the schema to generate SQL migrations into backend/db/migrations (committed, never edited after merge).
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './backend/db/schema/index.ts',
  out: './backend/db/migrations',
});
