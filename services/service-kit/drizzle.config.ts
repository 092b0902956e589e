import { defineConfig } from 'drizzle-kit';

// The kit's own tables; their migrations are applied into every service database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/kit-schema.ts',
  out: './migrations',
});
