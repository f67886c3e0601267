import { defineConfig } from 'drizzle-kit';

export default defineConfig({ dialect: 'postgresql', schema: ['./src/db/schema.ts', './src/db/schema-accounts.ts', './src/db/schema-commerce.ts'], out: './drizzle' });
