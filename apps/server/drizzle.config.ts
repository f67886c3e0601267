import { defineConfig } from 'drizzle-kit';

export default defineConfig({ dialect: 'postgresql', schema: ['./src/db/schema.ts', './src/db/schema-sims.ts', './src/db/schema-accounts.ts', './src/db/schema-commerce.ts', './src/db/schema-content.ts', './src/db/schema-agents.ts', './src/db/schema-usage.ts', './src/db/schema-ops.ts', './src/db/schema-network.ts', './src/db/schema-sim-events.ts'], out: './drizzle' });
